/**
 * Capture geometry (file units, file axes) → canonical frame: metres, Y up, body facing +Z,
 * body's left = +X, soles at y = 0, floor and isolated points removed.
 * Decisions, in order (each recorded in diagnostics):
 * 1. unit: hints.unit wins; else the unit (m, dm, cm, mm) whose scale makes the longest principal
 *    extent closest to 1.7 m; the stature is checked afterwards (0.9–2.6 m) or the capture fails;
 * 2. up: a floor plane (floor-plane.ts) when found, else hints.upAxis, else the longest principal
 *    axis, its sign from the head (top end) being narrower than the feet/legs spread (bottom end);
 *    hints.upAxis, when given, always wins over the floor and PCA;
 * 3. left–right: the major horizontal principal axis (arms and legs spread sideways in A-pose);
 * 4. front: the feet point forward, so the lowest band (feet) lies ahead of the ankle band.
 *    Failure mode: feet cropped or missing, or toes turned far out: the sign is then a guess,
 *    flagged by diagnostics.facingCue = 'weak'. With a body fitter, measuring turns the frame
 *    around when the fitted model faces −Z (turnAround; facingCue 'fitted-model').
 * 5. origin: x, z at the centroid of the torso band; y = 0 at the floor plane or the lowest point
 *    (always the lowest point when hints.floorRemoved says the capture holds no floor).
 * The capture is assumed right-handed; a mirrored capture would swap the body's left and right.
 */
import type { CaptureGeometry, CaptureHints } from '../../domain/capture-geometry.ts';
import { ProcessingFailure } from '../../domain/processing-failure.ts';
import type { Vec3 } from '../geometry/pca.ts';
import { cross, dot, normalize, principalAxes } from '../geometry/pca.ts';
import { findFloor } from './floor-plane.ts';
import { filterIsolated } from './outlier-filter.ts';

export interface CanonicalCapture {
  /** Body points, canonical frame (m), xyz interleaved, `count` points. */
  points: Float32Array;
  count: number;
  /** rgb (0..255) of each kept point, when the input points had colours; else null. */
  colors: Uint8Array | null;
  /** The input mesh transformed to the canonical frame (same triangles), or null for clouds. */
  mesh: { positions: Float32Array; indices: Uint32Array } | null;
  statureM: number;
  diagnostics: Record<string, number | string | boolean>;
}

const UNIT_SCALE = { m: 1, dm: 0.1, cm: 0.01, mm: 0.001 } as const;
const AXES: Record<NonNullable<CaptureHints['upAxis']>, Vec3> = {
  '+x': [1, 0, 0], '-x': [-1, 0, 0], '+y': [0, 1, 0], '-y': [0, -1, 0], '+z': [0, 0, 1], '-z': [0, 0, -1],
};

/**
 * `pointColors` (rgb per input point, or null) follow their points through the floor and outlier
 * filters: point i of the result has the colour of the input point it came from.
 */
