/**
 * Floor detection: a scan of a standing person often includes the floor around the feet, a dense
 * planar patch that would add area to the lowest slices and lift the stature. RANSAC finds the
 * plane with most inliers (|distance| < 1 cm) in a subsample; it is accepted as the floor only when
 * it is large (≥ 3% of points after a least-squares refit, spread ≥ 0.25 m RMS in the plane) and EXTREME: at most 1% of the other
 * points lie on its far side. The crotch plane of a body (a flat cap in synthetic meshes) fails the
 * extremeness test, a tabletop under the person cannot exist, so the rule is robust in practice.
 * Units: metres (the caller has already applied the unit scale).
 */
import type { Vec3 } from '../geometry/pca.ts';
import { cross, dot, normalize, principalAxes } from '../geometry/pca.ts';
import { makeRandom } from '../geometry/prng.ts';

export interface FloorPlane {
  /** Unit normal pointing to the body side. */
  normal: Vec3;
  /** Plane offset: points p on the plane satisfy dot(normal, p) = offset (m). */
  offset: number;
  inlierFraction: number;
}

/**
 * Indices 0..n−1 stably sorted by key (ties keep index order). Integer keys within ±2^30 are
 * packed with their index as key·n + i (exact in a double below 2^53) and sorted as plain numbers,
 * several times faster than a comparator sort of boxed indices; other keys take that slow path.
 */
function voxelOrder(key: Float64Array, n: number): Int32Array {
  const order = new Int32Array(n);
  let packable = n < 2 ** 22;
  for (let i = 0; i < n && packable; i++) packable = Number.isInteger(key[i]) && Math.abs(key[i]) <= 2 ** 30;
  if (!packable) {
    const boxed = Array.from({ length: n }, (_, i) => i).sort((a, b) => key[a] - key[b]);
    for (let i = 0; i < n; i++) order[i] = boxed[i];
    return order;
  }
  const packed = new Float64Array(n);
  for (let i = 0; i < n; i++) packed[i] = key[i] * n + i;
  packed.sort();
  for (let k = 0; k < n; k++) order[k] = ((packed[k] % n) + n) % n;
  return order;
}

/** preferredUp: candidate normals must be within 25° of this axis (either sign). */
export function findFloor(sample: Float64Array, n: number, preferredUp: Vec3 | null, seed = 7): FloorPlane | null {
  if (n < 100) return null;
  const random = makeRandom(seed);
  const threshold = 0.01;
  // Triplets are drawn from spatial neighbours (points sorted by 20 cm voxel), so a triplet lands on
  // the floor with probability ≈ the floor's share of points instead of its cube.
  const key = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const ix = Math.floor(sample[3 * i] / 0.2) + 512, iy = Math.floor(sample[3 * i + 1] / 0.2) + 512, iz = Math.floor(sample[3 * i + 2] / 0.2) + 512;
    key[i] = (ix * 1024 + iy) * 1024 + iz;
  }
  const order = voxelOrder(key, n);
  const neighbour = (at: number) => order[Math.min(n - 1, Math.max(0, at + Math.floor((random() - 0.5) * 60)))];
  let best: { normal: Vec3; offset: number; inliers: number } | null = null;
  for (let iter = 0; iter < 300; iter++) {
    const at = Math.floor(random() * n);
    const i = order[at], j = neighbour(at), k = neighbour(at);
    const a: Vec3 = [sample[3 * i], sample[3 * i + 1], sample[3 * i + 2]];
    const b: Vec3 = [sample[3 * j], sample[3 * j + 1], sample[3 * j + 2]];
    const c: Vec3 = [sample[3 * k], sample[3 * k + 1], sample[3 * k + 2]];
    const nrm = cross([b[0] - a[0], b[1] - a[1], b[2] - a[2]], [c[0] - a[0], c[1] - a[1], c[2] - a[2]]);
    const len = Math.hypot(nrm[0], nrm[1], nrm[2]);
    if (len < 1e-6) continue;
    const normal: Vec3 = [nrm[0] / len, nrm[1] / len, nrm[2] / len];
    if (preferredUp && Math.abs(dot(normal, preferredUp)) < Math.cos((25 * Math.PI) / 180)) continue;
    const offset = dot(normal, a);
    let inliers = 0, above = 0, below = 0;
    // Both sides past 1% of all points: the plane cannot be extreme (the test below would reject
    // it whatever the remaining points do), so stop counting; most candidates cut the body.
    const bothSides = 0.01 * n;
    for (let p = 0; p < n; p++) {
      const d = sample[3 * p] * normal[0] + sample[3 * p + 1] * normal[1] + sample[3 * p + 2] * normal[2] - offset;
      if (d < threshold && d > -threshold) inliers++;
      else if (d > 0) { if (++above > bothSides && below > bothSides) break; }
      else if (++below > bothSides && above > bothSides) break;
    }
    // Only extreme planes compete: a plane through the body (frontal, sagittal) can hold as many
    // points as a small floor patch, but has body on both sides.
    if (Math.min(above, below) > 0.01 * (above + below)) continue;
    if (!best || inliers > best.inliers) best = { normal, offset, inliers };
  }
  // Candidates from three noisy points are tilted, so accept a weaker one (2%) for the refit and
  // judge the refitted plane (≥ 3% inliers) below.
  if (!best || best.inliers < 0.02 * n) return null;
  // Least-squares refit (smallest principal axis of the inliers), twice: three-point candidates
  // are tilted by noise, and a 1° tilt lifts the edge of a 1.4 m floor patch by 1.2 cm.
  for (let pass = 0; pass < 2; pass++) {
    const current: { normal: Vec3; offset: number; inliers: number } = best;
    const isInlier = (p: number) => {
      const d = sample[3 * p] * current.normal[0] + sample[3 * p + 1] * current.normal[1] + sample[3 * p + 2] * current.normal[2] - current.offset;
      return d < threshold && d > -threshold;
    };
    const fit = principalAxes(sample, n, isInlier);
    let normal = fit.axes[2];
    if (dot(normal, current.normal) < 0) normal = [-normal[0], -normal[1], -normal[2]];
    best = { normal, offset: dot(normal, fit.mean), inliers: current.inliers };
  }
  // Refit by least squares on inliers, then test size and extremeness.
  let above = 0, below = 0, mx = 0, my = 0, mz = 0, count = 0;
  for (let p = 0; p < n; p++) {
    const x = sample[3 * p], y = sample[3 * p + 1], z = sample[3 * p + 2];
    const d = x * best.normal[0] + y * best.normal[1] + z * best.normal[2] - best.offset;
    if (Math.abs(d) < threshold) { mx += x; my += y; mz += z; count++; } else if (d > 0) above++; else below++;
  }
  if (count < 0.03 * n) return null;
  mx /= count; my /= count; mz /= count;
  let spread = 0;
  for (let p = 0; p < n; p++) {
    const x = sample[3 * p], y = sample[3 * p + 1], z = sample[3 * p + 2];
    const d = x * best.normal[0] + y * best.normal[1] + z * best.normal[2] - best.offset;
    if (Math.abs(d) < threshold) spread += (x - mx) ** 2 + (y - my) ** 2 + (z - mz) ** 2;
  }
  spread = Math.sqrt(spread / count);
  const far = Math.min(above, below), near = Math.max(above, below);
  if (spread < 0.25 || far > 0.01 * (near + far)) return null;
  const normal = normalize(above >= below ? best.normal : [-best.normal[0], -best.normal[1], -best.normal[2]]);
  return { normal, offset: dot(normal, [mx, my, mz]), inlierFraction: count / n };
}
