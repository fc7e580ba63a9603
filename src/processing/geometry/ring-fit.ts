/**
 * Noise-robust tape ring of one loop of a point-cloud cut.
 * The raw convex hull of noisy points is biased outward (it picks the most outlying noise: about
 * +2σ in radius, i.e. +2.5 cm of girth at σ = 2 mm), so a cloud girth is measured in three steps:
 * 1. polar bins around the loop's centroid; in each bin keep the OUTER sheet only (points within
 *    `outerWidthM` of the bin's largest radius): a tape never follows the inner side of a
 *    concavity, and the inner sheet would pull the mean inward;
 * 2. least-squares Fourier series r(θ) on the kept points: symmetric noise averages out, the
 *    section's shape (smooth, star-shaped seen from its centroid) is kept; the order K is chosen
 *    so that noise in high harmonics cannot lengthen the curve by more than ~0.3 mm;
 * 3. the convex hull of r(θ) sampled at 256 angles: the tape-equivalent girth.
 * Inputs and outputs are in plane coordinates (m).
 */
import { convexHull, makeHullScratch, polygonArea, polygonPerimeter } from './convex-hull.ts';
import type { HullScratch } from './convex-hull.ts';
import { angularBin, hypot2, polarBin } from './polar.ts';

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
  /** fitRing: indices of the outer-sheet points, in input order (outerSheetArea: each point's bin); cos θ, sin θ per point. */
  outer: Int32Array;
  cos: Float64Array;
  sin: Float64Array;
  binMax: Float64Array;
  curve: Float64Array;
  hull: HullScratch;
}

export function makeRingScratch(): RingScratch {
  return { theta: new Float64Array(4096), radius: new Float64Array(4096), outer: new Int32Array(4096), cos: new Float64Array(4096), sin: new Float64Array(4096), binMax: new Float64Array(3 * 512), curve: new Float64Array(2 * SAMPLES), hull: makeHullScratch(SAMPLES) };
}

/**
 * `offsets` (optional, m): each point's signed distance from the cutting plane before projection.
 * When given, the fit adds terms β1·d + β2·d² shared by all angles and evaluates the ring at d = 0,
 * so a thick slab at a narrowing or widening site (neck minimum, calf maximum, sloped thigh) is not
 * biased by the section changing across it.
 */
