/**
 * Starting points of the fit in the canonical measuring frame (metres, Y up, facing +Z, soles at
 * y = 0): the mean body (or the average body of the stated sex), its stature matched with the
 * single shape coefficient that moves stature most, stood on the floor and centred on the
 * capture's torso band; turned to a heading (the canonical frame takes the front from the feet and
 * the sides from the widest horizontal spread, either of which can be wrong), arms in the rest
 * A-pose or lowered towards the sides. The solver starts from several and keeps the best.
 */
import type { FitState } from './fit-kinematics.ts';
import { applyShape, rotationMatrixFromVector, updatePosedBody } from './fit-kinematics.ts';
import type { StandardPoseOptions } from './standard-pose.ts';
import { standardPose } from './standard-pose.ts';

/** A start: turned by `yawRad` about the vertical; arms at rest (A-pose) or lowered to `armsDownDeg` below the horizontal. */
export interface StartHypothesis { yawRad: number; armsDownDeg: number | null }

/** Headings tried first (rad): every 45°, so the true one is at most 22.5° from a start. */
export const START_HEADINGS_RAD: readonly number[] = Array.from({ length: 8 }, (_, k) => (k * Math.PI) / 4);

/**
 * Arms: the rest A-pose (~47°), lowered to 66° (where heavy bodies' arms meet the torso) and to 80°
 * (slim bodies' arms hanging straight). Starting a heavy body at 80° buries its forearms in the hips,
 * a local minimum the fit does not leave.
 */
export const ARM_STARTS_DEG: readonly (number | null)[] = [null, 66, 80];

/** Heading (rad) of a root rotation matrix: its turn about the vertical. */
export function headingOf(rootR: Float64Array): number {
  return Math.atan2(rootR[2], rootR[8]);
}

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
 * Shape coefficients of the start: `startShape` (or the mean) with the one coefficient that moves
 * stature most changed so the rest stature is `statureM` (clamped to ±3 units).
 */
export function statureMatchedShape(state: FitState, statureM: number, startShape: ArrayLike<number> | null): Float64Array {
  const { model } = state;
  const setStart = (): void => { for (let k = 0; k < model.shapeCount; k++) state.shape[k] = startShape ? startShape[k] : 0; };
  setStart();
  applyShape(state);
  const base = restStatureM(state);
  let bestK = -1, bestSlope = 0;
  for (let k = 0; k < model.shapeCount; k++) {
    setStart(); state.shape[k] += 1; applyShape(state);
    const slope = restStatureM(state) - base;
    if (Math.abs(slope) > Math.abs(bestSlope)) { bestSlope = slope; bestK = k; }
  }
  setStart();
  if (bestK >= 0 && Math.abs(bestSlope) > 1e-4) state.shape[bestK] += Math.max(-3, Math.min(3, (statureM - base) / bestSlope));
  return Float64Array.from(state.shape);
}

/**
 * Puts `state` at the start described by `hypothesis` with rest shape `shape` (statureMatchedShape)
 * for a capture whose band at 50-65% of stature is centred at (cx, cz) (area-weighted, as the voxel
 * sample is).
 */
export function initialiseState(
  state: FitState, hypothesis: StartHypothesis, shape: Float64Array, captureCentreX: number, captureCentreZ: number, vertexArea: ArrayLike<number>,
): void {
  const { model } = state;
  state.shape.set(shape);
  applyShape(state);
  state.local.fill(0);
  for (let b = 0; b < model.boneCount; b++) { state.local[9 * b] = 1; state.local[9 * b + 4] = 1; state.local[9 * b + 8] = 1; }
  if (hypothesis.armsDownDeg !== null) hangArms(state, hypothesis.armsDownDeg);
  rotationMatrixFromVector(0, hypothesis.yawRad, 0, state.rootR, 0);
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
 * Hanging arms: upper arms `armsDownDeg` below the horizontal, elbows bent 15°, legs 4° apart
 * (standardPose measures these on the shaped rest skeleton, so they mean the same on every body).
 */
function hangArms(state: FitState, armsDownDeg: number): void {
  const stance: StandardPoseOptions = { armsDownDeg, elbowBendDeg: 15, legsApartDeg: 4 };
  const pose = standardPose(state.model, stance, state.shape).pose;
  for (let b = 0; b < state.model.boneCount; b++) rotationMatrixFromVector(pose[3 * b], pose[3 * b + 1], pose[3 * b + 2], state.local, 9 * b);
}