export function toCanonical(
  points: Float32Array, count: number, mesh: CaptureGeometry | null, hints: CaptureHints, pointColors: Uint8Array | null = null, turnAround = false,
): CanonicalCapture {
  const diagnostics: Record<string, number | string | boolean> = { inputPoints: count };
  if (count < 500) throw new ProcessingFailure('no_person_found', `Only ${count} points: too few to hold a person.`);
  const stride = Math.max(1, Math.floor(count / 60000));
  const sampleCount = Math.floor(count / stride);
  const sample = new Float64Array(3 * sampleCount);
  for (let i = 0; i < sampleCount; i++) for (let k = 0; k < 3; k++) sample[3 * i + k] = points[3 * i * stride + k];
  const pca = principalAxes(sample, sampleCount);
  // A standing person is elongated: variance along the body axis is several times any other
  // (≈ 4–8× in A-pose). A cube, a ball or a heap of points is not a person, whatever its size.
  diagnostics.elongation = pca.variances[0] / Math.max(1e-30, pca.variances[1]);
  if (pca.variances[0] < 1.8 * pca.variances[1]) {
    throw new ProcessingFailure('no_person_found', 'The shape is not elongated like a standing person.');
  }
  const extent = quantileSpread(sample, sampleCount, pca.axes[0], pca.mean, 0.001);
  let scale: number;
  if (hints.unit) {
    scale = UNIT_SCALE[hints.unit];
    diagnostics.unitSource = 'hint';
  } else {
    const options = Object.entries(UNIT_SCALE).map(([unit, s]) => ({ unit, s, miss: Math.abs(Math.log((extent * s) / 1.7)) }));
    options.sort((a, b) => a.miss - b.miss);
    scale = options[0].s;
    diagnostics.unitSource = 'stature-plausibility';
    diagnostics.unit = options[0].unit;
  }
  const [mx, my, mz] = pca.mean;
  for (let i = 0; i < sampleCount; i++) {
    sample[3 * i] = (sample[3 * i] - mx) * scale;
    sample[3 * i + 1] = (sample[3 * i + 1] - my) * scale;
    sample[3 * i + 2] = (sample[3 * i + 2] - mz) * scale;
  }
  const hintUp = hints.upAxis ? AXES[hints.upAxis] : null;
  // The floor is perpendicular to the standing body: candidates must be near the hinted up axis or,
  // without a hint, near the longest principal axis (rejects planes tangent to the back or front).
  // A capture whose floor was removed upstream has none to find (CaptureHints.floorRemoved).
  const floor = hints.floorRemoved ? null : findFloor(sample, sampleCount, hintUp ?? pca.axes[0]);
  let up: Vec3;
  if (hintUp) { up = hintUp; diagnostics.upSource = 'hint'; }
  else if (floor) { up = floor.normal; diagnostics.upSource = 'floor'; }
  else { up = upFromShape(sample, sampleCount, pca.axes[0]); diagnostics.upSource = 'pca'; }
  diagnostics.floorFound = floor !== null;
  // Horizontal axes: major horizontal spread of the body (floor excluded) → X (left–right), the other → Z.
  const floorHeight = floor ? floor.offset * dot(floor.normal, up) : -Infinity;
  const guess = normalize(projectOut(Math.abs(up[0]) < 0.9 ? [1, 0, 0] : [0, 0, 1], up));
  let xAxis = normalize(projectOut(principalAxesHorizontal(sample, sampleCount, up, guess, floorHeight + 0.02), up));
  let zAxis = cross(xAxis, up); // right-handed: x = y × z  ⇔  z = x × y
  // Transform everything: canonical = R · (p − mean) · scale, then shift.
  const transform = (src: ArrayLike<number>, n: number): Float32Array => {
    const out = new Float32Array(3 * n);
    for (let i = 0; i < n; i++) {
      const x = (src[3 * i] - pca.mean[0]) * scale, y = (src[3 * i + 1] - pca.mean[1]) * scale, z = (src[3 * i + 2] - pca.mean[2]) * scale;
      out[3 * i] = x * xAxis[0] + y * xAxis[1] + z * xAxis[2];
      out[3 * i + 1] = x * up[0] + y * up[1] + z * up[2];
      out[3 * i + 2] = x * zAxis[0] + y * zAxis[1] + z * zAxis[2];
    }
    return out;
  };
  let canonical = transform(points, count);
  let floorY: number | null = null;
  if (floor) {
    const planePoint: Vec3 = [floor.normal[0] * floor.offset, floor.normal[1] * floor.offset, floor.normal[2] * floor.offset];
    floorY = dot(planePoint, up);
  }
  // Floor and everything under it go: within 1 cm of the plane (the soles go too; y = 0 stays the floor).
  let kept = 0;
  const bottom = floorY ?? lowQuantileY(canonical, count);
  // A copy: the caller's colours stay as read; this one is compacted with the points.
  let colors: Uint8Array | null = pointColors && pointColors.length === 3 * count ? pointColors.slice() : null;
  for (let i = 0; i < count; i++) {
    const y = canonical[3 * i + 1] - bottom;
    if (floorY !== null && y < 0.01) continue;
    canonical[3 * kept] = canonical[3 * i];
    canonical[3 * kept + 1] = y;
    canonical[3 * kept + 2] = canonical[3 * i + 2];
    if (colors) { colors[3 * kept] = colors[3 * i]; colors[3 * kept + 1] = colors[3 * i + 1]; colors[3 * kept + 2] = colors[3 * i + 2]; }
    kept++;
  }
  diagnostics.floorPointsRemoved = count - kept;
  const roughStature = highQuantileY(canonical, kept);
  const filtered = filterIsolated(canonical, kept, roughStature, colors ? colors.subarray(0, 3 * kept) : null);
  canonical = filtered.positions;
  colors = filtered.colors;
  kept = filtered.count;
  diagnostics.outliersRemoved = filtered.removed;
  const statureM = highQuantileY(canonical, kept);
  if (!(statureM >= 0.9 && statureM <= 2.6)) {
    throw new ProcessingFailure('capture_units_implausible', `Stature ${statureM.toFixed(3)} m after unit scaling is not a plausible standing adult height.`);
  }
  // Centre x, z on the torso band; then decide the front from the feet.
  const [cx, cz] = bandCentroid(canonical, kept, 0.5 * statureM, 0.65 * statureM);
  const facing = feetForward(canonical, kept, statureM, cx, cz);
  diagnostics.facingCue = turnAround ? 'fitted-model' : Math.abs(facing) > 0.01 ? 'feet' : 'weak';
  diagnostics.facingOffsetM = facing;
  // turnAround: the fitted model found the body facing the other way (measure-body.ts).
  const flip = (facing < 0 ? -1 : 1) * (turnAround ? -1 : 1);
  for (let i = 0; i < kept; i++) {
    canonical[3 * i] = (canonical[3 * i] - cx) * flip;
    canonical[3 * i + 2] = (canonical[3 * i + 2] - cz) * flip;
  }
  let canonicalMesh: CanonicalCapture['mesh'] = null;
  if (mesh && mesh.indices) {
    const mp = transform(mesh.positions, mesh.positions.length / 3);
    for (let i = 0; i < mp.length / 3; i++) {
      mp[3 * i] = (mp[3 * i] - cx) * flip;
      mp[3 * i + 1] -= bottom;
      mp[3 * i + 2] = (mp[3 * i + 2] - cz) * flip;
    }
    canonicalMesh = { positions: mp, indices: mesh.indices };
  }
  xAxis = xAxis.map((v) => v * flip) as Vec3;
  zAxis = zAxis.map((v) => v * flip) as Vec3;
  diagnostics.upAxis = up.map((v) => v.toFixed(4)).join(',');
  diagnostics.scale = scale;
  return { points: canonical.subarray(0, 3 * kept), colors: colors ? colors.subarray(0, 3 * kept) : null, count: kept, mesh: canonicalMesh, statureM, diagnostics };
}

