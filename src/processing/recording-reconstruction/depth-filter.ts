/**
 * Per-frame depth clean-up before anything is fused: confidence filtering, range limits, and removal
 * of depth discontinuities (the "flying pixels" a LiDAR reports at silhouettes, part foreground and
 * part background, which would otherwise float in the air behind the person).
 *
 * Camera frame: OpenCV (x right, y down, z forward); depth is z-depth in metres.
 */
import type { DepthFrame, DepthIntrinsics } from '../../domain/phone-recording.ts';
import type { Mat4 } from './rigid-transform.ts';

export interface DepthFilterOptions {
  /** Lowest confidence kept (Stray/ARKit: 0 low, 1 medium, 2 high). */
  minConfidence: number;
  /** Fusion weight of a medium-confidence reading relative to a high one. */
  mediumConfidenceWeight: number;
  /** Readings nearer or farther than this are dropped (m): ARKit's LiDAR is rated to ~5 m. */
  minDepthM: number;
  maxDepthM: number;
  /**
   * A pixel whose depth differs from a valid 4-neighbour by more than jumpBaseM + jumpRelative·z is
   * on a silhouette and dropped (m, unitless).
   */
  jumpBaseM: number;
  jumpRelative: number;
  /**
   * Readings whose incidence (angle between ray and surface normal, from the depth gradient) has a
   * cosine below this are dropped; the rest are weighted by cos^incidencePower. Grazing readings are
   * the least accurate (noise grows as 1/cos) and a smoothed map pulls them toward the camera, off a
   * convex surface: left in, they inflate a body by a millimetre or more.
   */
  minIncidenceCos: number;
  incidencePower: number;
  /**
   * Variance (pixels², per image axis) of the smoothing the sensor applies to its depth map, undone
   * to first order (compensateSmoothing); 0 = no compensation. A LiDAR depth map is interpolated
   * from a sparse grid of laser spots and smoothed; on a convex body every smoothed reading is the
   * mean depth of a small patch that curves away from the camera, so it lies behind the surface and
   * the fused body shrinks by about ½·σ²·κ (1–3 mm on a wrist at 2 m). 1.5 px² would be the variance
   * of a four-pixel-wide kernel [1, 2, 2, 2, 1]/8 (the simulator's assumption about the phone).
   * Off by default: with the phone's true poses it removes most of the simulated recordings' shrink,
   * but the frame-to-model registration turns it into a bias of its own (docs/recording-reconstruction.md,
   * "Where the error comes from").
   */
  smoothingVariancePx2: number;
}

export const DEFAULT_DEPTH_FILTER: DepthFilterOptions = {
  minConfidence: 1,
  mediumConfidenceWeight: 0.4,
  minDepthM: 0.25,
  maxDepthM: 5,
  jumpBaseM: 0.02,
  jumpRelative: 0.02,
  minIncidenceCos: 0.3,
  incidencePower: 2,
  smoothingVariancePx2: 0,
};

/** Per-call scratch of filterDepth (the raw readings in metres), grown as needed. */
let metresScratch = new Float64Array(0);

/**
 * Writes the kept depth of `frame` (m, 0 = dropped) to outDepthM and its fusion weight (0..1) to
 * outWeight, both width·height row-major. Returns the number of kept pixels. Allocates nothing.
 */
export function filterDepth(frame: DepthFrame, width: number, height: number, options: DepthFilterOptions, outDepthM: Float32Array, outWeight: Float32Array): number {
  const depth = frame.depthMm, confidence = frame.confidence;
  const { minConfidence, mediumConfidenceWeight, minDepthM, maxDepthM, jumpBaseM, jumpRelative } = options;
  const pixels = width * height;
  // Every raw reading in metres once (each is read again as four pixels' neighbour).
  if (metresScratch.length < pixels) metresScratch = new Float64Array(pixels);
  const metres = metresScratch;
  for (let i = 0; i < pixels; i++) metres[i] = depth[i] * 0.001;
  let kept = 0;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      const z = metres[i];
      let w = 1;
      if (confidence) {
        const c = confidence[i];
        w = c < minConfidence ? 0 : c >= 2 ? 1 : mediumConfidenceWeight;
      }
      outDepthM[i] = 0; outWeight[i] = 0;
      if (!(w > 0 && z > 0 && z >= minDepthM && z <= maxDepthM)) continue;
      // A discontinuity is judged on the raw depth of the neighbours (a dropped neighbour's reading
      // still counts, so dropping one pixel never unmasks its neighbour's jump; a missing one is no evidence).
      // The reading as stored (float32) is the one compared.
      const zs = Math.fround(z);
      const limit = jumpBaseM + jumpRelative * zs;
      const zl = x > 0 ? metres[i - 1] : 0, zr = x + 1 < width ? metres[i + 1] : 0;
      const zu = y > 0 ? metres[i - width] : 0, zd = y + 1 < height ? metres[i + width] : 0;
      if ((zl > 0 && Math.abs(zl - zs) > limit) || (zr > 0 && Math.abs(zr - zs) > limit) || (zu > 0 && Math.abs(zu - zs) > limit) || (zd > 0 && Math.abs(zd - zs) > limit)) continue;
      outDepthM[i] = z; outWeight[i] = w;
      kept++;
    }
  }
  if (options.smoothingVariancePx2 > 0) compensateSmoothing(outDepthM, width, height, options.smoothingVariancePx2, options.jumpBaseM);
  if (options.minIncidenceCos > 0) kept = weightByIncidence(outDepthM, outWeight, width, height, frame.intrinsics, options);
  return kept;
}

