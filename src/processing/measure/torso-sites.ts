/**
 * Torso and neck site heights, from the per-slice profile of the torso loop (docs/measurements.md):
 * - hips: largest torso section between 1.5% of stature above the crotch and 58% of stature;
 * - chest (bust): with a closely fitted body model, its bust points' level (model-torso-levels.ts);
 *   else the largest section between 64% of stature and just under the lower armpit;
 * - lowerChest (under-bust): with the model, its lower sternum's level; else 4.5% of stature below
 *   the chest level;
 * - waist (natural): smallest section between the hips and the under-bust;
 * - waistNavy (navel): with the model, its navel's level; else 60% of the way from the hip level up
 *   to the natural waist (the navel is not visible in geometry; this placement is our estimate);
 * - stomach: the height of maximal anterior (+Z) protrusion between hips and waist, the navel's
 *   on a belly without a bulge (stomachIndex), read on the fitted model's front when there is one;
 * - upperChest: 32% of the way from the chest level up to the acromion (just below the armpits),
 *   and at least 1% of stature below the lower armpit;
 * - neck: smallest section between just above the acromion and the chin, taken as the higher of
 *   87.5% of stature and 22 cm below the vertex (the head is about 1/8 of stature but hardly grows
 *   with it; above the chin a double chin can make the jaw the smallest), cut perpendicular
 *   to the neck axis (the line through the neck loop centroids 2 cm below and above: the neck
 *   only, not the chin or the shoulders).
 * The section-size proxy is the area of the loop's outer sheet (monotone with girth for a smooth
 * body); extrema are refined to sub-slice precision by a parabola. Heights in metres.
 */
import type { Vec3 } from '../geometry/pca.ts';
import { normalize } from '../geometry/pca.ts';
import { makeRingScratch, outerSheetArea } from '../geometry/ring-fit.ts';
import { extremumIndex } from './profile-extremum.ts';
import type { ModelTorsoLevels } from './model-torso-levels.ts';
import type { Segmentation } from './segment-body.ts';
import { HEAD_HEIGHT_M, LOWER_CHEST_DROP_FRACTION, NAVEL_FRACTION, UPPER_CHEST_FRACTION } from './site-rules.ts';
import type { SliceStack } from './slices.ts';
import { sliceOf } from './slices.ts';


export interface TorsoSites {
  hipsY: number;
  chestY: number;
  lowerChestY: number;
  waistY: number;
  navelY: number;
  stomachY: number;
  upperChestY: number;
  neckY: number;
  neckAxis: Vec3;
  /** Torso loop centre (x, z) at a height, for placing horizontal cut planes. */
  centreAt: (y: number) => [number, number];
}

/**
 * modelLevels: the fitted model's bust, under-bust and navel levels, which replace the rules that
 * estimate them from the section profile.
 * bridgeGaps: the torso loops may have angular gaps (a fit's labels leave the arms out; a capture
 * may miss part of the back): bridge them by interpolated arcs in the section-size proxy.
 */
