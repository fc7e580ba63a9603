// Rigid registration with 4 degrees of freedom (rotation about +Y, then translation) of a point set
// onto a dense reference point set (e.g. a surface sample of a mesh): trimmed ICP to nearest
// reference points from four initial yaws (0, 90, 180, 270 degrees), the best kept by the share of
// points that end within 1 cm. Both sets Y up, metres. Result: p_ref = R_y(yaw) p_src + translation.

export interface YawRegistration {
  yawRad: number;
  translationM: [number, number, number];
  /** RMS distance of the kept pairs after the last iteration (m). */
  rmsM: number;
  /** Share of source points kept by the trimming threshold. */
  inlierFraction: number;
}

const CELL_M = 0.01;
// Cell indices within +-SPAN (+-5.12 m) keep keys below 2^30 (small integers: fast Map keys).
const SPAN = 1 << 9;

/** Reference points bucketed in 1 cm cells (numeric keys), for nearest-point queries within 1 cell. */
interface Grid {
  points: ArrayLike<number>;
  cells: Map<number, number[]>;
}

const cellKey = (ix: number, iy: number, iz: number): number => ((ix + SPAN) * 2 * SPAN + (iy + SPAN)) * 2 * SPAN + (iz + SPAN);

function buildGrid(points: ArrayLike<number>): Grid {
  const cells = new Map<number, number[]>();
  for (let i = 0; i < points.length / 3; i++) {
    const key = cellKey(Math.floor(points[3 * i] / CELL_M), Math.floor(points[3 * i + 1] / CELL_M), Math.floor(points[3 * i + 2] / CELL_M));
    const list = cells.get(key);
    if (list) list.push(i); else cells.set(key, [i]);
  }
  return { points, cells };
}

/** Squared distance to the nearest reference point within the 27 surrounding cells (Infinity if none). */
function nearestSquared(grid: Grid, x: number, y: number, z: number, out: { index: number }): number {
  const cx = Math.floor(x / CELL_M), cy = Math.floor(y / CELL_M), cz = Math.floor(z / CELL_M);
  const p = grid.points;
  let best = Infinity;
  out.index = -1;
  for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) for (let dz = -1; dz <= 1; dz++) {
    const list = grid.cells.get(cellKey(cx + dx, cy + dy, cz + dz));
    if (!list) continue;
    for (const i of list) {
      const d = (p[3 * i] - x) ** 2 + (p[3 * i + 1] - y) ** 2 + (p[3 * i + 2] - z) ** 2;
      if (d < best) { best = d; out.index = i; }
    }
  }
  return best;
}

export function rotateYaw(yawRad: number, v: readonly number[]): [number, number, number] {
  const c = Math.cos(yawRad), s = Math.sin(yawRad);
  return [c * v[0] + s * v[2], v[1], -s * v[0] + c * v[2]];
}

export function applyYawTransform(r: Pick<YawRegistration, 'yawRad' | 'translationM'>, p: readonly number[]): [number, number, number] {
  const q = rotateYaw(r.yawRad, p);
  return [q[0] + r.translationM[0], q[1] + r.translationM[1], q[2] + r.translationM[2]];
}

/**
 * x/z centroid of the points above the lowest 5% of the height range (keeps a floor out), the top
 * y, and the angle atan2(z, x) of their principal horizontal axis (defined modulo pi).
 */
function anchor(points: ArrayLike<number>): { point: [number, number, number]; axisRad: number } {
  let minY = Infinity, maxY = -Infinity;
  for (let i = 1; i < points.length; i += 3) { minY = Math.min(minY, points[i]); maxY = Math.max(maxY, points[i]); }
  const cut = minY + 0.05 * (maxY - minY);
  let x = 0, z = 0, n = 0;
  for (let i = 0; i < points.length; i += 3) if (points[i + 1] > cut) { x += points[i]; z += points[i + 2]; n++; }
  x /= n; z /= n;
  let sxx = 0, szz = 0, sxz = 0;
  for (let i = 0; i < points.length; i += 3) {
    if (points[i + 1] <= cut) continue;
    const dx = points[i] - x, dz = points[i + 2] - z;
    sxx += dx * dx; szz += dz * dz; sxz += dx * dz;
  }
  return { point: [x, maxY, z], axisRad: 0.5 * Math.atan2(2 * sxz, sxx - szz) };
}

