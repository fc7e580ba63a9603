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
 * - girth: the convex hull of the capture's cut of the shoulder's parts and the model's tape ring
 *   (site-girths.ts) on that plane: the model supplies the unseen tops, the capture every part it saw
 *   wider than the model (completion from the model, as holes are completed: cut-completion.ts).
 * Canonical frame (m, y up, feet at y = 0). Measured: docs/measurements.md, "Shoulder tops a phone
 * never sees".
 */
import type { MeasurementSite } from '../../domain/body-scan-result.ts';
import { siteTape, type TapeModel } from '../body-model/site-girths.ts';
import { convexHull, makeHullScratch } from '../geometry/convex-hull.ts';
import type { Vec3 } from '../geometry/pca.ts';
import type { CutContext, CutQuality, CutRequest } from './girth-cut.ts';
import { measureGirth } from './girth-cut.ts';

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
): { site: MeasurementSite; quality: CutQuality; acromionY: number } | null {
  const acromionY = 0.5 * (verticalExitAbove(model.triangles, positionsM, joints[0]) + verticalExitAbove(model.triangles, positionsM, joints[1]));
  if (!Number.isFinite(acromionY)) return null;
  const planeY = acromionY - dropM;
  const point: Vec3 = [request.point[0], planeY, request.point[2]];
  const tape = siteTape(model, positionsM, { field: 'shoulderFit', centreM: point, normal: [0, 1, 0] });
  if (!tape) return null;
  const cut = measureGirth(ctx, { ...request, point });
  const captureRing = cut?.site.ringM ?? new Float32Array(0);
  const modelRing = tape.ringM;
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
  return { site: { field: 'shoulderFit', centerM: point, normal: [0, 1, 0], ringM, perimeterM }, quality, acromionY };
}
