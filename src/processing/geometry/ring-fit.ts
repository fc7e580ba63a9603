/**
 * Noise-robust tape ring of one loop of a point-cloud cut.
 * The raw convex hull of noisy points is biased outward (it picks the most outlying noise: about
 * +2σ in radius, i.e. +2.5 cm of girth at σ = 2 mm), so a cloud girth is measured in three steps:
 * 1. polar bins around the loop's centroid; in each bin keep the OUTER sheet only (points within
 *    `outerWidthM` of the bin's largest radius): a tape never follows the inner side of a
 *    concavity, and the inner sheet would pull the mean inward;
 * 2. least-squares Fourier series r(θ) on the kept points (ring-fourier.ts): symmetric noise
 *    averages out, the section's shape (smooth, star-shaped seen from its centroid) is kept; the
 *    order K is chosen so that noise in high harmonics cannot lengthen the curve by more than
 *    ~0.3 mm;
 * 3. the convex hull of r(θ) sampled at 256 angles: the tape-equivalent girth.
 * Inputs and outputs are in plane coordinates (m).
 */
import { convexHull, makeHullScratch, polygonArea, polygonPerimeter } from './convex-hull.ts';
import type { HullScratch } from './convex-hull.ts';
import { angularBin, hypot2, polarBin } from './polar.ts';
import type { OuterSheet } from './ring-fourier.ts';
import { fillBasisCosSin, fourierSums, solveFourier } from './ring-fourier.ts';

export interface RingFit {
  perimeterM: number;
  areaM2: number;
  /** Hull vertices (u, v interleaved), count = ringCount. */
  ring: Float64Array;
  ringCount: number;
  centerU: number;
  centerV: number;
  /** Fraction of polar bins that held points: 1 = the loop was seen all around. */
  coverage: number;
  /** RMS radial residual of kept points about the fitted curve (m): noise plus shape misfit. */
  residualM: number;
}

const SAMPLES = 256;
const MAX_K = 12;

export interface RingScratch {
  theta: Float64Array;
  radius: Float64Array;
  /** outerSheetArea: each point's angular bin. */
  pointBin: Int32Array;
  /** fitRing: the outer-sheet points, compacted (ring-fourier.ts). */
  sheet: OuterSheet & { offsetStore: Float64Array };
  binMax: Float64Array;
  curve: Float64Array;
  hull: HullScratch;
}

export function makeRingScratch(): RingScratch {
  return { theta: new Float64Array(4096), radius: new Float64Array(4096), pointBin: new Int32Array(4096), sheet: makeSheet(4096), binMax: new Float64Array(3 * 512), curve: new Float64Array(2 * SAMPLES), hull: makeHullScratch(SAMPLES) };
}

/**
 * `offsets` (optional, m): each point's signed distance from the cutting plane before projection.
 * When given, the fit adds terms β1·d + β2·d² shared by all angles and evaluates the ring at d = 0,
 * so a thick slab at a narrowing or widening site (neck minimum, calf maximum, sloped thigh) is not
 * biased by the section changing across it.
 */
/**
 * `observedOnly`: the ring may have angular gaps (a torso ring without the arm that touches it):
 * the curve is then sampled only at angles whose bin holds points and the hull bridges each gap
 * in a straight line, as a tape does; the series is not trusted where it has no data, and when
 * under 90% of the bins hold points its order is capped at π / (widest gap in radians), between 2
 * and 8 (higher orders swing in a gap and bend the observed ends).
 */
