/**
 * The floor of a recording: the near-horizontal plane with the most support, found by RANSAC
 * (Fischler & Bolles 1981) on world points, then refined by least squares on its inliers.
 * World frame: ARKit's, metres, y up along gravity, so a floor's normal is within a few degrees of +y
 * and only such planes are considered (a wall or a table edge can never win).
 */
import { makeRandom } from '../geometry/prng.ts';
import { transformPoints } from '../geometry/camera-pose.ts';

export interface FloorPlane {
  /** Unit normal (pointing up) and offset: the plane is n·p + d = 0; height above it is n·p + d (m). */
  normal: [number, number, number];
  d: number;
  /** Fraction of the sampled points within the inlier distance. */
  inlierFraction: number;
  inliers: number;
}

export interface FloorOptions {
  /** Largest angle between a candidate plane's normal and +y (degrees). */
  maxTiltDeg: number;
  /** Inlier distance (m): above LiDAR noise at 2–3 m, below an ankle's height. */
  inlierM: number;
  iterations: number;
  /** Fewer inliers than this: no floor. */
  minInliers: number;
  seed: number;
}

export const DEFAULT_FLOOR: FloorOptions = { maxTiltDeg: 10, inlierM: 0.02, iterations: 300, minInliers: 200, seed: 1 };

/**
 * Floor plane of `count` xyz-interleaved world points (m), or null when no near-horizontal plane has
 * minInliers points. Among planes of similar support (within 20 %), the lowest wins: a bed or table
 * top can hold many points, but a person stands on the floor below it. Deterministic for a seed.
 */
export function detectFloor(points: Float32Array, count: number, options: FloorOptions = DEFAULT_FLOOR): FloorPlane | null {
  if (count < 3) return null;
  const random = makeRandom(options.seed);
  const cosMax = Math.cos((options.maxTiltDeg * Math.PI) / 180);
  let best: { n: [number, number, number]; d: number; inliers: number } | null = null;
  for (let it = 0; it < options.iterations; it++) {
    const a = Math.floor(random() * count), b = Math.floor(random() * count), c = Math.floor(random() * count);
    const ux = points[3 * b] - points[3 * a], uy = points[3 * b + 1] - points[3 * a + 1], uz = points[3 * b + 2] - points[3 * a + 2];
    const vx = points[3 * c] - points[3 * a], vy = points[3 * c + 1] - points[3 * a + 1], vz = points[3 * c + 2] - points[3 * a + 2];
    let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const len = Math.hypot(nx, ny, nz);
    if (len < 1e-9) continue;
    if (ny < 0) { nx = -nx; ny = -ny; nz = -nz; }
    nx /= len; ny /= len; nz /= len;
    if (ny < cosMax) continue;
    const d = -(nx * points[3 * a] + ny * points[3 * a + 1] + nz * points[3 * a + 2]);
    let inliers = 0;
    for (let i = 0; i < count; i++) {
      if (Math.abs(nx * points[3 * i] + ny * points[3 * i + 1] + nz * points[3 * i + 2] + d) <= options.inlierM) inliers++;
    }
    if (inliers < options.minInliers) continue;
    // Height of this plane along +y at the origin is −d/ny; lower planes win near-ties.
    const lower = best !== null && -d / ny < -best.d / best.n[1] - options.inlierM;
    if (best === null || inliers > 1.2 * best.inliers || (lower && inliers > 0.8 * best.inliers)) best = { n: [nx, ny, nz], d, inliers };
  }
  if (!best) return null;
  return refine(points, count, best.n, best.d, options.inlierM);
}

/** Least-squares plane y = a·x + b·z + c through the inliers of (n, d), twice. */
function refine(points: Float32Array, count: number, n: [number, number, number], d: number, inlierM: number): FloorPlane {
  let normal = n, offset = d, inliers = 0;
  for (let pass = 0; pass < 2; pass++) {
    let sxx = 0, sxz = 0, szz = 0, sx = 0, sz = 0, s1 = 0, sxy = 0, szy = 0, sy = 0;
    inliers = 0;
    for (let i = 0; i < count; i++) {
      const x = points[3 * i], y = points[3 * i + 1], z = points[3 * i + 2];
      if (Math.abs(normal[0] * x + normal[1] * y + normal[2] * z + offset) > inlierM) continue;
      inliers++;
      sxx += x * x; sxz += x * z; szz += z * z; sx += x; sz += z; s1++; sxy += x * y; szy += z * y; sy += y;
    }
    // Normal equations of [x z 1]·[a b c]ᵀ = y, solved by Cramer's rule.
    const m = [sxx, sxz, sx, sxz, szz, sz, sx, sz, s1];
    const det3 = (q: number[]) => q[0] * (q[4] * q[8] - q[5] * q[7]) - q[1] * (q[3] * q[8] - q[5] * q[6]) + q[2] * (q[3] * q[7] - q[4] * q[6]);
    const det = det3(m);
    if (!(Math.abs(det) > 1e-12)) break;
    const rhs = [sxy, szy, sy];
    const solve = (col: number) => det3(m.map((v, k) => (k % 3 === col ? rhs[Math.floor(k / 3)] : v))) / det;
    const a = solve(0), b = solve(1), c = solve(2);
    // y − a·x − b·z − c = 0  →  n ∝ (−a, 1, −b).
    const len = Math.hypot(a, 1, b);
    normal = [-a / len, 1 / len, -b / len];
    offset = -c / len;
  }
  return { normal, d: offset, inlierFraction: inliers / count, inliers };
}

