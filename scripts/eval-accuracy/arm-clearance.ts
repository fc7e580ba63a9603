// Clearance between an arm and the rest of the body on a posed MakeHuman mesh: for every vertex of
// the arm part, the signed distance to the nearest vertex of the rest of the body along that
// vertex's outward normal (dot(a - t, n_t): negative = the arm vertex is inside the body), and the
// minimum over the part. Units follow the positions. Vertex labels come from the rig's dominant
// bone; the armpit junction (skin near both groups in the rest pose, and the top fifth of the upper
// arm, the shoulder cap) is left out: it joins the torso by construction.
import type { MakeHumanRig } from './makehuman-rig.ts';
import { isArmBone, jointPosition } from './makehuman-rig.ts';
import type { Side } from './body-axes.ts';

export interface ArmParts {
  /** Global vertex indices of the upper-arm part (dominant bone upperarm01/02), junction excluded. */
  upperArm: Uint32Array;
  /** Forearm, hand and fingers. */
  forearmHand: Uint32Array;
}

export interface ClearanceIndex {
  /** Global indices of body vertices that are not arm (either side): torso, head, legs. */
  others: Uint32Array;
  parts: Record<Side, ArmParts>;
}

/** The upper-arm part starts this far down the shoulder -> elbow axis (the top is the shoulder cap, joined to the torso). */
export const UPPER_ARM_FROM = 0.2;

/**
 * Splits the body into arm parts and the rest. Contact is only looked for between vertices that
 * were apart in the rest (A-) pose: vertices within `junctionBand` of the other group in the rest
 * pose (the armpit fold, where arm and torso skin are one surface) are left out of both groups.
 */
