/**
 * The shoulder girth of a capture whose shoulder tops were never seen (CaptureHints.topsUnseen: a
 * phone recording, held below shoulder height; its reconstruction closes the tops with caps).
 *
 * Why: the shoulder girth is cut SHOULDER_DROP_FRACTION of stature below the acromion, where it
 * grows by 5–10 mm per mm of height (docs/measurements.md, "The shoulder level"). On a recording the
 * acromion is read on a cap that sits 2–33 mm below the true shoulder top, and the girth read 45 mm
 * (walks) and 58 mm (turns) above the same measuring on the body mesh. At the right height the
 * capture cannot help: its tops are missing there (the capture's own cut read 40–150 mm short).
 * So for such a capture the plane comes from the fitted model, and the tape goes around the capture
 * and the model together:
 * - acromion: as on a capture (arm-from-bones.ts), where the vertical through each fitted shoulder
 *   joint leaves the top of the shoulder, but on the model's surface: the lowest crossing of the
 *   model's triangles above the joint (the line starts inside the body at the joint); the mean of
 *   the two sides;
 * - plane: SHOULDER_DROP_FRACTION of stature below it, horizontal;
 * - girth: the convex hull of the capture's cut of the shoulder's parts between the two shoulder
 *   joints and the model's tape ring (site-girths.ts) on that plane: the model supplies the unseen
 *   tops, the capture every part of the chest and back it saw wider than the model (completion from
 *   the model, as holes are completed: cut-completion.ts). Beyond the joints, on the arms' tops,
 *   the capture at this plane is only the grazing edge of a surface seen from below: a walk's is
 *   missing, a turn's bulged out by the swinging arms (15–23 mm on one body, the girth +43 mm);
 *   the tape follows the model there;
 * - the model's arm tops first moved out (or in) to the capture: a model's shoulders can sit
 *   narrower than the body (an athletic body's deltoids: the fit read its arms' outer sides 10–15 mm
 *   inside the capture and the body all the way from the shoulder plane to 10 cm below it, and the
 *   girth 44 mm short). Just below the plane the phone does see the arm's outer side, so per side
 *   the median, over planes 2–6 cm below the shoulder's, of how far the capture reaches out beyond
 *   the model, less a tolerance for the capture's own scatter, is the shift of the model's ring
 *   beyond that side's joint (armSideShiftsM).
 * Canonical frame (m, y up, feet at y = 0). Measured: docs/measurements.md, "Shoulder tops a phone
 * never sees".
 */
import type { MeasurementSite } from '../../domain/body-scan-result.ts';
import { siteTape, type TapeModel } from '../body-model/site-girths.ts';
import { convexHull, makeHullScratch } from '../geometry/convex-hull.ts';
import type { Vec3 } from '../geometry/pca.ts';
import type { CutContext, CutQuality, CutRequest } from './girth-cut.ts';
import { measureGirth } from './girth-cut.ts';
import type { SliceStack } from './slices.ts';
import { sliceOf } from './slices.ts';
import { median } from '../statistics/median.ts';

/** Drops below the shoulder's plane (m) where a phone sees the arms' outer sides: the side shift's planes. */
const SIDE_PLANE_DROPS_M = [0.02, 0.03, 0.04, 0.05, 0.06];
/** Capture points within this of a side plane (m) count for its reach. */
const SIDE_SLAB_HALF_M = 0.003;
/** The reach is the SIDE_RANK-th farthest capture point: one or two stray points do not set it. */
const SIDE_RANK = 3;
/** Capture points farther out than the model by more than this (m) are not the arm (a stray reading). */
const SIDE_SEARCH_M = 0.04;
/** Side planes needed for a shift: with fewer the capture did not see the arm's side there. */
const MIN_SIDE_PLANES = 3;
/**
 * Differences up to this (m) are the capture's own scatter, not a narrow model: only the excess
 * moves the model. On the walks of the evaluation bodies whose fitted shoulders match the body the
 * median difference read −1 to +4 mm (the fused arm side reads a little out), and each millimetre
 * moved on both sides adds ~4 mm to the girth.
 */
const SIDE_TOLERANCE_M = 0.004;
/** A larger median shift (m) is not a model's narrow shoulder but something else in view: no shift. */
const MAX_SIDE_SHIFT_M = 0.03;

/**
 * Height (m) where the vertical through `joint` leaves the model's surface going up: the lowest
 * crossing of a triangle of `positionsM` (3V, m) above the joint; NaN when the line meets none.
 */
