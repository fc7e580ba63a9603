/**
 * Marching cubes with a case table derived at load time rather than the classic hand-written one,
 * because the classic table resolves ambiguous faces inconsistently and can leave holes. Here every
 * cube face decides its own contour segments from its four corners only (an ambiguous face always
 * separates its two inside corners), so the two cubes sharing a face always agree: the output is
 * watertight, every edge is on exactly two triangles, every vertex has one fan. Segments are directed
 * with the inside on a fixed side, so neighbouring polygons run their shared edge in opposite
 * directions (consistent orientation); the sign convention makes normals point to lower field values
 * (outwards for an occupancy field). Each loop of segments is triangulated as a fan.
 */
import type { VoxelGrid } from './voxel-grid.ts';

/** Cube corner i has offset (i & 1, (i >> 1) & 1, (i >> 2) & 1) in (x, y, z). */
const EDGE_CORNER: number[] = [];
const EDGE_AXIS: number[] = [];
const edgeIndex = new Map<number, number>();
for (let corner = 0; corner < 8; corner++) {
  for (let axis = 0; axis < 3; axis++) {
    if (corner & (1 << axis)) continue;
    edgeIndex.set(corner * 8 + (corner | (1 << axis)), EDGE_CORNER.length);
    EDGE_CORNER.push(corner);
    EDGE_AXIS.push(axis);
  }
}
const edgeBetween = (a: number, b: number): number => edgeIndex.get(Math.min(a, b) * 8 + Math.max(a, b)) as number;

/** Column bits (dy, dz) → cube-corner bits at dx = 0: bit0 → corner 0, bit1 (dy) → 2, bit2 (dz) → 4, bit3 → 6. */
const SPREAD = Uint8Array.from({ length: 16 }, (_, c) => (c & 1) | ((c & 2) << 1) | ((c & 4) << 2) | ((c & 8) << 3));

/** Per case: triangles as edge-index triplets, flattened (offsets into CASE_EDGES). */
const CASE_OFFSETS = new Uint16Array(257);
const CASE_EDGES: number[] = [];
buildCaseTable();

function buildCaseTable(): void {
  // Each face's corners counter-clockwise seen from outside the cube (u, v, outward axis right-handed).
  const faces: number[][] = [];
  for (let axis = 0; axis < 3; axis++) {
    const u = (axis + 1) % 3, v = (axis + 2) % 3;
    for (const side of [0, 1]) {
      const uv = side === 1 ? [[0, 0], [1, 0], [1, 1], [0, 1]] : [[0, 0], [0, 1], [1, 1], [1, 0]];
      faces.push(uv.map(([a, b]) => (side << axis) | (a << u) | (b << v)));
    }
  }
  for (let caseId = 0; caseId < 256; caseId++) {
    const inside = (corner: number) => ((caseId >> corner) & 1) === 1;
    const next = new Int8Array(12).fill(-1);
    for (const face of faces) {
      for (let k = 0; k < 4; k++) {
        // An inside run starts after edge k; it ends at the first edge j leaving the inside.
        if (inside(face[k]) || !inside(face[(k + 1) % 4])) continue;
        let j = (k + 1) % 4;
        while (!(inside(face[j]) && !inside(face[(j + 1) % 4]))) j = (j + 1) % 4;
        next[edgeBetween(face[j], face[(j + 1) % 4])] = edgeBetween(face[k], face[(k + 1) % 4]);
      }
    }
    const visited = new Uint8Array(12);
    for (let start = 0; start < 12; start++) {
      if (next[start] < 0 || visited[start]) continue;
      const loop: number[] = [];
      for (let e = start; !visited[e]; e = next[e]) { visited[e] = 1; loop.push(e); }
      for (let i = 1; i + 1 < loop.length; i++) CASE_EDGES.push(loop[0], loop[i + 1], loop[i]);
    }
    CASE_OFFSETS[caseId + 1] = CASE_EDGES.length;
  }
}

export interface TriangleMesh {
  positionsM: Float32Array;
  indices: Uint32Array;
}

/**
 * Iso-surface {field = iso} of a scalar field sampled at the cell centres of `grid` (m, grid frame),
 * a node being inside when its value is above iso. Vertices sit on grid edges by linear
 * interpolation; triangles face from inside to outside. Processes one layer of cubes at a time, so
 * the edge-to-vertex map holds only two layers of nodes.
 */
