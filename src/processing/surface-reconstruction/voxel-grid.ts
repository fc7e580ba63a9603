/**
 * The regular voxel grid the surface reconstruction works on, and the per-voxel point statistics.
 * Layout: cell (x, y, z) is index x + nx·(z + nz·y), so each horizontal layer (one y) is a
 * contiguous slice; the horizontal-slice fills and the layer-by-layer marching cubes rely on it.
 * Units: metres, in the frame of the points (the canonical frame: Y up, feet at y = 0).
 */
export interface VoxelGrid {
  nx: number;
  ny: number;
  nz: number;
  /** Corner of cell (0, 0, 0) (m). */
  originXM: number;
  originYM: number;
  originZM: number;
  /** Edge length of a cell (m). */
  voxelM: number;
  /**
   * When the points stand on a floor: the first layer (y index) at or above the lowest point; layers
   * below it are the floor, which the outside never floods through, so a sole the scanner could not
   * see still closes (flat, at the floor). 0 when there is no floor (the bottom face is open air).
   */
  floorLayer: number;
}

/** Cells of padding around the points' box: room for one dilation, the blur and an outside layer. */
export const GRID_PADDING_CELLS = 3;

/** Axis-aligned bounds of xyz-interleaved points (m); null when there are none. */
export function pointBounds(positionsM: Float32Array): { min: [number, number, number]; max: [number, number, number] } | null {
  let minX = Infinity, minY = Infinity, minZ = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  for (let i = 0; i + 2 < positionsM.length; i += 3) {
    const x = positionsM[i], y = positionsM[i + 1], z = positionsM[i + 2];
    if (!(Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z))) continue;
    if (x < minX) minX = x; if (x > maxX) maxX = x;
    if (y < minY) minY = y; if (y > maxY) maxY = y;
    if (z < minZ) minZ = z; if (z > maxZ) maxZ = z;
  }
  return minX <= maxX ? { min: [minX, minY, minZ], max: [maxX, maxY, maxZ] } : null;
}

/** The grid of cell size voxelM (m) around the bounds, padded on every side; with `onFloor`, the floor at the lowest point. */
export function makeGrid(bounds: { min: [number, number, number]; max: [number, number, number] }, voxelM: number, onFloor: boolean): VoxelGrid {
  const p = GRID_PADDING_CELLS;
  const cellsAlong = (lo: number, hi: number) => Math.floor((hi - lo) / voxelM) + 1 + 2 * p;
  return {
    nx: cellsAlong(bounds.min[0], bounds.max[0]),
    ny: cellsAlong(bounds.min[1], bounds.max[1]),
    nz: cellsAlong(bounds.min[2], bounds.max[2]),
    originXM: bounds.min[0] - p * voxelM,
    // The floor layer's lower face is exactly at the lowest point, so a sealed sole sits there.
    originYM: bounds.min[1] - p * voxelM,
    originZM: bounds.min[2] - p * voxelM,
    voxelM,
    floorLayer: onFloor ? p : 0,
  };
}

/** Per-cell point count and coordinate sums (m), for occupancy and for the local point centroid. */
export interface CellPoints {
  counts: Uint32Array;
  /** xyz sums of the points in each cell (m), 3 per cell. */
  sumsM: Float32Array;
}

/** Splats every point into its cell. Linear in the points; no per-point allocation. */
export function splatPoints(grid: VoxelGrid, positionsM: Float32Array): CellPoints {
  const { nx, ny, nz, originXM, originYM, originZM, voxelM } = grid;
  const cells = nx * ny * nz;
  const counts = new Uint32Array(cells);
  const sumsM = new Float32Array(cells * 3);
  const inv = 1 / voxelM;
  for (let i = 0; i + 2 < positionsM.length; i += 3) {
    const x = positionsM[i], y = positionsM[i + 1], z = positionsM[i + 2];
    const cx = Math.floor((x - originXM) * inv), cy = Math.floor((y - originYM) * inv), cz = Math.floor((z - originZM) * inv);
    // NaN fails every comparison, so non-finite points are dropped here too.
    if (!(cx >= 0 && cx < nx && cy >= 0 && cy < ny && cz >= 0 && cz < nz)) continue;
    const cell = cx + nx * (cz + nz * cy);
    counts[cell]++;
    sumsM[cell * 3] += x; sumsM[cell * 3 + 1] += y; sumsM[cell * 3 + 2] += z;
  }
  return { counts, sumsM };
}

/**
 * Number of occupied cells when the points are binned at `cellM` (m): a cheap estimate of the
 * surface area (a surface crosses ~1.5 cells per cell-face of area on average over orientations).
 */
export function occupiedCellCount(positionsM: Float32Array, bounds: { min: [number, number, number]; max: [number, number, number] }, cellM: number): number {
  const nx = Math.floor((bounds.max[0] - bounds.min[0]) / cellM) + 1;
  const ny = Math.floor((bounds.max[1] - bounds.min[1]) / cellM) + 1;
  const nz = Math.floor((bounds.max[2] - bounds.min[2]) / cellM) + 1;
  const seen = new Uint8Array(nx * ny * nz);
  let occupied = 0;
  for (let i = 0; i + 2 < positionsM.length; i += 3) {
    const cx = Math.floor((positionsM[i] - bounds.min[0]) / cellM);
    const cy = Math.floor((positionsM[i + 1] - bounds.min[1]) / cellM);
    const cz = Math.floor((positionsM[i + 2] - bounds.min[2]) / cellM);
    if (!(cx >= 0 && cx < nx && cy >= 0 && cy < ny && cz >= 0 && cz < nz)) continue;
    const cell = cx + nx * (cz + nz * cy);
    if (seen[cell] === 0) { seen[cell] = 1; occupied++; }
  }
  return occupied;
}