export function fitRing(xy: Float64Array, n: number, scratch: RingScratch, outerWidthM = 0.015, maxK = MAX_K, offsets?: Float64Array, noiseOrder = 3, observedOnly = false): RingFit | null {
  if (n < 12) return null;
  growPerPoint(scratch, n);
  const { theta, radius, binMax } = scratch;
  let cu = 0, cv = 0;
  for (let i = 0; i < n; i++) { cu += xy[2 * i]; cv += xy[2 * i + 1]; }
  cu /= n; cv /= n;
  const bins = Math.max(24, Math.min(170, Math.floor(n / 5)));
  // Per bin keep the three largest radii; the third is the outer sheet's reference, so one or
  // two stray points (a flyer, a hair) cannot define where the surface is.
  binMax.fill(-1, 0, 3 * bins);
  for (let i = 0; i < n; i++) {
    const du = xy[2 * i] - cu, dv = xy[2 * i + 1] - cv;
    const th = Math.atan2(dv, du);
    const r = hypot2(du, dv);
    theta[i] = th; radius[i] = r;
    const b = 3 * angularBin(th, bins);
    if (r > binMax[b]) { binMax[b + 2] = binMax[b + 1]; binMax[b + 1] = binMax[b]; binMax[b] = r; }
    else if (r > binMax[b + 1]) { binMax[b + 2] = binMax[b + 1]; binMax[b + 1] = r; }
    else if (r > binMax[b + 2]) binMax[b + 2] = r;
  }
  for (let b = 0; b < bins; b++) {
    const third = binMax[3 * b + 2] >= 0 ? binMax[3 * b + 2] : binMax[3 * b + 1] >= 0 ? binMax[3 * b + 1] : binMax[3 * b];
    binMax[b] = third;
  }
  let occupied = 0;
  for (let b = 0; b < bins; b++) if (binMax[b] >= 0) occupied++;
  const coverage = occupied / bins;
  if (observedOnly && coverage < 0.9) {
    // A series is pinned down only where it has data: across the widest gap (G radians) an order
    // K swings freely, and least squares bends the observed ends to suit it. K ≤ π / G (at most 8,
    // at least 2: an ellipse-like section) keeps the gap to within half a period of the top harmonic.
    let widest = 0, run = 0;
    for (let b = 0; b < 2 * bins; b++) {
      if (binMax[b % bins] < 0) { run++; widest = Math.max(widest, Math.min(run, bins)); } else run = 0;
    }
    const gapRad = (widest * 2 * Math.PI) / bins;
    const kGap = Math.max(2, Math.min(8, Math.floor(Math.PI / Math.max(gapRad, 1e-9))));
    maxK = Math.min(maxK, kGap); noiseOrder = Math.min(noiseOrder, kGap);
  }
  // The outer sheet (points within outerWidthM of their bin's reference radius) is the same for
  // every order fitted below: compact it once, with cos θ and sin θ (the order recurrences' seeds).
  const sheet = scratch.sheet;
  sheet.d = offsets ? sheet.offsetStore : null;
  let outerCount = 0;
  for (let i = 0; i < n; i++) {
    if (radius[i] < binMax[angularBin(theta[i], bins)] - outerWidthM) continue;
    sheet.r[outerCount] = radius[i];
    sheet.cos[outerCount] = Math.cos(theta[i]);
    sheet.sin[outerCount] = Math.sin(theta[i]);
    if (offsets) sheet.offsetStore[outerCount] = offsets[i];
    outerCount++;
  }
  sheet.count = outerCount;
  const kCap = Math.max(2, Math.min(maxK, Math.floor(occupied / 5)));
  // Order K by a bias budget: noise in harmonic k adds about k²·Var(c_k)/(2 r̄)·2π of length,
  // Var(c_k) ≈ 2σ²/n, so high orders fitted on few noisy points inflate the girth (≈ +4 mm at
  // K = 12, n = 300, σ = 3 mm). A first fit of order 3 gives σ (with shape misfit: conservative)
  // and r̄; K is the largest order whose expected inflation stays under 0.3 mm.
  // One pass of trigonometric sums at the highest order fitted below serves all three fits.
  const noiseK = Math.min(noiseOrder, kCap);
  const sums = fourierSums(sheet, noiseOrder > 3 ? Math.max(3, noiseK) : 3);
  const first = solveFourier(3, sheet, sums);
  if (!first) return null;
  let K = 3;
  let inflation = 0;
  // The noise estimate comes from an order-3 fit unless the caller asks for a higher order: a
  // section with corners (shoulders with the arms' tops) misfits order 3 by centimetres, which would
  // read as noise and hold the order at 3, rounding the corners away.
  const noiseSolved = noiseOrder > 3 ? solveFourier(noiseK, sheet, sums) : null;
  const noiseFit = noiseSolved ?? first;
  const noiseVar = noiseFit.residual * noiseFit.residual;
  for (let k = 1; k <= kCap; k++) {
    inflation += (k * k * 2 * noiseVar / Math.max(1, first.kept)) / (2 * Math.max(first.coef[0], 1e-3)) * 2 * Math.PI;
    if (k > 3 && inflation > 3e-4) break;
    K = Math.max(K, k);
  }
  K = Math.min(K, kCap);
  // Same order as the noise fit: the same system, already solved (a null there is null here too).
  const fit = K === 3 ? first : noiseOrder > 3 && K === noiseK ? noiseSolved : solveFourier(K, sheet, K <= sums.order ? sums : fourierSums(sheet, K));
  if (!fit) return null;
  const { coef, residual, kept } = fit;
  const harmonics = 2 * K + 1;
  const basis = new Float64Array(harmonics + 2);
  const curve = scratch.curve;
  let samples = 0;
  for (let s = 0; s < SAMPLES; s++) {
    const th = -Math.PI + (2 * Math.PI * (s + 0.5)) / SAMPLES;
    if (observedOnly && binMax[angularBin(th, bins)] < 0) continue;
    fillBasis(basis, th, K);
    let r = 0;
    for (let p = 0; p < harmonics; p++) r += coef[p] * basis[p];
    r = Math.max(r, 0);
    curve[2 * samples] = cu + r * Math.cos(th);
    curve[2 * samples + 1] = cv + r * Math.sin(th);
    samples++;
  }
  if (samples < 3) return null;
  const h = convexHull(curve, samples, scratch.hull);
  const ring = scratch.hull.hull.slice(0, 2 * h);
  return {
    perimeterM: polygonPerimeter(ring, h),
    areaM2: Math.abs(polygonArea(curve, samples)),
    ring,
    ringCount: h,
    centerU: cu,
    centerV: cv,
    coverage,
    residualM: kept > 0 ? residual : 0,
  };
}

