// A capture with holes (a third of the back between hips and waist, the soles, the crown), measured
// with the posable body model fitted to it: the torso girths over the hole are completed from the
// model's surface and read as on the whole capture; the filled share is reported per girth; the
// volume is taken on the capture filled from the model. The body is one the model made itself.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BodyMeasurementResult } from '../../../src/domain/body-scan-result.ts';
import { REST_A_POSE, loadPosableBodyModel, standardPose } from '../../../src/processing/body-model/posable-body-model.ts';
import { measureBody } from '../../../src/processing/measure/measure-body.ts';
import { posableModelFitter } from '../../../src/processing/measure/model-fitter.ts';
import { poseTruth, scanTruth } from '../../support/posable-model-scans.ts';

const model = loadPosableBodyModel();
const TORSO_OVER_HOLE = ['waistNavyFit', 'stomachFit', 'hipsFit'] as const;

describe('a partial capture measured with the fitted body model', () => {
  let whole: BodyMeasurementResult, holed: BodyMeasurementResult, chords: BodyMeasurementResult;
  before(() => {
    const truth = poseTruth(model, standardPose(model, REST_A_POSE, model.shapePresets.maleAverage));
    let top = 0, zSum = 0;
    const p = truth.body.positionsM;
    for (let i = 0; i < p.length; i += 3) { top = Math.max(top, p[i + 1]); zSum += p[i + 2]; }
    const zMid = zSum / (p.length / 3);
    const holes = (x: number, y: number, z: number): boolean =>
      (z < zMid - 0.02 && y > 0.47 * top && y < 0.6 * top && Math.abs(x) < 0.2) // the lower back and buttocks
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

  it('reads the torso girths over the hole within their ISO 20685-1 limit (9 mm) of the whole capture', () => {
    for (const field of TORSO_OVER_HOLE) {
      const diffMm = 1000 * (holed.measurements[field] - whole.measurements[field]);
      assert.ok(Math.abs(diffMm) < 9, `${field}: ${diffMm.toFixed(1)} mm`);
    }
  });

  it('is closer to the whole capture than chords across the hole are', () => {
    const err = (r: BodyMeasurementResult) => TORSO_OVER_HOLE.reduce((s, f) => s + Math.abs(r.measurements[f] - whole.measurements[f]), 0);
    assert.ok(err(holed) < err(chords), `completed ${(1000 * err(holed)).toFixed(1)} mm vs chords ${(1000 * err(chords)).toFixed(1)} mm (sum over ${TORSO_OVER_HOLE.join(', ')})`);
  });

  it('reports the share of each tape completed from the model apart from the observed share', () => {
    const hips = quality(holed, 'hipsFit');
    assert.ok(hips.filledFraction! > 0.05 && hips.observedFraction < 0.95, JSON.stringify(hips));
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
});
