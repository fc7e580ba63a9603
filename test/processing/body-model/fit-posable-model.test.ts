// Fitting the posable body model to captures of bodies it made itself (known shape and pose), as a
// scanner would see them: 2 mm noise, buried contact surface missing, holes, a missing back, floor.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fitPosableModel } from '../../../src/processing/body-model/fit-posable-model.ts';
import { ARMS_DOWN, REST_A_POSE, loadPosableBodyModel, standardPose } from '../../../src/processing/body-model/posable-body-model.ts';
import { BODY_PARTS, NO_PART } from '../../../src/processing/body-model/posable-model-types.ts';
import { buildPointGrid, nearestInGrid } from '../../../src/processing/body-model/point-grid.ts';
import { ProcessingFailure } from '../../../src/domain/processing-failure.ts';
import { makeGaussian, makeRandom } from '../../../src/processing/geometry/prng.ts';
import { generateSyntheticBody, sampleSyntheticCloud } from '../../../src/processing/synthetic-body/generate.ts';
import { armsDownTouching, depthInside, partAgreement, poseTruth, scanTruth, worstJointErrorMm } from '../../support/posable-model-scans.ts';

const model = loadPosableBodyModel();

function randomShape(seed: number, sd: number): Float32Array {
  const gauss = makeGaussian(makeRandom(seed));
  const shape = new Float32Array(model.shapeCount);
  for (let k = 0; k < model.principalShapeCount; k++) shape[k] = sd * gauss();
  return shape;
}

const describeJoint = (fit: Float32Array, truth: Float32Array): string => {
  const w = worstJointErrorMm(fit, truth);
  return `${w.mm.toFixed(1)} mm at ${model.boneNames[w.bone]}`;
};

const upperArms = new Set([BODY_PARTS.indexOf('upperArmLeft'), BODY_PARTS.indexOf('upperArmRight'), BODY_PARTS.indexOf('forearmLeft'), BODY_PARTS.indexOf('forearmRight')]);

