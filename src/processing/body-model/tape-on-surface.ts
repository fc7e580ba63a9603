/**
 * A tape measure laid on a triangle surface in a plane: every edge of the given triangles that the
 * plane crosses gives a cut point (linear interpolation along the edge); the cut points within
 * `reachM` of the plane's centre are wrapped by their convex hull (a tape pulled taut bridges
 * concavities and gaps), whose perimeter is the girth. Unlike a cut that keeps one
 * connected piece of the cut, this wraps every piece: the caller restricts the triangles to the body
 * parts the tape goes around (site-tape-parts.ts), so a torso cut whose arm-labelled sides are left
 * out (two arcs, front and back) is still one girth.
 * Any frame; lengths in the mesh's unit (m here).
 */
export interface SurfaceTape {
  /** Perimeter of the hull (m). */
  perimeterM: number;
  /** Hull points in order around the normal, xyz interleaved (m). */
  ringM: Float32Array;
  /** How many cut points the hull wraps (0: the plane misses the triangles). */
  cutPointCount: number;
}

/**
 * Cuts `triangles` (vertex indices into positionsM, 3 per triangle) with the plane through centreM
 * with unit normal, keeping cut points within reachM of the centre. Null when no point is kept.
 */
export function tapeOnSurface(
  positionsM: Float32Array, triangles: Uint32Array, centreM: ArrayLike<number>, normal: ArrayLike<number>, reachM = 0.8,
): SurfaceTape | null {
  const nx = normal[0], ny = normal[1], nz = normal[2];
  const cx = centreM[0], cy = centreM[1], cz = centreM[2];
  // In-plane basis (u, w) with u x w = normal.
  const hx = Math.abs(nx) < 0.9 ? 1 : 0, hy = Math.abs(nx) < 0.9 ? 0 : 1;
  let ux = hy * nz, uy = -hx * nz, uz = hx * ny - hy * nx;
  const ul = Math.hypot(ux, uy, uz);
  ux /= ul; uy /= ul; uz /= ul;
  const wx = ny * uz - nz * uy, wy = nz * ux - nx * uz, wz = nx * uy - ny * ux;
  const reach2 = reachM * reachM;
  // At most two crossed edges per triangle; a shared edge is simply listed twice (harmless for a hull).
  const maxPoints = (2 * triangles.length) / 3;
  const u = new Float64Array(maxPoints), w = new Float64Array(maxPoints);
  let count = 0;
  const add = (a: number, b: number, da: number, db: number): void => {
    const t = da / (da - db);
    const x = positionsM[a * 3] + t * (positionsM[b * 3] - positionsM[a * 3]) - cx;
    const y = positionsM[a * 3 + 1] + t * (positionsM[b * 3 + 1] - positionsM[a * 3 + 1]) - cy;
    const z = positionsM[a * 3 + 2] + t * (positionsM[b * 3 + 2] - positionsM[a * 3 + 2]) - cz;
    if (x * x + y * y + z * z > reach2) return;
    u[count] = x * ux + y * uy + z * uz;
    w[count] = x * wx + y * wy + z * wz;
    count++;
  };
  for (let t = 0; t < triangles.length; t += 3) {
    const a = triangles[t], b = triangles[t + 1], c = triangles[t + 2];
    const da = (positionsM[a * 3] - cx) * nx + (positionsM[a * 3 + 1] - cy) * ny + (positionsM[a * 3 + 2] - cz) * nz;
    const db = (positionsM[b * 3] - cx) * nx + (positionsM[b * 3 + 1] - cy) * ny + (positionsM[b * 3 + 2] - cz) * nz;
    const dc = (positionsM[c * 3] - cx) * nx + (positionsM[c * 3 + 1] - cy) * ny + (positionsM[c * 3 + 2] - cz) * nz;
    const sa = da >= 0, sb = db >= 0, sc = dc >= 0;
    if (sa === sb && sb === sc) continue;
    if (sa !== sb) add(a, b, da, db);
    if (sb !== sc) add(b, c, db, dc);
    if (sc !== sa) add(c, a, dc, da);
  }
  if (count === 0) return null;
  const hull = convexHull(u, w, count);
  let perimeterM = 0;
  const ringM = new Float32Array(hull.length * 3);
  for (let k = 0; k < hull.length; k++) {
    const i = hull[k], j = hull[(k + 1) % hull.length];
    perimeterM += Math.hypot(u[j] - u[i], w[j] - w[i]);
    ringM[k * 3] = cx + u[i] * ux + w[i] * wx;
    ringM[k * 3 + 1] = cy + u[i] * uy + w[i] * wy;
    ringM[k * 3 + 2] = cz + u[i] * uz + w[i] * wz;
  }
  return { perimeterM, ringM, cutPointCount: count };
}

/** Andrew's monotone chain over the first `count` points; point indices counter-clockwise in (u, w). */
function convexHull(u: Float64Array, w: Float64Array, count: number): Uint32Array {
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  order.sort((a, b) => u[a] - u[b] || w[a] - w[b]);
  if (count < 3) return order;
  const hull = new Uint32Array(2 * count);
  let k = 0;
  const cross = (o: number, a: number, b: number): number => (u[a] - u[o]) * (w[b] - w[o]) - (w[a] - w[o]) * (u[b] - u[o]);
  for (let i = 0; i < count; i++) {
    while (k >= 2 && cross(hull[k - 2], hull[k - 1], order[i]) <= 0) k--;
    hull[k++] = order[i];
  }
  for (let i = count - 2, lower = k + 1; i >= 0; i--) {
    while (k >= lower && cross(hull[k - 2], hull[k - 1], order[i]) <= 0) k--;
    hull[k++] = order[i];
  }
  return hull.slice(0, Math.max(1, k - 1));
}
