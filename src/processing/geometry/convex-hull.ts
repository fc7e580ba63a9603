/**
 * 2-D convex hull (Andrew's monotone chain) on flat xy-interleaved Float64Arrays.
 * A tape measure around a body part follows the convex hull of the cut, so every girth is the
 * perimeter of this hull (docs/measurements.md: a tape bridges hollows).
 * Scratch buffers are passed in and grown only when too small, so repeated cuts allocate nothing.
 */
export interface HullScratch {
  order: Uint32Array;
  hull: Float64Array;
}

export function makeHullScratch(capacity = 1024): HullScratch {
  return { order: new Uint32Array(capacity), hull: new Float64Array(2 * capacity + 4) };
}

function ensure(scratch: HullScratch, count: number): void {
  if (scratch.order.length < count) {
    scratch.order = new Uint32Array(count * 2);
    scratch.hull = new Float64Array(4 * count + 4);
  }
}

/**
 * Computes the hull of `count` points in `xy` (x0,y0,x1,y1,...). Returns the number of hull
 * vertices h; the hull is in scratch.hull[0 .. 2h) counter-clockwise, not closed (first != last).
 */
export function convexHull(xy: Float64Array, count: number, scratch: HullScratch): number {
  ensure(scratch, count);
  const order = scratch.order.subarray(0, count);
  for (let i = 0; i < count; i++) order[i] = i;
  order.sort((i, j) => xy[2 * i] - xy[2 * j] || xy[2 * i + 1] - xy[2 * j + 1]);
  const hull = scratch.hull;
  let k = 0;
  // Lower chain then upper chain; a point is kept only while it turns left (cross > 0).
  for (let pass = 0; pass < 2; pass++) {
    const start = k;
    for (let n = 0; n < count; n++) {
      const idx = pass === 0 ? order[n] : order[count - 1 - n];
      const px = xy[2 * idx];
      const py = xy[2 * idx + 1];
      while (k >= start + 2) {
        const ax = hull[2 * (k - 2)], ay = hull[2 * (k - 2) + 1];
        const bx = hull[2 * (k - 1)], by = hull[2 * (k - 1) + 1];
        if ((bx - ax) * (py - ay) - (by - ay) * (px - ax) > 0) break;
        k--;
      }
      hull[2 * k] = px;
      hull[2 * k + 1] = py;
      k++;
    }
    k--; // the last point of each chain is the first of the other
  }
  return Math.max(k, Math.min(count, 1));
}

/** Perimeter of a closed polygon given as h xy-interleaved vertices (same unit as the input). */
export function polygonPerimeter(xy: Float64Array, h: number): number {
  if (h < 2) return 0;
  let sum = 0;
  for (let i = 0; i < h; i++) {
    const j = i + 1 === h ? 0 : i + 1;
    sum += Math.hypot(xy[2 * j] - xy[2 * i], xy[2 * j + 1] - xy[2 * i + 1]);
  }
  return sum;
}

/** Signed area (shoelace) of a closed polygon of h xy-interleaved vertices; CCW is positive. */
export function polygonArea(xy: Float64Array, h: number): number {
  let sum = 0;
  for (let i = 0; i < h; i++) {
    const j = i + 1 === h ? 0 : i + 1;
    sum += xy[2 * i] * xy[2 * j + 1] - xy[2 * j] * xy[2 * i + 1];
  }
  return 0.5 * sum;
}

/** Convenience: convex-hull perimeter of a point set (allocates its own scratch). */
export function hullPerimeter(xy: Float64Array, count: number, scratch = makeHullScratch(count)): number {
  const h = convexHull(xy, count, scratch);
  return polygonPerimeter(scratch.hull, h);
}

/**
 * Whether (x, y) lies inside the counter-clockwise convex polygon of h xy-interleaved vertices
 * (as convexHull returns it) by at least marginM from every edge (same unit as the input).
 */
export function insideConvexPolygon(xy: Float64Array, h: number, x: number, y: number, marginM: number): boolean {
  if (h < 3) return false;
  for (let i = 0; i < h; i++) {
    const j = i + 1 === h ? 0 : i + 1;
    const ex = xy[2 * j] - xy[2 * i], ey = xy[2 * j + 1] - xy[2 * i + 1];
    const length = Math.hypot(ex, ey);
    if (length === 0) continue;
    // Left of a counter-clockwise edge is inside; the cross product over the length is the distance.
    if ((ex * (y - xy[2 * i + 1]) - ey * (x - xy[2 * i])) / length < marginM) return false;
  }
  return true;
}
