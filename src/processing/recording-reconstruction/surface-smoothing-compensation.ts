/**
 * The sensor's depth smoothing undone on the fused surface instead of in each depth map. A depth map
 * smoothed with variance s² (pixels², per image axis) reads a convex surface seen head-on about
 * ½·s_m²·(κ₁ + κ₂) behind it, s_m = s·ρ·cos²φ/f the kernel's width on the surface (ρ the range, φ the
 * ray's angle off the optical axis, f the focal length in pixels) and κ₁ + κ₂ the sum of the principal
 * curvatures (1/r on a limb of radius r). The per-map compensation (depth-filter.ts) estimates the
 * curvature from the smoothed map itself, which fails on limbs only a few pixels wide (an ankle at
 * 1.6 m spans ~6 pixels): its 5-pixel rows run off the limb, and an edge-aware smoothing flattens the
 * thin profile, so the ankle kept a ~2 mm radial shrink. The fused field does hold the limb's true
 * curvature (every side seen head-on by some frame), so here each zero-crossing point moves along the
 * field's normal by +½·s_m²·(κ₁ + κ₂), the curvature being the divergence of the field's normal.
 * Model frame, metres.
 */
import type { SparseVoxelBlocks } from './sparse-voxel-blocks.ts';
import { sampleTsdf, SAMPLE_GX, SAMPLE_GY, SAMPLE_GZ } from './tsdf-sampling.ts';

export interface SurfaceCompensationOptions {
  /** Variance of the sensor's smoothing kernel (pixels², per image axis); 0 = nothing is moved. */
  variancePx2: number;
  /** Largest move of a point (m): creases and fingers have curvatures the first-order term does not hold for. */
  maxShiftM: number;
}

/** Azimuth bins (about the person's vertical axis) of the head-on frame table. */
const AZIMUTH_BINS = 72;

const sample = new Float64Array(5);

/** The field's unit normal at (x, y, z) into out[o..o+2]; false where the field is unknown or flat. */
function normalAt(grid: SparseVoxelBlocks, x: number, y: number, z: number, out: Float64Array, o: number): boolean {
  if (!sampleTsdf(grid, x, y, z, 1, sample)) return false;
  const gx = sample[SAMPLE_GX], gy = sample[SAMPLE_GY], gz = sample[SAMPLE_GZ];
  const length = Math.hypot(gx, gy, gz);
  if (!(length > 0.5)) return false;
  out[o] = gx / length; out[o + 1] = gy / length; out[o + 2] = gz / length;
  return true;
}

/**
 * Moves each point of `points` (xyz interleaved, model frame, m; in place) outward along the field's
 * normal by ½·s_m²·(κ₁ + κ₂), clamped to ±maxShiftM. cameraToModel: each frame's pose as fused (null =
 * not fused); the point's range and off-axis angle are taken in the fused frame whose camera lies
 * nearest the direction of the point's normal about `centre` (model frame, m), i.e. the one that saw it
 * most nearly head-on. focalPx: the depth map's focal length (pixels). Points where the field's normal
 * or curvature is unknown stay. Returns how many points moved.
 */
export function compensateSurfaceSmoothing(
  grid: SparseVoxelBlocks, points: Float32Array, cameraToModel: readonly (Float64Array | null)[], centre: readonly number[],
  focalPx: number, options: SurfaceCompensationOptions,
): number {
  if (!(options.variancePx2 > 0)) return 0;
  // Per azimuth bin, the fused frame whose camera azimuth about the centre is nearest.
  const binFrame = new Int32Array(AZIMUTH_BINS).fill(-1), binGap = new Float64Array(AZIMUTH_BINS).fill(Infinity);
  for (let t = 0; t < cameraToModel.length; t++) {
    const m = cameraToModel[t];
    if (!m) continue;
    const azimuth = Math.atan2(m[14] - centre[2], m[12] - centre[0]);
    for (let b = 0; b < AZIMUTH_BINS; b++) {
      const binAzimuth = ((b + 0.5) * 2 * Math.PI) / AZIMUTH_BINS - Math.PI;
      let gap = Math.abs(azimuth - binAzimuth);
      if (gap > Math.PI) gap = 2 * Math.PI - gap;
      if (gap < binGap[b]) { binGap[b] = gap; binFrame[b] = t; }
    }
  }
  const h = grid.voxelM;
  const n = new Float64Array(21);
  let moved = 0;
  for (let i = 0; i < points.length; i += 3) {
    const x = points[i], y = points[i + 1], z = points[i + 2];
    if (!normalAt(grid, x, y, z, n, 0)) continue;
    // div n by central differences one voxel either way along each axis.
    if (!normalAt(grid, x + h, y, z, n, 3) || !normalAt(grid, x - h, y, z, n, 6) || !normalAt(grid, x, y + h, z, n, 9)
      || !normalAt(grid, x, y - h, z, n, 12) || !normalAt(grid, x, y, z + h, n, 15) || !normalAt(grid, x, y, z - h, n, 18)) continue;
    const curvature = (n[3] - n[6] + n[10] - n[13] + n[17] - n[20]) / (2 * h);
    // The frame that saw the point most nearly head-on: camera azimuth nearest the normal's.
    const bin = Math.min(AZIMUTH_BINS - 1, Math.floor(((Math.atan2(n[2], n[0]) + Math.PI) / (2 * Math.PI)) * AZIMUTH_BINS));
    const t = binFrame[bin];
    if (t < 0) continue;
    const m = cameraToModel[t]!;
    const rx = x - m[12], ry = y - m[13], rz = z - m[14];
    const range = Math.hypot(rx, ry, rz);
    const cosOffAxis = (rx * m[8] + ry * m[9] + rz * m[10]) / range;
    if (!(cosOffAxis > 0)) continue;
    const kernelM = (range * cosOffAxis * cosOffAxis) / focalPx;
    let shift = 0.5 * options.variancePx2 * kernelM * kernelM * curvature;
    if (shift > options.maxShiftM) shift = options.maxShiftM; else if (shift < -options.maxShiftM) shift = -options.maxShiftM;
    points[i] = x + shift * n[0]; points[i + 1] = y + shift * n[1]; points[i + 2] = z + shift * n[2];
    moved++;
  }
  return moved;
}
