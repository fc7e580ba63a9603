// Uniform-by-area point sampling of a triangle mesh (e.g. to imitate a scanner's point cloud),
// plus isotropic Gaussian noise. Units follow the positions.
import type { SeededRandom } from './seeded-random.ts';
import { triangleAreas } from './mesh-metrics.ts';

/** `count` points uniformly distributed over the surface by area, xyz interleaved. */
export function sampleSurface(positions: ArrayLike<number>, triangles: ArrayLike<number>, count: number, random: SeededRandom): Float64Array {
  const areas = triangleAreas(positions, triangles);
  const cumulative = new Float64Array(areas.length);
  let total = 0;
  for (let t = 0; t < areas.length; t++) { total += areas[t]; cumulative[t] = total; }
  const out = new Float64Array(3 * count);
  for (let i = 0; i < count; i++) {
    const target = random.uniform() * total;
    let lo = 0, hi = areas.length - 1;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (cumulative[mid] < target) lo = mid + 1; else hi = mid; }
    // Uniform barycentric point: (1 - sqrt(r1), sqrt(r1)(1 - r2), sqrt(r1) r2).
    const s = Math.sqrt(random.uniform()), r2 = random.uniform();
    const wa = 1 - s, wb = s * (1 - r2), wc = s * r2;
    const a = 3 * triangles[3 * lo], b = 3 * triangles[3 * lo + 1], c = 3 * triangles[3 * lo + 2];
    for (let k = 0; k < 3; k++) out[3 * i + k] = wa * positions[a + k] + wb * positions[b + k] + wc * positions[c + k];
  }
  return out;
}

/** Adds independent N(0, sigma^2) noise to every coordinate, in place. */
export function addGaussianNoise(points: Float64Array, sigma: number, random: SeededRandom): Float64Array {
  for (let i = 0; i < points.length; i++) points[i] += sigma * random.normal();
  return points;
}
