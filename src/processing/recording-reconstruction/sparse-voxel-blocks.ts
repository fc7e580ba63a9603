/**
 * Storage of a truncated signed distance field on a sparse voxel grid: blocks of 8³ voxels allocated
 * only near observed surfaces (Nießner et al. 2013, "Real-time 3D reconstruction at scale using voxel
 * hashing"), found through an open-addressing hash table of block coordinates. Everything lives in
 * typed arrays that grow by doubling; nothing is allocated per voxel.
 *
 * Frame: the model frame (m). Voxel (i, j, k) (global integer indices) has its centre at
 * ((i + ½)·voxelM, (j + ½)·voxelM, (k + ½)·voxelM); block (bx, by, bz) holds voxels
 * 8·bx .. 8·bx + 7 along x (likewise y, z); inside a block, voxel (lx, ly, lz) is at lx + 8·(ly + 8·lz).
 */

export const BLOCK_SIDE = 8;
export const BLOCK_VOXELS = BLOCK_SIDE * BLOCK_SIDE * BLOCK_SIDE;

export interface SparseVoxelBlocks {
  voxelM: number;
  /** Truncation distance (m): tsdf values are signed distance / truncM, clamped to [−1, 1]. */
  truncM: number;
  blockCount: number;
  /** Block coordinates, 3 per block. */
  blockCoords: Int32Array;
  /** Per voxel (block·512 + local): normalised truncated signed distance, positive in front of the surface. */
  tsdf: Float32Array;
  /** Per voxel: accumulated fusion weight (0 = never observed). */
  weight: Float32Array;
  /** Hash table: slot → block index + 1 (0 = empty); capacity a power of two ≥ 2 × block capacity. */
  table: Int32Array;
}

export function createVoxelBlocks(voxelM: number, truncM: number, initialBlocks = 4096): SparseVoxelBlocks {
  return {
    voxelM, truncM, blockCount: 0,
    blockCoords: new Int32Array(3 * initialBlocks),
    tsdf: new Float32Array(initialBlocks * BLOCK_VOXELS),
    weight: new Float32Array(initialBlocks * BLOCK_VOXELS),
    table: new Int32Array(nextPowerOfTwo(4 * initialBlocks)),
  };
}

function nextPowerOfTwo(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

/** Spatial hash of block coordinates (Teschner et al. 2003 primes). */
function hashOf(bx: number, by: number, bz: number, mask: number): number {
  return (Math.imul(bx, 73856093) ^ Math.imul(by, 19349663) ^ Math.imul(bz, 83492791)) & mask;
}

/** Index of block (bx, by, bz), or −1 when it is not allocated. */
export function findBlock(grid: SparseVoxelBlocks, bx: number, by: number, bz: number): number {
  const table = grid.table, mask = table.length - 1, coords = grid.blockCoords;
  let slot = hashOf(bx, by, bz, mask);
  for (;;) {
    const entry = table[slot];
    if (entry === 0) return -1;
    const b = entry - 1;
    if (coords[3 * b] === bx && coords[3 * b + 1] === by && coords[3 * b + 2] === bz) return b;
    slot = (slot + 1) & mask;
  }
}

/** Index of block (bx, by, bz), allocating it (tsdf 1, weight 0) when absent. */
export function allocateBlock(grid: SparseVoxelBlocks, bx: number, by: number, bz: number): number {
  const found = findBlock(grid, bx, by, bz);
  if (found >= 0) return found;
  if (3 * (grid.blockCount + 1) > grid.blockCoords.length) grow(grid);
  const b = grid.blockCount++;
  grid.blockCoords[3 * b] = bx; grid.blockCoords[3 * b + 1] = by; grid.blockCoords[3 * b + 2] = bz;
  grid.tsdf.fill(1, b * BLOCK_VOXELS, (b + 1) * BLOCK_VOXELS);
  insert(grid, b);
  return b;
}

function insert(grid: SparseVoxelBlocks, b: number): void {
  const table = grid.table, mask = table.length - 1, coords = grid.blockCoords;
  let slot = hashOf(coords[3 * b], coords[3 * b + 1], coords[3 * b + 2], mask);
  while (table[slot] !== 0) slot = (slot + 1) & mask;
  table[slot] = b + 1;
}

function grow(grid: SparseVoxelBlocks): void {
  const capacity = 2 * (grid.blockCoords.length / 3);
  const coords = new Int32Array(3 * capacity); coords.set(grid.blockCoords); grid.blockCoords = coords;
  const tsdf = new Float32Array(capacity * BLOCK_VOXELS); tsdf.set(grid.tsdf); grid.tsdf = tsdf;
  const weight = new Float32Array(capacity * BLOCK_VOXELS); weight.set(grid.weight); grid.weight = weight;
  grid.table = new Int32Array(nextPowerOfTwo(4 * capacity));
  for (let b = 0; b < grid.blockCount; b++) insert(grid, b);
}

/**
 * Position (global voxel indices) → flat voxel index (block·512 + local), or −1 when unallocated.
 * Floor division keeps negative indices in the right block.
 */
export function voxelIndex(grid: SparseVoxelBlocks, i: number, j: number, k: number): number {
  const bx = i >> 3, by = j >> 3, bz = k >> 3;
  const b = findBlock(grid, bx, by, bz);
  if (b < 0) return -1;
  return b * BLOCK_VOXELS + (i & 7) + 8 * ((j & 7) + 8 * (k & 7));
}
