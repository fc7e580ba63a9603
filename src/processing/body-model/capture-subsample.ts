/**
 * A capture thinned for fitting: one point per occupied voxel (the mean of the voxel's points, which
 * also averages scanner noise), with a unit normal per point: the mean of the capture's normals when
 * it has them, else the smallest principal axis of the neighbourhood (sign unknown: `oriented` false).
 * Frame and units as the input (canonical measuring frame, metres).
 */
import { buildPointGrid } from './point-grid.ts';

export interface CaptureSample {
  points: Float32Array; // 3n
  normals: Float32Array; // 3n, unit
  count: number;
  /** Normals point out of the body (true when the capture had normals). */
  oriented: boolean;
  voxelM: number;
  /** The voxel table: which sample point each voxel became (see sampleIndexAt). */
  voxels: { keys: Int32Array; slot: Int32Array; minX: number; minY: number; minZ: number; shift: number };
}

function voxelKey(ix: number, iy: number, iz: number): number {
  return (ix & 1023) | ((iy & 2047) << 10) | ((iz & 1023) << 21);
}

/** Index of the sample point made from the voxel holding (x, y, z) (m), or -1. O(1). */
export function sampleIndexAt(sample: CaptureSample, x: number, y: number, z: number): number {
  const { keys, slot, minX, minY, minZ, shift } = sample.voxels;
  const inv = 1 / sample.voxelM, mask = keys.length - 1;
  const key = voxelKey(Math.floor((x - minX) * inv), Math.floor((y - minY) * inv), Math.floor((z - minZ) * inv));
  for (let h = Math.imul(key, 0x9e3779b1) >>> shift; ; h = (h + 1) & mask) {
    const k = keys[h];
    if (k === key) return slot[h];
    if (k === -1) return -1;
  }
}

/** Voxel edge (m) that leaves about `target` points on a body of `statureM` (surface ≈ 1.8 m² at 1.75 m). */
export function voxelForTarget(statureM: number, target: number): number {
  const areaM2 = 1.8 * (statureM / 1.75) ** 2;
  return Math.sqrt((1.6 * areaM2) / target);
}

/** Voxel means of the points (and normals) with edge `voxelM`. O(n) with an open-addressing table. */
export function subsampleCapture(points: Float32Array, count: number, normals: Float32Array | null | undefined, voxelM: number): CaptureSample {
  let minX = Infinity, minY = Infinity, minZ = Infinity;
  for (let i = 0; i < count; i++) {
    if (points[3 * i] < minX) minX = points[3 * i];
    if (points[3 * i + 1] < minY) minY = points[3 * i + 1];
    if (points[3 * i + 2] < minZ) minZ = points[3 * i + 2];
  }
  const inv = 1 / voxelM;
  let size = 1 << 14;
  while (size < Math.min(4 * count, 1 << 22)) size <<= 1;
  const keys = new Int32Array(size).fill(-1);
  const slotOf = new Int32Array(size);
  const capacity = Math.min(count, size >> 1);
  const sum = new Float64Array(6 * capacity);
  const n = new Uint32Array(capacity);
  let used = 0;
  const mask = size - 1, shift = 32 - Math.log2(size);
  for (let i = 0; i < count; i++) {
    const ix = Math.floor((points[3 * i] - minX) * inv), iy = Math.floor((points[3 * i + 1] - minY) * inv), iz = Math.floor((points[3 * i + 2] - minZ) * inv);
    const key = voxelKey(ix, iy, iz);
    let h = Math.imul(key, 0x9e3779b1) >>> shift;
    let slot = -1;
    for (;;) {
      const k = keys[h];
      if (k === key) { slot = slotOf[h]; break; }
      if (k === -1) {
        if (used >= capacity) break;
        keys[h] = key; slotOf[h] = used; slot = used++;
        break;
      }
      h = (h + 1) & mask;
    }
    if (slot < 0) continue;
    const o = 6 * slot;
    sum[o] += points[3 * i]; sum[o + 1] += points[3 * i + 1]; sum[o + 2] += points[3 * i + 2];
    if (normals) { sum[o + 3] += normals[3 * i]; sum[o + 4] += normals[3 * i + 1]; sum[o + 5] += normals[3 * i + 2]; }
    n[slot]++;
  }
  const out = new Float32Array(3 * used), outN = new Float32Array(3 * used);
  for (let s = 0; s < used; s++) {
    const o = 6 * s, c = n[s];
    out[3 * s] = sum[o] / c; out[3 * s + 1] = sum[o + 1] / c; out[3 * s + 2] = sum[o + 2] / c;
    if (normals) {
      const l = Math.hypot(sum[o + 3], sum[o + 4], sum[o + 5]) || 1;
      outN[3 * s] = sum[o + 3] / l; outN[3 * s + 1] = sum[o + 4] / l; outN[3 * s + 2] = sum[o + 5] / l;
    }
  }
  if (!normals) estimateNormals(out, used, 2.2 * voxelM, outN);
  return { points: out, normals: outN, count: used, oriented: Boolean(normals), voxelM, voxels: { keys, slot: slotOf, minX, minY, minZ, shift } };
}

