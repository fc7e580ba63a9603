/**
 * How far the fused surface lies inside the silhouettes the frames saw: a measure of the fused body's
 * size that does not rest on the depth readings.
 *
 * Why: in a turn the phone stands still, and the registration is free to place the body's turning
 * axis a little nearer or farther from the camera in every frame; the views then still agree with one
 * another, and the fused body comes out uniformly too small or too large (two turns of one body
 * differed by a common ~2 mm of radius, docs/recording-reconstruction.md "Where a turn's repeatability
 * is lost"). A silhouette does not depend on depth: the ray through the boundary between the last
 * pixel that saw the person and the first that did not is tangent to the body, whatever the depth
 * readings' bias. Along that ray the fused field's smallest signed distance is how far the fused
 * surface stays inside the true one there (> 0: the surface is too small; < 0: it reaches past the ray).
 *
 * The boundary: from each person pixel beside a non-person pixel (along either image axis) the pixels
 * beyond are read in the raw depth: a pixel with no return ends the person; a reading on the same
 * surface (dropped by the jump filter) still is the person; a mixed ("flying") reading between the
 * person and what lies behind counts as the person when it lies nearer the person than the background,
 * which is where a pixel covered half by each would read (coverage-weighted mixing); a nearer reading
 * (something in front) or the image border leaves the edge out. The boundary ray passes half a pixel
 * beyond the last person pixel.
 * Camera frame: OpenCV (x right, y down, z forward), pixel centres at integer coordinates; model frame
 * as the poses (m). Pure (module scratch only); allocates per call, not per ray.
 */
import type { DepthFrame } from '../../domain/phone-recording.ts';
import type { SparseVoxelBlocks } from './sparse-voxel-blocks.ts';
import { sampleTsdf, SAMPLE_DISTANCE, SAMPLE_GX, SAMPLE_GY, SAMPLE_GZ } from './tsdf-sampling.ts';

export interface SilhouetteOffsetOptions {
  /** Smallest voxel weight a field sample needs. */
  minWeight: number;
  /** Readings within this (m) plus sameSurfaceRelative·z of the person's edge reading are the same surface. */
  sameSurfaceM: number;
  sameSurfaceRelative: number;
  /** How far (m) along the ray, either side of the edge reading's depth, the field is searched. */
  searchM: number;
  /** Step along the ray (m). */
  stepM: number;
  /** Pixels beyond the last mask pixel searched for the boundary. */
  maxWalkPx: number;
  /** Samples either side of the lowest that the parabola is fitted to (0: the lowest sample itself). */
  fitSteps: number;
}

export const DEFAULT_SILHOUETTE_OFFSET: SilhouetteOffsetOptions = {
  minWeight: 2, sameSurfaceM: 0.03, sameSurfaceRelative: 0.01, searchM: 0.06, stepM: 0.002, maxWalkPx: 3, fitSteps: 8,
};

/** One frame as the silhouette test needs it: the raw depth, the person's mask and the pose it was fused with. */
export interface SilhouetteFrame {
  frame: DepthFrame;
  /** Row-major, > 0 = the person's cleaned reading (depth-filter.ts, frame-person-mask.ts). */
  personWeight: Float32Array;
  /** Camera → model (m). */
  cameraToModel: Float64Array;
}

export interface SilhouetteOffsetResult {
  /** Per boundary ray, the field's smallest signed distance along it (m; a parabola's minimum fitted around the lowest sample); > 0 = the surface lies inside the ray. */
  offsetsM: Float32Array;
  /** Per boundary ray, where it passes the fused surface (model frame, m; xyz interleaved). */
  touchesM: Float32Array;
  /** Boundaries found whose ray the field resolved (the length of offsetsM). */
  count: number;
  /** Boundaries left out: image border, something nearer, the field unknown or truncated along the ray. */
  skipped: number;
}

const sample = new Float64Array(5);
const MAX_STEPS = 256;
/** The coarse pass samples every COARSE-th step along a ray. */
const COARSE = 4;

/** The fused field at camera depth zM on the ray (rx, ry, 1) of pose m, into `sample`; false where unknown. */
function fieldAlong(grid: SparseVoxelBlocks, m: Float64Array, rx: number, ry: number, zM: number, minWeight: number): boolean {
  const xc = rx * zM, yc = ry * zM;
  return sampleTsdf(grid, m[0] * xc + m[4] * yc + m[8] * zM + m[12], m[1] * xc + m[5] * yc + m[9] * zM + m[13], m[2] * xc + m[6] * yc + m[10] * zM + m[14], minWeight, sample);
}
const along = new Float64Array(MAX_STEPS);
/** The depth (m) of what lies behind the last boundary boundaryBeyond found (Infinity: no return). */
let backgroundM = Infinity;