function projectOut(v: Vec3, axis: Vec3): Vec3 {
  const d = dot(v, axis);
  return [v[0] - d * axis[0], v[1] - d * axis[1], v[2] - d * axis[2]];
}

/** Major axis of the spread of points higher than minHeight, in the plane orthogonal to `up`. */
function principalAxesHorizontal(sample: Float64Array, n: number, up: Vec3, guess: Vec3, minHeight: number): Vec3 {
  const other = normalize(cross(up, guess));
  let ma = 0, mb = 0, m = 0;
  for (let i = 0; i < n; i++) {
    const p: Vec3 = [sample[3 * i], sample[3 * i + 1], sample[3 * i + 2]];
    if (dot(p, up) < minHeight) continue;
    ma += dot(p, guess); mb += dot(p, other); m++;
  }
  ma /= Math.max(1, m); mb /= Math.max(1, m);
  let sxx = 0, sxy = 0, syy = 0;
  for (let i = 0; i < n; i++) {
    const p: Vec3 = [sample[3 * i], sample[3 * i + 1], sample[3 * i + 2]];
    if (dot(p, up) < minHeight) continue;
    const a = dot(p, guess) - ma, b = dot(p, other) - mb;
    sxx += a * a; sxy += a * b; syy += b * b;
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const c = Math.cos(angle), s = Math.sin(angle);
  return [guess[0] * c + other[0] * s, guess[1] * c + other[1] * s, guess[2] * c + other[2] * s];
}

/** Spread between the q and 1−q quantiles of the projection on `axis` (input units). */
function quantileSpread(sample: Float64Array, n: number, axis: Vec3, mean: Vec3, q: number): number {
  const proj = new Float64Array(n);
  for (let i = 0; i < n; i++) proj[i] = (sample[3 * i] - mean[0]) * axis[0] + (sample[3 * i + 1] - mean[1]) * axis[1] + (sample[3 * i + 2] - mean[2]) * axis[2];
  proj.sort();
  return proj[Math.floor((1 - q) * (n - 1))] - proj[Math.floor(q * (n - 1))];
}

/**
 * Sign of the longest axis: the head end (top) is narrower than the feet end, measured as the
 * RMS distance from the axis in the extreme 8% bands of the projection.
 */
function upFromShape(sample: Float64Array, n: number, axis: Vec3): Vec3 {
  const proj = new Float64Array(n);
  for (let i = 0; i < n; i++) proj[i] = sample[3 * i] * axis[0] + sample[3 * i + 1] * axis[1] + sample[3 * i + 2] * axis[2];
  const sorted = Float64Array.from(proj).sort();
  const lo = sorted[Math.floor(0.002 * n)], hi = sorted[Math.floor(0.998 * n)];
  const band = 0.08 * (hi - lo);
  const spread = (from: number, to: number): number => {
    let sx = 0, sy = 0, sz = 0, m = 0;
    for (let i = 0; i < n; i++) if (proj[i] >= from && proj[i] <= to) { sx += sample[3 * i]; sy += sample[3 * i + 1]; sz += sample[3 * i + 2]; m++; }
    if (m === 0) return 0;
    sx /= m; sy /= m; sz /= m;
    let acc = 0;
    for (let i = 0; i < n; i++) {
      if (proj[i] < from || proj[i] > to) continue;
      const d: Vec3 = [sample[3 * i] - sx, sample[3 * i + 1] - sy, sample[3 * i + 2] - sz];
      acc += dot(d, d) - dot(d, axis) ** 2;
    }
    return Math.sqrt(acc / m);
  };
  return spread(hi - band, hi) <= spread(lo, lo + band) ? axis : [-axis[0], -axis[1], -axis[2]];
}

function lowQuantileY(p: Float32Array, n: number): number {
  const ys = new Float64Array(Math.min(n, 100000));
  const stride = Math.max(1, Math.floor(n / ys.length));
  for (let i = 0; i < ys.length; i++) ys[i] = p[3 * i * stride + 1];
  ys.sort();
  return ys[Math.floor(0.0002 * (ys.length - 1))];
}

/** Stature: the y below which all but ~20 points lie (robust to a few noisy points on the head). */
function highQuantileY(p: Float32Array, n: number): number {
  const keep = Math.min(n, 20);
  const top = new Float64Array(keep).fill(-Infinity);
  for (let i = 0; i < n; i++) {
    const y = p[3 * i + 1];
    if (y <= top[0]) continue;
    // Replace the smallest and move it up to its place: top stays ascending (as a sort would leave it).
    let k = 0;
    while (k + 1 < keep && top[k + 1] < y) { top[k] = top[k + 1]; k++; }
    top[k] = y;
  }
  return top[0];
}

function bandCentroid(p: Float32Array, n: number, y0: number, y1: number): [number, number] {
  let sx = 0, sz = 0, m = 0;
  // Branch-free: w is 1 inside the band, 0 outside (adding 0·x leaves a sum unchanged). A ~15% band
  // in scan order is a coin toss per point for the branch predictor.
  for (let i = 0; i < n; i++) {
    const y = p[3 * i + 1];
    const w = +(y >= y0) & +(y <= y1);
    sx += w * p[3 * i]; sz += w * p[3 * i + 2]; m += w;
  }
  return m > 0 ? [sx / m, sz / m] : [0, 0];
}

/** Mean z of the feet band (y < 4% stature) minus mean z of the ankle band (6–10%): > 0 means facing +Z. */
function feetForward(p: Float32Array, n: number, statureM: number, cx: number, cz: number): number {
  let fz = 0, fm = 0, az = 0, am = 0;
  for (let i = 0; i < n; i++) {
    const y = p[3 * i + 1];
    if (Math.abs(p[3 * i] - cx) > 0.6) continue;
    if (y < 0.04 * statureM) { fz += p[3 * i + 2] - cz; fm++; } else if (y > 0.06 * statureM && y < 0.1 * statureM) { az += p[3 * i + 2] - cz; am++; }
  }
  if (fm === 0 || am === 0) return 0;
  return fz / fm - az / am;
}
