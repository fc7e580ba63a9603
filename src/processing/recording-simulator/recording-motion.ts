import { lookAtPose, multiplyPoses, rotationAbout, translation, type Vec3 } from '../geometry/camera-pose.ts';
import {
  HAND_SHAKE_DEG, HAND_SHAKE_M, TURN_ARM_SWING_DEG, TURN_AXIS_TILT_DEG, TURN_SPEED_VARIATION, TURN_SWAY_M,
} from './lidar-figures.ts';

/**
 * How camera and person move in the two ways people record (docs/capture-format.md, "Phone recordings"),
 * in the scene frame: the body's canonical frame (metres, y up, facing +z, feet on the floor y = 0,
 * body axis through x = z = 0). Poses are OpenCV-axes camera-to-scene transforms (column-major 4x4).
 *
 * walk: someone circles the standing person with the phone upright (portrait, so the long side of
 *   the depth map is vertical), aimed at mid-body, with a smooth hand wobble; the person is still.
 * turn: the phone stands still on a tripod facing the person, who turns in place about a
 *   near-vertical axis, swaying and moving the arms a little (figures in lidar-figures.ts).
 */
export type RecordingMode = 'walk' | 'turn';

/** Smooth pseudo-random wobble: three sinusoids of random phase (periods 1.3-4.1 s), peak ~amplitude. */
export function makeWobble(random: () => number, amplitude: number): (timeS: number) => number {
  const phases = [random(), random(), random()].map((p) => p * 2 * Math.PI);
  const periodsS = [4.1, 2.3, 1.3];
  const weights = [0.6, 0.3, 0.1];
  return (timeS) => {
    let sum = 0;
    for (let k = 0; k < 3; k++) sum += weights[k] * Math.sin((2 * Math.PI * timeS) / periodsS[k] + phases[k]);
    return amplitude * sum;
  };
}

export interface WalkPlan {
  /** Camera distance from the body axis (m). */
  radiusM: number;
  /** Camera height above the floor (m). */
  heightM: number;
  /** Where the camera aims (scene, m). */
  targetM: Vec3;
  /** How far round the person the walk goes (degrees; > 360 closes the loop with some overlap). */
  sweepDeg: number;
}

/** The camera-to-scene pose of the walking operator at `fraction` (0..1) of the walk, at `timeS`. */
export function walkPose(plan: WalkPlan, fraction: number, timeS: number, wobble: Array<(t: number) => number>): Float64Array {
  const angle = (plan.sweepDeg * fraction * Math.PI) / 180;
  const eye: Vec3 = [
    plan.radiusM * Math.sin(angle) + wobble[0](timeS),
    plan.heightM + wobble[1](timeS),
    plan.radiusM * Math.cos(angle) + wobble[2](timeS),
  ];
  const pose = lookAtPose(eye, plan.targetM, [0, 1, 0], 90);
  // Hand rotation wobble about the camera's own axes (small angles; order does not matter).
  const pitch = rotationAbout([pose[0], pose[1], pose[2]], (wobble[3](timeS) * Math.PI) / 180, eye);
  const yaw = rotationAbout([pose[4], pose[5], pose[6]], (wobble[4](timeS) * Math.PI) / 180, eye);
  return multiplyPoses(yaw, multiplyPoses(pitch, pose));
}

/** Wobble functions for a walk: three position axes (m) then two rotations (degrees). */
export function walkWobble(random: () => number): Array<(t: number) => number> {
  return [
    makeWobble(random, HAND_SHAKE_M), makeWobble(random, HAND_SHAKE_M), makeWobble(random, HAND_SHAKE_M),
    makeWobble(random, HAND_SHAKE_DEG), makeWobble(random, HAND_SHAKE_DEG),
  ];
}

export interface TurnPlan {
  /** Total rotation of the person (degrees). */
  turnDeg: number;
  /** Whether the person sways and moves the arms (false: a rigid turntable, for tests). */
  natural: boolean;
  /** Body height (m), for the arm pivots. */
  statureM: number;
}

/** The motion state of a turning person at `fraction` of the turn. */
export interface TurnState {
  /** Canonical-to-scene transform of the body (column-major 4x4). */
  bodyToScene: Float64Array;
  /** Arm abduction at the shoulders (radians; left arm, the right arm mirrors it). */
  armSwingRad: number;
}

