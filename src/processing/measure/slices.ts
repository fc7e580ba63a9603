/**
 * Horizontal slices of the canonical body: points bucketed by height once (counting sort, O(n)),
 * then each slice split into connected loops (grid-components.ts) with per-loop statistics.
 * The slice stack is the backbone of segmentation: legs are two loops below the crotch, arms are
 * loops beside the torso below the armpits, the torso is the loop on the body axis.
 * Thickness and link distance adapt to the point density (points per m² of body surface).
 */
import type { ComponentScratch } from '../geometry/grid-components.ts';
import { labelComponents, makeComponentScratch } from '../geometry/grid-components.ts';

export interface Loop {
  count: number;
  cx: number;
  cz: number;
  minX: number;
  maxX: number;
  minZ: number;
  maxZ: number;
  /** Component label within its slice (labels[] value). */
  label: number;
}

export interface SliceStack {
  thicknessM: number;
  /** Link cell size used for loops (m). */
  cellM: number;
  sliceCount: number;
  /** Points of slice s are the sorted positions start[s] .. start[s+1]. */
  start: Uint32Array;
  /** Index in the input cloud of the point at each sorted position. */
  order: Uint32Array;
  /** Loop label of the point at each sorted position. */
  labels: Int32Array;
  loops: Loop[][];
  /**
   * The points in slice order (m, canonical, xyz interleaved): sorted position k is
   * points[3k .. 3k+2], i.e. input point order[k]. Slice scans then read memory front to back
   * instead of jumping through `order` (a 1M-point cloud is 12 MB: each jump was a cache miss).
   */
  points: Float32Array;
}

/** Centre height (m) of slice s. */
export function sliceY(stack: SliceStack, s: number): number {
  return (s + 0.5) * stack.thicknessM;
}

export function sliceOf(stack: SliceStack, y: number): number {
  return Math.min(stack.sliceCount - 1, Math.max(0, Math.floor(y / stack.thicknessM)));
}

export function pointDensity(count: number, statureM: number): number {
  return count / (0.62 * statureM * statureM);
}

export function buildSlices(points: Float32Array, count: number, statureM: number): SliceStack {
  const density = pointDensity(count, statureM);
  // ~10 points per cm of contour per slice, and ~8 points per link cell, so loops do not break.
  const thicknessM = Math.min(0.012, Math.max(0.004, 1000 / density));
  const cellM = Math.min(0.03, Math.max(0.01, 8 / (density * thicknessM)));
  const sliceCount = Math.ceil((statureM + 0.02) / thicknessM);
  const start = new Uint32Array(sliceCount + 1);
  const sliceOfPoint = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const s = Math.floor(points[3 * i + 1] / thicknessM);
    const clamped = s < 0 ? 0 : s >= sliceCount ? sliceCount - 1 : s;
    sliceOfPoint[i] = clamped;
    start[clamped + 1]++;
  }
  for (let s = 0; s < sliceCount; s++) start[s + 1] += start[s];
  const cursor = start.slice(0, sliceCount);
  // One pass reading the input front to back; writes go to one sequential stream per slice.
  const order = new Uint32Array(count);
  const sorted = new Float32Array(3 * count);
  for (let i = 0; i < count; i++) {
    const k = cursor[sliceOfPoint[i]]++;
    order[k] = i;
    sorted[3 * k] = points[3 * i]; sorted[3 * k + 1] = points[3 * i + 1]; sorted[3 * k + 2] = points[3 * i + 2];
  }
  const labels = new Int32Array(count);
  const loops: Loop[][] = [];
  const scratch: ComponentScratch = makeComponentScratch();
  let xz = new Float64Array(2048);
  let local = new Int32Array(1024);
  for (let s = 0; s < sliceCount; s++) {
    const a = start[s], b = start[s + 1], n = b - a;
    if (2 * n > xz.length) { xz = new Float64Array(4 * n); local = new Int32Array(2 * n); }
    for (let k = 0; k < n; k++) {
      xz[2 * k] = sorted[3 * (a + k)];
      xz[2 * k + 1] = sorted[3 * (a + k) + 2];
    }
    const m = labelComponents(xz, n, cellM, scratch, local);
    const stats: Loop[] = Array.from({ length: m }, (_, label) => ({ count: 0, cx: 0, cz: 0, minX: Infinity, maxX: -Infinity, minZ: Infinity, maxZ: -Infinity, label }));
    for (let k = 0; k < n; k++) {
      const l = local[k];
      labels[a + k] = l;
      const st = stats[l], x = xz[2 * k], z = xz[2 * k + 1];
      st.count++; st.cx += x; st.cz += z;
      if (x < st.minX) st.minX = x; if (x > st.maxX) st.maxX = x;
      if (z < st.minZ) st.minZ = z; if (z > st.maxZ) st.maxZ = z;
    }
    for (const st of stats) { st.cx /= st.count; st.cz /= st.count; }
    // Tiny loops (a few stray points) carry no structure: keep loops with ≥ 1% of the slice or ≥ 8 points.
    loops.push(stats.filter((st) => st.count >= Math.max(8, 0.01 * n)).sort((p, q) => q.count - p.count));
  }
  return { thicknessM, cellM, sliceCount, start, order, labels, loops, points: sorted };
}
