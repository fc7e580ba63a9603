// Linear blend skinning of a (morphed) MakeHuman body with the default rig (makehuman-rig.ts).
// A pose is a set of rotations, each about its bone's rest head joint and about an axis given in
// the rest (world) frame; a bone's transform is its parent's composed with its own rotation, so
// children follow. Each vertex moves to sum_b w_b M_b x (Magnenat-Thalmann et al. 1988, "linear
// blend skinning"). Units follow the positions (decimetres for base.obj). Joint cubes carry
// weights too, so the posed body's joints (and hence the truth's body-part axes) move with it.
import { jointPosition, type MakeHumanRig } from './makehuman-rig.ts';

export interface BoneRotation {
  bone: string;
  /** Unit axis in the rest frame. */
  axis: [number, number, number];
  angleRad: number;
}

/** Row-major 3x4 affine transforms, 12 numbers per bone: [R | t]. */
export type BoneTransforms = Float64Array;

/** Rodrigues: rotation matrix (row-major 3x3) of `angle` about unit `axis`. */
export function axisAngleMatrix(axis: readonly number[], angle: number): number[] {
  const [x, y, z] = axis, c = Math.cos(angle), s = Math.sin(angle), k = 1 - c;
  return [
    c + x * x * k, x * y * k - z * s, x * z * k + y * s,
    y * x * k + z * s, c + y * y * k, y * z * k - x * s,
    z * x * k - y * s, z * y * k + x * s, c + z * z * k,
  ];
}

/** Every bone's global transform (rest -> posed) for a pose given as rotations about rest heads. */
export function boneTransforms(rig: MakeHumanRig, restPositions: Float64Array, pose: readonly BoneRotation[]): BoneTransforms {
  const local = new Map<number, number[]>();
  for (const r of pose) {
    const b = rig.boneIndex.get(r.bone);
    if (b === undefined) throw new Error(`skin-pose: no bone ${r.bone}`);
    const R = axisAngleMatrix(r.axis, r.angleRad);
    const h = jointPosition(restPositions, rig.bones[b].headVertices);
    // x -> R (x - h) + h: translation h - R h.
    const t = [0, 1, 2].map((i) => h[i] - (R[3 * i] * h[0] + R[3 * i + 1] * h[1] + R[3 * i + 2] * h[2]));
    const own = [R[0], R[1], R[2], t[0], R[3], R[4], R[5], t[1], R[6], R[7], R[8], t[2]];
    // Several rotations of one bone apply in the order listed: later o earlier.
    const earlier = local.get(b);
    local.set(b, earlier ? composeAffine(own, earlier) : own);
  }
  const out = new Float64Array(12 * rig.bones.length);
  const identity = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];
  rig.bones.forEach((bone, b) => {
    const own = local.get(b) ?? identity;
    const parent = bone.parent < 0 ? identity : Array.from(out.subarray(12 * bone.parent, 12 * bone.parent + 12));
    out.set(composeAffine(parent, own), 12 * b);
  });
  return out;
}

/** a o b for row-major 3x4 affine transforms (apply b, then a). */
function composeAffine(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(12);
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 4; j++) {
      let v = j === 3 ? a[4 * i + 3] : 0;
      for (let k = 0; k < 3; k++) v += a[4 * i + k] * b[4 * k + j];
      out[4 * i + j] = v;
    }
  }
  return out;
}

/** Posed positions of every vertex: sum of weight x bone transform applied to the rest position. */
export function skinPositions(rig: MakeHumanRig, restPositions: Float64Array, transforms: BoneTransforms): Float64Array {
  const out = new Float64Array(restPositions.length);
  const n = restPositions.length / 3;
  for (let v = 0; v < n; v++) {
    const x = restPositions[3 * v], y = restPositions[3 * v + 1], z = restPositions[3 * v + 2];
    let px = 0, py = 0, pz = 0;
    for (let k = rig.offsets[v]; k < rig.offsets[v + 1]; k++) {
      const m = 12 * rig.influenceBone[k], w = rig.influenceWeight[k];
      px += w * (transforms[m] * x + transforms[m + 1] * y + transforms[m + 2] * z + transforms[m + 3]);
      py += w * (transforms[m + 4] * x + transforms[m + 5] * y + transforms[m + 6] * z + transforms[m + 7]);
      pz += w * (transforms[m + 8] * x + transforms[m + 9] * y + transforms[m + 10] * z + transforms[m + 11]);
    }
    out[3 * v] = px; out[3 * v + 1] = py; out[3 * v + 2] = pz;
  }
  return out;
}

export function poseBody(rig: MakeHumanRig, restPositions: Float64Array, pose: readonly BoneRotation[]): Float64Array {
  return skinPositions(rig, restPositions, boneTransforms(rig, restPositions, pose));
}