/** Random but fixed parameters of one person's turn (phases of sway and arm motion, tilt direction). */
export interface TurnStyle {
  swayX: (t: number) => number;
  swayZ: (t: number) => number;
  arm: (t: number) => number;
  tiltAxis: Vec3;
}

export function turnStyle(random: () => number): TurnStyle {
  const tiltAzimuth = random() * 2 * Math.PI;
  return {
    swayX: makeWobble(random, TURN_SWAY_M),
    swayZ: makeWobble(random, TURN_SWAY_M),
    arm: makeWobble(random, (TURN_ARM_SWING_DEG * Math.PI) / 180),
    tiltAxis: [Math.cos(tiltAzimuth), 0, Math.sin(tiltAzimuth)],
  };
}

/**
 * Rotation angle after `fraction` of the turn: turnDeg x (f + a sin(4 pi f) / (4 pi)), whose
 * speed varies by +-a around the mean and never stops (a < 1).
 */
export function turnAngleRad(plan: TurnPlan, fraction: number): number {
  const a = plan.natural ? TURN_SPEED_VARIATION : 0;
  const progress = fraction + (a * Math.sin(4 * Math.PI * fraction)) / (4 * Math.PI);
  return (plan.turnDeg * progress * Math.PI) / 180;
}

export function turnState(plan: TurnPlan, style: TurnStyle, fraction: number, timeS: number): TurnState {
  const spin = rotationAbout([0, 1, 0], turnAngleRad(plan, fraction));
  if (!plan.natural) return { bodyToScene: spin, armSwingRad: 0 };
  const tilt = rotationAbout(style.tiltAxis, (TURN_AXIS_TILT_DEG * Math.PI) / 180);
  const sway = translation(style.swayX(timeS), 0, style.swayZ(timeS));
  return { bodyToScene: multiplyPoses(sway, multiplyPoses(tilt, spin)), armSwingRad: style.arm(timeS) };
}

/**
 * Moves the arms of a canonical body by `swingRad` of abduction at the shoulders, in place into
 * `out` (xyz interleaved, m); pivots at (+-0.11 H, 0.81 H, 0) (shoulder breadth ~0.22 H and
 * shoulder height ~0.81 H in adult anthropometric tables), each vertex on the side of its x.
 * Which vertices move, and how much (0..1):
 * - `armWeight` when given (per vertex, e.g. a rig's skin weights of the arm bones summed);
 * - else found by position (any mesh works): vertices above 40% of stature whose |x| exceeds 11%
 *   of stature, blended in over the next 3% so the mesh does not tear. On a heavy body this also
 *   moves the hips' and belly's flanks, which lie beyond 11% of stature: a 3° swing moved them
 *   by up to 2–3 cm, which no person's flanks do.
 * Approximate by design: a small arm movement, not a rig.
 */
export function swingArms(canonical: Float32Array, statureM: number, swingRad: number, out: Float32Array, armWeight: Float32Array | null = null): void {
  const lowY = 0.4 * statureM;
  const startX = 0.11 * statureM;
  const rampX = 0.03 * statureM;
  const pivotY = 0.81 * statureM;
  const c = Math.cos(swingRad);
  const s = Math.sin(swingRad);
  for (let i = 0; i < canonical.length; i += 3) {
    const x = canonical[i], y = canonical[i + 1], z = canonical[i + 2];
    out[i] = x; out[i + 1] = y; out[i + 2] = z;
    if (swingRad === 0) continue;
    const ax = Math.abs(x);
    let weight: number;
    if (armWeight) {
      weight = armWeight[i / 3];
      if (!(weight > 0)) continue;
    } else {
      if (y < lowY || ax <= startX) continue;
      weight = Math.min(1, (ax - startX) / rampX);
    }
    const side = x > 0 ? 1 : -1;
    const px = side * startX;
    // Abduction: rotate about the z axis through the pivot, away from the body on both sides.
    const dx = x - px, dy = y - pivotY;
    const sn = side * s;
    const rx = px + c * dx - sn * dy;
    const ry = pivotY + sn * dx + c * dy;
    out[i] = x + weight * (rx - x);
    out[i + 1] = y + weight * (ry - y);
  }
}
