/**
 * Watertight surface of a body point cloud, reconstructed from the points alone (no template).
 *
 * Method (why: each step is linear in points or cells, needs no normals, and the result is closed
 * and consistently oriented by construction, which Poisson or ball-pivoting would not guarantee):
 * 1. Occupancy grid of cell ~8 mm (coarser when the cloud is sparse, so that every cell of the
 *    surface holds points and thin wrists and ankles stay connected); per cell the points' count
 *    and coordinate sums.
 * 2. Solid body (solid-fill.ts): closing by one cell to bridge sampling gaps (not through cells the
 *    caller knows are empty, options.isEmpty), the outside flooded
 *    from the grid border (the floor at y = 0 closes the soles, horizontal sections close a missing crown),
 *    everything else filled.
 * 3. Iso-surface of the solid blurred by a [1 2 1]/4 kernel on each axis, by marching cubes with a
 *    face-consistent case table (marching-cubes.ts): watertight, every edge on two triangles,
 *    normals outwards.
 * 4. Taubin smoothing (removes the terracing, keeps the volume), then each vertex projected along
 *    its normal onto the centroid of the nearby points, twice (the blurred solid's boundary lies on
 *    the outer face of the point shell, half a cell out; this brings it back to the points).
 * Topology is fixed after step 3; step 4 only moves vertices.
 */
import { marchingCubes } from './marching-cubes.ts';
import type { TriangleMesh } from './marching-cubes.ts';
import { snapToPoints, taubinSmooth, vertexNeighbours } from './mesh-fairing.ts';
import { dilateBox, solidFromOccupancy } from './solid-fill.ts';
import type { VoxelGrid } from './voxel-grid.ts';
import { makeGrid, occupiedCellCount, pointBounds, splatPoints } from './voxel-grid.ts';

export type { TriangleMesh } from './marching-cubes.ts';

/** The reconstructed surface and the cell size it was built at (m). */
export interface ReconstructedSurface extends TriangleMesh {
  voxelSizeM: number;
}

export interface ReconstructionOptions {
  /** Cell size (m). Default: 8 mm, or twice the mean point spacing when that is larger. */
  voxelSizeM?: number;
  /**
   * Height of the floor the body stands on (m; canonical frame: 0). When the lowest point is within
   * two cells of it, the bottom of the solid is closed flat at the lowest point (unseen soles);
   * otherwise, or with null, the bottom is open air like every other side.
   */
  floorYM?: number | null;
  /**
   * Known empty space (m, the points' frame; e.g. a fused depth field's free space): a cell within one
   * cell of a point whose centre this accepts is never filled by the closing, so a gap of two empty
   * cells that the closing would bridge stays open where a sensor saw through it (one empty cell still
   * closes: the blur of step 3 reaches the iso across it).
   */
  isEmpty?: (x: number, y: number, z: number) => boolean;
  /**
   * Snap each vertex onto a paraboloid fitted to the nearby points' cell centroids (its apex along
   * the normal) instead of onto their centroid, which lies inside a convex surface (mesh-fairing.ts).
   * Default false.
   */
  paraboloidSnap?: boolean;
}

/** Default cell size (m): about a finger's width; a body gives 30k–150k triangles. */
export const DEFAULT_VOXEL_M = 0.008;
/** Grids larger than this many cells get a coarser cell (bounds memory: ~20 bytes per cell). */
const MAX_CELLS = 24_000_000;
/** Probe cell (m) for the surface-area estimate behind the adaptive cell size. */
const AREA_PROBE_M = 0.03;

/**
 * Reconstructs the surface of a point cloud (xyz-interleaved, metres, canonical frame: Y up,
 * facing +Z, feet at y = 0; floor and outliers already removed). Returns a closed triangle mesh
 * (metres, same frame; every edge on exactly two triangles, normals outwards), or an empty mesh for
 * an empty cloud, and the cell size used (m). Pure and deterministic.
 */
export function reconstructSurface(positionsM: Float32Array, options: ReconstructionOptions = {}): ReconstructedSurface {
  const bounds = pointBounds(positionsM);
  if (!bounds) return { positionsM: new Float32Array(0), indices: new Uint32Array(0), voxelSizeM: options.voxelSizeM ?? DEFAULT_VOXEL_M };
  const voxelM = chooseVoxelSize(positionsM, bounds, options.voxelSizeM);
  const floorYM = options.floorYM === undefined ? 0 : options.floorYM;
  const onFloor = floorYM !== null && Math.abs(bounds.min[1] - floorYM) <= 2 * voxelM;
  const grid = makeGrid(bounds, voxelM, onFloor);
  const cells = splatPoints(grid, positionsM);
  const empty = options.isEmpty ? emptyCellsNearPoints(grid, cells.counts, options.isEmpty) : null;
  const solid = solidFromOccupancy(grid, cells.counts, empty);
  const field = blurredOccupancy(grid, solid);
  // Blurred 0/1 values are multiples of 1/64: an iso between them never meets a node exactly.
  const mesh = marchingCubes(grid, field, 0.5 - 1 / 128);
  const neighbours = vertexNeighbours(mesh.positionsM.length / 3, mesh.indices);
  taubinSmooth(mesh.positionsM, neighbours, 4);
  const paraboloid = options.paraboloidSnap ?? false;
  snapToPoints(mesh.positionsM, mesh.indices, grid, cells, voxelM * 1.25, voxelM * 1.5, paraboloid);
  taubinSmooth(mesh.positionsM, neighbours, 1);
  snapToPoints(mesh.positionsM, mesh.indices, grid, cells, voxelM * 1.25, voxelM, paraboloid);
  // A last volume-keeping pass irons out single vertices a poor normal (slivers) threw off the surface.
  taubinSmooth(mesh.positionsM, neighbours, 1);
  return { positionsM: mesh.positionsM, indices: mesh.indices, voxelSizeM: voxelM };
}