/** An outer-sheet store for up to `size` points; `offsetStore` backs sheet.d when offsets are fitted. */
function makeSheet(size: number): OuterSheet & { offsetStore: Float64Array } {
  return {
    count: 0, r: new Float64Array(size), d: null, cos: new Float64Array(size), sin: new Float64Array(size),
    runCos: new Float64Array(size), runSin: new Float64Array(size), offsetStore: new Float64Array(size),
  };
}

/** Grows the per-point scratch arrays to hold n points. */
function growPerPoint(scratch: RingScratch, n: number): void {
  if (scratch.theta.length >= n) return;
  scratch.theta = new Float64Array(2 * n); scratch.radius = new Float64Array(2 * n);
  scratch.pointBin = new Int32Array(2 * n); scratch.sheet = makeSheet(2 * n);
}


function fillBasis(basis: Float64Array, theta: number, K: number): void {
  fillBasisCosSin(basis, Math.cos(theta), Math.sin(theta), K);
}

/**
 * Area (m²) enclosed by the outer sheet of a slice loop, from per-bin outer-sheet mean radii
 * (no Fourier fit: cheap enough for the hundreds of slices of the volume integral).
 * bridge: how an angular gap of 3 bins or more (hidden contact, a hole) is closed: 'chord' (the
 * triangle between the gap's edge rays) or 'arc' (the radius interpolated linearly in angle
 * across the gap, ½·Δθ·(r₁² + r₁r₂ + r₂²)/3: a convex side stays convex, so a hole in the back
 * does not make a slice look narrower than its neighbours).
 */
export function outerSheetArea(xy: Float64Array, n: number, scratch: RingScratch, outerWidthM = 0.015, bridge: 'chord' | 'arc' = 'chord'): number {
  if (n < 3) return 0;
  growPerPoint(scratch, n);
  const { radius, binMax } = scratch;
  let cu = 0, cv = 0;
  for (let i = 0; i < n; i++) { cu += xy[2 * i]; cv += xy[2 * i + 1]; }
  cu /= n; cv /= n;
  const bins = Math.max(8, Math.min(120, Math.floor(n / 4)));
  binMax.fill(-1, 0, 2 * bins);
  // Only the bin of each point's angle is needed here (polar.ts: no atan2 away from bin edges).
  const pointBin = scratch.pointBin;
  for (let i = 0; i < n; i++) {
    const du = xy[2 * i] - cu, dv = xy[2 * i + 1] - cv;
    const b = polarBin(du, dv, bins);
    pointBin[i] = b;
    radius[i] = hypot2(du, dv);
    if (radius[i] > binMax[b]) binMax[b] = radius[i];
  }
  const sum = scratch.curve; // reuse: [sum r, count] per bin (bins ≤ 120 < SAMPLES)
  sum.fill(0, 0, 2 * bins);
  for (let i = 0; i < n; i++) {
    const b = pointBin[i];
    if (radius[i] < binMax[b] - outerWidthM) continue;
    sum[2 * b] += radius[i];
    sum[2 * b + 1]++;
  }
  let area = 0, last = -1, first = -1;
  const mean = (b: number) => sum[2 * b] / sum[2 * b + 1];
  const piece = (r1: number, r2: number, steps: number) => {
    const dTheta = (steps * 2 * Math.PI) / bins;
    return bridge === 'arc' && steps >= 3 ? (0.5 * dTheta * (r1 * r1 + r1 * r2 + r2 * r2)) / 3 : sectorArea(r1, r2, dTheta);
  };
  for (let b = 0; b < bins; b++) {
    if (sum[2 * b + 1] === 0) continue;
    if (first < 0) first = b;
    if (last >= 0) area += piece(mean(last), mean(b), b - last);
    last = b;
  }
  if (first >= 0 && last >= 0) area += piece(mean(last), mean(first), bins - last + first);
  return area;
}

/** Area of the triangle between two rays of lengths r1, r2 separated by angle dTheta. */
function sectorArea(r1: number, r2: number, dTheta: number): number {
  return 0.5 * r1 * r2 * Math.sin(Math.min(dTheta, Math.PI));
}
