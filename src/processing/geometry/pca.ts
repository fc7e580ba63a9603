/**
 * Principal axes of 3-D point sets: the up axis of a standing person and the axes of limbs are
 * the directions of largest spread. Symmetric 3x3 eigen-decomposition by cyclic Jacobi rotations
 * (exact to machine precision in a few sweeps; no library needed).
 */
export type Vec3 = [number, number, number];

export interface PrincipalAxes {
  /** Mean of the points (input units). */
  mean: Vec3;
  /** Unit eigenvectors, largest variance first. */
  axes: [Vec3, Vec3, Vec3];
  /** Variances along each axis (input units squared), descending. */
  variances: Vec3;
}

/** Eigen-decomposition of a symmetric 3x3 matrix m (row-major, length 9). */
export function symmetricEigen3(m: ArrayLike<number>): { values: Vec3; vectors: [Vec3, Vec3, Vec3] } {
  const a = [m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8]];
  const v = [1, 0, 0, 0, 1, 0, 0, 0, 1];
  for (let sweep = 0; sweep < 50; sweep++) {
    const off = a[1] * a[1] + a[2] * a[2] + a[5] * a[5];
    if (off < 1e-30 * (a[0] * a[0] + a[4] * a[4] + a[8] * a[8] + 1e-300)) break;
    for (const [p, q] of [[0, 1], [0, 2], [1, 2]] as const) {
      const apq = a[3 * p + q];
      if (Math.abs(apq) < 1e-300) continue;
      const theta = (a[3 * q + q] - a[3 * p + p]) / (2 * apq);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1);
      const s = t * c;
      for (let k = 0; k < 3; k++) {
        const akp = a[3 * k + p], akq = a[3 * k + q];
        a[3 * k + p] = c * akp - s * akq;
        a[3 * k + q] = s * akp + c * akq;
      }
      for (let k = 0; k < 3; k++) {
        const apk = a[3 * p + k], aqk = a[3 * q + k];
        a[3 * p + k] = c * apk - s * aqk;
        a[3 * q + k] = s * apk + c * aqk;
      }
      for (let k = 0; k < 3; k++) {
        const vkp = v[3 * k + p], vkq = v[3 * k + q];
        v[3 * k + p] = c * vkp - s * vkq;
        v[3 * k + q] = s * vkp + c * vkq;
      }
    }
  }
  const idx = [0, 1, 2].sort((i, j) => a[3 * j + j] - a[3 * i + i]);
  const values = idx.map((i) => a[3 * i + i]) as Vec3;
  const vectors = idx.map((i) => [v[i], v[3 + i], v[6 + i]] as Vec3) as [Vec3, Vec3, Vec3];
  return { values, vectors };
}

/**
 * PCA of the points selected by `include(i)` (or all) in xyz-interleaved `positions`.
 * Returns mean, unit axes (largest variance first) and variances.
 */
export function principalAxes(
  positions: ArrayLike<number>,
  count: number,
  include?: (i: number) => boolean,
): PrincipalAxes {
  let n = 0, sx = 0, sy = 0, sz = 0;
  for (let i = 0; i < count; i++) {
    if (include && !include(i)) continue;
    sx += positions[3 * i]; sy += positions[3 * i + 1]; sz += positions[3 * i + 2]; n++;
  }
  const mean: Vec3 = n > 0 ? [sx / n, sy / n, sz / n] : [0, 0, 0];
  const c = new Float64Array(9);
  for (let i = 0; i < count; i++) {
    if (include && !include(i)) continue;
    const dx = positions[3 * i] - mean[0], dy = positions[3 * i + 1] - mean[1], dz = positions[3 * i + 2] - mean[2];
    c[0] += dx * dx; c[1] += dx * dy; c[2] += dx * dz; c[4] += dy * dy; c[5] += dy * dz; c[8] += dz * dz;
  }
  const inv = n > 1 ? 1 / n : 1;
  for (let k = 0; k < 9; k++) c[k] *= inv;
  c[3] = c[1]; c[6] = c[2]; c[7] = c[5];
  const { values, vectors } = symmetricEigen3(c);
  return { mean, axes: vectors, variances: values };
}

export function normalize(v: Vec3): Vec3 {
  const len = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / len, v[1] / len, v[2] / len];
}

export function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

export function dot(a: Vec3, b: Vec3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
