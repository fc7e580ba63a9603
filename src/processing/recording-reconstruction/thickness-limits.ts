/**
 * How deep behind each reading a limb can reach, from the depth map alone: the behind band of the
 * fusion (tsdf-integration.ts) tells every voxel up to b·τ behind a reading "inside". Where a limb is
 * thinner than that band, a reading near its outline tells voxels beyond its far side "inside" too,
 * and the limb grows (a turn's forearms read +10…+14 mm once b·τ reached ~30 mm:
 * docs/recording-reconstruction.md, "A wider truncation for turns").
 *
 * For a convex section (a limb, the trunk) seen along a ray at lateral distance e from its outline,
 * the depth through it is 2·√(e·(2r − e)) ≥ 2e whatever its radius r ≥ e: so no voxel more than 2e
 * behind the reading can be inside the same section. e is the distance (pixels, chamfer 3-4) from
 * the pixel's centre to the nearest pixel without a reading of the person, less half a pixel (the
 * outline lies between the two), times the pixel's footprint at its depth (z / f, m).
 * Frames: the depth map's pixels (row-major, width x height); depth m, 0 = not the person. Pure.
 */

/**
 * Fills `out` (one value per pixel, m) with 2·e for every pixel with a reading (depthM > 0 and
 * weight > 0), Infinity elsewhere. `distance` is per-pixel scratch (Float32Array, width x height).
 * focalPx: the depth camera's focal length (pixels).
 */
export function behindLimits(depthM: Float32Array, weight: Float32Array, width: number, height: number, focalPx: number, distance: Float32Array, out: Float32Array): Float32Array {
  const n = width * height;
  const FAR = 1e9;
  for (let i = 0; i < n; i++) distance[i] = depthM[i] > 0 && weight[i] > 0 ? FAR : 0;
  // Two-pass chamfer distance (3 for a side step, 4 for a diagonal: ~1/3 pixel units).
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++) {
      const i = v * width + u;
      let d = distance[i];
      if (d === 0) continue;
      if (u > 0) d = Math.min(d, distance[i - 1] + 3);
      if (v > 0) {
        d = Math.min(d, distance[i - width] + 3);
        if (u > 0) d = Math.min(d, distance[i - width - 1] + 4);
        if (u < width - 1) d = Math.min(d, distance[i - width + 1] + 4);
      }
      // The image border counts as the outline: the person may go on beyond it, but nothing is known.
      if (u === 0 || v === 0) d = Math.min(d, 3);
      distance[i] = d;
    }
  }
  for (let v = height - 1; v >= 0; v--) {
    for (let u = width - 1; u >= 0; u--) {
      const i = v * width + u;
      let d = distance[i];
      if (d === 0) continue;
      if (u < width - 1) d = Math.min(d, distance[i + 1] + 3);
      if (v < height - 1) {
        d = Math.min(d, distance[i + width] + 3);
        if (u < width - 1) d = Math.min(d, distance[i + width + 1] + 4);
        if (u > 0) d = Math.min(d, distance[i + width - 1] + 4);
      }
      if (u === width - 1 || v === height - 1) d = Math.min(d, 3);
      distance[i] = d;
    }
  }
  for (let i = 0; i < n; i++) {
    const d = distance[i];
    out[i] = d === 0 ? Number.POSITIVE_INFINITY : 2 * Math.max(0, d / 3 - 0.5) * (depthM[i] / focalPx);
  }
  return out;
}
