/**
 * Rotation vectors (axis * angle, radians) <-> 3x3 rotation matrices, and 3x4 rigid transforms,
 * for the posable body model. Matrices are row-major: m[0..2] is the first row. A 3x4 transform
 * [R | t] maps x to R x + t (12 numbers: r00 r01 r02 tx, r10 r11 r12 ty, r20 r21 r22 tz).
 * No allocation: every function writes into caller-owned arrays at an offset.
 */

type Numbers = Float32Array | Float64Array | number[];

/**
 * Rodrigues' formula R = I + sin(t) [k]x + (1 - cos(t)) [k]x^2 for the rotation vector (rx, ry, rz)
 * (angle t = its length, axis k = its direction); below 1e-8 rad the series I + [r]x + [r]x^2 / 2.
 * Writes 9 numbers at out[offset].
 */
export function rotationVectorToMatrix(rx: number, ry: number, rz: number, out: Numbers, offset = 0): void {
  const angle = Math.sqrt(rx * rx + ry * ry + rz * rz);
  let a: number; // sin(t) / t
  let b: number; // (1 - cos(t)) / t^2
  if (angle < 1e-8) {
    a = 1;
    b = 0.5;
  } else {
    a = Math.sin(angle) / angle;
    b = (1 - Math.cos(angle)) / (angle * angle);
  }
  out[offset] = 1 - b * (ry * ry + rz * rz);
  out[offset + 1] = b * rx * ry - a * rz;
  out[offset + 2] = b * rx * rz + a * ry;
  out[offset + 3] = b * rx * ry + a * rz;
  out[offset + 4] = 1 - b * (rx * rx + rz * rz);
  out[offset + 5] = b * ry * rz - a * rx;
  out[offset + 6] = b * rx * rz - a * ry;
  out[offset + 7] = b * ry * rz + a * rx;
  out[offset + 8] = 1 - b * (rx * rx + ry * ry);
}

/**
 * The rotation vector of the 3x3 rotation at m[offset] (the logarithm map), angle in [0, pi];
 * writes 3 numbers at out[outOffset]. Near pi the axis comes from the diagonal (the
 * antisymmetric part vanishes there).
 */
export function matrixToRotationVector(m: Numbers, offset: number, out: Numbers, outOffset = 0): void {
  const trace = m[offset] + m[offset + 4] + m[offset + 8];
  const cosAngle = Math.min(1, Math.max(-1, (trace - 1) / 2));
  const angle = Math.acos(cosAngle);
  const sx = m[offset + 7] - m[offset + 5];
  const sy = m[offset + 2] - m[offset + 6];
  const sz = m[offset + 3] - m[offset + 1];
  if (angle < 1e-6) {
    out[outOffset] = sx / 2;
    out[outOffset + 1] = sy / 2;
    out[outOffset + 2] = sz / 2;
    return;
  }
  if (angle < Math.PI - 1e-3) {
    const scale = angle / (2 * Math.sin(angle));
    out[outOffset] = sx * scale;
    out[outOffset + 1] = sy * scale;
    out[outOffset + 2] = sz * scale;
    return;
  }
  // R = I + 2 k k^T - ... at pi: k_i^2 = (R_ii + 1) / 2; signs from the off-diagonals.
  const kx2 = Math.max(0, (m[offset] + 1) / 2);
  const ky2 = Math.max(0, (m[offset + 4] + 1) / 2);
  const kz2 = Math.max(0, (m[offset + 8] + 1) / 2);
  let kx: number;
  let ky: number;
  let kz: number;
  if (kx2 >= ky2 && kx2 >= kz2) {
    kx = Math.sqrt(kx2);
    ky = (m[offset + 1] + m[offset + 3]) / (4 * kx);
    kz = (m[offset + 2] + m[offset + 6]) / (4 * kx);
  } else if (ky2 >= kz2) {
    ky = Math.sqrt(ky2);
    kx = (m[offset + 1] + m[offset + 3]) / (4 * ky);
    kz = (m[offset + 5] + m[offset + 7]) / (4 * ky);
  } else {
    kz = Math.sqrt(kz2);
    kx = (m[offset + 2] + m[offset + 6]) / (4 * kz);
    ky = (m[offset + 5] + m[offset + 7]) / (4 * kz);
  }
  // Keep the sign that agrees with the (small) antisymmetric part.
  const sign = kx * sx + ky * sy + kz * sz < 0 ? -1 : 1;
  const length = Math.sqrt(kx * kx + ky * ky + kz * kz);
  out[outOffset] = (sign * angle * kx) / length;
  out[outOffset + 1] = (sign * angle * ky) / length;
  out[outOffset + 2] = (sign * angle * kz) / length;
}

/** out[o] = a[ao] * b[bo] for 3x4 transforms (apply b first, then a). out may not alias a or b. */
export function composeTransforms(a: Numbers, ao: number, b: Numbers, bo: number, out: Numbers, o: number): void {
  for (let r = 0; r < 3; r++) {
    const a0 = a[ao + 4 * r];
    const a1 = a[ao + 4 * r + 1];
    const a2 = a[ao + 4 * r + 2];
    for (let c = 0; c < 4; c++) out[o + 4 * r + c] = a0 * b[bo + c] + a1 * b[bo + 4 + c] + a2 * b[bo + 8 + c];
    out[o + 4 * r + 3] += a[ao + 4 * r + 3];
  }
}

/** Applies the 3x4 transform at m[mo] to the point (x, y, z); writes 3 numbers at out[o]. */
export function transformPoint(m: Numbers, mo: number, x: number, y: number, z: number, out: Numbers, o: number): void {
  out[o] = m[mo] * x + m[mo + 1] * y + m[mo + 2] * z + m[mo + 3];
  out[o + 1] = m[mo + 4] * x + m[mo + 5] * y + m[mo + 6] * z + m[mo + 7];
  out[o + 2] = m[mo + 8] * x + m[mo + 9] * y + m[mo + 10] * z + m[mo + 11];
}
