import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { allocatePosedBody, loadPosableBodyModel } from '../../../src/processing/body-model/load-posable-model.ts';
import { poseBody } from '../../../src/processing/body-model/pose-body.ts';
import type { ModelFit } from '../../../src/processing/body-model/posable-model-types.ts';
import { modelArmpitHeights } from '../../../src/processing/measure/model-armpits.ts';
import { modelParams } from '../../support/model-measurement.ts';

function posedFit(armsDownRad: number): { fit: ModelFit; statureM: number } {
  const model = loadPosableBodyModel();
  const posed = allocatePosedBody(model);
  poseBody(model, modelParams(model, {}, armsDownRad), posed);
  let statureM = 0;
  for (let i = 1; i < posed.positionsM.length; i += 3) statureM = Math.max(statureM, posed.positionsM[i]);
  return { fit: { posed } as ModelFit, statureM };
}

describe('modelArmpitHeights', () => {
  it('finds both armpits of the A-posed model at the same height, between 70 and 80 % of stature', () => {
    const { fit, statureM } = posedFit(0);
    const { left, right } = modelArmpitHeights(fit, loadPosableBodyModel(), statureM);
    assert.ok(left !== undefined && right !== undefined, 'both arms free');
    assert.ok(Math.abs(left - right) < 0.005, `left ${left.toFixed(3)} m, right ${right.toFixed(3)} m`);
    for (const y of [left, right]) assert.ok(y > 0.7 * statureM && y < 0.8 * statureM, `armpit at ${(y / statureM).toFixed(3)} of stature`);
  });

  it('reads a lower armpit when the arms are lowered toward the torso', () => {
    const aPose = posedFit(0), lowered = posedFit(0.25);
    const a = modelArmpitHeights(aPose.fit, loadPosableBodyModel(), aPose.statureM);
    const b = modelArmpitHeights(lowered.fit, loadPosableBodyModel(), lowered.statureM);
    assert.ok(a.left !== undefined && b.left !== undefined, 'the left arm is free in both poses');
    assert.ok(b.left < a.left - 0.005, `lowered ${b.left.toFixed(3)} m vs ${a.left.toFixed(3)} m`);
  });
});
