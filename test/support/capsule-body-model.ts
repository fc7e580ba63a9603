/**
 * A tiny hand-made posable body model that satisfies the PosableBodyModel contract: 15 bones, each
 * skinned rigidly to a capsule (torso, head, arms, legs, hands, feet), an A-pose rest, and two shape
 * coefficients (0: every capsule 2 cm thicker per unit; 1: 5% taller per unit). Metres, Y up, facing
 * +Z, left = +X, feet at y = 0. It tests the fit's solver without the MakeHuman asset.
 */
import type { BodyPart, PosableBodyModel } from '../../src/processing/body-model/posable-model-types.ts';
import { BODY_PARTS } from '../../src/processing/body-model/posable-model-types.ts';

type V3 = [number, number, number];
interface BoneSpec { name: string; parent: number; head: V3; tail: V3; part: BodyPart; radius: number }

const s45 = Math.SQRT1_2;
function limb(name: string, parent: number, head: V3, dir: V3, length: number, part: BodyPart, radius: number): BoneSpec {
  return { name, parent, head, tail: [head[0] + dir[0] * length, head[1] + dir[1] * length, head[2] + dir[2] * length], part, radius };
}

function boneSpecs(): BoneSpec[] {
  const bones: BoneSpec[] = [
    { name: 'pelvis', parent: -1, head: [0, 0.92, 0], tail: [0, 1.1, 0], part: 'torso', radius: 0.15 },
    { name: 'spine', parent: 0, head: [0, 1.1, 0], tail: [0, 1.4, 0], part: 'torso', radius: 0.14 },
    { name: 'head', parent: 1, head: [0, 1.45, 0], tail: [0, 1.62, 0], part: 'head', radius: 0.09 },
  ];
  for (const side of [1, -1]) {
    const p = side > 0 ? 'Left' : 'Right';
    const up = bones.length;
    const shoulder: V3 = [side * 0.2, 1.38, 0];
    const armDir: V3 = [side * s45, -s45, 0];
    bones.push(limb(`upperArm${p}`, 1, shoulder, armDir, 0.28, `upperArm${p}` as BodyPart, 0.045));
    bones.push(limb(`forearm${p}`, up, bones[up].tail, armDir, 0.25, `forearm${p}` as BodyPart, 0.037));
    bones.push(limb(`hand${p}`, up + 1, bones[up + 1].tail, armDir, 0.1, `hand${p}` as BodyPart, 0.028));
  }
  for (const side of [1, -1]) {
    const p = side > 0 ? 'Left' : 'Right';
    const th = bones.length;
    bones.push({ name: `thigh${p}`, parent: 0, head: [side * 0.1, 0.9, 0], tail: [side * 0.11, 0.5, 0], part: `thigh${p}` as BodyPart, radius: 0.075 });
    bones.push({ name: `shin${p}`, parent: th, head: [side * 0.11, 0.5, 0], tail: [side * 0.115, 0.09, 0], part: `shin${p}` as BodyPart, radius: 0.05 });
    bones.push({ name: `foot${p}`, parent: th + 1, head: [side * 0.115, 0.06, 0], tail: [side * 0.115, 0.04, 0.16], part: `foot${p}` as BodyPart, radius: 0.04 });
  }
  return bones;
}