export function verticalExitAbove(triangles: Uint32Array, positionsM: Float32Array, joint: Vec3): number {
  const [x, y0, z] = joint;
  let best = Number.POSITIVE_INFINITY;
  for (let t = 0; t < triangles.length; t += 3) {
    const a = 3 * triangles[t], b = 3 * triangles[t + 1], c = 3 * triangles[t + 2];
    // The triangle's corners relative to the line, in the horizontal plane: does (0, 0) lie inside?
    const ax = positionsM[a] - x, az = positionsM[a + 2] - z;
    const bx = positionsM[b] - x, bz = positionsM[b + 2] - z;
    const cx = positionsM[c] - x, cz = positionsM[c + 2] - z;
    const d = (bx - ax) * (cz - az) - (bz - az) * (cx - ax);
    if (d === 0) continue;
    // Barycentric coordinates of the origin.
    const la = (bx * cz - bz * cx) / d, lb = (cx * az - cz * ax) / d, lc = 1 - la - lb;
    if (la < 0 || lb < 0 || lc < 0) continue;
    const y = la * positionsM[a + 1] + lb * positionsM[b + 1] + lc * positionsM[c + 1];
    if (y > y0 && y < best) best = y;
  }
  return Number.isFinite(best) ? best : Number.NaN;
}

/**
 * The shoulder site of a capture with unseen tops (see the file comment): `request` is the shoulder's
 * cut request as for any capture (its point's height is replaced), `joints` the fitted shoulder
 * joints (left, right), `positionsM` the fitted model's posed surface, `dropM` the plane's drop below
 * the acromion (m). Null when the model gives no acromion or no tape there (then measure as usual).
 * The quality's filledFraction is the share of the hull's length between two of the model's points.
 */
export function shoulderWithUnseenTops(
  ctx: CutContext, request: CutRequest, model: TapeModel, positionsM: Float32Array, joints: readonly [Vec3, Vec3], dropM: number,
): { site: MeasurementSite; quality: CutQuality; acromionY: number; armSideShiftsM: [number, number] } | null {
  const acromionY = 0.5 * (verticalExitAbove(model.triangles, positionsM, joints[0]) + verticalExitAbove(model.triangles, positionsM, joints[1]));
  if (!Number.isFinite(acromionY)) return null;
  const planeY = acromionY - dropM;
  const point: Vec3 = [request.point[0], planeY, request.point[2]];
  const tape = siteTape(model, positionsM, { field: 'shoulderFit', centreM: point, normal: [0, 1, 0] });
  if (!tape) return null;
  const cut = measureGirth(ctx, { ...request, point });
  const captureRing = betweenJoints(cut?.site.ringM ?? new Float32Array(0), joints);
  const shifts = armSideShiftsM(ctx.stack, model, positionsM, joints, planeY);
  const modelRing = shiftBeyondJoints(tape.ringM, joints, shifts);
  const count = (captureRing.length + modelRing.length) / 3;
  const xz = new Float64Array(2 * count);
  let m = 0;
  for (let k = 0; k < captureRing.length; k += 3) { xz[m++] = captureRing[k]; xz[m++] = captureRing[k + 2]; }
  const modelFrom = m / 2;
  for (let k = 0; k < modelRing.length; k += 3) { xz[m++] = modelRing[k]; xz[m++] = modelRing[k + 2]; }
  const scratch = makeHullScratch(count);
  const h = convexHull(xz, count, scratch);
  if (h < 3) return null;
  // Which hull corners are the model's: their coordinates are copied exactly, so compare as keys.
  const modelKeys = new Set<string>();
  for (let i = modelFrom; i < count; i++) modelKeys.add(`${xz[2 * i]},${xz[2 * i + 1]}`);
  const hull = scratch.hull;
  const ringM = new Float32Array(3 * h);
  let perimeterM = 0, filledM = 0;
  for (let i = 0; i < h; i++) {
    const j = (i + 1) % h;
    const length = Math.hypot(hull[2 * j] - hull[2 * i], hull[2 * j + 1] - hull[2 * i + 1]);
    perimeterM += length;
    if (modelKeys.has(`${hull[2 * i]},${hull[2 * i + 1]}`) && modelKeys.has(`${hull[2 * j]},${hull[2 * j + 1]}`)) filledM += length;
    ringM[3 * i] = hull[2 * i]; ringM[3 * i + 1] = planeY; ringM[3 * i + 2] = hull[2 * i + 1];
  }
  const filledFraction = perimeterM > 0 ? filledM / perimeterM : 0;
  const quality: CutQuality = {
    coverage: cut?.quality.coverage ?? 0, residualM: cut?.quality.residualM ?? 0, points: (cut?.quality.points ?? 0) + modelRing.length / 3,
    observedFraction: Math.min(cut?.quality.observedFraction ?? 0, 1 - filledFraction), filledFraction,
  };
  return { site: { field: 'shoulderFit', centerM: point, normal: [0, 1, 0], ringM, perimeterM }, quality, acromionY, armSideShiftsM: shifts };
}

/**
 * Per side (joints' order), how far the capture's arm reaches beyond the fitted model's (m, + out,
 * horizontal, along the direction from the joints' midpoint to that side's joint): the median over
 * the planes SIDE_PLANE_DROPS_M below planeY of (capture's reach − model's reach), the model's
 * reach read on its shoulder tape at that plane, the capture's as the SIDE_RANK-th farthest stack
 * point within SIDE_SLAB_HALF_M of it (and within SIDE_SEARCH_M beyond the model). 0 with fewer
 * than MIN_SIDE_PLANES planes read or a median beyond MAX_SIDE_SHIFT_M; a median within
 * SIDE_TOLERANCE_M is no shift, a larger one shifts by its excess.
 */