/**
 * The least-squares parabola through the finite samples along[c − w .. c + w] (unit spacing), its
 * minimum's value; null when fewer than five samples, the parabola opens downward or its vertex lies
 * outside the window.
 */
export function parabolaMinimum(values: Float64Array, c: number, w: number, last: number): number | null {
  if (w <= 0) return values[c];
  let s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, t0 = 0, t1 = 0, t2 = 0;
  for (let i = Math.max(0, c - w); i <= Math.min(last, c + w); i++) {
    const f = values[i];
    if (!Number.isFinite(f)) continue;
    const x = i - c, x2 = x * x;
    s0++; s1 += x; s2 += x2; s3 += x2 * x; s4 += x2 * x2; t0 += f; t1 += x * f; t2 += x2 * f;
  }
  if (s0 < 5) return null;
  // Normal equations [s0 s1 s2; s1 s2 s3; s2 s3 s4]·(a, b, q) = (t0, t1, t2), by Cramer's rule.
  const det = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2);
  if (!(Math.abs(det) > 1e-12)) return null;
  const a = (t0 * (s2 * s4 - s3 * s3) - s1 * (t1 * s4 - s3 * t2) + s2 * (t1 * s3 - s2 * t2)) / det;
  const b = (s0 * (t1 * s4 - t2 * s3) - t0 * (s1 * s4 - s3 * s2) + s2 * (s1 * t2 - t1 * s2)) / det;
  const q = (s0 * (s2 * t2 - s3 * t1) - s1 * (s1 * t2 - s2 * t1) + t0 * (s1 * s3 - s2 * s2)) / det;
  if (!(q > 0)) return null;
  const x = -b / (2 * q);
  if (Math.abs(x) > w) return null;
  return a + b * x + q * x * x;
}

/**
 * Every silhouette boundary of the given frames, tested against the fused field `grid` (model frame):
 * the field's smallest signed distance along each boundary ray within ±searchM of the edge reading's
 * depth. width, height: the depth map's size.
 */
export function silhouetteOffsets(grid: SparseVoxelBlocks, frames: readonly SilhouetteFrame[], width: number, height: number, options: SilhouetteOffsetOptions = DEFAULT_SILHOUETTE_OFFSET): SilhouetteOffsetResult {
  let capacity = 4096;
  let offsets = new Float32Array(capacity);
  let touches = new Float32Array(3 * capacity);
  let count = 0, skipped = 0;
  const truncLimit = 0.9 * grid.truncM;
  for (const { frame, personWeight, cameraToModel: m } of frames) {
    const raw = frame.depthMm, k = frame.intrinsics;
    for (let v = 0; v < height; v++) {
      for (let u = 0; u < width; u++) {
        const pix = v * width + u;
        if (!(personWeight[pix] > 0)) continue;
        const z = raw[pix] * 0.001;
        // Four directions: −u, +u, −v, +v.
        for (let dir = 0; dir < 4; dir++) {
          const du = dir === 0 ? -1 : dir === 1 ? 1 : 0, dv = dir === 2 ? -1 : dir === 3 ? 1 : 0;
          const nu = u + du, nv = v + dv;
          if (nu < 0 || nv < 0 || nu >= width || nv >= height) continue;
          if (personWeight[nv * width + nu] > 0) continue;
          const boundary = silhouetteBoundaryPx(raw, width, height, u, v, du, dv, z, options);
          if (boundary === null) { skipped++; continue; }
          // The boundary ray through (bu, bv), searched around the person's depth.
          const bu = u + du * boundary, bv = v + dv * boundary;
          const rx = (bu - k.cx) / k.fx, ry = (bv - k.cy) / k.fy;
          // Beyond the edge, the search stops half-way to what lies behind (the trunk behind an arm).
          const farM = Math.min(options.searchM, 0.5 * (backgroundM - z));
          const n = Math.min(MAX_STEPS - 1, Math.round((options.searchM + farM) / options.stepM));
          const z0 = z - options.searchM;
          // Coarse pass every COARSE steps, then every step around its lowest sample.
          along.fill(NaN, 0, n + 1);
          let best = Infinity, bestAt = -1, steps = 0, coarse = 0;
          for (let s = 0; s <= n; s += COARSE) {
            coarse++;
            if (!fieldAlong(grid, m, rx, ry, z0 + s * options.stepM, options.minWeight)) continue;
            along[s] = sample[SAMPLE_DISTANCE];
            steps++;
            if (along[s] < best) { best = along[s]; bestAt = s; }
          }
          if (steps < coarse / 2 || bestAt < 0) { skipped++; continue; }
          const from = Math.max(0, bestAt - COARSE - options.fitSteps), to = Math.min(n, bestAt + COARSE + options.fitSteps);
          for (let s = from; s <= to; s++) {
            if (s % COARSE === 0) continue;
            if (!fieldAlong(grid, m, rx, ry, z0 + s * options.stepM, options.minWeight)) continue;
            along[s] = sample[SAMPLE_DISTANCE];
            if (along[s] < best) { best = along[s]; bestAt = s; }
          }
          // Resolved: seen along most of the search, the minimum inside it and below the truncation.
          if (bestAt <= 0 || bestAt >= n || !(Math.abs(best) < truncLimit)) { skipped++; continue; }
          // The minimum of a parabola fitted over ±fitSteps around the lowest sample: the lowest of
          // noisy samples alone reads low.
          const vertex = parabolaMinimum(along, bestAt, options.fitSteps, n);
          if (vertex === null) { skipped++; continue; }
          if (count === capacity) {
            capacity *= 2;
            const grown = new Float32Array(capacity); grown.set(offsets); offsets = grown;
            const grownTouches = new Float32Array(3 * capacity); grownTouches.set(touches); touches = grownTouches;
          }
          // Where the ray passes the surface: its sample nearest the field's minimum (model frame).
          const zt = z - options.searchM + bestAt * options.stepM, xt = rx * zt, yt = ry * zt;
          touches[3 * count] = m[0] * xt + m[4] * yt + m[8] * zt + m[12];
          touches[3 * count + 1] = m[1] * xt + m[5] * yt + m[9] * zt + m[13];
          touches[3 * count + 2] = m[2] * xt + m[6] * yt + m[10] * zt + m[14];
          offsets[count++] = options.fitSteps > 0 ? vertex : best;
        }
      }
    }
  }
  return { offsetsM: offsets.subarray(0, count), touchesM: touches.subarray(0, 3 * count), count, skipped };
}

