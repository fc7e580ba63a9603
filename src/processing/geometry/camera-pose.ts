/**
 * Rigid camera poses as the Stray Scanner app records them: camera-to-world transforms, column-major
 * 4x4 (gl-matrix layout: element (row r, column c) at index 4c + r), translation in metres.
 * Camera axes follow OpenCV (x right, y down, z forward, the app's ARKit pose times a 180-degree turn
 * about x); the world is ARKit's (y up along gravity). Quaternions are (qx, qy, qz, qw), Hamilton
 * convention, unit length, rotating camera axes into world axes (the app's `simd_quatf` vector).
 */

export type Vec3 = [number, number, number];

/** A camera-to-world pose from a rotation (columns = camera x, y, z axes in world) and a centre (m). */
export function poseFromAxes(xAxis: Vec3, yAxis: Vec3, zAxis: Vec3, centreM: Vec3): Float64Array {
  const m = new Float64Array(16);
  m[0] = xAxis[0]; m[1] = xAxis[1]; m[2] = xAxis[2];
  m[4] = yAxis[0]; m[5] = yAxis[1]; m[6] = yAxis[2];
  m[8] = zAxis[0]; m[9] = zAxis[1]; m[10] = zAxis[2];
  m[12] = centreM[0]; m[13] = centreM[1]; m[14] = centreM[2];
  m[15] = 1;
  return m;
}

function normalise(v: Vec3): Vec3 {
  const length = Math.hypot(v[0], v[1], v[2]);
  if (length < 1e-12) throw new Error('normalise: zero-length vector');
  return [v[0] / length, v[1] / length, v[2] / length];
}

function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

/**
 * The OpenCV-axes camera-to-world pose of a camera at `eyeM` looking at `targetM` (world, m).
 * `rollDeg` turns the camera about its optical axis: 0 keeps image y pointing down along -up
 * (landscape, the sensor's native orientation); 90 puts image +x along world down (the phone held
 * upright, portrait, so the 256-pixel side of the depth map is vertical).
 */
export function lookAtPose(eyeM: Vec3, targetM: Vec3, upHint: Vec3 = [0, 1, 0], rollDeg = 0): Float64Array {
  const z = normalise([targetM[0] - eyeM[0], targetM[1] - eyeM[1], targetM[2] - eyeM[2]]);
  const along = upHint[0] * z[0] + upHint[1] * z[1] + upHint[2] * z[2];
  const y0 = normalise([-(upHint[0] - along * z[0]), -(upHint[1] - along * z[1]), -(upHint[2] - along * z[2])]);
  const x0 = cross(y0, z);
  const roll = (rollDeg * Math.PI) / 180;
  const c = Math.cos(roll);
  const s = Math.sin(roll);
  // Rotating the image axes by `roll` about z: x' = c x0 + s y0, y' = -s x0 + c y0.
  const x: Vec3 = [c * x0[0] + s * y0[0], c * x0[1] + s * y0[1], c * x0[2] + s * y0[2]];
  const y: Vec3 = [-s * x0[0] + c * y0[0], -s * x0[1] + c * y0[1], -s * x0[2] + c * y0[2]];
  return poseFromAxes(x, y, z, eyeM);
}

/**
 * Unit quaternion (qx, qy, qz, qw) of the rotation part of a column-major 4x4 (Shepperd's method:
 * the largest of w, x, y, z is found first so the division is well conditioned). Sign: qw >= 0.
 */
export function quaternionOfPose(m: Float64Array): [number, number, number, number] {
  const m00 = m[0], m10 = m[1], m20 = m[2];
  const m01 = m[4], m11 = m[5], m21 = m[6];
  const m02 = m[8], m12 = m[9], m22 = m[10];
  const trace = m00 + m11 + m22;
  let x: number, y: number, z: number, w: number;
  if (trace > 0) {
    const s = Math.sqrt(trace + 1) * 2;
    w = 0.25 * s; x = (m21 - m12) / s; y = (m02 - m20) / s; z = (m10 - m01) / s;
  } else if (m00 > m11 && m00 > m22) {
    const s = Math.sqrt(1 + m00 - m11 - m22) * 2;
    w = (m21 - m12) / s; x = 0.25 * s; y = (m01 + m10) / s; z = (m02 + m20) / s;
  } else if (m11 > m22) {
    const s = Math.sqrt(1 + m11 - m00 - m22) * 2;
    w = (m02 - m20) / s; x = (m01 + m10) / s; y = 0.25 * s; z = (m12 + m21) / s;
  } else {
    const s = Math.sqrt(1 + m22 - m00 - m11) * 2;
    w = (m10 - m01) / s; x = (m02 + m20) / s; y = (m12 + m21) / s; z = 0.25 * s;
  }
  const sign = w < 0 ? -1 : 1;
  const n = Math.hypot(x, y, z, w) * sign;
  return [x / n, y / n, z / n, w / n];
}

