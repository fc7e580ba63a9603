// Rigid registration of a point set onto a dense reference point set (e.g. a surface sample of a
// mesh), both roughly Y up, metres: trimmed ICP to nearest reference points. Coarse stage: rotation
// about +Y only (4 DOF), from the principal horizontal axes aligned in all four quarter turns, the
// best kept by the share of points ending within 1 cm. Final stage: full rotation (6 DOF, Horn's
// quaternion method), so a slightly tilted source frame is matched too.
// Result: p_ref = R p_src + translation (R row-major 3x3).

export interface RigidRegistration {
  /** Rotation about +Y of the result (atan2 of R's x/z terms), for reporting. */
  yawRad: number;
  /** Row-major 3x3 rotation. */
  rotation: number[];
  translationM: [number, number, number];
  /** RMS distance of the kept pairs after the last iteration (m). */
  rmsM: number;
  /** Share of source points kept by the trimming threshold. */
  inlierFraction: number;
}

// Cell indices within +-SPAN (+-5.12 m) keep keys below 2^30 (small integers: fast Map keys).
const SPAN = 1 << 9;

/**
 * Reference points bucketed in cubic cells (numeric keys); nearest-point queries look at the 27
 * cells around a point, so a pair is found only within about one cell size: the coarse stage
 * uses 6 cm cells (can pull from up to ~6 cm away), the final stage 1 cm cells.
 */
interface Grid {
  points: ArrayLike<number>;
  cellM: number;
  cells: Map<number, number[]>;
}

const cellKey = (ix: number, iy: number, iz: number): number => ((ix + SPAN) * 2 * SPAN + (iy + SPAN)) * 2 * SPAN + (iz + SPAN);

function buildGrid(points: ArrayLike<number>, cellM: number): Grid {
  const cells = new Map<number, number[]>();
  for (let i = 0; i < points.length / 3; i++) {
    const key = cellKey(Math.floor(points[3 * i] / cellM), Math.floor(points[3 * i + 1] / cellM), Math.floor(points[3 * i + 2] / cellM));
    const list = cells.get(key);
    if (list) list.push(i); else cells.set(key, [i]);
  }
  return { points, cellM, cells };
}

/** Squared distance to the nearest reference point within the 27 surrounding cells (Infinity if none). */
function nearestSquared(grid: Grid, x: number, y: number, z: number, out: { index: number }): number {
  const cellM = grid.cellM;
  const cx = Math.floor(x / cellM), cy = Math.floor(y / cellM), cz = Math.floor(z / cellM);
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

/** Rotation matrix (row-major) of rotateYaw. */
export function yawMatrix(yawRad: number): number[] {
  const c = Math.cos(yawRad), s = Math.sin(yawRad);
  return [c, 0, s, 0, 1, 0, -s, 0, c];
}

export function rotateVector(rotation: readonly number[], v: readonly number[]): [number, number, number] {
  return [
    rotation[0] * v[0] + rotation[1] * v[1] + rotation[2] * v[2],
    rotation[3] * v[0] + rotation[4] * v[1] + rotation[5] * v[2],
    rotation[6] * v[0] + rotation[7] * v[1] + rotation[8] * v[2],
  ];
}

export function applyRigidTransform(r: Pick<RigidRegistration, 'rotation' | 'translationM'>, p: readonly number[]): [number, number, number] {
  const q = rotateVector(r.rotation, p);
  return [q[0] + r.translationM[0], q[1] + r.translationM[1], q[2] + r.translationM[2]];
}

/** Angle between the rotated +Y and +Y (rad): how far the source's up axis is tilted. */
export function tiltRad(rotation: readonly number[]): number {
  return Math.acos(Math.max(-1, Math.min(1, rotation[4])));
}

/** Unit eigenvector of the largest eigenvalue of a symmetric 4x4 matrix (cyclic Jacobi). */
function largestEigenvector4(m: number[]): number[] {
  const a = m.slice();
  const v = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
  for (let sweep = 0; sweep < 50; sweep++) {
    let off = 0;
    for (let p = 0; p < 4; p++) for (let q = p + 1; q < 4; q++) off += a[4 * p + q] ** 2;
    if (off < 1e-24) break;
    for (let p = 0; p < 4; p++) for (let q = p + 1; q < 4; q++) {
      const apq = a[4 * p + q];
      if (Math.abs(apq) < 1e-300) continue;
      const theta = (a[4 * q + q] - a[4 * p + p]) / (2 * apq);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1), s = t * c;
      for (let k = 0; k < 4; k++) {
        const akp = a[4 * k + p], akq = a[4 * k + q];
        a[4 * k + p] = c * akp - s * akq; a[4 * k + q] = s * akp + c * akq;
      }
      for (let k = 0; k < 4; k++) {
        const apk = a[4 * p + k], aqk = a[4 * q + k];
        a[4 * p + k] = c * apk - s * aqk; a[4 * q + k] = s * apk + c * aqk;
      }
      for (let k = 0; k < 4; k++) {
        const vkp = v[4 * k + p], vkq = v[4 * k + q];
        v[4 * k + p] = c * vkp - s * vkq; v[4 * k + q] = s * vkp + c * vkq;
      }
    }
  }
  let best = 0;
  for (let k = 1; k < 4; k++) if (a[5 * k] > a[5 * best]) best = k;
  return [v[best], v[4 + best], v[8 + best], v[12 + best]];
}