/** Signed height of point (x, y, z) above the plane (m). */
export function heightAbove(plane: FloorPlane, x: number, y: number, z: number): number {
  return plane.normal[0] * x + plane.normal[1] * y + plane.normal[2] * z + plane.d;
}

/**
 * Points (model frame, m) rotated so the floor normal is +y, moved so the floor is at y = 0 and
 * `centre` (the person's centre, model frame) at x = z = 0.
 */
export function levelOnFloor(points: Float32Array, floor: FloorPlane, centre: readonly number[]): Float32Array {
  const { r, t } = levellingTransform(floor, centre);
  // Column-major 4x4 of q = R·p + t (R row-major).
  const m = Float64Array.of(r[0], r[3], r[6], 0, r[1], r[4], r[7], 0, r[2], r[5], r[8], 0, t[0], t[1], t[2], 1);
  return transformPoints(m, points);
}

/**
 * The rigid transform of levelOnFloor, q = R·p + t (R row-major; its middle row is the floor normal,
 * so q's y is the height above the floor): model frame → levelled frame (m).
 */
export function levellingTransform(floor: FloorPlane, centre: readonly number[]): { r: Float64Array; t: [number, number, number] } {
  const [nx, ny, nz] = floor.normal;
  // Rotation taking n to +y (Rodrigues about n × y), exact for the small tilts a floor has.
  // Axis n × (0, 1, 0) = (−nz, 0, nx); sin θ is its length, cos θ = ny.
  const ax = -nz, az = nx;
  const s = Math.hypot(ax, az), c = ny;
  const r = new Float64Array(9);
  if (s < 1e-9) { r[0] = r[4] = r[8] = 1; } else {
    const kx = ax / s, kz = az / s, k1 = 1 - c;
    // R = I cosθ + sinθ [k]× + (1 − cosθ) k kᵀ, k = (kx, 0, kz), rows.
    r[0] = c + kx * kx * k1; r[1] = -kz * s; r[2] = kx * kz * k1;
    r[3] = kz * s; r[4] = c; r[5] = -kx * s;
    r[6] = kx * kz * k1; r[7] = kx * s; r[8] = c + kz * kz * k1;
  }
  const [cx, cy, cz] = centre;
  // Row 1 of R is the normal (R takes n to +y), so the height is n·p + d exactly.
  r[3] = nx; r[4] = ny; r[5] = nz;
  return { r, t: [-(r[0] * cx + r[1] * cy + r[2] * cz), floor.d, -(r[6] * cx + r[7] * cy + r[8] * cz)] };
}

/**
 * Levelled points (floor at y = 0, m) with the feet continued straight down to the floor: every
 * point below `footCutM + stepM` is repeated every `stepM` down to y = 0. The person stands on the
 * floor, but readings within footCutM of it are removed with the floor (they cannot be told apart
 * from it), so without this the surface ends ~1 cm above the floor and everything measured from the
 * soles (stature, every site's height) sits that much low, and the feet lose that slab of volume.
 * The sides of a foot are near vertical at the sole, so a vertical continuation is the right shape.
 */
export function extendFeetToFloor(levelled: Float32Array, footCutM: number, stepM: number): Float32Array {
  const count = levelled.length / 3;
  const limitM = footCutM + stepM;
  let extra = 0;
  for (let i = 0; i < count; i++) {
    const y = levelled[3 * i + 1];
    if (y > 0 && y < limitM) extra += Math.ceil(y / stepM);
  }
  if (extra === 0) return levelled;
  const out = new Float32Array(levelled.length + 3 * extra);
  out.set(levelled);
  let o = levelled.length;
  for (let i = 0; i < count; i++) {
    const y = levelled[3 * i + 1];
    if (!(y > 0 && y < limitM)) continue;
    const copies = Math.ceil(y / stepM);
    for (let k = 1; k <= copies; k++) {
      out[o] = levelled[3 * i]; out[o + 1] = Math.max(0, y - k * stepM); out[o + 2] = levelled[3 * i + 2];
      o += 3;
    }
  }
  return out;
}
