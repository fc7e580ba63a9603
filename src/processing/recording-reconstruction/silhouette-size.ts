/**
 * A turn's fused surface sized by the silhouettes its frames saw (silhouette-offset.ts measures; this
 * file decides how far each surface point moves).
 *
 * Why: two turns of one body differed mostly by a common size (the registration's freedom to place
 * the turning axis nearer or farther from the still phone: docs/recording-reconstruction.md, "Where a
 * turn's repeatability is lost"), and their legs by sizes of their own (the registration's tilt far
 * below the pivot). The boundary rays are a measure of size that does not rest on depth. Each point
 * moves outward by gain · (offset − biasM): the offset is the median over boundary rays passing
 * within ~9 cm of the point below localBelowFraction of the person's height (the legs, below the
 * hands), and the median over the whole body above it (the arms swing, and their local offsets read
 * 2–4 mm low: local offsets there shrank forearms and wrists by 10–26 mm of girth), blended over 5 cm.
 * Model frame, metres. Measured: docs/recording-reconstruction.md, "A turn's size from its silhouettes".
 * A walk's surface is sized the same way with one offset for the whole body (options.cellM 0): its
 * size error is the cameras' common distance from the person ("A walk's size from its silhouettes").
 */
import type { PhoneRecording } from '../../domain/phone-recording.ts';
import { filterDepth, type DepthFilterOptions } from './depth-filter.ts';
import { maskPerson } from './frame-person-mask.ts';
import { DEFAULT_SEGMENTATION, type PersonRegion } from './person-segmentation.ts';
import { median } from '../statistics/median.ts';
import { moveAlongFieldNormals, silhouetteOffsets, type SilhouetteFrame, type SilhouetteOffsetResult } from './silhouette-offset.ts';
import type { SparseVoxelBlocks } from './sparse-voxel-blocks.ts';

export interface SilhouetteSizeOptions {
  /** Every frameStride-th fused frame's silhouettes are tested. */
  frameStride: number;
  /** What the test reads on a surface of the right size (m): on turns fused with the true poses. */
  biasM: number;
  /** Surface move per metre of offset (unitless). */
  gain: number;
  /** Cell edge (m) of the local offsets; 0 = the whole body's offset everywhere. */
  cellM: number;
  /** Boundary rays a local offset needs (within the 3 x 3 x 3 cells), else the whole body's is used. */
  minSamples: number;
  /** Local offsets below this share of the person's height. */
  localBelowFraction: number;
}

/**
 * Every stride-th fused frame (pose not null) with its person mask: the kept cleaned weight of the
 * first pass where there is one (`cleaned`), else the frame cleaned and masked again into the scratch
 * depthM / weight (copied). points: ≥ 3 floats of scratch.
 */
export function silhouetteFramesOf(
  recording: PhoneRecording, poses: readonly (Float64Array | null)[], stride: number, cleaned: readonly ({ weight: Float32Array } | null)[] | null,
  region: PersonRegion, filter: DepthFilterOptions, depthM: Float32Array, weight: Float32Array, points: Float32Array,
): SilhouetteFrame[] {
  const { width, height, frames } = recording;
  const out: SilhouetteFrame[] = [];
  for (let t = 0; t < frames.length; t += Math.max(1, stride)) {
    const pose = poses[t];
    if (!pose) continue;
    let personWeight = cleaned?.[t]?.weight;
    if (!personWeight) {
      filterDepth(frames[t], width, height, filter, depthM, weight);
      maskPerson(depthM, weight, width, height, frames[t].intrinsics, frames[t].cameraToWorld, region, DEFAULT_SEGMENTATION.footCutM, 1 << 30, points);
      personWeight = weight.slice();
    }
    out.push({ frame: frames[t], personWeight, cameraToModel: pose });
  }
  return out;
}

/** A turn's silhouettes tested against its fused field: the rays, their median offset (m), the move it makes above the legs (m), the time taken (ms). */
export interface SilhouetteSizing {
  test: SilhouetteOffsetResult;
  medianM: number;
  wholeShiftM: number;
  ms: number;
}

/**
 * Tests every options.frameStride-th fused frame's silhouettes (silhouette-offset.ts) against the fused
 * field `grid`. Arguments as silhouetteFramesOf.
 */
export function testSilhouettes(
  grid: SparseVoxelBlocks, recording: PhoneRecording, poses: readonly (Float64Array | null)[], cleaned: readonly ({ weight: Float32Array } | null)[] | null,
  region: PersonRegion, filter: DepthFilterOptions, options: SilhouetteSizeOptions, depthM: Float32Array, weight: Float32Array, points: Float32Array,
): SilhouetteSizing {
  const started = performance.now();
  const frames = silhouetteFramesOf(recording, poses, options.frameStride, cleaned, region, filter, depthM, weight, points);
  const test = silhouetteOffsets(grid, frames, recording.width, recording.height);
  const medianM = test.count > 0 ? median(test.offsetsM) : 0;
  return { test, medianM, wholeShiftM: test.count > 0 ? options.gain * (medianM - options.biasM) : 0, ms: performance.now() - started };
}

