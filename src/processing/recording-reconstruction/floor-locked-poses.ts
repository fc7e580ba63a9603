/**
 * A walk's vertical drift read off the floor each frame sees, and removed from its poses.
 *
 * Why: a phone's odometry drifts in position, vertically too (the simulator: a random walk of 5 mm
 * per √m walked on every axis, lidar-figures.ts), and a walk round a person covers ~9 m. The walk's
 * pose graph (walk-drift.ts) barely sees vertical motion: a standing body's surfaces face sideways,
 * so point-to-plane residuals hardly change when a keyframe moves up or down. Measured on one
 * evaluation walk (M-old-heavy-soft, seed 1116, docs/recording-reconstruction.md "A walk's floor
 * as its vertical reference"): the recorded camera height drifted up to +62 mm (mean +38 mm), the
 * floor found over the whole recording fell between the frames' floors, and the fused body stood
 * ~55 mm too low on it: its soles cut off with the floor, its stature 54 mm short, and every site
 * placed as a share of stature (the bust's search range, the under-bust, the hips' range) moved.
 * But every frame of a walk sees the floor around the person, a plane whose height must be the same
 * in every frame. Each frame's floor height relative to the recording's floor plane is its vertical
 * drift, measured directly; the frame's pose is shifted down by it along the floor's normal.
 * World frame: ARKit's (m, y up along gravity); camera frame: OpenCV. Pure; allocates per call only.
 */
import type { PhoneRecording } from '../../domain/phone-recording.ts';
import { pixelToWorld } from './depth-filter.ts';
import { heightAbove, type FloorPlane } from './floor-detection.ts';

export interface FloorLockOptions {
  /** Every n-th pixel on each image axis is read. */
  pixelStride: number;
  /** Floor readings are searched within this height of the recording's floor plane (m): above the largest vertical drift expected. */
  searchBandM: number;
  /** Readings nearer than this to the person's vertical axis are the person's feet, not floor (m). */
  personClearanceM: number;
  /** Readings farther from the camera than this are left out (m): LiDAR noise grows with range. */
  maxRangeM: number;
  /** The refined height is the mean of the readings within this of the band's median (m). */
  refineBandM: number;
  /** Fewer floor readings than this: the frame's drift is taken from its neighbours. */
  minReadings: number;
}

export const DEFAULT_FLOOR_LOCK: FloorLockOptions = { pixelStride: 3, searchBandM: 0.15, personClearanceM: 0.45, maxRangeM: 4, refineBandM: 0.02, minReadings: 150 };

export interface FloorHeights {
  /** Per frame: height of the floor it sees above the recording's floor plane (m), under its recorded pose; NaN when unmeasured. */
  heightsM: Float64Array;
  /** Frames with enough floor readings. */
  measuredFrames: number;
}

/**
 * The floor's height in each frame of `recording` above `floor` (m), each frame placed with its
 * recorded pose: the median of the readings within searchBandM of the plane, at least
 * personClearanceM horizontally from `personCentre` (world, m), refined as the mean of those within
 * refineBandM of it. Readings with confidence 0 (low) are left out.
 */
export function floorHeightsPerFrame(recording: PhoneRecording, floor: FloorPlane, personCentre: readonly number[], options: FloorLockOptions = DEFAULT_FLOOR_LOCK): FloorHeights {
  const { width, height, frames } = recording;
  const heightsM = new Float64Array(frames.length).fill(NaN);
  const band = new Float64Array(Math.ceil(width / options.pixelStride) * Math.ceil(height / options.pixelStride));
  const clearance2 = options.personClearanceM * options.personClearanceM;
  const maxRangeMm = 1000 * options.maxRangeM;
  const p = new Float32Array(3);
  let measuredFrames = 0;
  for (let t = 0; t < frames.length; t++) {
    const { depthMm, confidence, intrinsics: k, cameraToWorld: m } = frames[t];
    let count = 0;
    for (let v = 0; v < height; v += options.pixelStride) {
      for (let u = 0; u < width; u += options.pixelStride) {
        const i = v * width + u;
        const mm = depthMm[i];
        if (mm === 0 || mm > maxRangeMm || (confidence !== null && confidence[i] === 0)) continue;
        pixelToWorld(u, v, mm / 1000, k, m, p, 0);
        const dx = p[0] - personCentre[0], dz = p[2] - personCentre[2];
        if (dx * dx + dz * dz < clearance2) continue;
        const h = heightAbove(floor, p[0], p[1], p[2]);
        if (Math.abs(h) <= options.searchBandM) band[count++] = h;
      }
    }
    if (count < options.minReadings) continue;
    const sorted = band.subarray(0, count).sort();
    const mid = sorted[count >> 1];
    let sum = 0, kept = 0;
    for (let j = 0; j < count; j++) if (Math.abs(sorted[j] - mid) <= options.refineBandM) { sum += sorted[j]; kept++; }
    if (kept < options.minReadings) continue;
    heightsM[t] = sum / kept;
    measuredFrames++;
  }
  return { heightsM, measuredFrames };
}

/**
 * `recording` with each frame's pose moved by −h along the floor's normal (h its floor height,
 * floorHeightsPerFrame), so every frame's floor lies on `floor`. A frame without a measured height
 * takes the nearest measured frames' heights interpolated linearly in frame index (held beyond the
 * first and last). The depth maps are shared, not copied.
 */
export function lockPosesToFloor(recording: PhoneRecording, floor: FloorPlane, heightsM: Float64Array): PhoneRecording {
  const filled = interpolateMissing(heightsM);
  const [nx, ny, nz] = floor.normal;
  const frames = recording.frames.map((frame, t) => {
    const cameraToWorld = Float64Array.from(frame.cameraToWorld);
    cameraToWorld[12] -= filled[t] * nx; cameraToWorld[13] -= filled[t] * ny; cameraToWorld[14] -= filled[t] * nz;
    return { ...frame, cameraToWorld };
  });
  return { ...recording, frames };
}

/** NaN entries replaced by linear interpolation between the nearest finite ones (held at the ends; all NaN: zeros). */
export function interpolateMissing(values: Float64Array): Float64Array {
  const out = Float64Array.from(values);
  const known: number[] = [];
  for (let i = 0; i < out.length; i++) if (Number.isFinite(out[i])) known.push(i);
  if (known.length === 0) return out.fill(0);
  for (let i = 0; i < known[0]; i++) out[i] = out[known[0]];
  for (let i = known[known.length - 1] + 1; i < out.length; i++) out[i] = out[known[known.length - 1]];
  for (let g = 0; g + 1 < known.length; g++) {
    const a = known[g], b = known[g + 1];
    for (let i = a + 1; i < b; i++) out[i] = out[a] + ((out[b] - out[a]) * (i - a)) / (b - a);
  }
  return out;
}
