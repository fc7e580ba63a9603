/**
 * Reading the fused field back: trilinear interpolation of the truncated signed distance between the
 * eight voxel centres around a point, and its analytic gradient (the surface normal direction where
 * the field is a distance). Model frame, metres.
 */
import type { SparseVoxelBlocks } from './sparse-voxel-blocks.ts';
import { BLOCK_VOXELS, findBlock } from './sparse-voxel-blocks.ts';

/** Result slots written by sampleTsdf. */
export const SAMPLE_DISTANCE = 0, SAMPLE_GX = 1, SAMPLE_GY = 2, SAMPLE_GZ = 3, SAMPLE_WEIGHT = 4;

const cornerIndex = new Int32Array(8);

/**
 * Signed distance (m, tsdf·τ) at model point (x, y, z), its gradient (unitless, ∂distance/∂x …) and the
 * smallest weight of the 8 voxels, written to out[0..4]. Returns false when a voxel is unallocated
 * or unobserved (weight < minWeight): the field is unknown there. Allocates nothing.
 */
export function sampleTsdf(grid: SparseVoxelBlocks, x: number, y: number, z: number, minWeight: number, out: Float64Array): boolean {
  const inv = 1 / grid.voxelM;
  const gx = x * inv - 0.5, gy = y * inv - 0.5, gz = z * inv - 0.5;
  const i0 = Math.floor(gx), j0 = Math.floor(gy), k0 = Math.floor(gz);
  const fx = gx - i0, fy = gy - j0, fz = gz - k0;
  const li = i0 & 7, lj = j0 & 7, lk = k0 & 7;
  // The eight corners' voxel indices, corner c = (c & 1, (c >> 1) & 1, c >> 2) along (x, y, z).
  let c0: number, c1: number, c2: number, c3: number, c4: number, c5: number, c6: number, c7: number;
  if (li < 7 && lj < 7 && lk < 7) {
    // All eight in one block (most samples).
    const b = findBlock(grid, i0 >> 3, j0 >> 3, k0 >> 3);
    if (b < 0) return false;
    c0 = b * BLOCK_VOXELS + li + 8 * (lj + 8 * lk);
    c1 = c0 + 1; c2 = c0 + 8; c3 = c0 + 9; c4 = c0 + 64; c5 = c0 + 65; c6 = c0 + 72; c7 = c0 + 73;
  } else {
    for (let c = 0; c < 8; c++) {
      const i = i0 + (c & 1), j = j0 + ((c >> 1) & 1), k = k0 + ((c >> 2) & 1);
      const b = findBlock(grid, i >> 3, j >> 3, k >> 3);
      if (b < 0) return false;
      cornerIndex[c] = b * BLOCK_VOXELS + (i & 7) + 8 * ((j & 7) + 8 * (k & 7));
    }
    c0 = cornerIndex[0]; c1 = cornerIndex[1]; c2 = cornerIndex[2]; c3 = cornerIndex[3];
    c4 = cornerIndex[4]; c5 = cornerIndex[5]; c6 = cornerIndex[6]; c7 = cornerIndex[7];
  }
  const tsdf = grid.tsdf, weight = grid.weight;
  const wMin = Math.min(weight[c0], weight[c1], weight[c2], weight[c3], weight[c4], weight[c5], weight[c6], weight[c7]);
  if (!(wMin >= minWeight) || wMin === 0) return false;
  const v000 = tsdf[c0], v100 = tsdf[c1], v010 = tsdf[c2], v110 = tsdf[c3];
  const v001 = tsdf[c4], v101 = tsdf[c5], v011 = tsdf[c6], v111 = tsdf[c7];
  // Interpolate along x, then y, then z; derivatives by the product rule.
  const a00 = v000 + fx * (v100 - v000), a10 = v010 + fx * (v110 - v010), a01 = v001 + fx * (v101 - v001), a11 = v011 + fx * (v111 - v011);
  const b0 = a00 + fy * (a10 - a00), b1 = a01 + fy * (a11 - a01);
  const value = b0 + fz * (b1 - b0);
  const dx0 = (v100 - v000) + fy * ((v110 - v010) - (v100 - v000)), dx1 = (v101 - v001) + fy * ((v111 - v011) - (v101 - v001));
  const dX = dx0 + fz * (dx1 - dx0);
  const dY = (a10 - a00) + fz * ((a11 - a01) - (a10 - a00));
  const dZ = b1 - b0;
  const scale = grid.truncM * inv;
  out[SAMPLE_DISTANCE] = value * grid.truncM;
  out[SAMPLE_GX] = dX * scale; out[SAMPLE_GY] = dY * scale; out[SAMPLE_GZ] = dZ * scale;
  out[SAMPLE_WEIGHT] = wMin;
  return true;
}
