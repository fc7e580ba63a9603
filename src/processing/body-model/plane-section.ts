/**
 * Tape-measure girth of a closed triangle mesh on a plane: the mesh is cut by the plane, the cut's
 * connected pieces are found, and the piece around the given centre (its convex hull contains the
 * centre, else the piece nearest to it) is wrapped by its convex hull, whose perimeter is the girth.
 * Any frame; lengths in the mesh's unit (m here).
 */
export interface PlaneGirth {
  perimeterM: number;
  /** Convex hull ring, xyz interleaved (m), in order around the plane normal. */
  ringM: Float32Array;
}

/** Cuts the mesh with the plane through centre with unit normal; null when the plane misses the mesh. */
export function planeGirth(
  positionsM: Float32Array, indices: Uint32Array, centerM: readonly number[], normal: readonly number[],
): PlaneGirth | null {
  const [nx, ny, nz] = normal;
  // In-plane basis (u, w) with u x w = normal.
  const helper = Math.abs(nx) < 0.9 ? [1, 0, 0] : [0, 1, 0];
  let ux = helper[1] * nz - helper[2] * ny, uy = helper[2] * nx - helper[0] * nz, uz = helper[0] * ny - helper[1] * nx;
  const ul = Math.hypot(ux, uy, uz);
  ux /= ul; uy /= ul; uz /= ul;
  const wx = ny * uz - nz * uy, wy = nz * ux - nx * uz, wz = nx * uy - ny * ux;
  const vertexCount = positionsM.length / 3;
  const distance = new Float64Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) {
    distance[v] = (positionsM[v * 3] - centerM[0]) * nx + (positionsM[v * 3 + 1] - centerM[1]) * ny + (positionsM[v * 3 + 2] - centerM[2]) * nz;
  }
  // Each crossed edge becomes one cut point (keyed by its vertex pair); a triangle's two crossed edges are joined.
  const pointOfEdge = new Map<number, number>();
  const u: number[] = [], w: number[] = [];
  const parent: number[] = [];
  const find = (i: number): number => { while (parent[i] !== i) { parent[i] = parent[parent[i]]; i = parent[i]; } return i; };
  const cutPoint = (a: number, b: number): number => {
    const key = a < b ? a * vertexCount + b : b * vertexCount + a;
    const known = pointOfEdge.get(key);
    if (known !== undefined) return known;
    const t = distance[a] / (distance[a] - distance[b]);
    const x = positionsM[a * 3] + t * (positionsM[b * 3] - positionsM[a * 3]) - centerM[0];
    const y = positionsM[a * 3 + 1] + t * (positionsM[b * 3 + 1] - positionsM[a * 3 + 1]) - centerM[1];
    const z = positionsM[a * 3 + 2] + t * (positionsM[b * 3 + 2] - positionsM[a * 3 + 2]) - centerM[2];
    u.push(x * ux + y * uy + z * uz);
    w.push(x * wx + y * wy + z * wz);
    parent.push(parent.length);
    pointOfEdge.set(key, u.length - 1);
    return u.length - 1;
  };
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t], b = indices[t + 1], c = indices[t + 2];
    const sa = distance[a] >= 0, sb = distance[b] >= 0, sc = distance[c] >= 0;
    if (sa === sb && sb === sc) continue;
    const crossed: number[] = [];
    if (sa !== sb) crossed.push(cutPoint(a, b));
    if (sb !== sc) crossed.push(cutPoint(b, c));
    if (sc !== sa) crossed.push(cutPoint(c, a));
    parent[find(crossed[0])] = find(crossed[1]);
  }
  if (u.length === 0) return null;
  const pieces = new Map<number, number[]>();
  for (let i = 0; i < u.length; i++) {
    const root = find(i);
    const piece = pieces.get(root);
    if (piece) piece.push(i); else pieces.set(root, [i]);
  }
  let best: number[] | null = null;
  let bestScore = Infinity;
  for (const piece of pieces.values()) {
    const hull = convexHull(piece, u, w);
    // Score: 0 when the hull contains the centre (smallest such hull wins), else the distance to it.
    const inside = containsOrigin(hull, u, w);
    const score = inside ? -1 / (1 + hullPerimeter(hull, u, w)) : Math.min(...piece.map((i) => Math.hypot(u[i], w[i])));
    if (score < bestScore) { bestScore = score; best = hull; }
  }
  const hull = best as number[];
  const ringM = new Float32Array(hull.length * 3);
  hull.forEach((i, k) => {
    ringM[k * 3] = centerM[0] + u[i] * ux + w[i] * wx;
    ringM[k * 3 + 1] = centerM[1] + u[i] * uy + w[i] * wy;
    ringM[k * 3 + 2] = centerM[2] + u[i] * uz + w[i] * wz;
  });
  return { perimeterM: hullPerimeter(hull, u, w), ringM };
}

/** Andrew's monotone chain; returns point ids counter-clockwise in (u, w). */
function convexHull(ids: number[], u: number[], w: number[]): number[] {
  const sorted = [...ids].sort((a, b) => u[a] - u[b] || w[a] - w[b]);
  if (sorted.length < 3) return sorted;
  const cross = (o: number, a: number, b: number): number => (u[a] - u[o]) * (w[b] - w[o]) - (w[a] - w[o]) * (u[b] - u[o]);
  const lower: number[] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: number[] = [];
  for (let i = sorted.length - 1; i >= 0; i--) {
    const p = sorted[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  lower.pop(); upper.pop();
  return lower.concat(upper);
}

function hullPerimeter(hull: number[], u: number[], w: number[]): number {
  let perimeter = 0;
  for (let k = 0; k < hull.length; k++) {
    const a = hull[k], b = hull[(k + 1) % hull.length];
    perimeter += Math.hypot(u[b] - u[a], w[b] - w[a]);
  }
  return perimeter;
}

function containsOrigin(hull: number[], u: number[], w: number[]): boolean {
  if (hull.length < 3) return false;
  for (let k = 0; k < hull.length; k++) {
    const a = hull[k], b = hull[(k + 1) % hull.length];
    if (u[a] * w[b] - w[a] * u[b] < 0) return false;
  }
  return true;
}