export function findTorsoSites(
  stack: SliceStack, seg: Segmentation, statureM: number, acromionY: number, bridgeGaps = false, modelLevels?: ModelTorsoLevels,
): TorsoSites {
  const H = statureM;
  const n = stack.sliceCount;
  const area = new Float64Array(n).fill(NaN);
  const front = new Float64Array(n).fill(NaN);
  const ring = makeRingScratch();
  let xz = new Float64Array(4096);
  const lo = sliceOf(stack, seg.crotchY), hi = sliceOf(stack, 0.93 * H);
  for (let s = lo; s <= hi; s++) {
    const loop = seg.torsoLoop[s];
    if (!loop) continue;
    let m = 0, frontSum = 0, frontCount = 0;
    if (2 * loop.count > xz.length) xz = new Float64Array(4 * loop.count);
    for (let k = stack.start[s]; k < stack.start[s + 1]; k++) {
      if (stack.labels[k] !== loop.label) continue;
      const x = stack.points[3 * k], z = stack.points[3 * k + 2];
      xz[2 * m] = x; xz[2 * m + 1] = z; m++;
      if (Math.abs(x - loop.cx) < 0.04 && z > loop.cz) { frontSum += z; frontCount++; }
    }
    area[s] = outerSheetArea(xz, m, ring, 0.015, bridgeGaps ? 'arc' : 'chord');
    front[s] = frontCount > 0 ? frontSum / frontCount : NaN;
  }
  const toY = (index: number) => (index + 0.5) * stack.thicknessM;
  const armpit = Math.min(seg.armpitY.left, seg.armpitY.right);
  const hipsY = toY(extremumIndex(area, sliceOf(stack, seg.crotchY + 0.015 * H), sliceOf(stack, 0.58 * H), 1));
  const chestY = modelLevels?.bustY ?? toY(extremumIndex(area, sliceOf(stack, 0.64 * H), sliceOf(stack, armpit - 0.01), 1));
  const lowerChestY = modelLevels?.underBustY ?? chestY - LOWER_CHEST_DROP_FRACTION * H;
  const waistY = toY(extremumIndex(area, sliceOf(stack, hipsY), sliceOf(stack, lowerChestY), -1));
  const navelY = modelLevels?.navelY ?? hipsY + NAVEL_FRACTION * (waistY - hipsY);
  const centreAt = (y: number): [number, number] => {
    for (let d = 0; d < 6; d++) {
      for (const s of [sliceOf(stack, y) + d, sliceOf(stack, y) - d]) {
        const loop = seg.torsoLoop[s];
        if (loop) return [loop.cx, loop.cz];
      }
    }
    return [0, 0];
  };
  // The model's front is smooth and moves little between two captures of one body; the capture's
  // carries its noise, on which a flat belly's small bulges come and go.
  const stomachY = modelLevels?.mesh
    ? stomachOnModel(modelLevels.mesh.positionsM, modelLevels.mesh.triangles, hipsY, waistY, navelY, centreAt)
    : toY(stomachIndex(front, sliceOf(stack, hipsY), sliceOf(stack, waistY), navelY / stack.thicknessM - 0.5, stack.thicknessM));
  // Never at or above the armpits (slice topology): where an arm joins the torso loop the cut
  // would include it.
  // (With a fitted model's labels too: above the axilla a horizontal tape cannot pass under the arm.)
  const upperChestY = Math.min(chestY + UPPER_CHEST_FRACTION * (acromionY - chestY), armpit - 0.01 * H);
  // The head (vertex to chin) is about 1/8 of stature but hardly grows with it (adults: 20–24 cm),
  // so on tall bodies 87.5% of stature is still on the neck: the search stops under the chin,
  // whichever of 87.5% of stature or 22 cm below the vertex is higher.
  const neckY = toY(extremumIndex(area, sliceOf(stack, acromionY + 0.015 * H), sliceOf(stack, Math.max(0.875 * H, H - HEAD_HEIGHT_M)), -1));
  const below = centreAt(neckY - 0.02), above = centreAt(neckY + 0.02);
  const neckAxis = normalize([above[0] - below[0], 0.04, above[1] - below[1]]);
  return { hipsY, chestY, lowerChestY, waistY, navelY, stomachY, upperChestY, neckY, neckAxis, centreAt };
}

/** Spacing of the model's front profile (m): a fine capture's slices (slices.ts), on its own grid. */
const MODEL_PROFILE_STEP_M = 0.004;

/**
 * The stomach's level (m) on the fitted model's front (stomachIndex's rule): its profile sampled
 * every MODEL_PROFILE_STEP_M from the hips (hipsY) to the waist (waistY), on a grid of its own,
 * not the capture's slices: one body measured with and without its toes read its slices 9.6 and
 * 9.2 mm thick, the model's bulge 1.6 and 3.2 mm prominent on them, and the stomach 19 mm apart.
 * centreAt: the torso's centre (x, z) at a height. Frame: canonical, m.
 */
export function stomachOnModel(
  positionsM: ArrayLike<number>, triangles: ArrayLike<number>, hipsY: number, waistY: number, navelY: number,
  centreAt: (y: number) => [number, number],
): number {
  const count = Math.max(1, Math.floor((waistY - hipsY) / MODEL_PROFILE_STEP_M) + 1);
  const cx = new Float64Array(count), cz = new Float64Array(count);
  for (let k = 0; k < count; k++) [cx[k], cz[k]] = centreAt(hipsY + k * MODEL_PROFILE_STEP_M);
  const profile = modelFrontProfile(positionsM, triangles, hipsY, MODEL_PROFILE_STEP_M, cx, cz);
  return hipsY + MODEL_PROFILE_STEP_M * stomachIndex(profile, 0, count - 1, (navelY - hipsY) / MODEL_PROFILE_STEP_M, MODEL_PROFILE_STEP_M);
}

