/**
 * Shape: the rest-pose body (vertices and bone ends) for shape coefficients `shape`, linear in them:
 * x = mean + sum_k shape[k] * basis_k (metres, model frame: Y up, facing +Z, left = +X; the mean
 * body stands on y = 0). Principal coefficients are population standard deviations; named ones
 * MakeHuman slider units (see PosableBodyModel.principalShapeCount).
 */
import type { PosableBodyModel, PosedBody } from './posable-model-types.ts';

/** Writes the rest body of `shape` (K numbers; missing or zero entries cost nothing) into `out`. */
export function shapeBody(model: PosableBodyModel, shape: ArrayLike<number>, out: PosedBody): void {
  addShape(model.meanPositionsM, model.shapeBasisM, shape, model.shapeCount, out.positionsM);
  addShape(model.boneHeadMeanM, model.boneHeadBasisM, shape, model.shapeCount, out.boneHeadM);
  addShape(model.boneTailMeanM, model.boneTailBasisM, shape, model.shapeCount, out.boneTailM);
}

function addShape(mean: Float32Array, basis: Float32Array, shape: ArrayLike<number>, count: number, out: Float32Array): void {
  const n = mean.length;
  out.set(mean);
  const used = Math.min(count, shape.length);
  for (let k = 0; k < used; k++) {
    const c = shape[k];
    if (c === 0) continue;
    const offset = k * n;
    for (let i = 0; i < n; i++) out[i] += c * basis[offset + i];
  }
}