/**
 * The smoothing compensation of filterDepth (compensateSmoothing below), applied afterwards and only
 * to the readings with a positive weight (the person's, once maskPerson has marked the rest): on a
 * map filtered without it, so the compensation costs a fraction of the map. variancePx2 in pixels²
 * per image axis; sameSurfaceM (m) as options.jumpBaseM. In place.
 */
export function compensateSmoothingWhere(depthM: Float32Array, weight: Float32Array, width: number, height: number, variancePx2: number, sameSurfaceM: number): void {
  if (variancePx2 > 0) compensateSmoothing(depthM, width, height, variancePx2, sameSurfaceM, weight);
}

/**
 * Drops (depth and weight 0) every kept reading beside a pixel that returned nothing (raw 0; the four
 * neighbours inside the image), as filterDepth drops both sides of a depth jump: next to empty space a
 * silhouette reading is as unreliable as next to a far wall, and the fusion's no-return carving
 * (tsdf-integration.ts) leaves the empty pixel beside it alone, so a limb against empty space is
 * treated as against a wall. rawDepthMm: the frame's depth as recorded (mm). In place; returns the
 * readings dropped.
 */
export function dropBesideNoReturn(rawDepthMm: Uint16Array, depthM: Float32Array, weight: Float32Array, width: number, height: number): number {
  let dropped = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (depthM[i] === 0) continue;
      if ((x > 0 && rawDepthMm[i - 1] === 0) || (x + 1 < width && rawDepthMm[i + 1] === 0) || (y > 0 && rawDepthMm[i - width] === 0) || (y + 1 < height && rawDepthMm[i + width] === 0)) {
        depthM[i] = 0; weight[i] = 0; dropped++;
      }
    }
  }
  return dropped;
}

/** Per-call scratch of compensateSmoothing (the uncorrected map), grown as needed. */
let smoothScratch = new Float32Array(0);

/**
 * Undoes a known depth-map smoothing to first order. A kernel of variance s² per axis turns a depth
 * map z into z + ½·s²·(z_uu + z_vv) + O(s⁴) (Taylor expansion under a symmetric kernel); so
 * z ← z − ½·s²·(z_uu + z_vv). The second derivatives come from least-squares parabolas through the
 * five pixels −2..2 of each of the five rows (columns) of the 5 x 5 window, averaged over the rows
 * that are complete: z_uu = 2·Σ(k² − 2)·z_k / 14 per row. A parabola fit over 25 readings keeps the
 * pixel noise of the estimate at about a quarter of one reading's (a 3-point second difference would
 * multiply it by 2.5). A row (column) counts only when its five readings lie within sameSurfaceM of
 * the centre reading, and a pixel is corrected along an axis only when at least three of its rows
 * (columns) count: away from silhouettes, holes and creases, and not at grazing incidence, where a
 * sensor's smoothing is cut short by its own edge handling and the parabola would over-correct
 * (pulling the sides of a limb toward the camera).
 */