/**
 * Writes the camera-to-world pose of translation (m) and quaternion (qx, qy, qz, qw; normalised
 * here, so slightly non-unit quaternions from 6-digit CSV text are fine) into `out` (column-major 4x4).
 * Standard quaternion-to-matrix formula (e.g. Shoemake 1985).
 */
export function poseFromQuaternion(
  tx: number, ty: number, tz: number, qx: number, qy: number, qz: number, qw: number, out: Float64Array = new Float64Array(16),
): Float64Array {
  const n = Math.hypot(qx, qy, qz, qw);
  const x = qx / n, y = qy / n, z = qz / n, w = qw / n;
  out[0] = 1 - 2 * (y * y + z * z); out[1] = 2 * (x * y + z * w); out[2] = 2 * (x * z - y * w); out[3] = 0;
  out[4] = 2 * (x * y - z * w); out[5] = 1 - 2 * (x * x + z * z); out[6] = 2 * (y * z + x * w); out[7] = 0;
  out[8] = 2 * (x * z + y * w); out[9] = 2 * (y * z - x * w); out[10] = 1 - 2 * (x * x + y * y); out[11] = 0;
  out[12] = tx; out[13] = ty; out[14] = tz; out[15] = 1;
  return out;
}

/** a * b for column-major 4x4 rigid transforms (b applied first). */
export function multiplyPoses(a: Float64Array, b: Float64Array, out: Float64Array = new Float64Array(16)): Float64Array {
  for (let c = 0; c < 4; c++) {
    for (let r = 0; r < 4; r++) {
      out[4 * c + r] = a[r] * b[4 * c] + a[4 + r] * b[4 * c + 1] + a[8 + r] * b[4 * c + 2] + a[12 + r] * b[4 * c + 3];
    }
  }
  return out;
}

/** The inverse of a rigid transform (rotation transposed, translation -R^T t). */
export function invertRigid(m: Float64Array, out: Float64Array = new Float64Array(16)): Float64Array {
  const tx = m[12], ty = m[13], tz = m[14];
  out[0] = m[0]; out[1] = m[4]; out[2] = m[8]; out[3] = 0;
  out[4] = m[1]; out[5] = m[5]; out[6] = m[9]; out[7] = 0;
  out[8] = m[2]; out[9] = m[6]; out[10] = m[10]; out[11] = 0;
  out[12] = -(m[0] * tx + m[1] * ty + m[2] * tz);
  out[13] = -(m[4] * tx + m[5] * ty + m[6] * tz);
  out[14] = -(m[8] * tx + m[9] * ty + m[10] * tz);
  out[15] = 1;
  return out;
}

/** A rotation by `angleRad` about the unit axis through `pivotM` (Rodrigues), as a column-major 4x4. */
export function rotationAbout(axis: Vec3, angleRad: number, pivotM: Vec3 = [0, 0, 0]): Float64Array {
  const [x, y, z] = normalise(axis);
  const c = Math.cos(angleRad);
  const s = Math.sin(angleRad);
  const t = 1 - c;
  const m = new Float64Array(16);
  m[0] = t * x * x + c; m[1] = t * x * y + s * z; m[2] = t * x * z - s * y;
  m[4] = t * x * y - s * z; m[5] = t * y * y + c; m[6] = t * y * z + s * x;
  m[8] = t * x * z + s * y; m[9] = t * y * z - s * x; m[10] = t * z * z + c;
  m[15] = 1;
  // Translation so the pivot stays fixed: p - R p.
  m[12] = pivotM[0] - (m[0] * pivotM[0] + m[4] * pivotM[1] + m[8] * pivotM[2]);
  m[13] = pivotM[1] - (m[1] * pivotM[0] + m[5] * pivotM[1] + m[9] * pivotM[2]);
  m[14] = pivotM[2] - (m[2] * pivotM[0] + m[6] * pivotM[1] + m[10] * pivotM[2]);
  return m;
}

/** A pure translation (m) as a column-major 4x4. */
export function translation(dx: number, dy: number, dz: number): Float64Array {
  const m = new Float64Array(16);
  m[0] = 1; m[5] = 1; m[10] = 1; m[15] = 1;
  m[12] = dx; m[13] = dy; m[14] = dz;
  return m;
}

/** Applies a column-major 4x4 rigid transform to xyz-interleaved points (any units), into `out`. */
export function transformPoints(m: Float64Array, points: Float32Array | Float64Array, out: Float32Array = new Float32Array(points.length)): Float32Array {
  for (let i = 0; i < points.length; i += 3) {
    const x = points[i], y = points[i + 1], z = points[i + 2];
    out[i] = m[0] * x + m[4] * y + m[8] * z + m[12];
    out[i + 1] = m[1] * x + m[5] * y + m[9] * z + m[13];
    out[i + 2] = m[2] * x + m[6] * y + m[10] * z + m[14];
  }
  return out;
}
