/**
 * Torso and neck site heights, from the per-slice profile of the torso loop (docs/measurements.md):
 * - hips: largest torso section between 1.5% of stature above the crotch and 58% of stature;
 * - chest (bust): largest section between 64% of stature and just under the lower armpit;
 * - lowerChest (under-bust): 4.5% of stature below the chest level;
 * - waist (natural): smallest section between the hips and the under-bust;
 * - waistNavy (navel): 60% of the way from the hip level up to the natural waist (the navel is not
 *   visible in geometry; this placement is our documented estimate);
 * - stomach: the height of maximal anterior (+Z) protrusion between hips and waist, the navel's
 *   on a belly without a bulge (stomachIndex);
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
import { extremumIndex } from './limb-axes.ts';
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
 * bridgeGaps: the torso loops may have angular gaps (a fit's labels leave the arms out; a capture
 * may miss part of the back): bridge them by interpolated arcs in the section-size proxy.
 */
export function findTorsoSites(stack: SliceStack, seg: Segmentation, statureM: number, acromionY: number, bridgeGaps = false): TorsoSites {
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
  const chestY = toY(extremumIndex(area, sliceOf(stack, 0.64 * H), sliceOf(stack, armpit - 0.01), 1));
  const lowerChestY = chestY - LOWER_CHEST_DROP_FRACTION * H;
  const waistY = toY(extremumIndex(area, sliceOf(stack, hipsY), sliceOf(stack, lowerChestY), -1));
  const navelY = hipsY + NAVEL_FRACTION * (waistY - hipsY);
  const stomachY = toY(stomachIndex(front, sliceOf(stack, hipsY), sliceOf(stack, waistY), navelY / stack.thicknessM - 0.5));
  // Never at or above the armpits (slice topology): where an arm joins the torso loop the cut
  // would include it.
  // (With a fitted model's labels too: above the axilla a horizontal tape cannot pass under the arm.)
  const upperChestY = Math.min(chestY + UPPER_CHEST_FRACTION * (acromionY - chestY), armpit - 0.01 * H);
  // The head (vertex to chin) is about 1/8 of stature but hardly grows with it (adults: 20–24 cm),
  // so on tall bodies 87.5% of stature is still on the neck: the search stops under the chin,
  // whichever of 87.5% of stature or 22 cm below the vertex is higher.
  const neckY = toY(extremumIndex(area, sliceOf(stack, acromionY + 0.015 * H), sliceOf(stack, Math.max(0.875 * H, H - HEAD_HEIGHT_M)), -1));
  const centreAt = (y: number): [number, number] => {
    for (let d = 0; d < 6; d++) {
      for (const s of [sliceOf(stack, y) + d, sliceOf(stack, y) - d]) {
        const loop = seg.torsoLoop[s];
        if (loop) return [loop.cx, loop.cz];
      }
    }
    return [0, 0];
  };
  const below = centreAt(neckY - 0.02), above = centreAt(neckY + 0.02);
  const neckAxis = normalize([above[0] - below[0], 0.04, above[1] - below[1]]);
  return { hipsY, chestY, lowerChestY, waistY, navelY, stomachY, upperChestY, neckY, neckAxis, centreAt };
}

/**
 * A belly bulge's prominence (m: how far it stands above the front profile's lowest point between it
 * and any higher point, or the range's end) below which it does not count, and above which it counts
 * fully; in between the stomach's level is a blend of the bulge's and the navel's (see stomachIndex).
 */
const BULGE_PROMINENCE_MIN_M = 0.00075;
const BULGE_PROMINENCE_FULL_M = 0.00225;

/**
 * The stomach's level (a fractional slice index): the most protruding bulge of the front profile
 * between the hips and the waist (slice indices i0..i1), or, on a belly without one, the navel's
 * level (`navelIndex`), as anthropometric protocols measure a flat abdomen at the umbilicus.
 * - The bulge: on the profile averaged over ±3 slices, the highest local maximum with a prominence
 *   of at least BULGE_PROMINENCE_MIN_M, refined on the raw profile (extremumIndex). The range's
 *   hip end counts (an obese belly can protrude most at the hips' level); its waist end never does:
 *   the profile rises there where the ribcage and bust come in.
 * - Between BULGE_PROMINENCE_MIN_M and BULGE_PROMINENCE_FULL_M the level is the bulge's and the
 *   navel's mixed in proportion, so it moves with the profile instead of jumping.
 * Why: with "the bulge, else the range's maximum", a flat belly's stomach sat at the waist (the
 * range's top) on one recording and at the hips on the next (girths 564 and 776 mm), or at the waist
 * itself on both (then stomachFit = waistFit).
 */
export function stomachIndex(front: ArrayLike<number>, i0: number, i1: number, navelIndex: number): number {
  const lo = Math.max(0, i0), hi = Math.min(front.length - 1, i1);
  const n = hi - lo + 1;
  if (n < 5) return navelIndex;
  const smooth = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = 0, count = 0;
    for (let k = Math.max(lo, lo + i - 3); k <= Math.min(hi, lo + i + 3); k++) if (Number.isFinite(front[k])) { sum += front[k]; count++; }
    smooth[i] = count > 0 ? sum / count : -Infinity;
  }
  let best = -1, bestProminence = 0;
  // The hips' end counts (a low, pendulous belly), the waist's end never does (the ribcage).
  for (let i = 0; i < n - 1; i++) {
    const v = smooth[i];
    if (!((i === 0 || v > smooth[i - 1]) && v >= smooth[i + 1])) continue;
    // Prominence: the deepest dip on each side before a higher point (or the end).
    // (The hips' end has no side below it: only the dip above it counts.)
    let left = i === 0 ? -Infinity : v, right = v;
    for (let k = i - 1; k >= 0 && smooth[k] <= v; k--) left = Math.min(left, smooth[k]);
    for (let k = i + 1; k < n && smooth[k] <= v; k++) right = Math.min(right, smooth[k]);
    const prominence = v - Math.max(left, right);
    if (prominence < BULGE_PROMINENCE_MIN_M) continue;
    if (best < 0 || v > smooth[best]) { best = i; bestProminence = prominence; }
  }
  if (best < 0) return navelIndex;
  const bulge = extremumIndex(front, lo + best - 2, lo + best + 2, 1);
  const share = Math.min(1, (bestProminence - BULGE_PROMINENCE_MIN_M) / (BULGE_PROMINENCE_FULL_M - BULGE_PROMINENCE_MIN_M));
  return share * bulge + (1 - share) * navelIndex;
}