/**
 * A triangle mesh's front profile (the fitted model's) at the heights y0 + k·stepM, k < cx.length:
 * the length-weighted mean Z (m) of the mesh's horizontal cut there, where the cut lies within 4 cm
 * sideways of the torso's centre (cx[k], cz[k]) and in front of it (the strip the capture's own
 * profile averages), NaN where the cut misses the strip. Deterministic: a randomly sampled
 * surface's profile changed with the sample (0.3 mm per level at 200,000 samples, against the
 * 0.75 mm bulges stomachIndex weighs). Frame: canonical, m.
 */
export function modelFrontProfile(
  positionsM: ArrayLike<number>, triangles: ArrayLike<number>, y0: number, stepM: number, cx: ArrayLike<number>, cz: ArrayLike<number>,
): Float64Array {
  const n = cx.length;
  const sum = new Float64Array(n), weight = new Float64Array(n);
  const p = positionsM;
  for (let t = 0; t + 2 < triangles.length; t += 3) {
    const a = 3 * triangles[t], b = 3 * triangles[t + 1], c = 3 * triangles[t + 2];
    const ya = p[a + 1], yb = p[b + 1], yc = p[c + 1];
    const lo = Math.max(0, Math.ceil((Math.min(ya, yb, yc) - y0) / stepM));
    const hi = Math.min(n - 1, Math.floor((Math.max(ya, yb, yc) - y0) / stepM));
    for (let k = lo; k <= hi; k++) {
      const y = y0 + k * stepM;
      // The two edges the plane crosses (a vertex exactly on it counts for the edge above it).
      let x0 = 0, z0 = 0, x1 = 0, z1 = 0, found = 0;
      for (let e = 0; e < 3; e++) {
        const u = e === 0 ? a : e === 1 ? b : c, v = e === 0 ? b : e === 1 ? c : a;
        const yu = p[u + 1], yv = p[v + 1];
        if ((yu <= y) === (yv <= y)) continue;
        const f = (y - yu) / (yv - yu);
        const x = p[u] + f * (p[v] - p[u]), z = p[u + 2] + f * (p[v + 2] - p[u + 2]);
        if (found === 0) { x0 = x; z0 = z; } else { x1 = x; z1 = z; }
        found++;
      }
      if (found !== 2) continue;
      // Clip the segment to the strip |x − cx| < 4 cm.
      let f0 = 0, f1 = 1;
      const ddx = x1 - x0;
      if (Math.abs(ddx) > 1e-12) {
        const fa = (cx[k] - 0.04 - x0) / ddx, fb = (cx[k] + 0.04 - x0) / ddx;
        f0 = Math.max(f0, Math.min(fa, fb)); f1 = Math.min(f1, Math.max(fa, fb));
      } else if (Math.abs(x0 - cx[k]) >= 0.04) continue;
      if (f1 <= f0) continue;
      const zMid = z0 + 0.5 * (f0 + f1) * (z1 - z0);
      if (zMid <= cz[k]) continue;
      const length = (f1 - f0) * Math.hypot(ddx, z1 - z0);
      sum[k] += length * zMid; weight[k] += length;
    }
  }
  const out = new Float64Array(n);
  for (let k = 0; k < n; k++) out[k] = weight[k] > 0 ? sum[k] / weight[k] : NaN;
  return out;
}

/**
 * A belly bulge's prominence (m: how far it stands above the front profile's lowest point between it
 * and the next higher point toward the waist, or the range's waist end) below which it does not
 * count, and above which it counts fully; in between the stomach's level is a blend of the bulge's
 * and the navel's (see stomachIndex).
 */
const BULGE_PROMINENCE_MIN_M = 0.00075;
const BULGE_PROMINENCE_FULL_M = 0.00125;

/**
 * The lowest part of the stomach's range (m above the hips' level) where a maximum is the pelvis's
 * front (a thin body's pubic mound, or a pendulous belly) rather than the abdomen's: it is the
 * stomach only when it stands BULGE_PROMINENCE_MIN_M in front of every bulge above it.
 */
const STOMACH_HIP_ZONE_M = 0.04;