/** Per cell, 1 when it holds no point, lies within one cell of one, and `isEmpty` accepts its centre. */
function emptyCellsNearPoints(grid: VoxelGrid, counts: Uint32Array, isEmpty: (x: number, y: number, z: number) => boolean): Uint8Array {
  const { nx, ny, nz, voxelM } = grid;
  const occupied = new Uint8Array(counts.length);
  for (let c = 0; c < counts.length; c++) occupied[c] = counts[c] > 0 ? 1 : 0;
  const near = dilateBox(occupied, nx, ny, nz);
  const empty = new Uint8Array(counts.length);
  for (let y = 0, c = 0; y < ny; y++) for (let z = 0; z < nz; z++) for (let x = 0; x < nx; x++, c++) {
    if (near[c] === 0 || occupied[c] === 1) continue;
    if (isEmpty(grid.originXM + (x + 0.5) * voxelM, grid.originYM + (y + 0.5) * voxelM, grid.originZM + (z + 0.5) * voxelM)) empty[c] = 1;
  }
  return empty;
}

/** Reconstruction cell size (m): the option, else max(8 mm, 2 × mean point spacing), grown to fit MAX_CELLS. */
export function chooseVoxelSize(
  positionsM: Float32Array, bounds: { min: [number, number, number]; max: [number, number, number] }, requestedM?: number,
): number {
  let voxelM = requestedM ?? DEFAULT_VOXEL_M;
  if (requestedM === undefined) {
    // A surface crosses ~1.5 probe cells per probe-cell area; spacing = sqrt(area / points).
    const areaM2 = (occupiedCellCount(positionsM, bounds, AREA_PROBE_M) * AREA_PROBE_M ** 2) / 1.5;
    const spacingM = Math.sqrt(areaM2 / Math.max(1, positionsM.length / 3));
    voxelM = Math.max(voxelM, 2 * spacingM);
  }
  const extent = (k: number) => bounds.max[k] - bounds.min[k];
  while ((extent(0) / voxelM + 7) * (extent(1) / voxelM + 7) * (extent(2) / voxelM + 7) > MAX_CELLS) voxelM *= 1.25;
  return voxelM;
}

/** The solid as floats, blurred by [1 2 1]/4 along each axis (separable, in memory order; beyond the grid is outside). */
export function blurredOccupancy(grid: VoxelGrid, solid: Uint8Array): Float32Array {
  const { nx, ny, nz } = grid;
  const slice = nx * nz;
  const a = Float32Array.from(solid);
  const b = new Float32Array(solid.length);
  for (let row = 0; row < ny * nz; row++) {
    const first = row * nx, last = first + nx - 1;
    b[first] = 0.5 * a[first] + 0.25 * a[first + 1];
    for (let i = first + 1; i < last; i++) b[i] = 0.5 * a[i] + 0.25 * (a[i - 1] + a[i + 1]);
    b[last] = 0.5 * a[last] + 0.25 * a[last - 1];
  }
  for (let y = 0; y < ny; y++) {
    for (let z = 0; z < nz; z++) {
      const rowStart = y * slice + z * nx, rowEnd = rowStart + nx;
      const before = z > 0 ? nx : 0, after = z < nz - 1 ? nx : 0;
      // At a border the missing neighbour reads the cell itself with weight 0 (factor below).
      const wBefore = before ? 0.25 : 0, wAfter = after ? 0.25 : 0;
      for (let i = rowStart; i < rowEnd; i++) a[i] = 0.5 * b[i] + wBefore * b[i - before] + wAfter * b[i + after];
    }
  }
  for (let y = 0; y < ny; y++) {
    const base = y * slice, end = base + slice;
    const before = y > 0 ? slice : 0, after = y < ny - 1 ? slice : 0;
    const wBefore = before ? 0.25 : 0, wAfter = after ? 0.25 : 0;
    for (let i = base; i < end; i++) b[i] = 0.5 * a[i] + wBefore * a[i - before] + wAfter * a[i + after];
  }
  return b;
}