/** Horn (1987): rotation best mapping centred source vectors onto centred reference vectors, from S = sum a b^T. */
function hornRotation(s: number[]): number[] {
  const [sxx, sxy, sxz, syx, syy, syz, szx, szy, szz] = s;
  const [w, x, y, z] = largestEigenvector4([
    sxx + syy + szz, syz - szy, szx - sxz, sxy - syx,
    syz - szy, sxx - syy - szz, sxy + syx, szx + sxz,
    szx - sxz, sxy + syx, -sxx + syy - szz, syz + szy,
    sxy - syx, szx + sxz, syz + szy, -sxx - syy + szz,
  ]);
  return [
    1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w),
    2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
    2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y),
  ];
}

/**
 * x/z centre of the bounding box of the points above the lowest 5% of the height range (keeps a
 * floor out; a box centre, unlike a centroid, does not depend on point density), the top y, and
 * the angle atan2(z, x) of their principal horizontal axis (defined modulo pi).
 */
function anchor(points: ArrayLike<number>): { point: [number, number, number]; axisRad: number } {
  let minY = Infinity, maxY = -Infinity;
  for (let i = 1; i < points.length; i += 3) { minY = Math.min(minY, points[i]); maxY = Math.max(maxY, points[i]); }
  const cut = minY + 0.05 * (maxY - minY);
  let minX = Infinity, maxX = -Infinity, minZ = Infinity, maxZ = -Infinity;
  for (let i = 0; i < points.length; i += 3) {
    if (points[i + 1] <= cut) continue;
    minX = Math.min(minX, points[i]); maxX = Math.max(maxX, points[i]);
    minZ = Math.min(minZ, points[i + 2]); maxZ = Math.max(maxZ, points[i + 2]);
  }
  const x = (minX + maxX) / 2, z = (minZ + maxZ) / 2;
  let sxx = 0, szz = 0, sxz = 0;
  for (let i = 0; i < points.length; i += 3) {
    if (points[i + 1] <= cut) continue;
    const dx = points[i] - x, dz = points[i + 2] - z;
    sxx += dx * dx; szz += dz * dz; sxz += dx * dz;
  }
  return { point: [x, maxY, z], axisRad: 0.5 * Math.atan2(2 * sxz, sxx - szz) };
}

function icp(src: number[], grid: Grid, start: RigidRegistration, iterations: number, thresholdM: number, fullRotation: boolean): RigidRegistration {
  const n = src.length / 3;
  const hit = { index: -1 };
  let r = start;
  let threshold = thresholdM;
  const ref = grid.points;
  for (let iteration = 0; iteration < iterations; iteration++) {
    const pairs: number[] = [];
    const distances: number[] = [];
    for (let i = 0; i < n; i++) {
      const p = applyRigidTransform(r, [src[3 * i], src[3 * i + 1], src[3 * i + 2]]);
      const d = Math.sqrt(nearestSquared(grid, p[0], p[1], p[2], hit));
      if (d <= threshold) { pairs.push(i, hit.index); distances.push(d); }
    }
    if (pairs.length < 6) return { ...r, inlierFraction: 0, rmsM: Infinity };
    const m = pairs.length / 2;
    const ms = [0, 0, 0], mr = [0, 0, 0];
    for (let k = 0; k < m; k++) for (let c = 0; c < 3; c++) { ms[c] += src[3 * pairs[2 * k] + c] / m; mr[c] += ref[3 * pairs[2 * k + 1] + c] / m; }
    const cross = new Array<number>(9).fill(0);
    for (let k = 0; k < m; k++) {
      const i = 3 * pairs[2 * k], j = 3 * pairs[2 * k + 1];
      for (let row = 0; row < 3; row++) for (let col = 0; col < 3; col++) cross[3 * row + col] += (src[i + row] - ms[row]) * (ref[j + col] - mr[col]);
    }
    // Yaw only: maximise trace(R_y S) over the angle; full: Horn's quaternion solution.
    const rotation = fullRotation
      ? hornRotation(cross)
      : yawMatrix(Math.atan2(cross[6] - cross[2], cross[0] + cross[8]));
    const rotated = rotateVector(rotation, ms);
    const rmsM = Math.sqrt(distances.reduce((s, d) => s + d * d, 0) / distances.length);
    const next: RigidRegistration = {
      yawRad: Math.atan2(rotation[2], rotation[0]), rotation,
      translationM: [mr[0] - rotated[0], mr[1] - rotated[1], mr[2] - rotated[2]], rmsM, inlierFraction: m / n,
    };
    const moved = next.rotation.reduce((sum, value, k) => sum + Math.abs(value - r.rotation[k]), 0) + Math.hypot(next.translationM[0] - r.translationM[0], next.translationM[1] - r.translationM[1], next.translationM[2] - r.translationM[2]);
    r = next;
    if (moved < 1e-5) break;
    const sorted = distances.sort((p, q) => p - q);
    threshold = Math.max(0.008, Math.min(threshold, 3 * sorted[Math.floor(sorted.length / 2)]));
  }
  return r;
}

