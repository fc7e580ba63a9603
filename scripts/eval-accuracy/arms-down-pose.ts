// Poses a MakeHuman body "arms down" with the default rig: each upper arm swings from the A-pose
// towards straight down (about the axis perpendicular to the arm and the vertical, through the
// shoulder joint) until its loop in horizontal cuts comes within 0-5 mm of the torso's loop
// without entering it (arm-contact.ts; the armpit fold, arm and torso skin joined already in the
// A-pose, is not contact); optionally both elbows bend forward; a forearm or hand
// that would then touch or enter the hips or a thigh is turned outwards about the elbow until it
// clears them by at least 2 mm. Rest positions in decimetres (base.obj units); gaps in mm.
import type { MakeHumanBase } from './load-makehuman.ts';
import type { MakeHumanRig } from './makehuman-rig.ts';
import { jointPosition } from './makehuman-rig.ts';
import { poseBody, type BoneRotation } from './skin-pose.ts';
import { extractBodyMesh } from './body-mesh.ts';
import { armpitFoldEnd, forearmBodyGap, upperArmTorsoGap, type ArmGap } from './arm-contact.ts';
import type { Side } from './body-axes.ts';

/** Target band of the upper arm's gap to the torso (mm). */
export const CLEARANCE_BAND_MM: readonly [number, number] = [0, 5];
/** Smallest gap of forearm and hand to the rest of the body (mm). */
export const FOREARM_MIN_CLEARANCE_MM = 2;
/** Largest swing searched (deg): past straight down for the narrowest bodies. */
const MAX_SWING_DEG = 70;
const MAX_OUTWARD_DEG = 45;
const SEARCH_STEPS = 24;

export interface ArmsDownOptions {
  /** Forward bend of both elbows (deg), 0 for straight arms. */
  elbowBendDeg: number;
}

export interface ArmPoseReport {
  side: Side;
  /** Swing of the upper arm from the A-pose (deg). */
  swingDeg: number;
  /** Angle of the upper arm (shoulder -> elbow joints) from the downward vertical after posing (deg). */
  fromVerticalDeg: number;
  /** Achieved upper arm - torso gap (mm, arm-contact.ts): in the band unless `outOfBand`. */
  upperArm: ArmGap;
  /** Forearm and hand - rest of the body gap (mm). */
  forearm: ArmGap;
  /** Outward turn of the forearm needed to keep it off the hips (deg). */
  forearmOutwardDeg: number;
  /** How far down the upper arm the armpit fold reaches in the A-pose (fraction shoulder -> elbow); cuts above it that join arm and torso are not contact. */
  foldToT: number;
  /** No swing put the gap in the band (the closest non-penetrating one was kept). */
  outOfBand: boolean;
}

export interface ArmsDownResult {
  positionsDm: Float64Array;
  arms: ArmPoseReport[];
}

const code = (side: Side): string => (side === 'left' ? 'L' : 'R');
type V3 = [number, number, number];
const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const unit = (a: V3): V3 => { const l = Math.hypot(...a); return [a[0] / l, a[1] / l, a[2] / l]; };
const DEG = Math.PI / 180;

interface ArmState { swingRad: number; bendRad: number; outwardRad: number }

