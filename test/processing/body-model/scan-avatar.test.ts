import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CIRCUMFERENCE_FIELDS } from '../../../src/domain/measurements.ts';
import { canonicalBody, canonicalSitePlanes } from '../../../src/processing/body-model/canonical-body.ts';
import { defaultSiteAnchors } from '../../../src/processing/body-model/default-site-anchors.ts';
import { bodyParamsOf, readFittedBodyRecord } from '../../../src/processing/body-model/fitted-body-record.ts';
import { loadPosableBodyModel } from '../../../src/processing/body-model/load-posable-model.ts';
import { predictedAvatar, scanAvatar } from '../../../src/processing/body-model/scan-avatar.ts';
import { enclosedVolumeM3 } from '../../../src/processing/body-model/shape-to-girths.ts';
import { siteGirthsM } from '../../../src/processing/body-model/site-girths.ts';
import { measureModelBody, modelParams, onFloor } from '../../support/model-measurement.ts';
import { ARMS_DOWN, standardPose } from '../../../src/processing/body-model/standard-pose.ts';

const model = loadPosableBodyModel();
const heavy = { 0: 1.2, 1: -0.8, 2: 0.5, 3: 0.4 };
const slim = { 0: -1, 1: 1, 4: -0.6 };

describe('the canonical body', () => {
  it('has the model topology for every shape, stands on y = 0 in the rest A-pose and faces +Z', () => {
    const a = canonicalBody(model, modelParams(model, heavy).shape);
    const b = canonicalBody(model, modelParams(model, slim).shape);
    assert.equal(a.positionsM.length, b.positionsM.length);
    assert.equal(a.positionsM.length, 3 * model.vertexCount);
    assert.equal(a.triangles, b.triangles);
    for (const body of [a, b]) {
      let minY = Infinity, maxY = -Infinity;
      for (let i = 1; i < body.positionsM.length; i += 3) { minY = Math.min(minY, body.positionsM[i]); maxY = Math.max(maxY, body.positionsM[i]); }
      assert.equal(minY, 0);
      assert.ok(maxY > 1.4 && maxY < 2.1, `stature ${maxY}`);
      // Rest A-pose: the left hand hangs out at +X, below the shoulder; the toes point to +Z.
      const hand = model.boneNames.indexOf('handLeft'), shoulder = model.boneNames.indexOf('upperArmLeft'), foot = model.boneNames.indexOf('footLeft');
      assert.ok(body.boneHeadM[3 * hand] > body.boneHeadM[3 * shoulder] + 0.2);
      assert.ok(body.boneHeadM[3 * hand + 1] < body.boneHeadM[3 * shoulder + 1] - 0.2);
      assert.ok(body.boneTailM[3 * foot + 2] > body.boneHeadM[3 * foot + 2] + 0.1);
    }
  });
});

describe('the fitted body record', () => {
  const scan = measureModelBody(modelParams(model, heavy, 0.6));
  const avatar = scanAvatar(model, scan.fit, scan.result);

  it('survives JSON and reads back to the same parameters and sites', () => {
    const back = readFittedBodyRecord(JSON.parse(JSON.stringify(avatar.record)), model);
    assert.deepEqual(back, avatar.record);
    const params = bodyParamsOf(back);
    assert.deepEqual(params.shape, scan.params.shape);
    assert.deepEqual(params.pose, scan.params.pose);
    assert.deepEqual(params.rootTranslationM, scan.params.rootTranslationM);
    assert.equal(back.sites.length, CIRCUMFERENCE_FIELDS.length);
  });

  it('refuses another version, another model and malformed arrays, saying which', () => {
    const json = JSON.parse(JSON.stringify(avatar.record));
    assert.throws(() => readFittedBodyRecord({ ...json, version: 2 }, model), /version is 2/);
    assert.throws(() => readFittedBodyRecord({ ...json, model: { ...json.model, shapeNames: ['a'] } }, model), /another body model/);
    assert.throws(() => readFittedBodyRecord({ ...json, model: { ...json.model, basisHash: '00000000' } }, model), /another body model/);
    assert.throws(() => readFittedBodyRecord({ ...json, shape: json.shape.slice(1) }, model), /shape must be/);
    assert.throws(() => readFittedBodyRecord(null, model), /must be an object, found null/);
  });

  it('ties each site measured on the arms-down body to a bone: in the rest pose it lands where the site belongs', () => {
    const rest = canonicalBody(model, scan.params.shape);
    const expected = canonicalSitePlanes(rest, defaultSiteAnchors(model, scan.params.shape));
    const carried = canonicalSitePlanes(rest, avatar.record.sites);
    for (let i = 0; i < expected.length; i++) {
      assert.equal(carried[i].field, expected[i].field);
      for (let k = 0; k < 3; k++) {
        assert.ok(Math.abs(carried[i].centreM[k] - expected[i].centreM[k]) < 1e-5, `${expected[i].field} centre`);
        assert.ok(Math.abs(carried[i].normal[k] - expected[i].normal[k]) < 1e-5, `${expected[i].field} normal`);
      }
    }
  });

  it('reports the model tape minus the measured girth at each site: 0 for the body itself', () => {
    for (const field of CIRCUMFERENCE_FIELDS) assert.ok(Math.abs(avatar.fitErrorMmBySite[field]!) < 0.05, `${field}: ${avatar.fitErrorMmBySite[field]}`);
  });
});

