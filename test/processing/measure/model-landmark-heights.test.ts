import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { allocatePosedBody, loadPosableBodyModel } from '../../../src/processing/body-model/load-posable-model.ts';
import { poseBody } from '../../../src/processing/body-model/pose-body.ts';
import type { ModelFit } from '../../../src/processing/body-model/posable-model-types.ts';
import { armpitOfPhases, crotchOfModel, MODEL_CROTCH_VERTICES, modelLandmarkHeights } from '../../../src/processing/measure/model-landmark-heights.ts';
import { modelParams } from '../../support/model-measurement.ts';

function posedFit(armsDownRad: number): { fit: ModelFit; statureM: number } {
  const model = loadPosableBodyModel();
  const posed = allocatePosedBody(model);
  poseBody(model, modelParams(model, {}, armsDownRad), posed);
  let statureM = 0;
  for (let i = 1; i < posed.positionsM.length; i += 3) statureM = Math.max(statureM, posed.positionsM[i]);
  return { fit: { posed } as ModelFit, statureM };
}

describe('modelLandmarkHeights', () => {
  it('finds both armpits of the A-posed model at the same height, between 70 and 80 % of stature', () => {
    const { fit, statureM } = posedFit(0);
    const { armpitLeftY: left, armpitRightY: right } = modelLandmarkHeights(fit, loadPosableBodyModel(), statureM);
    assert.ok(left !== undefined && right !== undefined, 'both arms free');
    assert.ok(Math.abs(left - right) < 0.005, `left ${left.toFixed(3)} m, right ${right.toFixed(3)} m`);
    for (const y of [left, right]) assert.ok(y > 0.7 * statureM && y < 0.8 * statureM, `armpit at ${(y / statureM).toFixed(3)} of stature`);
  });

  it('reads a lower armpit when the arms are lowered toward the torso', () => {
    const aPose = posedFit(0), lowered = posedFit(0.25);
    const a = modelLandmarkHeights(aPose.fit, loadPosableBodyModel(), aPose.statureM);
    const b = modelLandmarkHeights(lowered.fit, loadPosableBodyModel(), lowered.statureM);
    assert.ok(a.armpitLeftY !== undefined && b.armpitLeftY !== undefined, 'the left arm is free in both poses');
    assert.ok(b.armpitLeftY < a.armpitLeftY - 0.005, `lowered ${b.armpitLeftY.toFixed(3)} m vs ${a.armpitLeftY.toFixed(3)} m`);
  });
});

describe('modelLandmarkHeights armpit resolution', () => {
  it('moves the armpits with a body raised by a fraction of a slice, within 4 mm (one 12 mm grid read them in 12 mm steps)', () => {
    const { fit, statureM } = posedFit(0);
    const base = modelLandmarkHeights(fit, loadPosableBodyModel(), statureM);
    assert.ok(base.armpitLeftY !== undefined && base.armpitRightY !== undefined, 'both arms free');
    for (const liftM of [0.002, 0.005, 0.008, 0.011]) {
      const positionsM = Float32Array.from(fit.posed.positionsM);
      for (let i = 1; i < positionsM.length; i += 3) positionsM[i] += liftM;
      const raised = modelLandmarkHeights({ posed: { ...fit.posed, positionsM } } as ModelFit, loadPosableBodyModel(), statureM + liftM);
      for (const side of ['armpitLeftY', 'armpitRightY'] as const) {
        const movedM = raised[side]! - base[side]!;
        assert.ok(Math.abs(movedM - liftM) <= 0.004, `${side}: raised ${(1000 * liftM).toFixed(0)} mm, moved ${(1000 * movedM).toFixed(1)} mm`);
      }
    }
  });
});

describe('an arm\'s armpit from the slice grids that found it free', () => {
  it('is the median of the grids, so one grid that finds the arm joined 20 cm lower does not drag it down', () => {
    assert.equal(armpitOfPhases([1.35, 1.359, 1.356, 1.149]), 0.5 * (1.35 + 1.356));
    assert.equal(armpitOfPhases([1.2, 1.3, 1.25]), 1.25);
  });

  it('counts an arm free on a single grid (an arm hanging 0–5 mm from the torso), and none as joined', () => {
    assert.equal(armpitOfPhases([1.31]), 1.31);
    assert.equal(armpitOfPhases([]), undefined);
  });
});

describe('modelLandmarkHeights crotch', () => {
  it('is the lowest of the model\'s midline crotch vertices, and moves with the body', () => {
    const { fit } = posedFit(0);
    const p = fit.posed.positionsM;
    for (const v of MODEL_CROTCH_VERTICES) assert.ok(Math.abs(p[3 * v]) < 1e-3, `vertex ${v} at x ${p[3 * v].toFixed(4)} m, off the midline`);
    const crotchY = crotchOfModel(p)!;
    assert.equal(crotchY, Math.min(...MODEL_CROTCH_VERTICES.map((v) => p[3 * v + 1])));
    const raised = Float32Array.from(p, (value, i) => (i % 3 === 1 ? value + 0.007 : value));
    assert.ok(Math.abs(crotchOfModel(raised)! - crotchY - 0.007) < 1e-6);
  });

  it('gives no vertex crotch for a model with fewer vertices than the base mesh (the slice topology reads it then)', () => {
    assert.equal(crotchOfModel(new Float32Array(3 * 4000)), undefined);
  });

  it('reads the A-posed model\'s crotch at its midline crotch vertices, within 5 mm of the lowest surface point between the legs', () => {
    const { fit, statureM } = posedFit(0);
    const { crotchY } = modelLandmarkHeights(fit, loadPosableBodyModel(), statureM);
    // The lowest vertex within 1 cm of the midline above a quarter of stature: where the legs part.
    const p = fit.posed.positionsM;
    let lowestY = Infinity;
    for (let i = 0; i < p.length; i += 3) if (Math.abs(p[i]) < 0.01 && p[i + 1] > 0.25 * statureM) lowestY = Math.min(lowestY, p[i + 1]);
    assert.ok(crotchY > 0.4 * statureM && crotchY < 0.55 * statureM, `crotch at ${(crotchY / statureM).toFixed(3)} of stature`);
    assert.ok(Math.abs(crotchY - lowestY) <= 0.005, `crotch ${(1000 * crotchY).toFixed(1)} mm, lowest midline point ${(1000 * lowestY).toFixed(1)} mm`);
  });
});
