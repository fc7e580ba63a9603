import type { DepthIntrinsics } from '../../domain/phone-recording.ts';
import {
  BLOCK_PIXELS, DEPTH_STORAGE_MM_PER_M, EDGE_JUMP_M, FLYING_PIXEL_LOW_CONFIDENCE_SHARE, FLYING_PIXEL_PROBABILITY,
  GRAZING_NOISE_CAP, LIDAR_MAX_RANGE_M, LOW_BELOW_COS, MEDIUM_BELOW_COS, MEDIUM_BEYOND_M, NOISE_PER_BLOCK_PER_M,
  NOISE_PER_PIXEL_PER_M, SAME_SURFACE_M, SMOOTHING_WEIGHTS,
} from './lidar-figures.ts';

/**
 * Turns an ideal z-depth image (metres, depth-renderer.ts) into what the phone's LiDAR depth map
 * holds: smoothed over 4 x 4 pixels, noisy in proportion to range and incidence, with flying pixels
 * at silhouettes, a confidence level per pixel, and rounded to whole millimetres. Every figure and
 * its source is in lidar-figures.ts. Deterministic given the random sources.
 */
export interface SensorScratch {
  smoothedM: Float32Array;
  cosIncidence: Float32Array;
  blockNoise: Float32Array;
}

export function makeSensorScratch(width: number, height: number): SensorScratch {
  const blocks = Math.ceil(width / BLOCK_PIXELS) * Math.ceil(height / BLOCK_PIXELS);
  return { smoothedM: new Float32Array(width * height), cosIncidence: new Float32Array(width * height), blockNoise: new Float32Array(blocks) };
}

export interface SensorOutput {
  /** Row-major depth (mm, 0 = no reading), as the app stores it. */
  depthMm: Uint16Array;
  /** Row-major confidence 0/1/2. */
  confidence: Uint8Array;
}

/**
 * Cosine of the angle between each pixel's viewing ray and the surface normal, from the ideal
 * depth's central differences (the metric slope along x is dz/du * fx / z). 1 where undefined.
 */
function incidenceCosines(depthM: Float32Array, width: number, height: number, intrinsics: DepthIntrinsics, out: Float32Array): void {
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++) {
      const i = v * width + u;
      const z = depthM[i];
      out[i] = 1;
      if (z === 0 || u === 0 || v === 0 || u === width - 1 || v === height - 1) continue;
      const left = depthM[i - 1], right = depthM[i + 1], up = depthM[i - width], down = depthM[i + width];
      if (left === 0 || right === 0 || up === 0 || down === 0) continue;
      if (Math.abs(right - left) > 2 * EDGE_JUMP_M || Math.abs(down - up) > 2 * EDGE_JUMP_M) continue;
      // Slope of depth per metre of lateral displacement at this range.
      const sx = ((right - left) * 0.5 * intrinsics.fx) / z;
      const sy = ((down - up) * 0.5 * intrinsics.fy) / z;
      out[i] = 1 / Math.sqrt(1 + sx * sx + sy * sy);
    }
  }
}

/** Edge-aware separable-weight smoothing over the 5 x 5 window [1,2,2,2,1]/8 per axis. */
function smooth(depthM: Float32Array, width: number, height: number, out: Float32Array): void {
  const w = SMOOTHING_WEIGHTS;
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++) {
      const i = v * width + u;
      const z = depthM[i];
      if (z === 0) { out[i] = 0; continue; }
      let sum = 0;
      let weight = 0;
      for (let dv = -2; dv <= 2; dv++) {
        const vv = v + dv;
        if (vv < 0 || vv >= height) continue;
        for (let du = -2; du <= 2; du++) {
          const uu = u + du;
          if (uu < 0 || uu >= width) continue;
          const zz = depthM[vv * width + uu];
          if (zz === 0 || Math.abs(zz - z) > SAME_SURFACE_M) continue;
          const k = w[dv + 2] * w[du + 2];
          sum += k * zz;
          weight += k;
        }
      }
      out[i] = sum / weight;
    }
  }
}

