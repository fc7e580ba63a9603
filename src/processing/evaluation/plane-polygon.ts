// 2-D geometry of slice loops in their cutting plane: projection to an in-plane basis, enclosed
// area, point-in-polygon, convex hull and its perimeter (the tape-equivalent girth). Units follow
// the input (metres in the evaluation).

/** Orthonormal in-plane basis (u, v) for a unit normal n, u x v = n. */
export function planeBasis(normal: readonly [number, number, number]): { u: [number, number, number]; v: [number, number, number] } {
  const [nx, ny, nz] = normal;
  const length = Math.hypot(nx, ny, nz);
  const n: [number, number, number] = [nx / length, ny / length, nz / length];
  // Helper axis: the world axis least aligned with n.
  const helper: [number, number, number] = Math.abs(n[0]) < 0.6 ? [1, 0, 0] : Math.abs(n[1]) < 0.6 ? [0, 1, 0] : [0, 0, 1];
  const dot = helper[0] * n[0] + helper[1] * n[1] + helper[2] * n[2];
  const uRaw: [number, number, number] = [helper[0] - dot * n[0], helper[1] - dot * n[1], helper[2] - dot * n[2]];
  const ul = Math.hypot(...uRaw);
  const u: [number, number, number] = [uRaw[0] / ul, uRaw[1] / ul, uRaw[2] / ul];
  const v: [number, number, number] = [n[1] * u[2] - n[2] * u[1], n[2] * u[0] - n[0] * u[2], n[0] * u[1] - n[1] * u[0]];
  return { u, v };
}

/** Projects xyz-interleaved points onto (u, v) about `origin`: uv interleaved. */
export function projectToPlane(
  points: ArrayLike<number>, origin: readonly [number, number, number],
  basis: { u: readonly number[]; v: readonly number[] },
): Float64Array {
  const count = points.length / 3;
  const out = new Float64Array(2 * count);
  for (let i = 0; i < count; i++) {
    const dx = points[3 * i] - origin[0], dy = points[3 * i + 1] - origin[1], dz = points[3 * i + 2] - origin[2];
    out[2 * i] = dx * basis.u[0] + dy * basis.u[1] + dz * basis.u[2];
    out[2 * i + 1] = dx * basis.v[0] + dy * basis.v[1] + dz * basis.v[2];
  }
  return out;
}

/** |signed area| of a closed polygon given as uv interleaved. */
export function polygonArea(uv: ArrayLike<number>): number {
  const n = uv.length / 2;
  let twice = 0;
  for (let i = 0, j = n - 1; i < n; j = i++) twice += uv[2 * j] * uv[2 * i + 1] - uv[2 * i] * uv[2 * j + 1];
  return Math.abs(twice) / 2;
}

/** Even-odd point-in-polygon test. */
export function polygonContains(uv: ArrayLike<number>, pu: number, pv: number): boolean {
  const n = uv.length / 2;
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const ui = uv[2 * i], vi = uv[2 * i + 1], uj = uv[2 * j], vj = uv[2 * j + 1];
    if ((vi > pv) !== (vj > pv) && pu < ((uj - ui) * (pv - vi)) / (vj - vi) + ui) inside = !inside;
  }
  return inside;
}

/** Convex hull (Andrew's monotone chain), counter-clockwise, uv interleaved. */
export function convexHull2d(uv: ArrayLike<number>): Float64Array {
  const n = uv.length / 2;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => uv[2 * a] - uv[2 * b] || uv[2 * a + 1] - uv[2 * b + 1]);
  const cross = (o: number, a: number, b: number): number =>
    (uv[2 * a] - uv[2 * o]) * (uv[2 * b + 1] - uv[2 * o + 1]) - (uv[2 * a + 1] - uv[2 * o + 1]) * (uv[2 * b] - uv[2 * o]);
  const hull: number[] = [];
  for (const pass of [order, [...order].reverse()]) {
    const start = hull.length;
    for (const i of pass) {
      while (hull.length >= start + 2 && cross(hull[hull.length - 2], hull[hull.length - 1], i) <= 0) hull.pop();
      hull.push(i);
    }
    hull.pop();
  }
  const out = new Float64Array(2 * hull.length);
  hull.forEach((i, k) => { out[2 * k] = uv[2 * i]; out[2 * k + 1] = uv[2 * i + 1]; });
  return out;
}

/** Perimeter of a closed polygon, uv interleaved. */
export function polygonPerimeter(uv: ArrayLike<number>): number {
  const n = uv.length / 2;
  let sum = 0;
  for (let i = 0, j = n - 1; i < n; j = i++) sum += Math.hypot(uv[2 * i] - uv[2 * j], uv[2 * i + 1] - uv[2 * j + 1]);
  return sum;
}

/** Perimeter of a closed 3-D polyline (xyz interleaved). */
export function loopLength3d(points: ArrayLike<number>): number {
  const n = points.length / 3;
  let sum = 0;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    sum += Math.hypot(points[3 * i] - points[3 * j], points[3 * i + 1] - points[3 * j + 1], points[3 * i + 2] - points[3 * j + 2]);
  }
  return sum;
}
