/**
 * Fusion of one depth map into the sparse TSDF (Curless & Levoy 1996, as in KinectFusion, Newcombe et
 * al. 2011): each voxel of the blocks the map touches is projected into the map, and the signed
 * distance along the ray, sdf = d(u, v) − z_voxel (z-depth difference, m), is clamped to
 * tsdf = min(1, sdf / τ) and averaged with the voxel's previous value, weighted by the reading's
 * confidence weight: T ← (T·W + tsdf·w) / (W + w), W ← min(W + w, W_max). Voxels more than 1.5·τ
 * behind the surface are left alone, so the far side of a limb seen from the front is never carved;
 * between τ and 1.5·τ they count as −1 (see BEHIND_FACTOR).
 *
 * Frames: the depth map in camera coordinates (OpenCV: x right, y down, z forward; pixel centres at
 * integer coordinates), voxels in the model frame; `cameraToModel` maps the first to the second (m).
 */
import type { DepthIntrinsics } from '../../domain/phone-recording.ts';
import type { Mat4 } from './rigid-transform.ts';
import { invertRigid } from './rigid-transform.ts';
import type { SparseVoxelBlocks } from './sparse-voxel-blocks.ts';
import { allocateBlock, BLOCK_SIDE, BLOCK_VOXELS } from './sparse-voxel-blocks.ts';
import { isSilhouettePixel } from './silhouette-pixels.ts';

/**
 * A depth map ready to fuse, row-major: depth (m, 0 = nothing) and weight per pixel. A positive weight
 * is a reading of the surface being reconstructed (fused with that weight); a negative weight is a
 * reading of the background, which only carves: voxels more than τ in front of it are free space
 * (tsdf +1, weight −w), nothing else is learnt from it. Without the carving, voxels just beside a
 * silhouette would see only the foreground reading next to them and the body would grow by up to
 * half a pixel all round.
 */
export interface FusionFrame {
  depthM: Float32Array;
  weight: Float32Array;
  width: number;
  height: number;
  intrinsics: DepthIntrinsics;
  /**
   * Optional, the sensor's raw depth (mm, as recorded): a pixel whose raw reading is 0 returned nothing
   * within the sensor's range, so every voxel it sees is free space and is carved with weight
   * noReturnWeight (a pixel the depth filter dropped has a raw reading and carves nothing). Without it,
   * a limb seen against empty space (no wall within range) is never carved beside its silhouette and
   * grows by up to half a pixel, as it would without background carving.
   */
  rawDepthMm?: Uint16Array | null;
  /** Carving weight of a no-return pixel (rawDepthMm), 0..1. */
  noReturnWeight?: number;
  /**
   * Optional, per pixel: beyond τ, how far behind its reading the field may be told "inside" (m),
   * when less than the behind band (thickness-limits.ts: a thin limb's far side is nearer than the
   * band). Within τ every reading counts as before.
   */
  behindLimitM?: Float32Array | null;
}

export interface FusionScratch {
  /** Blocks touched by the current frame. */
  visible: Int32Array;
  /** Per block: the last frame stamp that listed it. */
  stamp: Int32Array;
  frameStamp: number;
  worldToCamera: Mat4;
}

export function createFusionScratch(): FusionScratch {
  return { visible: new Int32Array(4096), stamp: new Int32Array(4096), frameStamp: 0, worldToCamera: new Float64Array(16) };
}

/**
 * Readings between τ and BEHIND_FACTOR·τ behind the surface are fused as −1 rather than skipped: with
 * noise of a few millimetres (more at oblique incidence), skipping only the most negative readings of
 * a voxel just inside the surface would bias its mean up and shrink the body; beyond BEHIND_FACTOR·τ
 * the voxel is likely on another surface (the far side of a limb) and is left alone.
 */
export const BEHIND_FACTOR = 1.5;

/** Cap on a voxel's weight: old observations never freeze the field, so a moving arm re-converges. */
export const MAX_VOXEL_WEIGHT = 48;

/**
 * Fuses `frame` seen from `cameraToModel` into `grid`. Blocks within ±τ of every `allocationStride`-th
 * pixel's reading, and with allocateSilhouettes of every silhouette reading (isSilhouettePixel), are
 * allocated first, then every voxel of those blocks is updated. Returns the number of blocks updated.
 * Allocates only when the grid or the scratch lists grow.
 * Why the silhouettes: with every 2nd pixel only, a block holding the edge of a limb a few pixels
 * wide (a wrist at 2 m: ~4 pixels) was listed by some frames and not by others, depending on where
 * the sampled rays fell, and the frames that missed it told its voxels nothing. Measured on turns
 * (docs/recording-reconstruction.md, "Every silhouette reading allocates"): 8 bodies, two seeds,
 * volume −2.17 / −1.53 % → −1.66 / −1.28 %, mean girth MAE 7.42 / 6.65 → 7.26 / 5.86 mm; every pixel
 * instead: −1.78 / −0.70 %, 7.03 / 6.05 mm for ~30 % more fusion time; every 4th: −4.2 / −4.3 %.
 * Walks read the same either way (8 bodies: MAE 2.82 / 2.86 mm, volume −0.28 / −0.22 %) and fused
 * ~25 % slower, so they keep every 2nd pixel only.
 * sums: the grid accumulates Σ t·w per voxel instead of the running mean, which spares a division
 * per update (−5 % of a turn's output fusion replayed alone); nothing may read the grid until sumsToMeans(grid) has run
 * after its last frame. For a field fused once and read afterwards (a turn's output field).
 */
