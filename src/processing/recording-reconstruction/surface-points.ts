/**
 * The fused surface as points: every zero crossing of the TSDF along a voxel edge (x, y or z) between
 * two observed voxels whose values are both inside the truncation band (|tsdf| < 1), at the linear
 * interpolation t = T_a / (T_a − T_b). Crossings against a saturated value are left out: they are where
 * one view's band ends, not a surface. Points are about a voxel apart on the surface, denoised by the
 * fusion; the watertight mesh is built from them by the point-cloud surface reconstruction.
 * Model frame, metres.
 */
import type { SparseVoxelBlocks } from './sparse-voxel-blocks.ts';
import { BLOCK_SIDE, BLOCK_VOXELS, findBlock } from './sparse-voxel-blocks.ts';

/**
 * Zero-crossing points (xyz interleaved, m) between voxels observed with weight ≥ minWeight.
 * Optional `keep(x, y, z)` filters points (e.g. above the floor).
 */
export function extractSurfacePoints(grid: SparseVoxelBlocks, minWeight: number, keep?: (x: number, y: number, z: number) => boolean): Float32Array {
  let positions = new Float32Array(1 << 16);
  let count = 0;
  const { tsdf, weight, blockCoords, voxelM } = grid;
  const neighbourBlock = new Int32Array(3);
  for (let b = 0; b < grid.blockCount; b++) {
    const bx = blockCoords[3 * b], by = blockCoords[3 * b + 1], bz = blockCoords[3 * b + 2];
    neighbourBlock[0] = findBlock(grid, bx + 1, by, bz);
    neighbourBlock[1] = findBlock(grid, bx, by + 1, bz);
    neighbourBlock[2] = findBlock(grid, bx, by, bz + 1);
    for (let lz = 0; lz < BLOCK_SIDE; lz++) for (let ly = 0; ly < BLOCK_SIDE; ly++) for (let lx = 0; lx < BLOCK_SIDE; lx++) {
      const index = b * BLOCK_VOXELS + lx + 8 * (ly + 8 * lz);
      if (weight[index] < minWeight || weight[index] === 0) continue;
      const a = tsdf[index];
      if (!(a > -1 && a < 1)) continue;
      for (let axis = 0; axis < 3; axis++) {
        const local = axis === 0 ? lx : axis === 1 ? ly : lz;
        let other: number;
        if (local < BLOCK_SIDE - 1) other = index + (axis === 0 ? 1 : axis === 1 ? 8 : 64);
        else {
          const nb = neighbourBlock[axis];
          if (nb < 0) continue;
          other = nb * BLOCK_VOXELS + (axis === 0 ? 0 : lx) + 8 * ((axis === 1 ? 0 : ly) + 8 * (axis === 2 ? 0 : lz));
        }
        if (weight[other] < minWeight || weight[other] === 0) continue;
        const c = tsdf[other];
        if (!(c > -1 && c < 1) || (a > 0) === (c > 0)) continue;
        const t = a / (a - c);
        const x = (bx * BLOCK_SIDE + lx + 0.5 + (axis === 0 ? t : 0)) * voxelM;
        const y = (by * BLOCK_SIDE + ly + 0.5 + (axis === 1 ? t : 0)) * voxelM;
        const z = (bz * BLOCK_SIDE + lz + 0.5 + (axis === 2 ? t : 0)) * voxelM;
        if (keep && !keep(x, y, z)) continue;
        if (3 * count + 3 > positions.length) {
          const p = new Float32Array(2 * positions.length); p.set(positions); positions = p;
        }
        positions[3 * count] = x; positions[3 * count + 1] = y; positions[3 * count + 2] = z;
        count++;
      }
    }
  }
  return positions.slice(0, 3 * count);
}

/**
 * Caps over surfaces no camera saw from above (the crown and the tops of the shoulders, out of sight
 * of a phone at chest height): a point on the upper face of every observed voxel that is behind a
 * surface (tsdf < 0) and has `clearVoxels` never-observed voxels straight above it. Such a voxel is
 * the top of the band the visible sides left inside the body, at most (1 + BEHIND_FACTOR)·τ below the
 * true top; without the cap, the point reconstruction's flood fill leaks into the body through the
 * opening. Points this adds inside the body (under a chin, where a band meets the unseen inside) lie
 * within the solid and do not change its outer surface. Model frame, metres.
 */
export function capPoints(grid: SparseVoxelBlocks, minWeight: number, clearVoxels: number, keep?: (x: number, y: number, z: number) => boolean): Float32Array {
  let positions = new Float32Array(1 << 12);
  let count = 0;
  const { tsdf, weight, blockCoords, voxelM } = grid;
  const observed = (i: number, j: number, k: number): boolean => {
    const b = findBlock(grid, i >> 3, j >> 3, k >> 3);
    return b >= 0 && weight[b * BLOCK_VOXELS + (i & 7) + 8 * ((j & 7) + 8 * (k & 7))] > 0;
  };
  for (let b = 0; b < grid.blockCount; b++) {
    const bx = blockCoords[3 * b], by = blockCoords[3 * b + 1], bz = blockCoords[3 * b + 2];
    for (let lz = 0; lz < BLOCK_SIDE; lz++) for (let ly = 0; ly < BLOCK_SIDE; ly++) for (let lx = 0; lx < BLOCK_SIDE; lx++) {
      const index = b * BLOCK_VOXELS + lx + 8 * (ly + 8 * lz);
      if (weight[index] < minWeight || weight[index] === 0 || !(tsdf[index] < 0)) continue;
      const i = bx * BLOCK_SIDE + lx, j = by * BLOCK_SIDE + ly, k = bz * BLOCK_SIDE + lz;
      let clear = true;
      for (let up = 1; up <= clearVoxels && clear; up++) if (observed(i, j + up, k)) clear = false;
      if (!clear) continue;
      const x = (i + 0.5) * voxelM, y = (j + 1) * voxelM, z = (k + 0.5) * voxelM;
      if (keep && !keep(x, y, z)) continue;
      if (3 * count + 3 > positions.length) { const p = new Float32Array(2 * positions.length); p.set(positions); positions = p; }
      positions[3 * count] = x; positions[3 * count + 1] = y; positions[3 * count + 2] = z;
      count++;
    }
  }
  return positions.slice(0, 3 * count);
}
