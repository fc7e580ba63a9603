/**
 * The point sets of a cut's loops (plane coordinates u, v in m, and for clouds each point's signed
 * distance from the plane) and what is done to them before a ring is fitted: merging the loops of
 * a labelled cut, dropping surface deep inside them, appending fill points from the fitted model.
 */
import { convexHull, insideConvexPolygon, makeHullScratch } from '../geometry/convex-hull.ts';

/** A selected loop: its points (u, v interleaved) and, for clouds, their offsets from the plane. */
export interface LoopPoints {
  uv: Float64Array;
  offsets: Float64Array;
}

/** A loop with fill points appended (on the plane: offset 0). */
export function withFill(loop: LoopPoints, fill: Float64Array): LoopPoints {
  const n = loop.offsets.length, m = fill.length / 2;
  const uv = new Float64Array(2 * (n + m));
  uv.set(loop.uv); uv.set(fill, 2 * n);
  const offsets = new Float64Array(n + m);
  offsets.set(loop.offsets);
  return { uv, offsets };
}

/** Points deeper than this inside the merged cut's hull (m) are not skin a tape could touch. */
const DEEP_INSIDE_M = 0.02;

/**
 * Keeps the points of a merged ring that lie within DEEP_INSIDE_M of its convex hull's boundary.
 * The tape is the hull, so deeper points never set it; but the ring is one radius per angle, and
 * inner surface (the mouth's interior under the chin on a tilted neck plane, a fold grazed by a
 * thick slab, stray points inside the body) would pull its fit inward.
 */
function dropDeepPoints(loop: LoopPoints): LoopPoints {
  const n = loop.offsets.length;
  const scratch = makeHullScratch(n);
  const h = convexHull(loop.uv, n, scratch);
  if (h < 3) return loop;
  const keep = new Uint8Array(n);
  let kept = 0;
  for (let i = 0; i < n; i++) {
    if (!insideConvexPolygon(scratch.hull, h, loop.uv[2 * i], loop.uv[2 * i + 1], DEEP_INSIDE_M)) { keep[i] = 1; kept++; }
  }
  if (kept === n) return loop;
  const uv = new Float64Array(2 * kept), offsets = new Float64Array(kept);
  for (let i = 0, m = 0; i < n; i++) {
    if (!keep[i]) continue;
    uv[2 * m] = loop.uv[2 * i]; uv[2 * m + 1] = loop.uv[2 * i + 1]; offsets[m] = loop.offsets[i]; m++;
  }
  return { uv, offsets };
}

/**
 * Joins loops into one (a ring with gaps is measured as one ring), without its deep points unless
 * keepInnerSurface.
 */
export function mergeLoops(loops: LoopPoints[], keepInnerSurface: boolean): LoopPoints[] {
  if (loops.length === 0) return loops;
  const total = loops.reduce((sum, l) => sum + l.offsets.length, 0);
  const uv = new Float64Array(2 * total), offsets = new Float64Array(total);
  let m = 0;
  for (const loop of loops) { uv.set(loop.uv, 2 * m); offsets.set(loop.offsets, m); m += loop.offsets.length; }
  return [keepInnerSurface ? { uv, offsets } : dropDeepPoints({ uv, offsets })];
}

