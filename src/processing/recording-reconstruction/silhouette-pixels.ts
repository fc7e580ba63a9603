/**
 * Silhouette readings of a depth map: readings on the image border, beside no reading, beside a
 * background reading or beside a depth jump (an arm in front of the trunk). A limb a few pixels wide
 * is mostly silhouette, and sampling every 2nd pixel misses much of it: fusion allocates around
 * these readings too (tsdf-integration.ts), and a turn's registration takes them as points
 * (appendSilhouettePoints). Row-major maps, depth in m (0 = none), weight > 0 = the person's reading.
 * Camera frame: OpenCV (x right, y down, z forward), pixel centres at integer coordinates.
 */
import type { DepthIntrinsics } from '../../domain/phone-recording.ts';

/**
 * Whether the reading at (u, v) (depth d > 0, m) lies on a silhouette: on the image border, or beside
 * a pixel without a reading, a background reading (weight ≤ 0) or a reading more than `jumpM` nearer
 * or farther (an arm in front of the trunk).
 */
export function isSilhouettePixel(depthM: Float32Array, weight: Float32Array, width: number, height: number, u: number, v: number, d: number, jumpM: number): boolean {
  if (u === 0 || v === 0 || u === width - 1 || v === height - 1) return true;
  const pix = v * width + u;
  return breaksAt(depthM, weight, pix - 1, d, jumpM) || breaksAt(depthM, weight, pix + 1, d, jumpM)
    || breaksAt(depthM, weight, pix - width, d, jumpM) || breaksAt(depthM, weight, pix + width, d, jumpM);
}

function breaksAt(depthM: Float32Array, weight: Float32Array, q: number, d: number, jumpM: number): boolean {
  const e = depthM[q];
  return e === 0 || weight[q] <= 0 || Math.abs(e - d) > jumpM;
}

/**
 * Appends the camera-frame point (m) of every silhouette reading (depth jumps beyond `jumpM`) that is
 * not on the every-`stride`-th-pixel grid (those are already points) to `outPoints` (xyz
 * interleaved), after its first `count` points and while room remains. Returns the new count.
 * Why: in a turn, the edges of arms and legs are what hold the body's turn about its own axis,
 * and most of a limb 2 m away is edge. Measured (docs/recording-reconstruction.md, "Silhouette
 * points in a turn's registration"): two turns of one body agree better (8 bodies: 8 of 27 girths
 * within 5 mm instead of 5; the surface part of the difference 7.2 → 6.5 mm on average).
 */
export function appendSilhouettePoints(
  depthM: Float32Array, weight: Float32Array, width: number, height: number, k: DepthIntrinsics, stride: number, jumpM: number, outPoints: Float32Array, count: number,
): number {
  let n = count;
  const max = outPoints.length / 3;
  for (let v = 0; v < height && n < max; v++) {
    for (let u = 0; u < width && n < max; u++) {
      if (u % stride === 0 && v % stride === 0) continue;
      const pix = v * width + u, z = depthM[pix];
      if (z === 0 || weight[pix] <= 0 || !isSilhouettePixel(depthM, weight, width, height, u, v, z, jumpM)) continue;
      outPoints[3 * n] = ((u - k.cx) / k.fx) * z; outPoints[3 * n + 1] = ((v - k.cy) / k.fy) * z; outPoints[3 * n + 2] = z;
      n++;
    }
  }
  return n;
}