export function fitRing(xy: Float64Array, n: number, scratch: RingScratch, outerWidthM = 0.015, maxK = MAX_K, offsets?: Float64Array, noiseOrder = 3): RingFit | null {
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
  // The outer sheet (points within outerWidthM of their bin's reference radius) is the same for
  // every order fitted below: list it once, with cos θ and sin θ (the order recurrences' seeds).
  const { outer, cos, sin } = scratch;
  let outerCount = 0;
  for (let i = 0; i < n; i++) {
    if (radius[i] < binMax[angularBin(theta[i], bins)] - outerWidthM) continue;
    outer[outerCount++] = i;
    cos[i] = Math.cos(theta[i]);
    sin[i] = Math.sin(theta[i]);
  }
  const kCap = Math.max(2, Math.min(maxK, Math.floor(occupied / 5)));
  // Order K by a bias budget: noise in harmonic k adds about k²·Var(c_k)/(2 r̄)·2π of length,
  // Var(c_k) ≈ 2σ²/n, so high orders fitted on few noisy points inflate the girth (≈ +4 mm at
  // K = 12, n = 300, σ = 3 mm). A first fit of order 3 gives σ (with shape misfit: conservative)
  // and r̄; K is the largest order whose expected inflation stays under 0.3 mm.
  const first = solveFourier(3, outerCount, scratch, offsets);
  if (!first) return null;
  let K = 3;
  let inflation = 0;
  // The noise estimate comes from an order-3 fit unless the caller asks for a higher order: a
  // section with corners (shoulders with the arms' tops) misfits order 3 by centimetres, which would
  // read as noise and hold the order at 3, rounding the corners away.
  const noiseK = Math.min(noiseOrder, kCap);
  const noiseSolved = noiseOrder > 3 ? solveFourier(noiseK, outerCount, scratch, offsets) : null;
  const noiseFit = noiseSolved ?? first;
  const noiseVar = noiseFit.residual * noiseFit.residual;
  for (let k = 1; k <= kCap; k++) {
    inflation += (k * k * 2 * noiseVar / Math.max(1, first.kept)) / (2 * Math.max(first.coef[0], 1e-3)) * 2 * Math.PI;
    if (k > 3 && inflation > 3e-4) break;
    K = Math.max(K, k);
  }
  K = Math.min(K, kCap);
  // Same order as the noise fit: the same system, already solved (a null there is null here too).
  const fit = K === 3 ? first : noiseOrder > 3 && K === noiseK ? noiseSolved : solveFourier(K, outerCount, scratch, offsets);
  if (!fit) return null;
  const { coef, residual, kept } = fit;
  const harmonics = 2 * K + 1;
  const basis = new Float64Array(harmonics + 2);
  const curve = scratch.curve;
  for (let s = 0; s < SAMPLES; s++) {
    const th = -Math.PI + (2 * Math.PI * (s + 0.5)) / SAMPLES;
    fillBasis(basis, th, K);
    let r = 0;
    for (let p = 0; p < harmonics; p++) r += coef[p] * basis[p];
    r = Math.max(r, 0);
    curve[2 * s] = cu + r * Math.cos(th);
    curve[2 * s + 1] = cv + r * Math.sin(th);
  }
  const h = convexHull(curve, SAMPLES, scratch.hull);
  const ring = scratch.hull.hull.slice(0, 2 * h);
  return {
    perimeterM: polygonPerimeter(ring, h),
    areaM2: Math.abs(polygonArea(curve, SAMPLES)),
    ring,
    ringCount: h,
    centerU: cu,
    centerV: cv,
    coverage,
    residualM: kept > 0 ? residual : 0,
  };
}

