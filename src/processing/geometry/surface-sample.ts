/**
 * Uniform random points on a triangle mesh surface: triangle chosen with probability ∝ area
 * (binary search in the cumulative areas), position uniform in the triangle (folded barycentric).
 * Deterministic from the seed. Used to turn meshes into evenly spread points for slicing (mesh
 * vertices are often in rings, which would leave some slices empty) and by the synthetic scanner.
 */
import { makeRandom } from './prng.ts';

/**
 * Writes `count` points (xyz, same unit as positions) into a new Float32Array.
 * `skip(t)` may exclude triangles (e.g. internal faces a scanner cannot see).
 */
export function sampleSurface(
  positions: ArrayLike<number>,
  indices: ArrayLike<number>,
  count: number,
  seed: number,
  skip?: (triangle: number) => boolean,
): Float32Array {
  const random = makeRandom(seed);
  const p = positions;
  const triangles = Math.floor(indices.length / 3);
  const cumulative = new Float64Array(triangles);
  let total = 0;
  for (let t = 0; t < triangles; t++) {
    if (!skip || !skip(t)) {
      const a = 3 * indices[3 * t], b = 3 * indices[3 * t + 1], c = 3 * indices[3 * t + 2];
      const ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2];
      const vx = p[c] - p[a], vy = p[c + 1] - p[a + 1], vz = p[c + 2] - p[a + 2];
      total += 0.5 * Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
    }
    cumulative[t] = total;
  }
  const out = new Float32Array(3 * count);
  if (total <= 0) return out.subarray(0, 0);
  for (let i = 0; i < count; i++) {
    const target = random() * total;
    let lo = 0, hi = triangles - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] <= target) lo = mid + 1; else hi = mid;
    }
    let r1 = random(), r2 = random();
    if (r1 + r2 > 1) { r1 = 1 - r1; r2 = 1 - r2; }
    const a = 3 * indices[3 * lo], b = 3 * indices[3 * lo + 1], c = 3 * indices[3 * lo + 2];
    for (let k = 0; k < 3; k++) out[3 * i + k] = p[a + k] + r1 * (p[b + k] - p[a + k]) + r2 * (p[c + k] - p[a + k]);
  }
  return out;
}