function compensateSmoothing(depthM: Float32Array, width: number, height: number, variancePx2: number, sameSurfaceM: number, onlyWhere: Float32Array | null = null): void {
  if (smoothScratch.length < depthM.length) smoothScratch = new Float32Array(depthM.length);
  const z = smoothScratch;
  z.set(depthM.subarray(0, width * height));
  const half = 0.5 * variancePx2;
  for (let v = 2; v < height - 2; v++) {
    for (let u = 2; u < width - 2; u++) {
      const i = v * width + u;
      const zc = z[i];
      if (zc === 0 || (onlyWhere !== null && !(onlyWhere[i] > 0))) continue;
      const lo = zc - sameSurfaceM, hi = zc + sameSurfaceM;
      let sumUu = 0, rowsU = 0, sumVv = 0, rowsV = 0;
      for (let r = -2; r <= 2; r++) {
        // Row v + r along u.
        const a = i + r * width;
        const a0 = z[a - 2], a1 = z[a - 1], a2 = z[a], a3 = z[a + 1], a4 = z[a + 2];
        if (a0 > lo && a1 > lo && a2 > lo && a3 > lo && a4 > lo && a0 < hi && a1 < hi && a2 < hi && a3 < hi && a4 < hi) { sumUu += 2 * a0 - a1 - 2 * a2 - a3 + 2 * a4; rowsU++; }
        // Column u + r along v.
        const b = i + r;
        const b0 = z[b - 2 * width], b1 = z[b - width], b2 = z[b], b3 = z[b + width], b4 = z[b + 2 * width];
        if (b0 > lo && b1 > lo && b2 > lo && b3 > lo && b4 > lo && b0 < hi && b1 < hi && b2 < hi && b3 < hi && b4 < hi) { sumVv += 2 * b0 - b1 - 2 * b2 - b3 + 2 * b4; rowsV++; }
      }
      // Σ(k² − 2)·z_k over k = −2..2 has weights (2, −1, −2, −1, 2); z'' = 2·that/14.
      let laplacian = 0;
      if (rowsU >= 3) laplacian += (2 * sumUu) / (14 * rowsU);
      if (rowsV >= 3) laplacian += (2 * sumVv) / (14 * rowsV);
      depthM[i] = z[i] - half * laplacian;
    }
  }
}

/**
 * Incidence weighting. Slope of depth per metre of lateral offset along u: (dz/du)·fx/z (central
 * difference, one-sided at a missing neighbour), likewise along v; cos θ = 1/√(1 + sx² + sy²).
 * A reading with no neighbour on either side along an axis is dropped (no normal, likely a stray).
 * Runs in place on the filtered map; returns the readings kept.
 */
function weightByIncidence(depthM: Float32Array, weight: Float32Array, width: number, height: number, k: DepthIntrinsics, options: DepthFilterOptions): number {
  let kept = 0;
  const fx = k.fx, fy = k.fy, minCos = options.minIncidenceCos, power = options.incidencePower;
  for (let v = 0; v < height; v++) {
    for (let u = 0, i = v * width; u < width; u++, i++) {
      const z = depthM[i];
      if (z === 0) continue;
      const zl = u > 0 ? depthM[i - 1] : 0, zr = u + 1 < width ? depthM[i + 1] : 0;
      const zu = v > 0 ? depthM[i - width] : 0, zd = v + 1 < height ? depthM[i + width] : 0;
      // No neighbour on either side along an axis: no slope there.
      if (!(zl > 0 || zr > 0) || !(zu > 0 || zd > 0)) { weight[i] = -1; continue; }
      const du = zl > 0 && zr > 0 ? 0.5 * (zr - zl) : zr > 0 ? zr - z : z - zl;
      const dv = zu > 0 && zd > 0 ? 0.5 * (zd - zu) : zd > 0 ? zd - z : z - zu;
      const sx = (du * fx) / z, sy = (dv * fy) / z;
      const cos = 1 / Math.sqrt(1 + sx * sx + sy * sy);
      if (cos < minCos) { weight[i] = -1; continue; }
      weight[i] *= power === 2 ? cos * cos : Math.pow(cos, power);
      kept++;
    }
  }
  for (let i = 0; i < width * height; i++) if (weight[i] < 0) { weight[i] = 0; depthM[i] = 0; }
  return kept;
}

/**
 * Back-projects pixel (u, v) at z-depth zM to world coordinates with the camera-to-world transform,
 * OpenCV's pinhole convention (pixel centres at integer coordinates, as ARKit's and Stray's K):
 * p_cam = ((u − cx)/fx·z, (v − cy)/fy·z, z), p = R·p_cam + t.
 * Writes xyz to out[offset..offset+2].
 */
export function pixelToWorld(u: number, v: number, zM: number, k: DepthIntrinsics, m: Mat4, out: Float32Array, offset: number): void {
  const xc = ((u - k.cx) / k.fx) * zM, yc = ((v - k.cy) / k.fy) * zM;
  out[offset] = m[0] * xc + m[4] * yc + m[8] * zM + m[12];
  out[offset + 1] = m[1] * xc + m[5] * yc + m[9] * zM + m[13];
  out[offset + 2] = m[2] * xc + m[6] * yc + m[10] * zM + m[14];
}