/** Least-squares Fourier fit of order K (plus offset terms) on the outer-sheet points scratch.outer[0 .. outerCount). */
function solveFourier(K: number, outerCount: number, scratch: RingScratch, offsets?: Float64Array): { coef: Float64Array; residual: number; kept: number } | null {
  const { radius, outer, cos, sin } = scratch;
  const harmonics = 2 * K + 1;
  const dim = harmonics + (offsets ? 2 : 0);
  const normal = new Float64Array(dim * dim);
  const rhs = new Float64Array(dim);
  const basis = new Float64Array(dim);
  // A tiny ridge on the offset terms keeps a zero-thickness (mesh-like) slab solvable.
  if (offsets) { normal[harmonics * dim + harmonics] += 1e-12; normal[(harmonics + 1) * dim + harmonics + 1] += 1e-16; }
  const fill = (i: number) => {
    fillBasisCosSin(basis, cos[i], sin[i], K);
    if (offsets) { basis[harmonics] = offsets[i]; basis[harmonics + 1] = offsets[i] * offsets[i]; }
  };
  // The normal matrix from trigonometric sums, O(n·K) rather than O(n·K²) per fit: for the Fourier
  // block cos jθ cos kθ = ½[cos(j−k)θ + cos(j+k)θ], sin jθ sin kθ = ½[cos(j−k)θ − cos(j+k)θ],
  // cos jθ sin kθ = ½[sin(j+k)θ − sin(j−k)θ], so the sums C[m] = Σcos mθ, S[m] = Σsin mθ
  // (m ≤ 2K) give every entry; the offset columns need only Σ d·cos kθ, Σ d²·cos kθ, ... (k ≤ K).
  const sumCos = new Float64Array(2 * K + 1), sumSin = new Float64Array(2 * K + 1);
  const rCos = new Float64Array(K + 1), rSin = new Float64Array(K + 1);
  const dCos = new Float64Array(K + 1), dSin = new Float64Array(K + 1), d2Cos = new Float64Array(K + 1), d2Sin = new Float64Array(K + 1);
  let sumD2 = 0, sumD3 = 0, sumD4 = 0, sumRD = 0, sumRD2 = 0;
  for (let j = 0; j < outerCount; j++) {
    const i = outer[j];
    const r = radius[i];
    const c1 = cos[i], s1 = sin[i];
    const d = offsets ? offsets[i] : 0, d2 = d * d;
    let c = 1, sn = 0;
    // cos mθ, sin mθ by the angle-addition recurrence: m ≤ K feed every sum, K < m ≤ 2K only C and S.
    for (let m = 0; m <= K; m++) {
      sumCos[m] += c; sumSin[m] += sn;
      rCos[m] += r * c; rSin[m] += r * sn;
      if (offsets) { dCos[m] += d * c; dSin[m] += d * sn; d2Cos[m] += d2 * c; d2Sin[m] += d2 * sn; }
      const next = c * c1 - sn * s1;
      sn = sn * c1 + c * s1;
      c = next;
    }
    for (let m = K + 1; m <= 2 * K; m++) {
      sumCos[m] += c; sumSin[m] += sn;
      const next = c * c1 - sn * s1;
      sn = sn * c1 + c * s1;
      c = next;
    }
    if (offsets) { sumD2 += d2; sumD3 += d2 * d; sumD4 += d2 * d2; sumRD += r * d; sumRD2 += r * d2; }
  }
  const cosSum = (m: number): number => sumCos[Math.abs(m)];
  const sinSum = (m: number): number => (m < 0 ? -sumSin[-m] : sumSin[m]);
  // Index of cos kθ is 2k−1 and of sin kθ is 2k (k ≥ 1); index 0 is the constant (k = 0, cos 0θ).
  const kind = (p: number): { k: number; isSin: boolean } => (p === 0 ? { k: 0, isSin: false } : { k: (p + 1) >> 1, isSin: p % 2 === 0 });
  for (let p = 0; p < harmonics; p++) {
    const a = kind(p);
    rhs[p] += a.isSin ? rSin[a.k] : rCos[a.k];
    for (let q = p; q < harmonics; q++) {
      const b = kind(q);
      let value: number;
      if (!a.isSin && !b.isSin) value = 0.5 * (cosSum(a.k - b.k) + cosSum(a.k + b.k));
      else if (a.isSin && b.isSin) value = 0.5 * (cosSum(a.k - b.k) - cosSum(a.k + b.k));
      else if (!a.isSin) value = 0.5 * (sinSum(a.k + b.k) - sinSum(a.k - b.k));
      else value = 0.5 * (sinSum(a.k + b.k) + sinSum(a.k - b.k));
      normal[p * dim + q] += value;
    }
    if (offsets) {
      normal[p * dim + harmonics] += a.isSin ? dSin[a.k] : dCos[a.k];
      normal[p * dim + harmonics + 1] += a.isSin ? d2Sin[a.k] : d2Cos[a.k];
    }
  }
  if (offsets) {
    normal[harmonics * dim + harmonics] += sumD2;
    normal[harmonics * dim + harmonics + 1] += sumD3;
    normal[(harmonics + 1) * dim + harmonics + 1] += sumD4;
    rhs[harmonics] += sumRD;
    rhs[harmonics + 1] += sumRD2;
  }
  // Light ridge on high harmonics keeps the fit defined across unseen angular gaps.
  const scale = normal[0] / Math.max(1, harmonics);
  for (let k = 1; k <= K; k++) {
    const ridge = 1e-6 * scale * k * k * k * k;
    normal[(2 * k - 1) * dim + 2 * k - 1] += ridge;
    normal[(2 * k) * dim + 2 * k] += ridge;
  }
  for (let p = 0; p < dim; p++) for (let q = 0; q < p; q++) normal[p * dim + q] = normal[q * dim + p];
  const coef = solveSymmetric(normal, rhs, dim);
  if (!coef) return null;
  let sq = 0, kept = 0;
  for (let j = 0; j < outerCount; j++) {
    const i = outer[j];
    fill(i);
    let fit = 0;
    for (let p = 0; p < dim; p++) fit += coef[p] * basis[p];
    sq += (radius[i] - fit) * (radius[i] - fit);
    kept++;
  }
  return { coef, residual: kept > 0 ? Math.sqrt(sq / kept) : 0, kept };
}