export function poseArmsDown(base: MakeHumanBase, rig: MakeHumanRig, restDm: Float64Array, options: ArmsDownOptions): ArmsDownResult {
  const joint = (bone: string, end: 'head' | 'tail'): V3 => jointPosition(restDm, rig.bones[rig.boneIndex.get(bone)!][end === 'head' ? 'headVertices' : 'tailVertices']);
  const axes = {} as Record<Side, { swing: V3; bend: V3 }>;
  for (const side of ['left', 'right'] as const) {
    const s = code(side);
    const upper = unit(sub(joint(`upperarm02.${s}`, 'tail'), joint(`upperarm01.${s}`, 'head')));
    const fore = unit(sub(joint(`lowerarm02.${s}`, 'tail'), joint(`lowerarm01.${s}`, 'head')));
    // Rotation by +angle about (d x down) turns d towards down; about (d x front) turns it forward.
    axes[side] = { swing: unit(cross(upper, [0, -1, 0])), bend: unit(cross(fore, [0, 0, 1])) };
  }
  const state: Record<Side, ArmState> = {
    left: { swingRad: 0, bendRad: options.elbowBendDeg * DEG, outwardRad: 0 },
    right: { swingRad: 0, bendRad: options.elbowBendDeg * DEG, outwardRad: 0 },
  };
  const pose = (): BoneRotation[] => (['left', 'right'] as const).flatMap((side) => {
    const s = code(side), a = axes[side], st = state[side];
    const rotations: BoneRotation[] = [{ bone: `upperarm01.${s}`, axis: a.swing, angleRad: st.swingRad }];
    // Forearm (rest frame, about the elbow): bend forward, then turn outward (back along the swing).
    if (st.bendRad !== 0) rotations.push({ bone: `lowerarm01.${s}`, axis: a.bend, angleRad: st.bendRad });
    if (st.outwardRad !== 0) rotations.push({ bone: `lowerarm01.${s}`, axis: a.swing, angleRad: -st.outwardRad });
    return rotations;
  });
  const posedMesh = () => extractBodyMesh(base, poseBody(rig, restDm, pose()));
  const restMesh = extractBodyMesh(base, restDm);
  const foldToT = { left: armpitFoldEnd(restMesh, 'left'), right: armpitFoldEnd(restMesh, 'right') };
  const upperGap = (side: Side): ArmGap => upperArmTorsoGap(posedMesh(), side, foldToT[side]);
  const foreGap = (side: Side): ArmGap => forearmBodyGap(posedMesh(), side);
  // Both arms move together (the bodies are mirror-symmetric: a symmetric pose keeps the
  // left-right comparison meaningful); the smaller of the two sides' gaps decides.
  const setBoth = (key: keyof ArmState, value: number): void => { state.left[key] = value; state.right[key] = value; };
  const upperBoth = (): number => Math.min(upperGap('left').gapMm, upperGap('right').gapMm);
  const foreBoth = (): number => Math.min(foreGap('left').gapMm, foreGap('right').gapMm);
  // Upper arms: bisection on the swing (the gap falls as the arms swing in); keep a swing in the
  // band, else the largest seen with a gap above it.
  let lo = 0, hi = MAX_SWING_DEG * DEG, inBand: number | null = null;
  setBoth('swingRad', hi);
  if (upperBoth() > CLEARANCE_BAND_MM[1]) lo = hi;
  else {
    for (let k = 0; k < SEARCH_STEPS && inBand === null; k++) {
      setBoth('swingRad', (lo + hi) / 2);
      const g = upperBoth();
      if (g >= CLEARANCE_BAND_MM[0] && g <= CLEARANCE_BAND_MM[1]) inBand = state.left.swingRad;
      else if (g > CLEARANCE_BAND_MM[1]) lo = state.left.swingRad; else hi = state.left.swingRad;
    }
  }
  setBoth('swingRad', inBand ?? lo);
  // Forearms and hands: the smallest outward turn that keeps them off the hips and thighs.
  if (foreBoth() < FOREARM_MIN_CLEARANCE_MM) {
    let outLo = 0, outHi = MAX_OUTWARD_DEG * DEG;
    for (let k = 0; k < SEARCH_STEPS / 2; k++) {
      setBoth('outwardRad', (outLo + outHi) / 2);
      if (foreBoth() < FOREARM_MIN_CLEARANCE_MM) outLo = state.left.outwardRad; else outHi = state.left.outwardRad;
    }
    setBoth('outwardRad', outHi);
  }
  const reports: ArmPoseReport[] = (['left', 'right'] as const).map((side) => ({
    side, swingDeg: state[side].swingRad / DEG, fromVerticalDeg: 0, upperArm: upperGap(side), forearm: foreGap(side),
    forearmOutwardDeg: state[side].outwardRad / DEG, foldToT: foldToT[side], outOfBand: inBand === null,
  }));
  const positionsDm = poseBody(rig, restDm, pose());
  for (const report of reports) {
    const s = code(report.side);
    const shoulder = jointPosition(positionsDm, rig.bones[rig.boneIndex.get(`upperarm01.${s}`)!].headVertices);
    const elbow = jointPosition(positionsDm, rig.bones[rig.boneIndex.get(`upperarm02.${s}`)!].tailVertices);
    const d = unit(sub(elbow, shoulder));
    report.fromVerticalDeg = Math.acos(Math.max(-1, Math.min(1, -d[1]))) / DEG;
  }
  return { positionsDm, arms: reports };
}
