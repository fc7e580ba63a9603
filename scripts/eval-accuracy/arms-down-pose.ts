// Poses a MakeHuman body "arms down" with the default rig: each upper arm swings from the A-pose
// towards straight down (about the axis perpendicular to the arm and the vertical, through the
// shoulder joint) until the upper arm's closest vertex is 0-5 mm from the torso without going
// into it; optionally the elbow bends forward; a forearm or hand that would then go into the hips
// or thigh is turned outwards about the elbow until it clears them by at least 2 mm.
// Positions in decimetres (base.obj units); clearances reported in mm.
import type { MakeHumanRig } from './makehuman-rig.ts';
import { jointPosition } from './makehuman-rig.ts';
import { poseBody, type BoneRotation } from './skin-pose.ts';
import { clearanceIndex, partClearance, vertexNormals, VertexGrid, type ClearanceIndex } from './arm-clearance.ts';
import type { Side } from './body-axes.ts';

const MM_PER_DM = 100;
/** Target band of the upper arm's clearance to the torso (mm). */
export const CLEARANCE_BAND_MM: readonly [number, number] = [0, 5];
/** Smallest clearance of forearm and hand to the hips/thighs (mm). */
export const FOREARM_MIN_CLEARANCE_MM = 2;
/** Arm vertices within this distance of the torso in the rest pose form the armpit fold (dm): 4 cm. */
const JUNCTION_BAND_DM = 0.4;
/** Largest swing searched (deg): past straight down for the narrowest bodies. */
const MAX_SWING_DEG = 70;

export interface ArmsDownOptions {
  /** Forward bend of both elbows (deg), 0 for straight arms. */
  elbowBendDeg: number;
}

export interface ArmPoseReport {
  side: Side;
  /** Swing of the upper arm from the A-pose (deg). */
  swingDeg: number;
  /** Angle of the upper arm (shoulder -> elbow) from the downward vertical after posing (deg). */
  fromVerticalDeg: number;
  /** Achieved clearance of the upper arm to the torso (mm): in the band unless `reachedLimit`. */
  upperArmClearanceMm: number;
  /** Clearance of forearm and hand to the rest of the body (mm). */
  forearmClearanceMm: number;
  /** Outward turn of the forearm needed to keep it off the hips (deg). */
  forearmOutwardDeg: number;
  /** The swing limit was reached before the arm came within 5 mm of the torso. */
  reachedLimit: boolean;
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

export function poseArmsDown(rig: MakeHumanRig, restDm: Float64Array, bodyVertices: Uint32Array, trianglesGlobal: Uint32Array, options: ArmsDownOptions): ArmsDownResult {
  const index: ClearanceIndex = clearanceIndex(rig, restDm, bodyVertices, JUNCTION_BAND_DM);
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
    // Forearm: bend forward, then turn outward (back along the swing, in the rest frame).
    if (st.bendRad !== 0) rotations.push({ bone: `lowerarm01.${s}`, axis: a.bend, angleRad: st.bendRad });
    if (st.outwardRad !== 0) rotations.push({ bone: `lowerarm01.${s}`, axis: a.swing, angleRad: -st.outwardRad });
    return rotations;
  });
  const measure = (side: Side, part: 'upperArm' | 'forearmHand'): number => {
    const posed = poseBody(rig, restDm, pose());
    const normals = vertexNormals(posed, trianglesGlobal);
    const grid = new VertexGrid(posed, index.others, 0.3);
    return partClearance(posed, normals, grid, index.parts[side][part]).clearance * MM_PER_DM;
  };
  const reports: ArmPoseReport[] = [];
  for (const side of ['left', 'right'] as const) {
    const st = state[side];
    // Upper arm: bisection on the swing for clearance in the band (clearance falls as the arm swings in).
    let lo = 0, hi = MAX_SWING_DEG * DEG, reachedLimit = false;
    st.swingRad = hi;
    if (measure(side, 'upperArm') > CLEARANCE_BAND_MM[1]) reachedLimit = true;
    else {
      for (let k = 0; k < 40; k++) {
        st.swingRad = (lo + hi) / 2;
        const c = measure(side, 'upperArm');
        if (c >= CLEARANCE_BAND_MM[0] && c <= CLEARANCE_BAND_MM[1]) break;
        if (c > CLEARANCE_BAND_MM[1]) lo = st.swingRad; else hi = st.swingRad;
      }
    }
    // Forearm and hand: the smallest outward turn that keeps them off the hips and thighs.
    if (measure(side, 'forearmHand') < FOREARM_MIN_CLEARANCE_MM) {
      let inLo = 0, inHi = 45 * DEG;
      for (let k = 0; k < 20; k++) {
        st.outwardRad = (inLo + inHi) / 2;
        if (measure(side, 'forearmHand') < FOREARM_MIN_CLEARANCE_MM) inLo = st.outwardRad; else inHi = st.outwardRad;
      }
      st.outwardRad = inHi;
    }
    reports.push({
      side, swingDeg: st.swingRad / DEG, fromVerticalDeg: 0, upperArmClearanceMm: measure(side, 'upperArm'),
      forearmClearanceMm: measure(side, 'forearmHand'), forearmOutwardDeg: st.outwardRad / DEG, reachedLimit,
    });
  }
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