/** Grows the per-point scratch arrays to hold n points. */
function growPerPoint(scratch: RingScratch, n: number): void {
  if (scratch.theta.length >= n) return;
  scratch.theta = new Float64Array(2 * n); scratch.radius = new Float64Array(2 * n);
  scratch.outer = new Int32Array(2 * n); scratch.cos = new Float64Array(2 * n); scratch.sin = new Float64Array(2 * n);
}


function fillBasis(basis: Float64Array, theta: number, K: number): void {
  fillBasisCosSin(basis, Math.cos(theta), Math.sin(theta), K);
}

/** basis = [1, cos θ, sin θ, cos 2θ, sin 2θ, ...] up to order K, from c1 = cos θ, s1 = sin θ. */
function fillBasisCosSin(basis: Float64Array, c1: number, s1: number, K: number): void {
  basis[0] = 1;
  let c = 1, s = 0;
  for (let k = 1; k <= K; k++) {
    const cNext = c * c1 - s * s1;
    s = s * c1 + c * s1;
    c = cNext;
    basis[2 * k - 1] = c;
    basis[2 * k] = s;
  }
}

/** Cholesky solve of a symmetric positive-definite system (dim ≤ 27); null when not positive. */
function solveSymmetric(m: Float64Array, b: Float64Array, dim: number): Float64Array | null {
  const l = new Float64Array(dim * dim);
  for (let i = 0; i < dim; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = m[i * dim + j];
      for (let k = 0; k < j; k++) sum -= l[i * dim + k] * l[j * dim + k];
      if (i === j) {
        if (sum <= 0) return null;
        l[i * dim + i] = Math.sqrt(sum);
      } else l[i * dim + j] = sum / l[j * dim + j];
    }
  }
  const y = new Float64Array(dim);
  for (let i = 0; i < dim; i++) {
    let sum = b[i];
    for (let k = 0; k < i; k++) sum -= l[i * dim + k] * y[k];
    y[i] = sum / l[i * dim + i];
  }
  const x = new Float64Array(dim);
  for (let i = dim - 1; i >= 0; i--) {
    let sum = y[i];
    for (let k = i + 1; k < dim; k++) sum -= l[k * dim + i] * x[k];
    x[i] = sum / l[i * dim + i];
  }
  return x;
}

/**
 * Area (m²) enclosed by the outer sheet of a slice loop, from per-bin outer-sheet mean radii
 * (no Fourier fit: cheap enough for the hundreds of slices of the volume integral).
 */
export function outerSheetArea(xy: Float64Array, n: number, scratch: RingScratch, outerWidthM = 0.015): number {
  if (n < 3) return 0;
  growPerPoint(scratch, n);
  const { radius, binMax } = scratch;
  let cu = 0, cv = 0;
  for (let i = 0; i < n; i++) { cu += xy[2 * i]; cv += xy[2 * i + 1]; }
  cu /= n; cv /= n;
  const bins = Math.max(8, Math.min(120, Math.floor(n / 4)));
  binMax.fill(-1, 0, 2 * bins);
  // Only the bin of each point's angle is needed here (polar.ts: no atan2 away from bin edges).
  const pointBin = scratch.outer;
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
  for (let b = 0; b < bins; b++) {
    if (sum[2 * b + 1] === 0) continue;
    if (first < 0) first = b;
    if (last >= 0) area += sectorArea(mean(last), mean(b), ((b - last) * 2 * Math.PI) / bins);
    last = b;
  }
  if (first >= 0 && last >= 0) area += sectorArea(mean(last), mean(first), ((bins - last + first) * 2 * Math.PI) / bins);
  return area;
}

/** Area of the triangle between two rays of lengths r1, r2 separated by angle dTheta. */
function sectorArea(r1: number, r2: number, dTheta: number): number {
  return 0.5 * r1 * r2 * Math.sin(Math.min(dTheta, Math.PI));
}
