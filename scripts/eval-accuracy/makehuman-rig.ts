// MakeHuman's default skeleton and skin weights (CC0 data: rigs/default.mhskel and
// rigs/default_weights.mhw of the MakeHuman folder, format in its README "rigs/" section), read
// for the evaluation's own posing. Independent of src/processing/body-model: the truth must not
// come from the product's model. Indices are base.obj's global vertex indices (19,158 vertices:
// body, helpers and joint cubes all carry weights, so posed joint cubes give posed joints).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface RigBone {
  name: string;
  /** Index of the parent bone in `bones`, -1 for the root. Parents come before children. */
  parent: number;
  /** Base-mesh vertices whose mean is the bone's head (resp. tail) joint. */
  headVertices: Uint32Array;
  tailVertices: Uint32Array;
}

export interface MakeHumanRig {
  bones: RigBone[];
  boneIndex: Map<string, number>;
  /**
   * Skin weights in CSR form over all base.obj vertices: vertex v's influences are
   * `influenceBone[k]`, `influenceWeight[k]` for k in [offsets[v], offsets[v+1]). Weights are
   * normalised to sum to 1 per vertex (the file's sums range 0.32..1.67).
   */
  offsets: Uint32Array;
  influenceBone: Uint16Array;
  influenceWeight: Float32Array;
  /** Per vertex: the bone with the largest weight. */
  dominantBone: Uint16Array;
}

interface SkeletonFile {
  bones: Record<string, { head: string; tail: string; parent: string | null }>;
  joints: Record<string, number[]>;
}

export function readMakeHumanRig(makehumanDir: string, vertexCount: number): MakeHumanRig {
  const skeleton = JSON.parse(readFileSync(join(makehumanDir, 'rigs', 'default.mhskel'), 'utf8')) as SkeletonFile;
  const weightsFile = JSON.parse(readFileSync(join(makehumanDir, 'rigs', 'default_weights.mhw'), 'utf8')) as { weights: Record<string, [number, number][]> };
  // Order bones parents-first so a single forward pass composes transforms.
  const names = Object.keys(skeleton.bones);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const before = ordered.length;
    for (const name of names) {
      const parent = skeleton.bones[name].parent;
      if (!placed.has(name) && (parent === null || placed.has(parent))) { ordered.push(name); placed.add(name); }
    }
    if (ordered.length === before) throw new Error('makehuman-rig: the skeleton has a cycle or a missing parent');
  }
  const boneIndex = new Map(ordered.map((name, i) => [name, i]));
  const jointVertices = (joint: string): Uint32Array => {
    const list = skeleton.joints[joint];
    if (!list) throw new Error(`makehuman-rig: joint ${joint} missing from default.mhskel`);
    return Uint32Array.from(list);
  };
  const bones = ordered.map((name): RigBone => {
    const b = skeleton.bones[name];
    return { name, parent: b.parent === null ? -1 : boneIndex.get(b.parent)!, headVertices: jointVertices(b.head), tailVertices: jointVertices(b.tail) };
  });
  const perVertex: { bone: number; weight: number }[][] = Array.from({ length: vertexCount }, () => []);
  for (const [bone, list] of Object.entries(weightsFile.weights)) {
    const index = boneIndex.get(bone);
    if (index === undefined) continue;
    for (const [vertex, weight] of list) if (vertex < vertexCount && weight > 0) perVertex[vertex].push({ bone: index, weight });
  }
  const offsets = new Uint32Array(vertexCount + 1);
  for (let v = 0; v < vertexCount; v++) offsets[v + 1] = offsets[v] + perVertex[v].length;
  const influenceBone = new Uint16Array(offsets[vertexCount]);
  const influenceWeight = new Float32Array(offsets[vertexCount]);
  const dominantBone = new Uint16Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) {
    const list = perVertex[v];
    const sum = list.reduce((s, x) => s + x.weight, 0);
    if (list.length === 0) throw new Error(`makehuman-rig: vertex ${v} has no skin weight`);
    let best = 0;
    list.forEach((x, k) => {
      influenceBone[offsets[v] + k] = x.bone;
      influenceWeight[offsets[v] + k] = x.weight / sum;
      if (x.weight > list[best].weight) best = k;
    });
    dominantBone[v] = list[best].bone;
  }
  return { bones, boneIndex, offsets, influenceBone, influenceWeight, dominantBone };
}

/** Mean of the given vertices (a joint's position), in the positions' units. */
export function jointPosition(positions: Float64Array, vertices: Uint32Array): [number, number, number] {
  const p: [number, number, number] = [0, 0, 0];
  for (const v of vertices) for (let c = 0; c < 3; c++) p[c] += positions[3 * v + c] / vertices.length;
  return p;
}

/** Bones of one arm, shoulder joint outwards (upper arm, forearm, hand, fingers); '.L' = character's left. */
export function isArmBone(name: string): boolean {
  return /^(upperarm|lowerarm|wrist|metacarpal|finger)/.test(name);
}