export function armSideShiftsM(stack: SliceStack, model: TapeModel, positionsM: Float32Array, joints: readonly [Vec3, Vec3], planeY: number): [number, number] {
  const { mx, mz, sides } = shoulderAxes(joints);
  const shifts: [number, number] = [0, 0];
  const top = new Float64Array(SIDE_RANK);
  for (let side = 0; side < 2; side++) {
    const [ex, ez, length] = sides[side];
    if (!(length > 0)) continue;
    const differences: number[] = [];
    for (const drop of SIDE_PLANE_DROPS_M) {
      const y = planeY - drop;
      const tape = siteTape(model, positionsM, { field: 'shoulderFit', centreM: [mx, y, mz], normal: [0, 1, 0] });
      if (!tape) continue;
      let modelReach = Number.NEGATIVE_INFINITY;
      for (let k = 0; k < tape.ringM.length; k += 3) modelReach = Math.max(modelReach, (tape.ringM[k] - mx) * ex + (tape.ringM[k + 2] - mz) * ez);
      top.fill(Number.NEGATIVE_INFINITY);
      const points = stack.points;
      for (let s = sliceOf(stack, y - SIDE_SLAB_HALF_M); s <= sliceOf(stack, y + SIDE_SLAB_HALF_M); s++) {
        for (let k = stack.start[s]; k < stack.start[s + 1]; k++) {
          if (Math.abs(points[3 * k + 1] - y) > SIDE_SLAB_HALF_M) continue;
          const reach = (points[3 * k] - mx) * ex + (points[3 * k + 2] - mz) * ez;
          if (reach > modelReach + SIDE_SEARCH_M || reach <= top[SIDE_RANK - 1]) continue;
          // Insert into the descending list of the SIDE_RANK farthest.
          let i = SIDE_RANK - 1;
          while (i > 0 && top[i - 1] < reach) { top[i] = top[i - 1]; i--; }
          top[i] = reach;
        }
      }
      if (Number.isFinite(top[SIDE_RANK - 1]) && Number.isFinite(modelReach)) differences.push(top[SIDE_RANK - 1] - modelReach);
    }
    if (differences.length < MIN_SIDE_PLANES) continue;
    const typical = median(differences);
    if (Math.abs(typical) <= MAX_SIDE_SHIFT_M) shifts[side] = Math.sign(typical) * Math.max(0, Math.abs(typical) - SIDE_TOLERANCE_M);
  }
  return shifts;
}

/**
 * The ring (xyz interleaved, m) with every point beyond a side's joint (along the horizontal
 * direction from the joints' midpoint to that joint) moved along that direction by the side's shift.
 */
function shiftBeyondJoints(ringM: Float32Array, joints: readonly [Vec3, Vec3], shiftsM: readonly [number, number]): Float32Array {
  const out = Float32Array.from(ringM);
  const { mx, mz, sides } = shoulderAxes(joints);
  for (let side = 0; side < 2; side++) {
    const [ex, ez, length] = sides[side];
    if (shiftsM[side] === 0 || !(length > 0)) continue;
    for (let k = 0; k < out.length; k += 3) {
      if ((out[k] - mx) * ex + (out[k + 2] - mz) * ez <= length) continue;
      out[k] += shiftsM[side] * ex; out[k + 2] += shiftsM[side] * ez;
    }
  }
  return out;
}

/**
 * The ring's points (xyz interleaved, m) that lie between the two joints: not beyond either joint
 * along the horizontal direction from the joints' midpoint to it.
 */
function betweenJoints(ringM: Float32Array, joints: readonly [Vec3, Vec3]): Float32Array {
  const { mx, mz, sides } = shoulderAxes(joints);
  const kept: number[] = [];
  for (let k = 0; k < ringM.length; k += 3) {
    let inside = true;
    for (const [ex, ez, length] of sides) {
      if (length > 0 && (ringM[k] - mx) * ex + (ringM[k + 2] - mz) * ez > length) inside = false;
    }
    if (inside) kept.push(ringM[k], ringM[k + 1], ringM[k + 2]);
  }
  return Float32Array.from(kept);
}

/**
 * The horizontal frame of the shoulders: the joints' midpoint (x, z) and, per side (joints' order),
 * the unit direction from it to that side's joint and the joint's distance along it (m); a side
 * whose joint sits on the midpoint has length 0.
 */
function shoulderAxes(joints: readonly [Vec3, Vec3]): { mx: number; mz: number; sides: [number, number, number][] } {
  const mx = 0.5 * (joints[0][0] + joints[1][0]), mz = 0.5 * (joints[0][2] + joints[1][2]);
  const sides = joints.map((joint): [number, number, number] => {
    const ex = joint[0] - mx, ez = joint[2] - mz, length = Math.hypot(ex, ez);
    return length > 0 ? [ex / length, ez / length, length] : [0, 0, 0];
  });
  return { mx, mz, sides };
}