export function integrateFrame(
  grid: SparseVoxelBlocks, frame: FusionFrame, cameraToModel: Mat4, scratch: FusionScratch, allocationStride = 2, behindFactor = BEHIND_FACTOR, allocateSilhouettes = false, sums = false,
): number {
  const { depthM, weight, width, height } = frame;
  const raw = frame.rawDepthMm ?? null, noReturnWeight = frame.noReturnWeight ?? 0;
  const behindLimit = frame.behindLimitM ?? null;
  const carveNoReturn = raw !== null && noReturnWeight > 0;
  const { fx, fy, cx, cy } = frame.intrinsics;
  const m = cameraToModel;
  const trunc = grid.truncM, voxelM = grid.voxelM, blockM = voxelM * BLOCK_SIDE;
  scratch.frameStamp++;
  let visibleCount = 0;
  const steps = Math.max(2, Math.ceil((2 * trunc) / (0.5 * blockM)));
  // Without the silhouettes only every allocationStride-th pixel is visited.
  const step = allocateSilhouettes ? 1 : allocationStride;
  for (let v = 0; v < height; v += step) {
    const rowSampled = v % allocationStride === 0;
    for (let u = 0; u < width; u += step) {
      const pix = v * width + u;
      const d = depthM[pix];
      if (d === 0 || weight[pix] <= 0) continue;
      if (!(rowSampled && u % allocationStride === 0) && !(allocateSilhouettes && isSilhouettePixel(depthM, weight, width, height, u, v, d, trunc))) continue;
      const rx = (u - cx) / fx, ry = (v - cy) / fy;
      for (let s = 0; s <= steps; s++) {
        const z = d - trunc + (2 * trunc * s) / steps;
        const xc = rx * z, yc = ry * z;
        const px = m[0] * xc + m[4] * yc + m[8] * z + m[12];
        const py = m[1] * xc + m[5] * yc + m[9] * z + m[13];
        const pz = m[2] * xc + m[6] * yc + m[10] * z + m[14];
        const b = allocateBlock(grid, Math.floor(px / blockM), Math.floor(py / blockM), Math.floor(pz / blockM));
        if (b >= scratch.stamp.length) growStamp(scratch, grid.blockCoords.length / 3);
        if (scratch.stamp[b] === scratch.frameStamp) continue;
        scratch.stamp[b] = scratch.frameStamp;
        if (visibleCount >= scratch.visible.length) { const grown = new Int32Array(2 * scratch.visible.length); grown.set(scratch.visible); scratch.visible = grown; }
        scratch.visible[visibleCount++] = b;
      }
    }
  }
  const w2c = invertRigid(scratch.worldToCamera, m);
  const tsdf = grid.tsdf, weights = grid.weight, coords = grid.blockCoords;
  // Camera-frame step of one voxel along each model axis.
  const axX = w2c[0] * voxelM, axY = w2c[1] * voxelM, axZ = w2c[2] * voxelM;
  const ayX = w2c[4] * voxelM, ayY = w2c[5] * voxelM, ayZ = w2c[6] * voxelM;
  const azX = w2c[8] * voxelM, azY = w2c[9] * voxelM, azZ = w2c[10] * voxelM;
  const invTrunc = 1 / trunc, behind = behindFactor * trunc;
  // A voxel's homogeneous image coordinates (fx·x + cx·z, fy·y + cy·z, z) step linearly along each
  // model axis, so the pixel is (hx / z, hy / z): one division and two products per voxel (2–5 % off
  // a turn's output fusion against projecting x and y separately; the same pixels).
  const hxX = fx * axX + cx * axZ, hyX = fy * axY + cy * axZ;
  const hxY = fx * ayX + cx * ayZ, hyY = fy * ayY + cy * ayZ;
  const hxZ = fx * azX + cx * azZ, hyZ = fy * azY + cy * azZ;
  for (let k = 0; k < visibleCount; k++) {
    const b = scratch.visible[k];
    const ox = (coords[3 * b] * BLOCK_SIDE + 0.5) * voxelM, oy = (coords[3 * b + 1] * BLOCK_SIDE + 0.5) * voxelM, oz = (coords[3 * b + 2] * BLOCK_SIDE + 0.5) * voxelM;
    const c0x = w2c[0] * ox + w2c[4] * oy + w2c[8] * oz + w2c[12];
    const c0y = w2c[1] * ox + w2c[5] * oy + w2c[9] * oz + w2c[13];
    const c0z = w2c[2] * ox + w2c[6] * oy + w2c[10] * oz + w2c[14];
    const h0x = fx * c0x + cx * c0z, h0y = fy * c0y + cy * c0z;
    let index = b * BLOCK_VOXELS;
    for (let lz = 0; lz < BLOCK_SIDE; lz++) {
      for (let ly = 0; ly < BLOCK_SIDE; ly++) {
        let hx = h0x + ly * hxY + lz * hxZ, hy = h0y + ly * hyY + lz * hyZ, zc = c0z + ly * ayZ + lz * azZ;
        for (let lx = 0; lx < BLOCK_SIDE; lx++, index++, hx += hxX, hy += hyX, zc += axZ) {
          if (!(zc > 0)) continue;
          const iz = 1 / zc;
          const pix = pixelAt(hx * iz, hy * iz, width, height);
          if (pix < 0) continue;
          const d = depthM[pix];
          if (d === 0) {
            if (carveNoReturn && isNoReturn(raw!, pix, width, height)) accumulate(tsdf, weights, index, 1, noReturnWeight, sums);
            continue;
          }
          const sdf = d - zc;
          let w = weight[pix], t: number;
          if (w < 0) {
            // A background reading only carves: free space more than τ in front of it.
            if (!(sdf > trunc)) continue;
            w = -w; t = 1;
          } else if (sdf >= trunc) t = 1;
          else if (sdf >= -trunc) { if (sdf < -behind) continue; t = sdf * invTrunc; }
          else { if (sdf < -behind || (behindLimit !== null && sdf < -behindLimit[pix])) continue; t = -1; }
          accumulate(tsdf, weights, index, t, w, sums);
        }
      }
    }
  }
  return visibleCount;
}

