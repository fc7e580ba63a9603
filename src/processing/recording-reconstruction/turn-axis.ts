/**
 * A turning person's own vertical: the axis they turn about, found from the registered poses. A
 * person turning in place turns about their own long axis, which need not be the floor's normal (a
 * slight lean; the simulator tilts it 2°): levelled on the floor, the fused body keeps that lean and
 * reads its stature short (a 1.6 m body leaning 2.3° read 14 mm short). Levelled on its turning axis
 * it stands upright, as a tape measures it.
 *
 * Frames: camera → model poses per frame (the turn's model frame is the body's frame at the first
 * frame) and the recording's camera → world poses. The body's pose in the world at frame t is
 * W_t = (P_t · C_t⁻¹)⁻¹; its step W_{t−1}⁻¹ · W_t, in the body's own frame, turns about the body's
 * axis whatever the axis' tilt in the world, so the steps' rotation vectors summed point along it.
 */
import type { FloorPlane } from './floor-detection.ts';
import type { Mat4 } from './rigid-transform.ts';
import { invertRigid, multiply4, rotationVector, wrapAngleRad, yawOf } from './rigid-transform.ts';

/** Below this total turn (rad) the axis is not trusted (the turn check refuses such recordings anyway). */
const MIN_TOTAL_TURN_RAD = Math.PI;
/** An axis tilted more than this (rad) from the floor normal is not a person's lean: keep the floor. */
const MAX_LEAN_RAD = (8 * Math.PI) / 180;

/**
 * The body's turning axis in the model frame as a plane to level on: normal along the axis (pointing
 * up, as the floor's), through the floor's point under `centre` (model frame, m), so the feet stay at
 * height ~0. Null when the turn is too small or the axis implausible (then level on the floor).
 */
export function turnAxisPlane(framePoses: readonly (Mat4 | null)[], cameraToWorld: readonly Mat4[], floor: FloorPlane, centre: readonly number[]): FloorPlane | null {
  const correction = new Float64Array(16), previous = new Float64Array(16), step = new Float64Array(16), inverse = new Float64Array(16);
  let hasPrevious = false;
  let sx = 0, sy = 0, sz = 0;
  for (let t = 0; t < framePoses.length; t++) {
    const pose = framePoses[t];
    if (!pose) continue;
    // correction = P_t · C_t⁻¹ (world → model) = W_t⁻¹.
    multiply4(correction, pose, invertRigid(inverse, cameraToWorld[t]));
    if (hasPrevious) {
      // W_{t−1}⁻¹ · W_t = correction_{t−1} · correction_t⁻¹.
      multiply4(step, previous, invertRigid(inverse, correction));
      const [wx, wy, wz] = rotationVector(step);
      sx += wx; sy += wy; sz += wz;
    }
    previous.set(correction);
    hasPrevious = true;
  }
  const total = Math.hypot(sx, sy, sz);
  if (!(total >= MIN_TOTAL_TURN_RAD)) return null;
  let ax = sx / total, ay = sy / total, az = sz / total;
  const [fx, fy, fz] = floor.normal;
  if (ax * fx + ay * fy + az * fz < 0) { ax = -ax; ay = -ay; az = -az; }
  if (Math.acos(Math.min(1, ax * fx + ay * fy + az * fz)) > MAX_LEAN_RAD) return null;
  // The floor's point under the centre: c − (n·c + d)·n.
  const h = fx * centre[0] + fy * centre[1] + fz * centre[2] + floor.d;
  const px = centre[0] - h * fx, py = centre[1] - h * fy, pz = centre[2] - h * fz;
  return { normal: [ax, ay, az], d: -(ax * px + ay * py + az * pz), inlierFraction: floor.inlierFraction, inliers: floor.inliers };
}

/**
 * The point of the body's turning axis at the height of `centre` (model frame, m): the p (with
 * p_y = centre_y) that the body's motions move least, min Σ_t |(M_t·p − p)_xz|² with M_t = P_t · C_t⁻¹
 * the world → model correction at frame t (linear least squares in p_x, p_z; sway averages out).
 * Why: the person's region's centre is the centroid of the points the phone saw, biased toward the
 * camera by up to half the body's depth (~10 cm); about it, a turn's relative tilt (up to 2·lean·
 * sin(θ/2), 4° at a 2° lean) reads as the body rising and sinking by millimetres. Falls back to
 * `centre` when the turn is too small to locate the axis.
 */
export function turnAxisCentre(framePoses: readonly (Mat4 | null)[], cameraToWorld: readonly Mat4[], centre: readonly number[]): [number, number, number] {
  const m = new Float64Array(16), inverse = new Float64Array(16);
  const py = centre[1];
  let a00 = 0, a01 = 0, a11 = 0, b0 = 0, b1 = 0, total = 0, previousYaw = NaN;
  for (let t = 0; t < framePoses.length; t++) {
    const pose = framePoses[t];
    if (!pose) continue;
    multiply4(m, pose, invertRigid(inverse, cameraToWorld[t]));
    // Rows x and z of (R − I)·p + τ with p = (px, py, pz): coefficients of px and pz, and the rest.
    const rx0 = m[0] - 1, rx1 = m[8], cx = m[4] * py + m[12];
    const rz0 = m[2], rz1 = m[10] - 1, cz = m[6] * py + m[14];
    a00 += rx0 * rx0 + rz0 * rz0; a01 += rx0 * rx1 + rz0 * rz1; a11 += rx1 * rx1 + rz1 * rz1;
    b0 -= rx0 * cx + rz0 * cz; b1 -= rx1 * cx + rz1 * cz;
    const yaw = yawOf(m);
    if (!Number.isNaN(previousYaw)) total += Math.abs(wrapAngleRad(yaw - previousYaw));
    previousYaw = yaw;
  }
  const det = a00 * a11 - a01 * a01;
  if (!(total >= MIN_TOTAL_TURN_RAD) || !(Math.abs(det) > 1e-12)) return [centre[0], centre[1], centre[2]];
  return [(a11 * b0 - a01 * b1) / det, py, (a00 * b1 - a01 * b0) / det];
}

/**
 * Moves a turn's camera → model pose vertically so that the body's motion keeps `axisPoint` (model
 * frame, m; a point of the turning axis, turnAxisCentre) at its own height: a person turning in place
 * neither rises nor sinks on the axis they turn about, whatever its lean, so any vertical motion
 * there is registration error. The correction is a vertical translation of the body in the world:
 * with C = P·W⁻¹ (world → model) and the body's motion M = C⁻¹, e = (M·a)_y − a_y, the pose becomes
 * C·V(e)·W, V(e) the world translation by (0, e, 0), so that the new motion puts a at height a_y.
 * Frames: P camera → model, W camera → world (ARKit's world, m, y up). In place; `scratch` ≥ 48 floats.
 */
export function holdAxisHeight(pose: Mat4, cameraToWorld: Mat4, axisPoint: readonly number[], scratch: Float64Array): void {
  const correction = scratch.subarray(0, 16), motion = scratch.subarray(16, 32), inverse = scratch.subarray(32, 48);
  multiply4(correction, pose, invertRigid(inverse, cameraToWorld));
  invertRigid(motion, correction);
  const [ax, ay, az] = axisPoint;
  const e = motion[1] * ax + motion[5] * ay + motion[9] * az + motion[13] - ay;
  // C·V(e): a world translation (0, e, 0) applied first adds e·(column 1 of C's rotation) to C's translation.
  correction[12] += correction[4] * e; correction[13] += correction[5] * e; correction[14] += correction[6] * e;
  multiply4(pose, correction, cameraToWorld);
}