export function clearanceIndex(rig: MakeHumanRig, restPositions: Float64Array, bodyVertices: Uint32Array, junctionBand: number): ClearanceIndex {
  const axis = (side: Side): { from: number[]; d: number[]; length: number } => {
    const from = jointPosition(restPositions, rig.bones[rig.boneIndex.get(`upperarm01${side === 'left' ? '.L' : '.R'}`)!].headVertices);
    const to = jointPosition(restPositions, rig.bones[rig.boneIndex.get(`upperarm02${side === 'left' ? '.L' : '.R'}`)!].tailVertices);
    const d = [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
    const length = Math.hypot(d[0], d[1], d[2]);
    return { from, d: d.map((x) => x / length), length };
  };
  const axes = { left: axis('left'), right: axis('right') };
  /** Fraction of the way shoulder -> elbow of a vertex's projection on the upper-arm axis (rest pose). */
  const along = (side: Side, v: number): number => {
    const a = axes[side];
    return ((restPositions[3 * v] - a.from[0]) * a.d[0] + (restPositions[3 * v + 1] - a.from[1]) * a.d[1] + (restPositions[3 * v + 2] - a.from[2]) * a.d[2]) / a.length;
  };
  const arm: number[] = [], rest: number[] = [];
  for (const v of bodyVertices) (isArmBone(rig.bones[rig.dominantBone[v]].name) ? arm : rest).push(v);
  const armGrid = new VertexGrid(restPositions, Uint32Array.from(arm), junctionBand);
  const restGrid = new VertexGrid(restPositions, Uint32Array.from(rest), junctionBand);
  const far = (grid: VertexGrid, v: number): boolean => {
    const t = grid.nearest(restPositions[3 * v], restPositions[3 * v + 1], restPositions[3 * v + 2]);
    return t < 0 || Math.hypot(restPositions[3 * t] - restPositions[3 * v], restPositions[3 * t + 1] - restPositions[3 * v + 1], restPositions[3 * t + 2] - restPositions[3 * v + 2]) > junctionBand;
  };
  const others = rest.filter((v) => far(armGrid, v));
  const parts = { left: { upper: [] as number[], fore: [] as number[] }, right: { upper: [] as number[], fore: [] as number[] } };
  for (const v of arm) {
    if (!far(restGrid, v)) continue;
    const name = rig.bones[rig.dominantBone[v]].name;
    const side: Side = name.endsWith('.L') ? 'left' : 'right';
    if (!name.startsWith('upperarm')) parts[side].fore.push(v);
    else if (along(side, v) >= UPPER_ARM_FROM) parts[side].upper.push(v);
  }
  const pack = (p: { upper: number[]; fore: number[] }): ArmParts => ({ upperArm: Uint32Array.from(p.upper), forearmHand: Uint32Array.from(p.fore) });
  return { others: Uint32Array.from(others), parts: { left: pack(parts.left), right: pack(parts.right) } };
}

/** Area-weighted vertex normals (unit) of a triangle mesh over global indices. */
export function vertexNormals(positions: Float64Array, triangles: Uint32Array): Float64Array {
  const normals = new Float64Array(positions.length);
  for (let t = 0; t < triangles.length; t += 3) {
    const a = 3 * triangles[t], b = 3 * triangles[t + 1], c = 3 * triangles[t + 2];
    const ux = positions[b] - positions[a], uy = positions[b + 1] - positions[a + 1], uz = positions[b + 2] - positions[a + 2];
    const vx = positions[c] - positions[a], vy = positions[c + 1] - positions[a + 1], vz = positions[c + 2] - positions[a + 2];
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    for (const i of [a, b, c]) { normals[i] += nx; normals[i + 1] += ny; normals[i + 2] += nz; }
  }
  for (let i = 0; i < normals.length; i += 3) {
    const l = Math.hypot(normals[i], normals[i + 1], normals[i + 2]) || 1;
    normals[i] /= l; normals[i + 1] /= l; normals[i + 2] /= l;
  }
  return normals;
}

/** One number per grid cell (cell indices within +-2^16, exact in a double). */
const cellKey = (i: number, j: number, k: number): number => ((i + 65536) * 131072 + (j + 65536)) * 131072 + (k + 65536);

/** Uniform grid over a vertex subset for nearest-vertex queries. */
export class VertexGrid {
  private readonly cells = new Map<number, number[]>();
  private readonly positions: Float64Array;
  private readonly cell: number;
  constructor(positions: Float64Array, vertices: Uint32Array, cell: number) {
    this.positions = positions;
    this.cell = cell;
    for (const v of vertices) {
      const key = this.key(positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]);
      const list = this.cells.get(key);
      if (list) list.push(v); else this.cells.set(key, [v]);
    }
  }
  private key(x: number, y: number, z: number): number {
    return cellKey(Math.floor(x / this.cell), Math.floor(y / this.cell), Math.floor(z / this.cell));
  }
  /** Nearest indexed vertex within one cell of the query's cell (so within `cell`), or -1. */
  nearest(x: number, y: number, z: number): number {
    const i = Math.floor(x / this.cell), j = Math.floor(y / this.cell), k = Math.floor(z / this.cell);
    let best = -1, bestD = Infinity;
    for (let di = -1; di <= 1; di++) for (let dj = -1; dj <= 1; dj++) for (let dk = -1; dk <= 1; dk++) {
      const list = this.cells.get(cellKey(i + di, j + dj, k + dk));
      if (!list) continue;
      for (const v of list) {
        const d = (this.positions[3 * v] - x) ** 2 + (this.positions[3 * v + 1] - y) ** 2 + (this.positions[3 * v + 2] - z) ** 2;
        if (d < bestD) { bestD = d; best = v; }
      }
    }
    return best;
  }
}

export interface PartClearance {
  /** Smallest signed normal distance from the part's vertices to the rest of the body (positions' units); +Infinity when nothing is within reach. */
  clearance: number;
  /** The arm vertex where it occurs (global index), -1 if none. */
  vertex: number;
}

/** Signed clearance of one arm part against the rest of the body, looking `reach` far (positions' units). */
export function partClearance(positions: Float64Array, normals: Float64Array, others: VertexGrid, part: Uint32Array): PartClearance {
  let clearance = Infinity, where = -1;
  for (const a of part) {
    const x = positions[3 * a], y = positions[3 * a + 1], z = positions[3 * a + 2];
    const t = others.nearest(x, y, z);
    if (t < 0) continue;
    const d = (x - positions[3 * t]) * normals[3 * t] + (y - positions[3 * t + 1]) * normals[3 * t + 1] + (z - positions[3 * t + 2]) * normals[3 * t + 2];
    if (d < clearance) { clearance = d; where = a; }
  }
  return { clearance, vertex: where };
}