/**
 * Unoriented normals: the eigenvector of the smallest eigenvalue of the covariance of the points
 * within `radiusM` (power iteration on (trace·I − C), which turns the smallest into the largest).
 */
export function estimateNormals(points: Float32Array, count: number, radiusM: number, out: Float32Array): void {
  const grid = buildPointGrid(points, count, radiusM);
  const r2 = radiusM * radiusM;
  for (let i = 0; i < count; i++) {
    const x = points[3 * i], y = points[3 * i + 1], z = points[3 * i + 2];
    const ix = Math.floor((x - grid.originX) / grid.cellM), iy = Math.floor((y - grid.originY) / grid.cellM), iz = Math.floor((z - grid.originZ) / grid.cellM);
    let m = 0, sx = 0, sy = 0, sz = 0, xx = 0, xy = 0, xz = 0, yy = 0, yz = 0, zz = 0;
    for (let cz = Math.max(0, iz - 1); cz <= Math.min(grid.nz - 1, iz + 1); cz++) {
      for (let cy = Math.max(0, iy - 1); cy <= Math.min(grid.ny - 1, iy + 1); cy++) {
        const row = (cz * grid.ny + cy) * grid.nx;
        const s = grid.cellStart[row + Math.max(0, ix - 1)], e = grid.cellStart[row + Math.min(grid.nx - 1, ix + 1) + 1];
        for (let j = s; j < e; j++) {
          const dx = grid.sorted[3 * j] - x, dy = grid.sorted[3 * j + 1] - y, dz = grid.sorted[3 * j + 2] - z;
          if (dx * dx + dy * dy + dz * dz > r2) continue;
          m++; sx += dx; sy += dy; sz += dz;
          xx += dx * dx; xy += dx * dy; xz += dx * dz; yy += dy * dy; yz += dy * dz; zz += dz * dz;
        }
      }
    }
    if (m < 3) { out[3 * i] = 0; out[3 * i + 1] = 0; out[3 * i + 2] = 0; continue; }
    const mx = sx / m, my = sy / m, mz = sz / m;
    const cxx = xx / m - mx * mx, cxy = xy / m - mx * my, cxz = xz / m - mx * mz;
    const cyy = yy / m - my * my, cyz = yz / m - my * mz, czz = zz / m - mz * mz;
    const tr = cxx + cyy + czz;
    // M = tr·I − C: its dominant eigenvector is C's least one.
    const a = tr - cxx, b = -cxy, c = -cxz, d = tr - cyy, e = -cyz, f = tr - czz;
    let vx = 0.577, vy = 0.577, vz = 0.577;
    for (let it = 0; it < 30; it++) {
      const nx = a * vx + b * vy + c * vz, ny = b * vx + d * vy + e * vz, nz = c * vx + e * vy + f * vz;
      const l = Math.sqrt(nx * nx + ny * ny + nz * nz) || 1;
      vx = nx / l; vy = ny / l; vz = nz / l;
    }
    out[3 * i] = vx; out[3 * i + 1] = vy; out[3 * i + 2] = vz;
  }
}