describe('fitPosableModel on bodies made by the model', () => {
  it('recovers an A-pose body: every joint within 12 mm, residual under 3.5 mm, 98% of points on the right part', () => {
    const params = standardPose(model, REST_A_POSE, randomShape(1, 0.8));
    params.rootRotation[1] = 0.15;
    const truth = poseTruth(model, params);
    const scan = scanTruth(model, truth, { count: 60000, seed: 11, noiseM: 0.002 });
    const fit = fitPosableModel(model, scan.points, scan.count);
    assert.ok(worstJointErrorMm(fit.posed.boneHeadM, truth.body.boneHeadM).mm < 12, describeJoint(fit.posed.boneHeadM, truth.body.boneHeadM));
    assert.ok(fit.residualRmsMm < 3.5, `residual ${fit.residualRmsMm} mm`);
    assert.ok(partAgreement(fit.pointPart, scan.truePart).share > 0.98);
    assert.ok(fit.coverage > 0.9, `coverage ${fit.coverage}`);
  });

  it('labels the arms of an obese body hanging against the torso as arm, with a third of the back, the soles, the crown and the armpits missing, and the floor left out', () => {
    const params = armsDownTouching(model, model.shapePresets.femaleObese, ARMS_DOWN);
    params.rootRotation[1] = -0.2;
    const truth = poseTruth(model, params);
    let top = 0;
    for (let i = 1; i < truth.body.positionsM.length; i += 3) top = Math.max(top, truth.body.positionsM[i]);
    const heads = truth.body.boneHeadM, bone = (name: string): number => model.boneNames.indexOf(name);
    const armpitY = 0.5 * (heads[3 * bone('upperArmLeft') + 1] + heads[3 * bone('clavicleLeft') + 1]) - 0.04;
    const drop = (x: number, y: number, z: number): boolean =>
      (z < -0.03 && y > 0.35 * top && y < 0.75 * top) // a third of the back
      || y < 0.012 || y > top - 0.015 // soles, crown
      || (Math.abs(Math.abs(x) - 0.17) < 0.04 && Math.abs(y - armpitY) < 0.04); // armpits
    const scan = scanTruth(model, truth, { count: 80000, seed: 21, noiseM: 0.002, drop, floorPoints: 4000 });
    const fit = fitPosableModel(model, scan.points, scan.count);
    assert.ok(worstJointErrorMm(fit.posed.boneHeadM, truth.body.boneHeadM).mm < 20, describeJoint(fit.posed.boneHeadM, truth.body.boneHeadM));
    assert.ok(fit.residualRmsMm < 3.5, `residual ${fit.residualRmsMm} mm`);
    const body = partAgreement(fit.pointPart, scan.truePart, 0, scan.floorFrom);
    assert.ok(body.share > 0.97, `agreement ${body.share}`);
    // The contact zone: arm points by their distance from the torso's surface. Within 4 mm of it
    // (2 mm noise) a point is as near one surface as the other; from 8 mm on it must be arm.
    const p = scan.points;
    const armNearTorso = (lo: number, hi: number) => partAgreement(fit.pointPart, scan.truePart, 0, scan.floorFrom, (i) => {
      if (!upperArms.has(scan.truePart[i])) return false;
      const gap = -depthInside(model, truth, 0, p[3 * i], p[3 * i + 1], p[3 * i + 2]);
      return gap >= lo && gap < hi;
    });
    const far = armNearTorso(0.008, 0.02), near = armNearTorso(0.004, 0.008);
    assert.ok(far.n > 150 && near.n > 50, `contact points ${far.n}, ${near.n}`);
    assert.ok(far.share > 0.97, `arm 8-20 mm from the torso: ${far.share} right over ${far.n}`);
    assert.ok(near.share > 0.75, `arm 4-8 mm from the torso: ${near.share} right over ${near.n}`);
    // Floor beyond the feet: no part.
    const floor = partAgreement(fit.pointPart, scan.truePart, scan.floorFrom, scan.count, (i) => Math.hypot(p[3 * i], p[3 * i + 2]) > 0.3);
    assert.equal(floor.share, 1);
    assert.equal(scan.truePart[scan.count - 1], NO_PART);
  });

  it('follows a slight elbow bend and a heavy male body facing away from +Z (the frame guessed the front wrong)', () => {
    const params = standardPose(model, { armsDownDeg: 62, elbowBendDeg: 25, legsApartDeg: 4 }, model.shapePresets.maleHeavy);
    params.rootRotation[1] = Math.PI - 0.1;
    const truth = poseTruth(model, params);
    const scan = scanTruth(model, truth, { count: 60000, seed: 31, noiseM: 0.0025 });
    const fit = fitPosableModel(model, scan.points, scan.count);
    assert.ok(worstJointErrorMm(fit.posed.boneHeadM, truth.body.boneHeadM).mm < 15, describeJoint(fit.posed.boneHeadM, truth.body.boneHeadM));
    assert.ok(partAgreement(fit.pointPart, scan.truePart).share > 0.97);
  });

  it('finds an obese body standing sideways in the frame (its sides taken for its front), turned 70° or 115°', () => {
    for (const yawDeg of [70, -115]) {
      const params = armsDownTouching(model, model.shapePresets.maleObese, ARMS_DOWN);
      params.rootRotation[1] = (yawDeg * Math.PI) / 180;
      const truth = poseTruth(model, params);
      const scan = scanTruth(model, truth, { count: 40000, seed: 71, noiseM: 0.002 });
      const fit = fitPosableModel(model, scan.points, scan.count);
      assert.ok(worstJointErrorMm(fit.posed.boneHeadM, truth.body.boneHeadM).mm < 15, `${yawDeg}°: ${describeJoint(fit.posed.boneHeadM, truth.body.boneHeadM)}`);
      assert.ok(partAgreement(fit.pointPart, scan.truePart).share > 0.975);
    }
  });

  it('uses mesh normals when the capture has them, also when they point inwards', () => {
    const params = armsDownTouching(model, randomShape(4, 0.8), ARMS_DOWN);
    const truth = poseTruth(model, params);
    const scan = scanTruth(model, truth, { count: 60000, seed: 41, noiseM: 0.001 });
    // Normals of the true surface at each point (the nearest vertex's), as a mesh capture carries.
    const normals = new Float32Array(3 * scan.count);
    const grid = buildPointGrid(truth.body.positionsM, model.vertexCount, 0.015);
    for (let i = 0; i < scan.count; i++) {
      const v = nearestInGrid(grid, scan.points[3 * i], scan.points[3 * i + 1], scan.points[3 * i + 2], 0.1);
      normals.set(truth.normals.subarray(3 * v, 3 * v + 3), 3 * i);
    }
    const fit = fitPosableModel(model, scan.points, scan.count, { normals });
    assert.ok(worstJointErrorMm(fit.posed.boneHeadM, truth.body.boneHeadM).mm < 12, describeJoint(fit.posed.boneHeadM, truth.body.boneHeadM));
    assert.ok(partAgreement(fit.pointPart, scan.truePart).share > 0.98);
    // The same mesh wound inside out (normals inwards) fits the same.
    const inward = fitPosableModel(model, scan.points, scan.count, { normals: normals.map((v) => -v) });
    assert.ok(partAgreement(inward.pointPart, scan.truePart).share > 0.98);
    assert.ok(Math.abs(inward.residualRmsMm - fit.residualRmsMm) < 0.2);
  });

  it('fits the synthetic sandbox bodies (tube-built, unlike any MakeHuman body) within 10 mm RMS', () => {
    for (const [sex, heightM, weightKg] of [['female', 1.64, 62], ['male', 1.82, 104]] as const) {
      const body = generateSyntheticBody({ sex, heightM, weightKg, seed: 3 });
      const cloud = sampleSyntheticCloud(body, { count: 60000, noiseSigmaM: 0.002, seed: 5 });
      const fit = fitPosableModel(model, cloud.positions as Float32Array, 60000, { sex, heightM });
      assert.ok(fit.residualRmsMm < 10, `${sex}: residual ${fit.residualRmsMm} mm`);
      assert.ok(fit.coverage > 0.8, `${sex}: coverage ${fit.coverage}`);
    }
  });

  it('refuses a person sitting (thighs forward) as pose_unsupported, with a sentence that says so', () => {
    const params = standardPose(model, ARMS_DOWN, randomShape(6, 0.5));
    for (const side of ['Left', 'Right']) {
      params.pose[3 * model.boneNames.indexOf(`thigh${side}`)] = -1.5; // thigh forward, horizontal
      params.pose[3 * model.boneNames.indexOf(`shin${side}`)] = 1.5; // shin back down
    }
    const scan = scanTruth(model, poseTruth(model, params), { count: 40000, seed: 61, noiseM: 0.002 });
    assert.throws(() => fitPosableModel(model, scan.points, scan.count),
      (e: unknown) => e instanceof ProcessingFailure && e.code === 'pose_unsupported' && /(does not show a person|not) standing/.test(e.message));
  });

  it('refuses a capture that is only the legs (body_incomplete) and a box of points (not a standing person)', () => {
    const truth = poseTruth(model, standardPose(model, ARMS_DOWN, randomShape(5, 0.5)));
    const legs = scanTruth(model, truth, { count: 40000, seed: 51, noiseM: 0.002, drop: (_x, y) => y > 0.7 });
    assert.throws(() => fitPosableModel(model, legs.points, legs.count), (e: unknown) => e instanceof ProcessingFailure && e.code === 'body_incomplete' && /lacks the torso/.test(e.message));
    const random = makeRandom(5);
    const n = 30000, box = new Float32Array(3 * n);
    for (let i = 0; i < n; i++) {
      const axis = Math.floor(random() * 3), side = random() < 0.5 ? 0 : 1;
      const c = [random(), random(), random()];
      c[axis] = side;
      box[3 * i] = (c[0] - 0.5) * 0.7; box[3 * i + 1] = c[1] * 1.7; box[3 * i + 2] = (c[2] - 0.5) * 0.5;
    }
    assert.throws(() => fitPosableModel(model, box, n), (e: unknown) => e instanceof ProcessingFailure && (e.code === 'pose_unsupported' || e.code === 'no_person_found'));
  });
});
