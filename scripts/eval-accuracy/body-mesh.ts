// Turns (morphed) base.obj vertices into the evaluation's truth frame: the `body` group only,
// compact indices, metres, Y up, facing +Z, feet at y = 0 (x and z as in the file).
// Joint positions are the centroids of MakeHuman's `joint-*` helper cubes (fixed template
// vertices that the macro targets move with the body).
import type { MakeHumanBase } from './load-makehuman.ts';

export type Vec3 = [number, number, number];

export interface BodyMesh {
  /** xyz interleaved, metres, truth frame (Y up, facing +Z, feet at y = 0). */
  positionsM: Float64Array;
  /** Triangles, indices into positionsM / 3. */
  triangles: Uint32Array;
  /** Global base.obj index -> compact index (-1 for non-body vertices). */
  localOfGlobal: Int32Array;
  /** 'joint-l-knee' etc. -> cube centroid (m, truth frame). Character's left is +x. */
  joints: Map<string, Vec3>;
  /**
   * Per compact vertex: 1 where the rig's dominant bone is an arm bone (upper arm, forearm, hand),
   * else 0. Absent when no rig was read; then torso loops are taken whole.
   */
  armVertex?: Uint8Array;
}

export const METRES_PER_DECIMETRE = 0.1;

export function extractBodyMesh(base: MakeHumanBase, positionsDm: Float64Array): BodyMesh {
  const count = base.bodyVertexGlobal.length;
  const localOfGlobal = new Int32Array(positionsDm.length / 3).fill(-1);
  let minYDm = Infinity;
  for (let k = 0; k < count; k++) {
    const g = base.bodyVertexGlobal[k];
    localOfGlobal[g] = k;
    minYDm = Math.min(minYDm, positionsDm[3 * g + 1]);
  }
  const positionsM = new Float64Array(3 * count);
  for (let k = 0; k < count; k++) {
    const g = base.bodyVertexGlobal[k];
    positionsM[3 * k] = positionsDm[3 * g] * METRES_PER_DECIMETRE;
    positionsM[3 * k + 1] = (positionsDm[3 * g + 1] - minYDm) * METRES_PER_DECIMETRE;
    positionsM[3 * k + 2] = positionsDm[3 * g + 2] * METRES_PER_DECIMETRE;
  }
  const triangles = base.bodyTrianglesGlobal.map((g) => localOfGlobal[g]);
  const joints = new Map<string, Vec3>();
  for (const [name, vertices] of base.groupVertices) {
    if (!name.startsWith('joint-')) continue;
    const c: Vec3 = [0, 0, 0];
    for (const g of vertices) {
      c[0] += positionsDm[3 * g] / vertices.length;
      c[1] += positionsDm[3 * g + 1] / vertices.length;
      c[2] += positionsDm[3 * g + 2] / vertices.length;
    }
    joints.set(name, [c[0] * METRES_PER_DECIMETRE, (c[1] - minYDm) * METRES_PER_DECIMETRE, c[2] * METRES_PER_DECIMETRE]);
  }
  return { positionsM, triangles, localOfGlobal, joints };
}
