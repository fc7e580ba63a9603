// A capture with holes (the lower back and buttocks, the soles, the crown), measured with the
// posable body model fitted to it: the torso girths over the hole are completed from the model's
// surface; the filled share is reported per girth; the volume is taken on the capture filled from
// the model. The body is one the model made itself, so each girth is compared with the exact cut
// of that body on the measurer's own plane (mapped back by rigid registration), as
// scripts/eval-accuracy does ("site-agnostic error"): where a site lands is not what is tested.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BodyMeasurementResult } from '../../../src/domain/body-scan-result.ts';
import { REST_A_POSE, loadPosableBodyModel, standardPose } from '../../../src/processing/body-model/posable-body-model.ts';
import { siteTriangles } from '../../../src/processing/body-model/site-girths.ts';
import { tapeOnSurface } from '../../../src/processing/body-model/tape-on-surface.ts';
import { applyRigidTransform, registerRigid, rotateVector } from '../../../src/processing/evaluation/rigid-registration.ts';
import { measureBody } from '../../../src/processing/measure/measure-body.ts';
import { posableModelFitter } from '../../../src/processing/measure/model-fitter.ts';
import { poseTruth, scanTruth } from '../../support/posable-model-scans.ts';

const model = loadPosableBodyModel();
const TORSO_OVER_HOLE = ['waistNavyFit', 'stomachFit', 'hipsFit'] as const;

describe('a partial capture measured with the fitted body model', () => {
  let whole: BodyMeasurementResult, holed: BodyMeasurementResult, chords: BodyMeasurementResult;
  /** Measured minus the exact cut of the body on the measurer's plane (mm). */
  let errorMm: (result: BodyMeasurementResult, field: (typeof TORSO_OVER_HOLE)[number]) => number;
  before(() => {
    const truth = poseTruth(model, standardPose(model, REST_A_POSE, model.shapePresets.maleAverage));
    const surface = scanTruth(model, truth, { count: 60000, seed: 7, noiseM: 0 });
    const surfacePoints = surface.points.slice(0, 3 * surface.count);
    const registrations = new Map<BodyMeasurementResult, ReturnType<typeof registerRigid>>();
    errorMm = (result, field) => {
      let reg = registrations.get(result);
      if (!reg) { reg = registerRigid(result.canonical.positions, surfacePoints); registrations.set(result, reg); }
      const site = result.sites.find((s) => s.field === field)!;
      const tape = tapeOnSurface(truth.body.positionsM, siteTriangles(model, field), applyRigidTransform(reg, site.centerM), rotateVector(reg.rotation, site.normal));
      return 1000 * (result.measurements[field] - tape!.perimeterM);
    };
    let top = 0, zSum = 0;
    const p = truth.body.positionsM;
    for (let i = 0; i < p.length; i += 3) { top = Math.max(top, p[i + 1]); zSum += p[i + 2]; }
    const zMid = zSum / (p.length / 3);
    const holes = (x: number, y: number, z: number): boolean =>
      (z < zMid - 0.03 && x > 0 && x < 0.2 && y > 0.47 * top && y < 0.6 * top) // the left half of the lower back and buttock
      || y < 0.012 || y > top - 0.03; // soles, crown
    const scan = (drop?: typeof holes) => {
      const s = scanTruth(model, truth, { count: 200000, seed: 5, noiseM: 0.002, floorPoints: 8000, drop });
      return { positions: s.points.slice(0, 3 * s.count), indices: null, colors: null, normals: null };
    };
    const fitter = posableModelFitter({});
    whole = measureBody(scan(), {}, {}, { fitter });
    const capture = scan(holes);
    holed = measureBody(capture, {}, {}, { fitter });
    chords = measureBody(capture, {}, {}, { fitter: { bonePart: fitter.bonePart, fit: fitter.fit } });
  });

  const quality = (result: BodyMeasurementResult, field: string) => result.siteQuality!.find((q) => q.field === field)!;

  it('reads the torso girths over the hole within their ISO 20685-1 limit (9 mm) of the body on the same plane', () => {
    // Up to a third of these rings is the model's (fitted to the rest): its error there is the
    // model's; on this body +7 mm at the navel, +5 mm at the hips (whole capture: within 3 mm).
    for (const field of TORSO_OVER_HOLE) {
      const e = errorMm(holed, field);
      assert.ok(Math.abs(e) < 9, `${field}: ${e.toFixed(1)} mm (whole capture: ${errorMm(whole, field).toFixed(1)} mm)`);
    }
  });

  it('does better than chords across the hole', () => {
    const sum = (r: BodyMeasurementResult) => TORSO_OVER_HOLE.reduce((s, f) => s + Math.abs(errorMm(r, f)), 0);
    assert.ok(sum(holed) < sum(chords), `completed ${sum(holed).toFixed(1)} mm vs chords ${sum(chords).toFixed(1)} mm (sum of |error| over ${TORSO_OVER_HOLE.join(', ')})`);
  });

  it('reports the share of each tape completed from the model apart from the observed share', () => {
    const hips = quality(holed, 'hipsFit');
    assert.ok(hips.filledFraction! > 0.2 && hips.observedFraction < 0.8, JSON.stringify(hips));
    assert.ok(hips.observedFraction + hips.filledFraction! <= 1.001);
    assert.equal(quality(whole, 'hipsFit').filledFraction, 0);
    assert.equal(holed.diagnostics.holeCompletion, 'fitted-model');
    assert.ok((holed.diagnostics.holeFilledAreaShare as number) > 0.01);
    assert.equal(chords.diagnostics.holeCompletion, 'chords (no model mesh)');
  });

  it('takes the volume on the capture filled from the model: within 1% of the whole capture', () => {
    const diffPct = (100 * (holed.measurements.fullBodyVolume - whole.measurements.fullBodyVolume)) / whole.measurements.fullBodyVolume;
    assert.ok(Math.abs(diffPct) < 1, `${diffPct.toFixed(2)} %`);
  });

  it('reads the stature of a capture missing its crown from the capture filled from the model: within 5 mm of the whole capture', () => {
    // Without the fill the top of the hole's rim (3 cm below the crown) would be the stature.
    const diffMm = 1000 * (holed.statureM - whole.statureM);
    assert.ok(Math.abs(diffMm) < 5, `${diffMm.toFixed(1)} mm`);
    assert.ok(1000 * (whole.statureM - chords.statureM) > 20, `chords ${(1000 * (chords.statureM - whole.statureM)).toFixed(1)} mm`);
  });
});