describe('a predicted avatar', () => {
  const scan = measureModelBody(modelParams(model, heavy, 0.6));
  const { record } = scanAvatar(model, scan.fit, scan.result);
  // A weight loss: torso girths 6-8 % smaller, limbs 3-4 %, volume 9 % smaller.
  const predicted = { ...scan.result.measurements };
  for (const field of CIRCUMFERENCE_FIELDS) predicted[field] *= /Arm|wrist|ankle|calf|neck/.test(field) ? 0.97 : /Thigh/.test(field) ? 0.95 : 0.93;
  predicted.fullBodyVolume *= 0.91;
  const avatar = predictedAvatar(model, record, predicted);

  it('changes every girth by its predicted change within 5 mm (torso within 3 mm) at the scan\'s site planes', () => {
    const start = canonicalBody(model, record.shape);
    const before = siteGirthsM(model, start.positionsM, canonicalSitePlanes(start, record.sites));
    const after = siteGirthsM(model, avatar.body.positionsM, canonicalSitePlanes(avatar.body, record.sites));
    for (const field of CIRCUMFERENCE_FIELDS) {
      const errorMm = (after.get(field)! - before.get(field)! - (predicted[field] - scan.result.measurements[field])) * 1000;
      assert.ok(Math.abs(errorMm - avatar.girthErrorMm[field]!) < 0.01, `${field}: reported error is the real one`);
      assert.ok(Math.abs(errorMm) < (/Arm|wrist|ankle|calf|Thigh|neck/.test(field) ? 5 : 3), `${field}: ${errorMm.toFixed(1)} mm`);
    }
  });

  it('reaches the predicted volume change within 1 % and keeps stature within 3 mm and the topology', () => {
    const start = canonicalBody(model, record.shape);
    const ratio = enclosedVolumeM3(avatar.body.positionsM, avatar.body.triangles) / enclosedVolumeM3(start.positionsM, start.triangles);
    assert.ok(Math.abs(ratio / 0.91 - 1) < 0.01, `volume ratio ${ratio}`);
    assert.ok(Math.abs(avatar.volumeErrorPercent) < 1);
    assert.ok(Math.abs(avatar.statureChangeMm) < 3, `stature change ${avatar.statureChangeMm} mm`);
    assert.equal(avatar.body.triangles, model.triangles);
  });

  it('changes nothing when the prediction is the scan itself', () => {
    const same = predictedAvatar(model, record, scan.result.measurements);
    for (const field of CIRCUMFERENCE_FIELDS) assert.ok(Math.abs(same.girthErrorMm[field]!) < 1, field);
    let moved = 0;
    const start = canonicalBody(model, record.shape);
    for (let i = 0; i < start.positionsM.length; i++) moved = Math.max(moved, Math.abs(start.positionsM[i] - same.body.positionsM[i]));
    assert.ok(moved < 0.003, `largest vertex move ${moved} m`);
  });
});

describe('a predicted avatar of an obese body gaining weight', () => {
  const scan = measureModelBody(onFloor(model, standardPose(model, ARMS_DOWN, model.shapePresets.femaleObese)));
  const { record } = scanAvatar(model, scan.fit, scan.result);
  // A weight gain: torso girths +6 %, thighs +5 %, the rest +3 %, volume +10 %.
  const predicted = { ...scan.result.measurements };
  for (const field of CIRCUMFERENCE_FIELDS) predicted[field] *= /Arm|wrist|ankle|calf|neck/.test(field) ? 1.03 : /Thigh/.test(field) ? 1.05 : 1.06;
  predicted.fullBodyVolume *= 1.1;
  const avatar = predictedAvatar(model, record, predicted);

  it('reaches the torso girth changes within 5 mm, the others within 8 mm, the volume within 1 % and keeps stature within 3 mm', () => {
    for (const field of CIRCUMFERENCE_FIELDS) {
      assert.ok(Math.abs(avatar.girthErrorMm[field]!) < (/Arm|wrist|ankle|calf|Thigh|neck/.test(field) ? 8 : 5), `${field}: ${avatar.girthErrorMm[field]!.toFixed(1)} mm`);
    }
    assert.ok(Math.abs(avatar.volumeErrorPercent) < 1, `volume ${avatar.volumeErrorPercent} %`);
    assert.ok(Math.abs(avatar.statureChangeMm) < 3, `stature ${avatar.statureChangeMm} mm`);
  });
});