function closeShare(src: number[], grid: Grid, r: RigidRegistration): number {
  const hit = { index: -1 };
  let close = 0;
  for (let i = 0; i < src.length; i += 3) {
    const p = applyRigidTransform(r, [src[i], src[i + 1], src[i + 2]]);
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

const grids = new WeakMap<object, { coarse: Grid; fine: Grid }>();

export function registerRigid(source: ArrayLike<number>, reference: ArrayLike<number>, maxSourcePoints = 3000): RigidRegistration {
  const coarse = subsample(source, 1500);
  const src = subsample(source, maxSourcePoints);
  let cached = grids.get(reference as object);
  if (!cached) {
    cached = { coarse: buildGrid(subsample(reference, 20000), 0.06), fine: buildGrid(reference, 0.01) };
    grids.set(reference as object, cached);
  }
  const { coarse: coarseGrid, fine: grid } = cached;
  const as = anchor(src), ar = anchor(reference);
  let best: RigidRegistration | null = null;
  let bestScore = -1;
  // Starts: principal horizontal axes aligned, in all four quarter turns (a direction at angle
  // atan2(z, x) = a is moved to a - yaw by rotateYaw).
  for (let k = 0; k < 4; k++) {
    const yawRad = as.axisRad - ar.axisRad + (k * Math.PI) / 2;
    const moved = rotateYaw(yawRad, as.point);
    const start: RigidRegistration = {
      yawRad, rotation: yawMatrix(yawRad), translationM: [ar.point[0] - moved[0], ar.point[1] - as.point[1], ar.point[2] - moved[2]], rmsM: Infinity, inlierFraction: 0,
    };
    const r = icp(coarse, coarseGrid, start, 15, 0.15, false);
    const score = closeShare(coarse, grid, r);
    if (score > bestScore) { best = r; bestScore = score; }
  }
  if (!best) throw new Error('rigid-registration: no start could be evaluated');
  const final = icp(src, grid, best, 30, 0.03, true);
  if (closeShare(src, grid, final) < 0.3) throw new Error('rigid-registration: no alignment brings a third of the points within 1 cm');
  return final;
}

/**
 * When the source is the reference vertex set in the same order (a mesh passed through a measurer
 * that keeps its vertices), the rigid transform follows in closed form from the correspondences
 * (Horn). Returns null when the counts differ or the fit leaves an RMS above maxRmsM.
 */
export function registerByCorrespondence(source: ArrayLike<number>, reference: ArrayLike<number>, maxRmsM = 0.005): RigidRegistration | null {
  if (source.length !== reference.length || source.length < 9) return null;
  const n = source.length / 3;
  const ms = [0, 0, 0], mr = [0, 0, 0];
  for (let i = 0; i < n; i++) for (let c = 0; c < 3; c++) { ms[c] += source[3 * i + c] / n; mr[c] += reference[3 * i + c] / n; }
  const cross = new Array<number>(9).fill(0);
  for (let i = 0; i < n; i++) {
    for (let row = 0; row < 3; row++) for (let col = 0; col < 3; col++) cross[3 * row + col] += (source[3 * i + row] - ms[row]) * (reference[3 * i + col] - mr[col]);
  }
  const rotation = hornRotation(cross);
  const rotated = rotateVector(rotation, ms);
  const r: RigidRegistration = {
    yawRad: Math.atan2(rotation[2], rotation[0]), rotation,
    translationM: [mr[0] - rotated[0], mr[1] - rotated[1], mr[2] - rotated[2]], rmsM: 0, inlierFraction: 1,
  };
  let squared = 0;
  for (let i = 0; i < n; i++) {
    const p = applyRigidTransform(r, [source[3 * i], source[3 * i + 1], source[3 * i + 2]]);
    squared += (p[0] - reference[3 * i]) ** 2 + (p[1] - reference[3 * i + 1]) ** 2 + (p[2] - reference[3 * i + 2]) ** 2;
  }
  r.rmsM = Math.sqrt(squared / n);
  return r.rmsM <= maxRmsM ? r : null;
}