export function marchingCubes(grid: VoxelGrid, field: Float32Array, iso: number): TriangleMesh {
  const { nx, ny, nz, voxelM } = grid;
  const slice = nx * nz;
  let below = new Int32Array(slice * 2).fill(-1);
  let above = new Int32Array(slice * 2).fill(-1);
  const vertical = new Int32Array(slice).fill(-1);
  let positions = new Float32Array(1 << 16);
  let vertexCount = 0;
  let indices = new Uint32Array(1 << 17);
  let indexCount = 0;
  const cornerValue = new Float64Array(8);
  const cubeEdgeVertex = new Int32Array(12);
  const x0 = grid.originXM + voxelM / 2, y0 = grid.originYM + voxelM / 2, z0 = grid.originZM + voxelM / 2;

  const vertexOn = (x: number, y: number, z: number, edge: number, yLayer: number): number => {
    const corner = EDGE_CORNER[edge], axis = EDGE_AXIS[edge];
    const dx = corner & 1, dy = (corner >> 1) & 1, dz = (corner >> 2) & 1;
    const sliceNode = x + dx + nx * (z + dz);
    const store = axis === 1 ? vertical : dy ? above : below;
    const slot = axis === 1 ? sliceNode : sliceNode * 2 + (axis === 0 ? 0 : 1);
    if (store[slot] >= 0) return store[slot];
    const a = cornerValue[corner], b = cornerValue[corner | (1 << axis)];
    const t = (iso - a) / (b - a);
    if (vertexCount * 3 + 3 > positions.length) { const grown = new Float32Array(positions.length * 2); grown.set(positions); positions = grown; }
    positions[vertexCount * 3] = x0 + (x + dx + (axis === 0 ? t : 0)) * voxelM;
    positions[vertexCount * 3 + 1] = y0 + (yLayer + dy + (axis === 1 ? t : 0)) * voxelM;
    positions[vertexCount * 3 + 2] = z0 + (z + dz + (axis === 2 ? t : 0)) * voxelM;
    store[slot] = vertexCount;
    return vertexCount++;
  };

  // Inside flags per node, then per (x, row) the 4 flags of the column (dy, dz) so that a cube's
  // case is two table look-ups instead of eight field reads.
  const inside = new Uint8Array(field.length);
  for (let i = 0; i < field.length; i++) inside[i] = field[i] > iso ? 1 : 0;
  const column = new Uint8Array(nx);
  for (let y = 0; y < ny - 1; y++) {
    for (let z = 0; z < nz - 1; z++) {
      const row = nx * z + slice * y;
      let any = 0, all = 1;
      for (let x = 0; x < nx; x++) {
        const i = row + x;
        const bits = inside[i] | (inside[i + slice] << 1) | (inside[i + nx] << 2) | (inside[i + nx + slice] << 3);
        column[x] = bits; any |= bits; all &= bits === 15 ? 1 : 0;
      }
      if (any === 0 || all === 1) continue;
      for (let x = 0; x < nx - 1; x++) {
        const caseId = SPREAD[column[x]] | (SPREAD[column[x + 1]] << 1);
        if (caseId === 0 || caseId === 255) continue;
        for (let corner = 0; corner < 8; corner++) {
          cornerValue[corner] = field[row + x + (corner & 1) + nx * ((corner >> 2) & 1) + slice * ((corner >> 1) & 1)];
        }
        cubeEdgeVertex.fill(-1);
        const end = CASE_OFFSETS[caseId + 1];
        if (indexCount + (end - CASE_OFFSETS[caseId]) > indices.length) { const grown = new Uint32Array(indices.length * 2); grown.set(indices); indices = grown; }
        for (let k = CASE_OFFSETS[caseId]; k < end; k++) {
          const edge = CASE_EDGES[k];
          if (cubeEdgeVertex[edge] < 0) cubeEdgeVertex[edge] = vertexOn(x, y, z, edge, y);
          indices[indexCount++] = cubeEdgeVertex[edge];
        }
      }
    }
    const swap = below; below = above; above = swap;
    above.fill(-1);
    vertical.fill(-1);
  }
  return { positionsM: positions.slice(0, vertexCount * 3), indices: indices.slice(0, indexCount) };
}