/** Builds the capsule model (about 15 × 290 vertices). */
export function capsuleBodyModel(): PosableBodyModel {
  const bones = boneSpecs();
  const around = 20, capRings = 5, bodyRings = 6;
  const positions: number[] = [], radial: number[] = [], tris: number[] = [], skin: number[] = [], parts: number[] = [];
  for (let b = 0; b < bones.length; b++) {
    const { head, tail, radius, part } = bones[b];
    const axis: V3 = [tail[0] - head[0], tail[1] - head[1], tail[2] - head[2]];
    const len = Math.hypot(...axis);
    const a: V3 = [axis[0] / len, axis[1] / len, axis[2] / len];
    const ref: V3 = Math.abs(a[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0];
    let e1: V3 = [a[1] * ref[2] - a[2] * ref[1], a[2] * ref[0] - a[0] * ref[2], a[0] * ref[1] - a[1] * ref[0]];
    const l1 = Math.hypot(...e1); e1 = [e1[0] / l1, e1[1] / l1, e1[2] / l1];
    const e2: V3 = [a[1] * e1[2] - a[2] * e1[1], a[2] * e1[0] - a[0] * e1[2], a[0] * e1[1] - a[1] * e1[0]];
    const base = positions.length / 3;
    // Rings from the head pole to the tail pole: (latitude φ, centre t along the bone).
    const rings: Array<[number, number]> = [];
    for (let i = 1; i <= capRings; i++) rings.push([-Math.PI / 2 + (i * Math.PI) / 2 / capRings, 0]);
    for (let i = 1; i < bodyRings; i++) rings.push([0, i / bodyRings]);
    for (let i = 0; i < capRings; i++) rings.push([(i * Math.PI) / 2 / capRings, 1]);
    const push = (c: V3, d: V3): void => {
      positions.push(c[0] + radius * d[0], c[1] + radius * d[1], c[2] + radius * d[2]);
      radial.push(d[0], d[1], d[2]);
      skin.push(b); parts.push(BODY_PARTS.indexOf(part));
    };
    push(head, [-a[0], -a[1], -a[2]]);
    for (const [phi, t] of rings) {
      const c: V3 = [head[0] + axis[0] * t, head[1] + axis[1] * t, head[2] + axis[2] * t];
      for (let k = 0; k < around; k++) {
        const th = (2 * Math.PI * k) / around;
        const cp = Math.cos(phi), sp = Math.sin(phi);
        push(c, [cp * (Math.cos(th) * e1[0] + Math.sin(th) * e2[0]) + sp * a[0],
          cp * (Math.cos(th) * e1[1] + Math.sin(th) * e2[1]) + sp * a[1],
          cp * (Math.cos(th) * e1[2] + Math.sin(th) * e2[2]) + sp * a[2]]);
      }
    }
    push(tail, a);
    const top = positions.length / 3 - 1;
    const ringStart = (r: number): number => base + 1 + r * around;
    // Outward winding: (e1, e2, a) is right-handed, so going around e1 → e2 and towards +a is CCW from outside.
    for (let k = 0; k < around; k++) tris.push(base, ringStart(0) + ((k + 1) % around), ringStart(0) + k);
    for (let r = 0; r + 1 < rings.length; r++) {
      for (let k = 0; k < around; k++) {
        const a0 = ringStart(r) + k, a1 = ringStart(r) + ((k + 1) % around), b0 = ringStart(r + 1) + k, b1 = ringStart(r + 1) + ((k + 1) % around);
        tris.push(a0, a1, b1, a0, b1, b0);
      }
    }
    const last = ringStart(rings.length - 1);
    for (let k = 0; k < around; k++) tris.push(top, last + k, last + ((k + 1) % around));
  }
  const V = positions.length / 3, B = bones.length, K = 2;
  const shapeBasisM = new Float32Array(K * 3 * V);
  for (let v = 0; v < V; v++) {
    for (let c = 0; c < 3; c++) shapeBasisM[3 * v + c] = 0.02 * radial[3 * v + c];
    shapeBasisM[3 * V + 3 * v + 1] = 0.05 * positions[3 * v + 1];
  }
  const headMean = new Float32Array(3 * B), tailMean = new Float32Array(3 * B);
  const headBasis = new Float32Array(K * 3 * B), tailBasis = new Float32Array(K * 3 * B);
  bones.forEach((bone, b) => {
    headMean.set(bone.head, 3 * b); tailMean.set(bone.tail, 3 * b);
    headBasis[3 * B + 3 * b + 1] = 0.05 * bone.head[1];
    tailBasis[3 * B + 3 * b + 1] = 0.05 * bone.tail[1];
  });
  const skinBones = new Uint8Array(4 * V), skinWeights = new Float32Array(4 * V);
  for (let v = 0; v < V; v++) { skinBones[4 * v] = skin[v]; skinWeights[4 * v] = 1; }
  return {
    vertexCount: V, triangles: Uint32Array.from(tris), meanPositionsM: Float32Array.from(positions),
    shapeCount: K, principalShapeCount: 2, shapePresets: {}, shapeNames: ['girth', 'height'], shapeBasisM,
    boneCount: B, boneNames: bones.map((b) => b.name), boneParent: Int16Array.from(bones.map((b) => b.parent)),
    boneHeadMeanM: headMean, boneHeadBasisM: headBasis, boneTailMeanM: tailMean, boneTailBasisM: tailBasis,
    skinBones, skinWeights, vertexPart: Uint8Array.from(parts), bonePart: Uint8Array.from(bones.map((b) => BODY_PARTS.indexOf(b.part))),
  };
}