/**
 * Whether pixel (u, v) = pix and its four neighbours inside the image returned nothing (raw 0): free
 * space along its ray. Not beside a reading: there the depth filter would have dropped a jump's both sides.
 */
function isNoReturn(raw: Uint16Array, pix: number, width: number, height: number): boolean {
  const u = pix % width, v = (pix - u) / width;
  return raw[pix] === 0 && (u === 0 || raw[pix - 1] === 0) && (u === width - 1 || raw[pix + 1] === 0)
    && (v === 0 || raw[pix - width] === 0) && (v === height - 1 || raw[pix + width] === 0);
}

/** One reading t (normalised, −1..1) of weight w > 0 fused into voxel `index`, as a mean or (sums) as Σ t·w. */
function accumulate(tsdf: Float32Array, weights: Float32Array, index: number, t: number, w: number, sums: boolean): void {
  const previous = weights[index], total = previous + w;
  if (sums) {
    const sum = (previous === 0 ? 0 : tsdf[index]) + t * w;
    if (total > MAX_VOXEL_WEIGHT) { tsdf[index] = sum * (MAX_VOXEL_WEIGHT / total); weights[index] = MAX_VOXEL_WEIGHT; } else { tsdf[index] = sum; weights[index] = total; }
  } else {
    tsdf[index] = (tsdf[index] * previous + t * w) / total;
    weights[index] = total > MAX_VOXEL_WEIGHT ? MAX_VOXEL_WEIGHT : total;
  }
}

/** The inverse of sumsToMeans: each voxel's mean T times its weight W (0 where never observed), for more frames fused with `sums`. In place. */
export function meansToSums(grid: SparseVoxelBlocks): void {
  const tsdf = grid.tsdf, weights = grid.weight, n = grid.blockCount * BLOCK_VOXELS;
  for (let i = 0; i < n; i++) tsdf[i] *= weights[i];
}

/**
 * Turns a grid fused with `sums` (each voxel holding Σ t·w of its readings, scaled down with the
 * weight at the cap) into the mean every reader expects: T = Σ t·w / W, 1 where never observed. In place.
 */
export function sumsToMeans(grid: SparseVoxelBlocks): void {
  const tsdf = grid.tsdf, weights = grid.weight, n = grid.blockCount * BLOCK_VOXELS;
  for (let i = 0; i < n; i++) { const w = weights[i]; tsdf[i] = w > 0 ? tsdf[i] / w : 1; }
}

/**
 * Row-major index of the pixel whose centre is nearest to image point (x, y) (Math.round of each
 * coordinate: halves rounded up), or −1 outside the width x height image. The bounds are tested on
 * x + 0.5 before its integer part is taken, one test per axis instead of two; Math.round itself cost
 * V8 ~4 ns a call in the voxel loop (a third of its time), hence the integer part of x + 0.5.
 */
export function pixelAt(x: number, y: number, width: number, height: number): number {
  const xh = x + 0.5, yh = y + 0.5;
  if (!(xh >= 0 && xh < width && yh >= 0 && yh < height)) return -1;
  let u = xh | 0, v = yh | 0;
  if (x < u - 0.5) u--; // x + 0.5 rounded up to an integer (x = 0.5 − 2⁻⁵⁴): u − 0.5 is exact, u − x need not be
  if (y < v - 0.5) v--;
  return v * width + u;
}

function growStamp(scratch: FusionScratch, capacity: number): void {
  const grown = new Int32Array(Math.max(capacity, 2 * scratch.stamp.length));
  grown.set(scratch.stamp);
  scratch.stamp = grown;
}
