// Reduces MakeHuman's default skeleton (163 bones, rigs/default.mhskel) to the 20 bones a scan fit
// needs, and folds the skin weights (rigs/default_weights.mhw) of every removed bone into the
// nearest kept ancestor. Both files are CC0 (their headers say so).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BODY_PARTS, type BodyPart } from '../../src/processing/body-model/posable-model-types.ts';

/**
 * A kept bone: our name, MakeHuman's bone that gives its head joint (and its identity in the
 * hierarchy), the MakeHuman joint that is its tail (the far end of the merged chain), and its part.
 */
interface KeptBone {
  name: string;
  makehumanBone: string;
  tailJoint: string;
  part: BodyPart;
  /** Joints whose vertices together give the head, when not MakeHuman's own head joint of the bone. */
  headJoints?: readonly string[];
}

/** Parents before children; the chain each bone stands for is every MakeHuman bone folded into it. */
const KEPT_BONES: readonly KeptBone[] = [
  // MakeHuman's root bone starts at a vertex of the lower back; ours starts midway between the hip
  // joints (the mean of both hip joints' vertices), the natural pivot of the whole body.
  { name: 'pelvis', makehumanBone: 'root', tailJoint: 'root____tail', part: 'torso', headJoints: ['upperleg01.L____head', 'upperleg01.R____head'] },
  { name: 'spineLower', makehumanBone: 'spine05', tailJoint: 'spine04____tail', part: 'torso' },
  { name: 'spineMiddle', makehumanBone: 'spine03', tailJoint: 'spine02____tail', part: 'torso' },
  { name: 'spineUpper', makehumanBone: 'spine01', tailJoint: 'spine01____tail', part: 'torso' },
  { name: 'neck', makehumanBone: 'neck01', tailJoint: 'neck03____tail', part: 'head' },
  { name: 'head', makehumanBone: 'head', tailJoint: 'head____tail', part: 'head' },
  ...(['Left', 'Right'] as const).flatMap((side) => {
    const s = side === 'Left' ? 'L' : 'R';
    return [
      { name: `clavicle${side}`, makehumanBone: `clavicle.${s}`, tailJoint: `shoulder01.${s}____tail`, part: 'torso' as BodyPart },
      { name: `upperArm${side}`, makehumanBone: `upperarm01.${s}`, tailJoint: `upperarm02.${s}____tail`, part: `upperArm${side}` as BodyPart },
      { name: `forearm${side}`, makehumanBone: `lowerarm01.${s}`, tailJoint: `lowerarm02.${s}____tail`, part: `forearm${side}` as BodyPart },
      { name: `hand${side}`, makehumanBone: `wrist.${s}`, tailJoint: `finger3-3.${s}____tail`, part: `hand${side}` as BodyPart },
    ];
  }),
  ...(['Left', 'Right'] as const).flatMap((side) => {
    const s = side === 'Left' ? 'L' : 'R';
    return [
      { name: `thigh${side}`, makehumanBone: `upperleg01.${s}`, tailJoint: `upperleg02.${s}____tail`, part: `thigh${side}` as BodyPart },
      { name: `shin${side}`, makehumanBone: `lowerleg01.${s}`, tailJoint: `lowerleg02.${s}____tail`, part: `shin${side}` as BodyPart },
      { name: `foot${side}`, makehumanBone: `foot.${s}`, tailJoint: `toe3-3.${s}____tail`, part: `foot${side}` as BodyPart },
    ];
  }),
];

export interface ReducedSkeleton {
  boneNames: string[];
  boneParent: Int16Array;
  bonePart: Uint8Array;
  /** Per kept bone: the base.obj vertex indices whose mean is its head / tail joint. */
  headJointVertices: Uint32Array[];
  tailJointVertices: Uint32Array[];
  /** Which kept bone each MakeHuman bone folds into (for the docs and the build log). */
  foldedInto: Map<string, string>;
  /** Folded weights per base.obj vertex: kept bone -> summed weight (before the top-4 cut). */
  foldedWeights: Map<number, Map<number, number>>;
}

interface MhSkeleton {
  bones: Record<string, { head: string; tail: string; parent: string | null }>;
  joints: Record<string, number[]>;
}

