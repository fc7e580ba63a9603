/**
 * Starting points of the fit in the canonical measuring frame (metres, Y up, facing +Z, soles at
 * y = 0): the mean body, its stature matched with the single shape coefficient that moves stature
 * most, stood on the floor and centred on the capture's torso band; facing +Z or turned by π (the
 * canonical frame takes the front from the feet, which can be wrong), arms in the rest A-pose or
 * hanging at the sides. The solver starts from each and keeps the best.
 */
import type { FitState } from './fit-kinematics.ts';
import { applyShape, rotationMatrixFromVector, updatePosedBody } from './fit-kinematics.ts';
import type { StandardPoseOptions } from './standard-pose.ts';
import { standardPose } from './standard-pose.ts';

export interface StartHypothesis { turned: boolean; armsDown: boolean }

export const START_HYPOTHESES: readonly StartHypothesis[] = [
  { turned: false, armsDown: false }, { turned: false, armsDown: true },
  { turned: true, armsDown: false }, { turned: true, armsDown: true },
];

/** Highest vertex y of the state's shaped rest body minus its lowest (m). */
function restStatureM(state: FitState): number {
  let lo = Infinity, hi = -Infinity;
  const r = state.restVertices;
  for (let i = 1; i < r.length; i += 3) { if (r[i] < lo) lo = r[i]; if (r[i] > hi) hi = r[i]; }
  return hi - lo;
}

/**
 * Mean x, z of the points with y in [y0, y1] (m), each weighted by `weight[i]` when given (the
 * model's vertices by their area, so the densely meshed hands do not pull the centre forward).
 */
export function bandCentre(points: ArrayLike<number>, count: number, y0: number, y1: number, weight?: ArrayLike<number>): [number, number] {
  let sx = 0, sz = 0, n = 0;
  for (let i = 0; i < count; i++) {
    const y = points[3 * i + 1];
    if (y < y0 || y > y1) continue;
    const w = weight ? weight[i] : 1;
    sx += w * points[3 * i]; sz += w * points[3 * i + 2]; n += w;
  }
  return n > 0 ? [sx / n, sz / n] : [0, 0];
}

/**
 * Puts `state` at the start described by `hypothesis` for a capture of stature `statureM` whose
 * band at 50-65% of stature is centred at (cx, cz) (area-weighted, as the voxel sample is).
 */
export function initialiseState(
  state: FitState, hypothesis: StartHypothesis, statureM: number, captureCentreX: number, captureCentreZ: number, vertexArea: ArrayLike<number>,
): void {
  const { model } = state;
  state.shape.fill(0);
  applyShape(state);
  // Stature: the coefficient with the largest stature derivative, set so the rest stature matches.
  const base = restStatureM(state);
  let bestK = -1, bestSlope = 0;
  for (let k = 0; k < model.shapeCount; k++) {
    state.shape.fill(0); state.shape[k] = 1; applyShape(state);
    const slope = restStatureM(state) - base;
    if (Math.abs(slope) > Math.abs(bestSlope)) { bestSlope = slope; bestK = k; }
  }
  state.shape.fill(0);
  if (bestK >= 0 && Math.abs(bestSlope) > 1e-4) state.shape[bestK] = Math.max(-3, Math.min(3, (statureM - base) / bestSlope));
  applyShape(state);
  state.local.fill(0);
  for (let b = 0; b < model.boneCount; b++) { state.local[9 * b] = 1; state.local[9 * b + 4] = 1; state.local[9 * b + 8] = 1; }
  if (hypothesis.armsDown) hangArms(state);
  rotationMatrixFromVector(0, hypothesis.turned ? Math.PI : 0, 0, state.rootR, 0);
  state.rootT.fill(0);
  updatePosedBody(state, false);
  // Stand on the floor and centre the torso band on the capture's.
  let lo = Infinity, top = -Infinity;
  for (let i = 1; i < state.posed.length; i += 3) { lo = Math.min(lo, state.posed[i]); top = Math.max(top, state.posed[i]); }
  const [mx, mz] = bandCentre(state.posed, model.vertexCount, lo + 0.5 * (top - lo), lo + 0.65 * (top - lo), vertexArea);
  state.rootT[0] = captureCentreX - mx; state.rootT[1] = -lo; state.rootT[2] = captureCentreZ - mz;
  updatePosedBody(state, false);
}

/**
 * Hanging arms: upper arms 78° below the horizontal, elbows bent 15°, legs 4° apart (standardPose
 * measures these on the shaped rest skeleton, so they mean the same on every body).
 */
const HANGING: StandardPoseOptions = { armsDownDeg: 78, elbowBendDeg: 15, legsApartDeg: 4 };

function hangArms(state: FitState): void {
  const pose = standardPose(state.model, HANGING, state.shape).pose;
  for (let b = 0; b < state.model.boneCount; b++) rotationMatrixFromVector(pose[3 * b], pose[3 * b + 1], pose[3 * b + 2], state.local, 9 * b);
}