/** The depth jump (m) between pixel i and its non-empty 4-neighbours: farthest minus nearest. */
function jumpAt(depthM: Float32Array, width: number, height: number, u: number, v: number): number {
  const i = v * width + u;
  let near = depthM[i];
  let far = near;
  for (let k = 0; k < 4; k++) {
    const j = k === 0 ? (u > 0 ? i - 1 : -1) : k === 1 ? (u < width - 1 ? i + 1 : -1) : k === 2 ? (v > 0 ? i - width : -1) : (v < height - 1 ? i + width : -1);
    if (j < 0) continue;
    const z = depthM[j];
    if (z === 0) continue;
    if (z < near) near = z;
    if (z > far) far = z;
  }
  return far - near;
}

/** The nearest non-empty depth among pixel i and its 4-neighbours (m). */
function nearestAround(depthM: Float32Array, width: number, height: number, u: number, v: number): number {
  const i = v * width + u;
  let near = depthM[i];
  if (u > 0 && depthM[i - 1] !== 0 && depthM[i - 1] < near) near = depthM[i - 1];
  if (u < width - 1 && depthM[i + 1] !== 0 && depthM[i + 1] < near) near = depthM[i + 1];
  if (v > 0 && depthM[i - width] !== 0 && depthM[i - width] < near) near = depthM[i - width];
  if (v < height - 1 && depthM[i + width] !== 0 && depthM[i + width] < near) near = depthM[i + width];
  return near;
}

/**
 * Applies the sensor model to an ideal depth image. `random` gives uniform [0, 1) numbers and
 * `gaussian` standard normal ones (both seeded by the caller).
 */
export function applyLidarSensorModel(
  idealDepthM: Float32Array, width: number, height: number, intrinsics: DepthIntrinsics,
  random: () => number, gaussian: () => number, scratch: SensorScratch, out: SensorOutput,
): void {
  const { smoothedM, cosIncidence, blockNoise } = scratch;
  incidenceCosines(idealDepthM, width, height, intrinsics, cosIncidence);
  smooth(idealDepthM, width, height, smoothedM);
  for (let b = 0; b < blockNoise.length; b++) blockNoise[b] = gaussian();
  const blocksPerRow = Math.ceil(width / BLOCK_PIXELS);
  const { depthMm, confidence } = out;
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++) {
      const i = v * width + u;
      const ideal = idealDepthM[i];
      if (ideal === 0) { depthMm[i] = 0; confidence[i] = 0; continue; }
      const cos = cosIncidence[i];
      const grazing = Math.min(GRAZING_NOISE_CAP, 1 / Math.max(cos, 1e-3));
      const block = blockNoise[Math.floor(v / BLOCK_PIXELS) * blocksPerRow + Math.floor(u / BLOCK_PIXELS)];
      let z = smoothedM[i] + ideal * grazing * (NOISE_PER_PIXEL_PER_M * gaussian() + NOISE_PER_BLOCK_PER_M * block);
      let level = 2;
      if (ideal > MEDIUM_BEYOND_M || cos < MEDIUM_BELOW_COS) level = 1;
      if (ideal > LIDAR_MAX_RANGE_M || cos < LOW_BELOW_COS) level = 0;
      const jump = jumpAt(idealDepthM, width, height, u, v);
      if (jump > EDGE_JUMP_M) {
        if (level > 1) level = 1;
        if (random() < FLYING_PIXEL_PROBABILITY) {
          // A mixed return: somewhere between the two surfaces, away from both.
          z = nearestAround(idealDepthM, width, height, u, v) + (0.1 + 0.8 * random()) * jump;
          level = random() < FLYING_PIXEL_LOW_CONFIDENCE_SHARE ? 0 : 1;
        }
      }
      const mm = Math.round(z * DEPTH_STORAGE_MM_PER_M);
      depthMm[i] = mm <= 0 ? 0 : mm > 65535 ? 65535 : mm;
      confidence[i] = level;
    }
  }
}