export function readReducedSkeleton(makehumanDir: string): ReducedSkeleton {
  const skeleton = JSON.parse(readFileSync(join(makehumanDir, 'rigs', 'default.mhskel'), 'utf8')) as MhSkeleton;
  const weights = (JSON.parse(readFileSync(join(makehumanDir, 'rigs', 'default_weights.mhw'), 'utf8')) as {
    weights: Record<string, [number, number][]>;
  }).weights;
  const keptIndex = new Map(KEPT_BONES.map((bone, index) => [bone.makehumanBone, index]));
  // Nearest kept ancestor (a kept bone maps to itself).
  const keptOf = (mhBone: string): number => {
    let current: string | null = mhBone;
    while (current !== null) {
      const index = keptIndex.get(current);
      if (index !== undefined) return index;
      current = skeleton.bones[current]?.parent ?? null;
    }
    throw new Error(`build-body-model: bone ${mhBone} has no kept ancestor`);
  };
  const boneParent = new Int16Array(KEPT_BONES.length);
  KEPT_BONES.forEach((bone, index) => {
    const parent = skeleton.bones[bone.makehumanBone].parent;
    boneParent[index] = parent === null ? -1 : keptOf(parent);
    if (boneParent[index] >= index) throw new Error(`build-body-model: ${bone.name} listed before its parent`);
  });
  const foldedInto = new Map<string, string>();
  for (const mhBone of Object.keys(skeleton.bones).sort()) foldedInto.set(mhBone, KEPT_BONES[keptOf(mhBone)].name);
  const foldedWeights = new Map<number, Map<number, number>>();
  for (const mhBone of Object.keys(weights).sort()) {
    const kept = keptOf(mhBone);
    for (const [vertex, weight] of weights[mhBone]) {
      let perBone = foldedWeights.get(vertex);
      if (!perBone) foldedWeights.set(vertex, (perBone = new Map()));
      perBone.set(kept, (perBone.get(kept) ?? 0) + weight);
    }
  }
  const jointVertices = (...joints: string[]): Uint32Array => Uint32Array.from(joints.flatMap((joint) => {
    const list = skeleton.joints[joint];
    if (!list) throw new Error(`build-body-model: no joint ${joint}`);
    return list;
  }));
  return {
    boneNames: KEPT_BONES.map((bone) => bone.name),
    boneParent,
    bonePart: Uint8Array.from(KEPT_BONES.map((bone) => BODY_PARTS.indexOf(bone.part))),
    headJointVertices: KEPT_BONES.map((bone) => jointVertices(...(bone.headJoints ?? [skeleton.bones[bone.makehumanBone].head]))),
    tailJointVertices: KEPT_BONES.map((bone) => jointVertices(bone.tailJoint)),
    foldedInto,
    foldedWeights,
  };
}

/** Mean of each joint's vertices (MakeHuman's joint rule), 3B, in the units of `positions`. */
export function jointPositions(positions: Float64Array, jointVertices: readonly Uint32Array[], out: Float64Array): void {
  jointVertices.forEach((vertices, b) => {
    let x = 0;
    let y = 0;
    let z = 0;
    for (const v of vertices) {
      x += positions[3 * v];
      y += positions[3 * v + 1];
      z += positions[3 * v + 2];
    }
    out[3 * b] = x / vertices.length;
    out[3 * b + 1] = y / vertices.length;
    out[3 * b + 2] = z / vertices.length;
  });
}

export interface CompactSkin {
  skinBones: Uint8Array;
  skinWeights: Float32Array;
  vertexPart: Uint8Array;
  /** Vertices that had no weight at all in the rig (given to their nearest weighted neighbour). */
  unweighted: number;
  /** Largest weight mass dropped by the top-4 cut at any vertex (before renormalising). */
  maxDroppedWeight: number;
}

/**
 * Top-4 influences per body vertex (fewer where a tie straddles the cut), renormalised to sum 1. A vertex's part is the part with the
 * largest summed (folded, untruncated) weight: the bone that moves it most decides its label.
 */
export function compactSkin(
  skeleton: ReducedSkeleton, bodyVertexGlobal: Uint32Array, neighbours: (local: number) => readonly number[],
): CompactSkin {
  const count = bodyVertexGlobal.length;
  const skinBones = new Uint8Array(4 * count);
  const skinWeights = new Float32Array(4 * count);
  const vertexPart = new Uint8Array(count).fill(255);
  const weighted = new Uint8Array(count);
  let maxDroppedWeight = 0;
  for (let v = 0; v < count; v++) {
    const perBone = skeleton.foldedWeights.get(bodyVertexGlobal[v]);
    if (!perBone || perBone.size === 0) continue;
    weighted[v] = 1;
    const sorted = [...perBone.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    const total = sorted.reduce((sum, [, w]) => sum + w, 0);
    // Keep the 4 largest; a weight tied with the first one dropped goes too (a midline vertex with
    // equal left and right clavicle weights keeps both or neither: the skin stays symmetric).
    let cut = Math.min(4, sorted.length);
    while (cut > 1 && cut < sorted.length && Math.abs(sorted[cut - 1][1] - sorted[cut][1]) < 1e-9) cut--;
    const kept = sorted.slice(0, cut);
    const keptSum = kept.reduce((sum, [, w]) => sum + w, 0);
    maxDroppedWeight = Math.max(maxDroppedWeight, (total - keptSum) / total);
    kept.forEach(([bone, w], slot) => {
      skinBones[4 * v + slot] = bone;
      skinWeights[4 * v + slot] = w / keptSum;
    });
    const perPart = new Map<number, number>();
    for (const [bone, w] of sorted) perPart.set(skeleton.bonePart[bone], (perPart.get(skeleton.bonePart[bone]) ?? 0) + w);
    vertexPart[v] = [...perPart.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
  }
  // A vertex the rig leaves unweighted copies a weighted neighbour (breadth-first, deterministic).
  let unweighted = 0;
  for (let pass = 0; pass < 50; pass++) {
    let changed = false;
    for (let v = 0; v < count; v++) {
      if (weighted[v]) continue;
      if (pass === 0) unweighted++;
      const source = neighbours(v).find((n) => weighted[n] === 1);
      if (source === undefined) continue;
      skinBones.copyWithin(4 * v, 4 * source, 4 * source + 4);
      skinWeights.copyWithin(4 * v, 4 * source, 4 * source + 4);
      vertexPart[v] = vertexPart[source];
      weighted[v] = 2;
      changed = true;
    }
    for (let v = 0; v < count; v++) if (weighted[v] === 2) weighted[v] = 1;
    if (!changed) break;
  }
  if (weighted.includes(0)) throw new Error('build-body-model: vertices without skin weights remain');
  return { skinBones, skinWeights, vertexPart, unweighted, maxDroppedWeight };
}
