/**
 * Named standing poses of the posable model, for tests and the evaluation: arms lowered from the
 * rest A-pose towards the sides, the elbow bend set, the legs closed or opened. Angles are measured
 * on the shaped rest skeleton (so they mean the same on every body) in the model frame (m, Y up,
 * facing +Z, left = +X); only the upper arms, forearms and thighs turn, so the torso, head and
 * hands' own shape are untouched (hands and feet follow their parents).
 */
import { allocatePosedBody } from './load-posable-model.ts';
import { shapeBody } from './shape-body.ts';
import type { BodyParams, PosableBodyModel } from './posable-model-types.ts';

export interface StandardPoseOptions {
  /** Each upper arm's angle below the horizontal in the frontal plane: 0 = T-pose, 90 = straight down (rest A-pose: about 47). */
  armsDownDeg: number;
  /** Elbow flexion: 0 = straight arm (rest: about 42, forearm forward). */
  elbowBendDeg: number;
  /** Each thigh's angle from the vertical in the frontal plane: 0 = legs parallel (rest: about 5). */
  legsApartDeg: number;
}

const RAD = Math.PI / 180;

/** The pose (shape as given, root at the origin) putting the body of `shape` in the named stance. */
export function standardPose(
  model: PosableBodyModel, options: StandardPoseOptions, shape: ArrayLike<number> = new Float32Array(model.shapeCount),
): BodyParams {
  const rest = allocatePosedBody(model);
  shapeBody(model, shape, rest);
  const params: BodyParams = {
    shape: Float32Array.from({ length: model.shapeCount }, (_, k) => shape[k] ?? 0),
    pose: new Float32Array(3 * model.boneCount),
    rootRotation: new Float32Array(3),
    rootTranslationM: new Float32Array(3),
  };
  const boneIndex = (name: string): number => {
    const index = model.boneNames.indexOf(name);
    if (index < 0) throw new Error(`standardPose: the model has no bone ${name}`);
    return index;
  };
  const direction = (b: number): [number, number, number] => [
    rest.boneTailM[3 * b] - rest.boneHeadM[3 * b],
    rest.boneTailM[3 * b + 1] - rest.boneHeadM[3 * b + 1],
    rest.boneTailM[3 * b + 2] - rest.boneHeadM[3 * b + 2],
  ];
  for (const side of ['Left', 'Right'] as const) {
    const outward = side === 'Left' ? 1 : -1; // +X is the character's left
    // Upper arm: turn about the model Z axis at the shoulder until it is armsDownDeg below horizontal.
    const upperArm = boneIndex(`upperArm${side}`);
    const u = direction(upperArm);
    const restBelowHorizontal = Math.atan2(-u[1], outward * u[0]);
    params.pose[3 * upperArm + 2] = -outward * (options.armsDownDeg * RAD - restBelowHorizontal);
    // Forearm: turn in the plane of upper arm and forearm about their common normal n = u x f
    // (turning f about n by +d bends the elbow by d).
    const forearm = boneIndex(`forearm${side}`);
    const f = direction(forearm);
    const n = [u[1] * f[2] - u[2] * f[1], u[2] * f[0] - u[0] * f[2], u[0] * f[1] - u[1] * f[0]];
    const nLength = Math.hypot(n[0], n[1], n[2]);
    const restBend = Math.atan2(nLength, u[0] * f[0] + u[1] * f[1] + u[2] * f[2]);
    if (nLength > 1e-9) {
      const turn = options.elbowBendDeg * RAD - restBend;
      for (let c = 0; c < 3; c++) params.pose[3 * forearm + c] = (n[c] / nLength) * turn;
    }
    // Thigh: turn about the model Z axis at the hip until it is legsApartDeg from the vertical.
    const thigh = boneIndex(`thigh${side}`);
    const t = direction(thigh);
    const restFromVertical = Math.atan2(outward * t[0], -t[1]);
    params.pose[3 * thigh + 2] = outward * (options.legsApartDeg * RAD - restFromVertical);
  }
  return params;
}

/**
 * Arms hanging at the sides with a slight elbow bend, legs nearly parallel: the everyday stance.
 * Measured clearance between mid upper arm and chest wall at 72 deg: mean body 2 mm, average
 * woman 9 mm, average man 12 mm; the heavy and obese presets touch from 60-65 deg on (beyond,
 * linear blend skinning pushes the arm into the torso). A caller wanting contact on a given body
 * searches armsDownDeg for it.
 */
export const ARMS_DOWN: StandardPoseOptions = { armsDownDeg: 72, elbowBendDeg: 10, legsApartDeg: 3 };
/** The model's own rest stance, stated in the same terms (about). */
export const REST_A_POSE: StandardPoseOptions = { armsDownDeg: 47, elbowBendDeg: 42, legsApartDeg: 5 };