/**
 * Where the person ends beyond pixel (u, v) (the last mask pixel, raw depth zM) in direction (du, dv)
 * of the raw depth map (mm, 0 = no return): the boundary's distance from (u, v) in pixels (0.5 =
 * half-way to the next pixel), or null when the image border or a nearer reading comes first, or no
 * end is found within maxWalkPx.
 */
export function silhouetteBoundaryPx(raw: Uint16Array, width: number, height: number, u: number, v: number, du: number, dv: number, zM: number, options: SilhouetteOffsetOptions): number | null {
  const same = options.sameSurfaceM + options.sameSurfaceRelative * zM;
  for (let step = 1; step <= options.maxWalkPx; step++) {
    const qu = u + du * step, qv = v + dv * step;
    if (qu < 0 || qv < 0 || qu >= width || qv >= height) return null;
    const r = raw[qv * width + qu] * 0.001;
    if (r === 0) { backgroundM = Infinity; return step - 0.5; }
    if (r < zM - same) return null;
    if (r <= zM + same) continue;
    // Beyond the person: background, or a mixed reading in front of it.
    const fu = qu + du, fv = qv + dv;
    const far = fu < 0 || fv < 0 || fu >= width || fv >= height ? 0 : raw[fv * width + fu] * 0.001;
    backgroundM = far > r ? far : r;
    return r - zM < 0.5 * (backgroundM - zM) ? step + 0.5 : step - 0.5;
  }
  return null;
}

/**
 * Moves each point of `points` (xyz interleaved, model frame, m; in place) by shiftM (one for all, or
 * one per point) along the fused field's unit normal there (> 0: outward). Points where the field is
 * unknown or flat stay. Returns how many moved.
 */
export function moveAlongFieldNormals(grid: SparseVoxelBlocks, points: Float32Array, shiftM: number | Float32Array): number {
  let moved = 0;
  for (let i = 0; i < points.length; i += 3) {
    const shift = typeof shiftM === 'number' ? shiftM : shiftM[i / 3];
    if (shift === 0) continue;
    if (!sampleTsdf(grid, points[i], points[i + 1], points[i + 2], 1, sample)) continue;
    const gx = sample[SAMPLE_GX], gy = sample[SAMPLE_GY], gz = sample[SAMPLE_GZ];
    const length = Math.hypot(gx, gy, gz);
    if (!(length > 0.5)) continue;
    const k = shift / length;
    points[i] += k * gx; points[i + 1] += k * gy; points[i + 2] += k * gz;
    moved++;
  }
  return moved;
}

