/**
 * Arm landmarks from the fitted model's bones: the upper-arm bone gives the upper-arm line, the
 * forearm bone the forearm line, so a hanging arm, a bent elbow or an arm resting on the torso
 * are read the same way. On the capture's own points (labelled with the arm's parts):
 * - acromion: the vertical through the shoulder joint walked up from 5 cm below the joint to where
 *   it leaves the shoulder's top (limb-axes.ts findAcromionS); arm distances (mid-arm: half the
 *   acromion-to-elbow distance) run along the upper-arm line from the acromion's projection on it;
 * - elbow: the fitted elbow joint (the forearm bone's head projected on the upper-arm line);
 * - fingertip: the farthest arm point within 3 cm of the forearm line;
 * - wrist: the narrowest arm section 75–100% of the way from the elbow to the fitted wrist joint
 *   (the forearm bone's tail), forearm maximum: the widest 10–60% of that way (median distance
 *   from the forearm line in 5 mm bins, as for bent arms in limb-axes.ts). Bounds from the fitted
 *   joint, not the fingertip: the hand's length and bend moved a fingertip-based wrist into the
 *   hand on one side of symmetric bodies (left and right wrists 12 mm apart).
 * Canonical frame, metres.
 */
import type { Vec3 } from '../geometry/pca.ts';
import type { Bone } from './fit-segmentation.ts';
import type { ArmLandmarks, LimbAxis } from './limb-axes.ts';
import { axial, findAcromionS, radialProfile } from './limb-axes.ts';
import { extremumIndex, LIMB_PLATEAU_M, movingAverage } from './profile-extremum.ts';
import type { SliceStack } from './slices.ts';

const BIN_M = 0.005;
/** Where the wrist's narrowest and the forearm's widest section are searched: shares of the way from the elbow to the fitted wrist joint. */
export const WRIST_SEARCH_RANGE: readonly [number, number] = [0.75, 1];
export const FOREARM_SEARCH_RANGE: readonly [number, number] = [0.1, 0.6];

function unit(from: Vec3, to: Vec3): Vec3 {
  const d: Vec3 = [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
  const len = Math.hypot(d[0], d[1], d[2]);
  return [d[0] / len, d[1] / len, d[2] / len];
}

/**
 * partStack: the fit segmentation's stack (labels are part groups); group: the arm's group label;
 * upper, fore: the fitted upper-arm and forearm bones; side: +1 body's left (+X), −1 right.
 */
export function armLandmarksFromBones(partStack: SliceStack, group: number, upper: Bone, fore: Bone, side: 1 | -1): ArmLandmarks {
  const dir = unit(upper.head, upper.tail);
  // Acromion: straight up from the shoulder joint (walked from 5 cm below it) to where that vertical
  // leaves the shoulder's top. The upper-arm line itself, continued upward, runs through the
  // shoulder into the neck on A-posed models (it read the acromion at the neck on MakeHuman bodies).
  const joint = upper.head;
  const vertical: LimbAxis = { origin: joint, dir: [0, -1, 0] };
  const up = findAcromionS(partStack, vertical, 0.05, side, 0);
  const acromionPoint: Vec3 = [joint[0], joint[1] - up, joint[2]];
  // Arm distances run along the upper-arm line from the acromion's projection on it.
  const s0 = (acromionPoint[0] - joint[0]) * dir[0] + (acromionPoint[1] - joint[1]) * dir[1] + (acromionPoint[2] - joint[2]) * dir[2];
  const origin: Vec3 = [joint[0] + s0 * dir[0], joint[1] + s0 * dir[1], joint[2] + s0 * dir[2]];
  const jointS = (fore.head[0] - origin[0]) * dir[0] + (fore.head[1] - origin[1]) * dir[1] + (fore.head[2] - origin[2]) * dir[2];
  const total = partStack.start[partStack.sliceCount];
  let count = 0;
  for (let k = 0; k < total; k++) if (partStack.labels[k] === group) count++;
  // Elbow: the fitted elbow joint. (The narrowest section within 6 cm of it was tried: on a smooth
  // elbow plateau it jitters by centimetres and the lower-arm site, 12% further, moves with it.)
  const elbowS = jointS;
  const elbowPoint: Vec3 = [origin[0] + elbowS * dir[0], origin[1] + elbowS * dir[1], origin[2] + elbowS * dir[2]];
  const forearmDir = unit(fore.head, fore.tail);
  const foreLine: LimbAxis = { origin: elbowPoint, dir: forearmDir };
  // The arm's points beyond the elbow (forearm and hand), then the radial profile along the forearm.
  const lower = new Float64Array(3 * count);
  let m = 0, tip = 0;
  for (let k = 0; k < total; k++) {
    if (partStack.labels[k] !== group) continue;
    const x = partStack.points[3 * k], y = partStack.points[3 * k + 1], z = partStack.points[3 * k + 2];
    const [s, rho] = axial(foreLine, x, y, z);
    if (s < 0) continue;
    lower[m++] = x; lower[m++] = y; lower[m++] = z;
    if (rho < 0.03 && s > tip) tip = s;
  }
  const pts = lower.subarray(0, m);
  // Each 5 mm bin's median radius scatters by 1-3 mm around an elliptical forearm (about 100
  // points a bin on a 200k-point sample): a 2.5 cm moving average before the flat-stretch search.
  const profile = movingAverage(radialProfile(pts, foreLine, 0, tip, BIN_M), 2);
  const wristJointS = (fore.tail[0] - elbowPoint[0]) * forearmDir[0] + (fore.tail[1] - elbowPoint[1]) * forearmDir[1] + (fore.tail[2] - elbowPoint[2]) * forearmDir[2];
  const at = (f: number) => Math.min(profile.length - 1, Math.round((f * wristJointS) / BIN_M));
  const wristF = extremumIndex(profile, at(WRIST_SEARCH_RANGE[0]), at(WRIST_SEARCH_RANGE[1]), -1, LIMB_PLATEAU_M) * BIN_M + BIN_M / 2;
  const forearmF = extremumIndex(profile, at(FOREARM_SEARCH_RANGE[0]), at(FOREARM_SEARCH_RANGE[1]), 1, LIMB_PLATEAU_M) * BIN_M + BIN_M / 2;
  return { origin, dir, elbowS, wristS: elbowS + wristF, forearmS: elbowS + forearmF, fingertipS: elbowS + tip, elbowPoint, forearmDir, acromionPoint };
}