function icp(src: number[], grid: Grid, start: YawRegistration, iterations: number, thresholdM: number): YawRegistration {
  const n = src.length / 3;
  const hit = { index: -1 };
  let r = start;
  let threshold = thresholdM;
  const ref = grid.points;
  for (let iteration = 0; iteration < iterations; iteration++) {
    const pairs: number[] = [];
    const distances: number[] = [];
    for (let i = 0; i < n; i++) {
      const p = applyYawTransform(r, [src[3 * i], src[3 * i + 1], src[3 * i + 2]]);
      const d = Math.sqrt(nearestSquared(grid, p[0], p[1], p[2], hit));
      if (d <= threshold) { pairs.push(i, hit.index); distances.push(d); }
    }
    if (pairs.length < 6) return { ...r, inlierFraction: 0, rmsM: Infinity };
    const m = pairs.length / 2;
    const ms = [0, 0, 0], mr = [0, 0, 0];
    for (let k = 0; k < m; k++) for (let c = 0; c < 3; c++) { ms[c] += src[3 * pairs[2 * k] + c] / m; mr[c] += ref[3 * pairs[2 * k + 1] + c] / m; }
    let a = 0, b = 0;
    for (let k = 0; k < m; k++) {
      const xs = src[3 * pairs[2 * k]] - ms[0], zs = src[3 * pairs[2 * k] + 2] - ms[2];
      const xr = ref[3 * pairs[2 * k + 1]] - mr[0], zr = ref[3 * pairs[2 * k + 1] + 2] - mr[2];
      a += xs * xr + zs * zr;
      b += zs * xr - xs * zr;
    }
    const yawRad = Math.atan2(b, a);
    const rotated = rotateYaw(yawRad, ms);
    const rmsM = Math.sqrt(distances.reduce((s, d) => s + d * d, 0) / distances.length);
    const next: YawRegistration = { yawRad, translationM: [mr[0] - rotated[0], mr[1] - rotated[1], mr[2] - rotated[2]], rmsM, inlierFraction: m / n };
    const moved = Math.abs(next.yawRad - r.yawRad) + Math.hypot(next.translationM[0] - r.translationM[0], next.translationM[1] - r.translationM[1], next.translationM[2] - r.translationM[2]);
    r = next;
    if (moved < 1e-5) break;
    const sorted = distances.sort((p, q) => p - q);
    threshold = Math.max(0.008, Math.min(threshold, 3 * sorted[Math.floor(sorted.length / 2)]));
  }
  return r;
}

function closeShare(src: number[], grid: Grid, r: YawRegistration): number {
  const hit = { index: -1 };
  let close = 0;
  for (let i = 0; i < src.length; i += 3) {
    const p = applyYawTransform(r, [src[i], src[i + 1], src[i + 2]]);
    if (nearestSquared(grid, p[0], p[1], p[2], hit) <= 0.01 ** 2) close++;
  }
  return close / (src.length / 3);
}

function subsample(source: ArrayLike<number>, maxPoints: number): number[] {
  const stride = Math.max(1, Math.floor(source.length / 3 / maxPoints));
  const out: number[] = [];
  for (let i = 0; i < source.length / 3; i += stride) out.push(source[3 * i], source[3 * i + 1], source[3 * i + 2]);
  return out;
}

const grids = new WeakMap<object, Grid>();

export function registerYaw(source: ArrayLike<number>, reference: ArrayLike<number>, maxSourcePoints = 3000): YawRegistration {
  const coarse = subsample(source, 1500);
  const src = subsample(source, maxSourcePoints);
  let grid = grids.get(reference as object);
  if (!grid) { grid = buildGrid(reference); grids.set(reference as object, grid); }
  const as = anchor(src), ar = anchor(reference);
  let best: YawRegistration | null = null;
  let bestScore = -1;
  // Starts: principal horizontal axes aligned, in all four quarter turns (a direction at angle
  // atan2(z, x) = a is moved to a - yaw by rotateYaw).
  for (let k = 0; k < 4; k++) {
    const yawRad = as.axisRad - ar.axisRad + (k * Math.PI) / 2;
    const moved = rotateYaw(yawRad, as.point);
    const start: YawRegistration = {
      yawRad, translationM: [ar.point[0] - moved[0], ar.point[1] - as.point[1], ar.point[2] - moved[2]], rmsM: Infinity, inlierFraction: 0,
    };
    const r = icp(coarse, grid, start, 10, 0.15);
    const score = closeShare(coarse, grid, r);
    if (score > bestScore) { best = r; bestScore = score; }
  }
  if (!best || bestScore < 0.3) throw new Error('yaw-registration: no alignment brings a third of the points within 1 cm');
  return icp(src, grid, best, 25, 0.03);
}
