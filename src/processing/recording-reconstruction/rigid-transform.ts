/**
 * Rigid transforms as column-major 4x4 Float64Arrays (the layout of DepthFrame.cameraToWorld and of
 * gl-matrix): element (row r, column c) is m[4c + r]; a point transforms as p' = R·p + t with R in
 * m[0..2], m[4..6], m[8..10] (columns) and t in m[12..14]. Lengths in metres.
 */

export type Mat4 = Float64Array;

export function identity4(out: Mat4 = new Float64Array(16)): Mat4 {
  out.fill(0);
  out[0] = out[5] = out[10] = out[15] = 1;
  return out;
}

/** out = a · b (apply b first). out may alias neither a nor b. */
export function multiply4(out: Mat4, a: Mat4, b: Mat4): Mat4 {
  for (let c = 0; c < 4; c++) {
    for (let r = 0; r < 4; r++) {
      out[4 * c + r] = a[r] * b[4 * c] + a[4 + r] * b[4 * c + 1] + a[8 + r] * b[4 * c + 2] + a[12 + r] * b[4 * c + 3];
    }
  }
  return out;
}

/** Inverse of a rigid transform: [Rᵀ, −Rᵀt]. out may not alias m. */
export function invertRigid(out: Mat4, m: Mat4): Mat4 {
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) out[4 * c + r] = m[4 * r + c];
  out[3] = out[7] = out[11] = 0;
  out[15] = 1;
  for (let r = 0; r < 3; r++) out[12 + r] = -(out[r] * m[12] + out[4 + r] * m[13] + out[8 + r] * m[14]);
  return out;
}

/**
 * Rotation by the vector ω (axis ω/|ω|, angle |ω| radians, Rodrigues' formula) about the point
 * `centre`, then translation by v: p' = c + R(ω)(p − c) + v.
 */
export function twistAbout(out: Mat4, wx: number, wy: number, wz: number, vx: number, vy: number, vz: number, cx: number, cy: number, cz: number): Mat4 {
  const angle = Math.hypot(wx, wy, wz);
  let s = 0, k = 0;
  if (angle < 1e-12) { s = 1; k = 0.5; } else { s = Math.sin(angle) / angle; k = (1 - Math.cos(angle)) / (angle * angle); }
  // R = I + s·[ω]× + k·[ω]×²
  out[0] = 1 - k * (wy * wy + wz * wz); out[4] = -s * wz + k * wx * wy; out[8] = s * wy + k * wx * wz;
  out[1] = s * wz + k * wx * wy; out[5] = 1 - k * (wx * wx + wz * wz); out[9] = -s * wx + k * wy * wz;
  out[2] = -s * wy + k * wx * wz; out[6] = s * wx + k * wy * wz; out[10] = 1 - k * (wx * wx + wy * wy);
  out[3] = out[7] = out[11] = 0;
  out[15] = 1;
  out[12] = cx - (out[0] * cx + out[4] * cy + out[8] * cz) + vx;
  out[13] = cy - (out[1] * cx + out[5] * cy + out[9] * cz) + vy;
  out[14] = cz - (out[2] * cx + out[6] * cy + out[10] * cz) + vz;
  return out;
}

/** Rotation about the world y axis by yawRad (right-handed: +x turns toward −z), then translation t. */
export function yawTransform(yawRad: number, tx = 0, ty = 0, tz = 0): Mat4 {
  const m = identity4();
  const c = Math.cos(yawRad), s = Math.sin(yawRad);
  m[0] = c; m[2] = -s; m[8] = s; m[10] = c;
  m[12] = tx; m[13] = ty; m[14] = tz;
  return m;
}

/**
 * Yaw (radians) of a rotation: the angle the world x axis turns about y, from the rotated x axis
 * projected on the floor plane. Meaningful when the rotation is near-vertical-axis.
 */
export function yawOf(m: Mat4): number {
  return Math.atan2(-m[2], m[0]);
}

/** An angle difference (radians) brought into [−π, π]: the step between two angles read by atan2. */
export function wrapAngleRad(deltaRad: number): number {
  if (deltaRad > Math.PI) return deltaRad - 2 * Math.PI;
  if (deltaRad < -Math.PI) return deltaRad + 2 * Math.PI;
  return deltaRad;
}

/** Angle (radians) between the rotated y axis and the y axis: the tilt of a near-yaw rotation. */
export function tiltOf(m: Mat4): number {
  return Math.acos(Math.max(-1, Math.min(1, m[5])));
}

/** Angle (radians) of the rotation part: acos((trace − 1) / 2). */
export function rotationAngle(m: Mat4): number {
  return Math.acos(Math.max(-1, Math.min(1, (m[0] + m[5] + m[10] - 1) / 2)));
}

/**
 * Rotation vector ω (axis · angle, radians) of the rotation part: the inverse of Rodrigues' formula,
 * ω = θ/(2 sin θ)·(R₂₁ − R₁₂, R₀₂ − R₂₀, R₁₀ − R₀₁), θ = rotationAngle. Valid below ~170°.
 */
export function rotationVector(m: Mat4): [number, number, number] {
  const angle = rotationAngle(m);
  const f = angle < 1e-9 ? 0.5 : angle / (2 * Math.sin(angle));
  return [f * (m[6] - m[9]), f * (m[8] - m[2]), f * (m[1] - m[4])];
}

/**
 * The rigid pose a fraction s ∈ [0, 1] of the way from pose a to pose b (4x4, same frames): the
 * motion b·a⁻¹ written as a rotation ω about `centre` followed by a translation τ, scaled to s·ω and
 * s·τ and applied to a. About the centre the motion is nearly a pure rotation (a body turning about
 * itself), so the interpolated camera follows the arc, not the chord (m, radians).
 */
export function interpolatePose(out: Mat4, a: Mat4, b: Mat4, s: number, centre: readonly number[]): Mat4 {
  const motion = multiply4(new Float64Array(16), b, invertRigid(new Float64Array(16), a));
  const [wx, wy, wz] = rotationVector(motion);
  const [cx, cy, cz] = centre;
  // τ = motion(c) − c.
  const tx = motion[0] * cx + motion[4] * cy + motion[8] * cz + motion[12] - cx;
  const ty = motion[1] * cx + motion[5] * cy + motion[9] * cz + motion[13] - cy;
  const tz = motion[2] * cx + motion[6] * cy + motion[10] * cz + motion[14] - cz;
  const step = twistAbout(new Float64Array(16), s * wx, s * wy, s * wz, s * tx, s * ty, s * tz, cx, cy, cz);
  return multiply4(out, step, a);
}
