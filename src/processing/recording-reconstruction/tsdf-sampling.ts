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
  const tsdf = grid.tsdf, weight = grid.weight;
  let v000: number, v100: number, v010: number, v110: number, v001: number, v101: number, v011: number, v111: number, wMin: number;
  if (li < 7 && lj < 7 && lk < 7) {
    // All eight in one block (most samples): corner c at base + (c & 1) + 8·((c >> 1) & 1) + 64·(c >> 2).
    const b = findBlock(grid, i0 >> 3, j0 >> 3, k0 >> 3);
    if (b < 0) return false;
    const base = b * BLOCK_VOXELS + li + 8 * (lj + 8 * lk);
    wMin = Math.min(weight[base], weight[base + 1], weight[base + 8], weight[base + 9], weight[base + 64], weight[base + 65], weight[base + 72], weight[base + 73]);
    if (!(wMin >= minWeight) || wMin === 0) return false;
    v000 = tsdf[base]; v100 = tsdf[base + 1]; v010 = tsdf[base + 8]; v110 = tsdf[base + 9];
    v001 = tsdf[base + 64]; v101 = tsdf[base + 65]; v011 = tsdf[base + 72]; v111 = tsdf[base + 73];
  } else {
    for (let c = 0; c < 8; c++) {
      const i = i0 + (c & 1), j = j0 + ((c >> 1) & 1), k = k0 + ((c >> 2) & 1);
      const b = findBlock(grid, i >> 3, j >> 3, k >> 3);
      if (b < 0) return false;
      cornerIndex[c] = b * BLOCK_VOXELS + (i & 7) + 8 * ((j & 7) + 8 * (k & 7));
    }
    wMin = Infinity;
    for (let c = 0; c < 8; c++) { const w = weight[cornerIndex[c]]; if (w < wMin) wMin = w; }
    if (!(wMin >= minWeight) || wMin === 0) return false;
    v000 = tsdf[cornerIndex[0]]; v100 = tsdf[cornerIndex[1]]; v010 = tsdf[cornerIndex[2]]; v110 = tsdf[cornerIndex[3]];
    v001 = tsdf[cornerIndex[4]]; v101 = tsdf[cornerIndex[5]]; v011 = tsdf[cornerIndex[6]]; v111 = tsdf[cornerIndex[7]];
  }
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