/**
 * The stomach's level (a fractional slice index): the most protruding bulge of the front profile
 * between the hips and the waist (slice indices i0..i1), or, on a belly without one, the navel's
 * level (`navelIndex`), as anthropometric protocols measure a flat abdomen at the umbilicus.
 * - The bulge: on the profile averaged over ±3 slices, the highest local maximum with a prominence
 *   of at least BULGE_PROMINENCE_MIN_M, refined on the raw profile (extremumIndex). Its prominence
 *   is taken toward the waist only: how far the belly stands out over the profile between it and
 *   the waist (or a higher point on the way).
 * - A maximum in the range's lowest STOMACH_HIP_ZONE_M (the hip end itself, or a thin body's pubic
 *   mound just above the hips' level; `sliceM` is the profile's spacing, m, and without it the zone
 *   is the hip end alone) counts only when it stands at least
 *   BULGE_PROMINENCE_MIN_M in front of every bulge above it (an obese belly can protrude most at
 *   the hips' level); the range's waist end never counts: the profile rises there where the ribcage
 *   and bust come in.
 * - Between BULGE_PROMINENCE_MIN_M and BULGE_PROMINENCE_FULL_M the level is the bulge's and the
 *   navel's mixed in proportion, so it moves with the profile instead of jumping.
 * Why: with "the bulge, else the range's maximum", a flat belly's stomach sat at the waist (the
 * range's top) on one recording and at the hips on the next (girths 564 and 776 mm), or at the waist
 * itself on both (then stomachFit = waistFit). A thin body's groin, at the hip end, stood 0.1 mm
 * behind its belly on one turn and level with it on the next: the stomach moved 106 mm down,
 * nearly to the hips (girths 579 and 790 mm). And with the prominence taken against the higher of
 * the dips on both sides, the same thin body's belly (2–3 mm in front of its navel, a groin as high
 * 80 mm below it) counted 0.8–1.9 mm prominent, inside the blend of 0.75–2.25 mm then used: its
 * level moved up to 30 mm between two recordings and its stomach 30–80 mm
 * (docs/recording-reconstruction.md, "The stomach's prominence toward the waist").
 */
export function stomachIndex(front: ArrayLike<number>, i0: number, i1: number, navelIndex: number, sliceM?: number): number {
  const hipZoneSlices = sliceM ? Math.round(STOMACH_HIP_ZONE_M / sliceM) : 0;
  const lo = Math.max(0, i0), hi = Math.min(front.length - 1, i1);
  const n = hi - lo + 1;
  if (n < 5) return navelIndex;
  const smooth = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = 0, count = 0;
    for (let k = Math.max(lo, lo + i - 3); k <= Math.min(hi, lo + i + 3); k++) if (Number.isFinite(front[k])) { sum += front[k]; count++; }
    smooth[i] = count > 0 ? sum / count : -Infinity;
  }
  let best = -1, bestProminence = 0, hipBest = -1, hipBestProminence = 0;
  for (let i = 0; i < n - 1; i++) {
    const v = smooth[i];
    if (!((i === 0 || v > smooth[i - 1]) && v >= smooth[i + 1])) continue;
    // Prominence toward the waist: the deepest dip before a higher point (or the range's end).
    let dip = v;
    for (let k = i + 1; k < n && smooth[k] <= v; k++) dip = Math.min(dip, smooth[k]);
    const prominence = v - dip;
    if (prominence < BULGE_PROMINENCE_MIN_M) continue;
    // The hip zone is weighed against the bulges above it once they are all known.
    if (i <= hipZoneSlices) {
      if (hipBest < 0 || v > smooth[hipBest]) { hipBest = i; hipBestProminence = prominence; }
    } else if (best < 0 || v > smooth[best]) { best = i; bestProminence = prominence; }
  }
  if (hipBest >= 0 && (best < 0 || smooth[hipBest] >= smooth[best] + BULGE_PROMINENCE_MIN_M)) { best = hipBest; bestProminence = hipBestProminence; }
  if (best < 0) return navelIndex;
  const bulge = extremumIndex(front, lo + best - 2, lo + best + 2, 1);
  const share = Math.min(1, (bestProminence - BULGE_PROMINENCE_MIN_M) / (BULGE_PROMINENCE_FULL_M - BULGE_PROMINENCE_MIN_M));
  return share * bulge + (1 - share) * navelIndex;
}