/**
 * Moves the surface points (xyz interleaved, model frame, m; in place) along the field's normals by
 * silhouetteSizeShifts; nothing when no ray was resolved. Adds its time to sizing.ms. Returns how
 * many points moved.
 */
export function sizeBySilhouettes(
  grid: SparseVoxelBlocks, points: Float32Array, sizing: SilhouetteSizing, heightAboveFloorM: (x: number, y: number, z: number) => number,
  personHeightM: number, options: SilhouetteSizeOptions,
): number {
  if (sizing.test.count === 0) return 0;
  const started = performance.now();
  const moved = moveAlongFieldNormals(grid, points, silhouetteSizeShifts(points, sizing.test, sizing.medianM, heightAboveFloorM, personHeightM, options));
  sizing.ms += performance.now() - started;
  return moved;
}

/** Height (m) over which the local and the whole body's offsets are blended. */
const BLEND_M = 0.05;

/**
 * Per surface point (xyz interleaved, model frame, m), how far it moves outward along the field's
 * normal (m). wholeM: the median offset of all boundary rays. heightAboveFloorM: a point's height
 * above the floor (m); personHeightM: the person's. Returns the shifts, one per point.
 */
export function silhouetteSizeShifts(
  points: Float32Array, test: SilhouetteOffsetResult, wholeM: number, heightAboveFloorM: (x: number, y: number, z: number) => number,
  personHeightM: number, options: SilhouetteSizeOptions,
): Float32Array {
  const count = points.length / 3;
  const localShare = new Float32Array(count);
  if (options.cellM > 0) {
    const belowM = options.localBelowFraction * personHeightM;
    for (let i = 0; i < count; i++) {
      const h = heightAboveFloorM(points[3 * i], points[3 * i + 1], points[3 * i + 2]);
      localShare[i] = Math.min(1, Math.max(0, (belowM - h) / BLEND_M));
    }
  }
  const local = options.cellM > 0 ? localOffsets(points, test.touchesM, test.offsetsM, options.cellM, options.minSamples, wholeM, localShare) : null;
  const shifts = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    const offsetM = local ? localShare[i] * local[i] + (1 - localShare[i]) * wholeM : wholeM;
    shifts[i] = options.gain * (offsetM - options.biasM);
  }
  return shifts;
}

/**
 * The silhouette offset near each point (m), continuous in space: the pooled offsets of the eight
 * cells (edge cellM, model frame) whose centres surround the point, trilinearly interpolated; a
 * cell's pooled offset is the median of the boundary rays that pass the surface within the 3 x 3 x 3
 * cells around it, or `fallbackM` where fewer than minSamples do. Points where `wanted` (one per point)
 * is given and not > 0 get fallbackM. points, touchesM: xyz interleaved (m).
 * Why interpolated: with each point taking its own cell's value, the legs' surface stepped by a few
 * tenths of a millimetre between cells, and the measuring's model fit took 5–20 % longer on it.
 */
export function localOffsets(points: Float32Array, touchesM: Float32Array, offsetsM: Float32Array, cellM: number, minSamples: number, fallbackM: number, wanted?: Float32Array): Float32Array {
  const keyOf = (i: number, j: number, k: number): number => (i + 512) * 1048576 + (j + 512) * 1024 + (k + 512);
  const byCell = new Map<number, number[]>();
  for (let s = 0; s < offsetsM.length; s++) {
    const k = keyOf(Math.floor(touchesM[3 * s] / cellM), Math.floor(touchesM[3 * s + 1] / cellM), Math.floor(touchesM[3 * s + 2] / cellM));
    let list = byCell.get(k);
    if (!list) { list = []; byCell.set(k, list); }
    list.push(offsetsM[s]);
  }
  const pooled = new Map<number, number>();
  const gathered: number[] = [];
  const pooledAt = (k: number): number => {
    let value = pooled.get(k);
    if (value !== undefined) return value;
    gathered.length = 0;
    for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) for (let dz = -1; dz <= 1; dz++) {
      const list = byCell.get(k + dx * 1048576 + dy * 1024 + dz);
      if (list) for (const o of list) gathered.push(o);
    }
    value = gathered.length < minSamples ? fallbackM : median(gathered);
    pooled.set(k, value);
    return value;
  };
  const out = new Float32Array(points.length / 3);
  for (let i = 0; i < out.length; i++) {
    if (wanted && !(wanted[i] > 0)) { out[i] = fallbackM; continue; }
    // Cell centres at (n + ½)·cellM: the point's position among them.
    const gx = points[3 * i] / cellM - 0.5, gy = points[3 * i + 1] / cellM - 0.5, gz = points[3 * i + 2] / cellM - 0.5;
    const i0 = Math.floor(gx), j0 = Math.floor(gy), k0 = Math.floor(gz);
    const fx = gx - i0, fy = gy - j0, fz = gz - k0;
    let value = 0;
    for (let c = 0; c < 8; c++) {
      const dx = c & 1, dy = (c >> 1) & 1, dz = (c >> 2) & 1;
      value += (dx ? fx : 1 - fx) * (dy ? fy : 1 - fy) * (dz ? fz : 1 - fz) * pooledAt(keyOf(i0 + dx, j0 + dy, k0 + dz));
    }
    out[i] = value;
  }
  return out;
}
