/**
 * The least-squares Fourier series r(θ) = c0 + Σ (a_k cos kθ + b_k sin kθ) (+ β1·d + β2·d²) behind
 * a ring fit (ring-fit.ts), on the outer-sheet points of one loop. Plane coordinates (m), θ in rad.
 * The normal matrix comes from trigonometric sums, O(n·K) rather than O(n·K²) per fit: for the
 * Fourier block cos jθ cos kθ = ½[cos(j−k)θ + cos(j+k)θ], sin jθ sin kθ = ½[cos(j−k)θ − cos(j+k)θ],
 * cos jθ sin kθ = ½[sin(j+k)θ − sin(j−k)θ], so the sums C[m] = Σcos mθ, S[m] = Σsin mθ (m ≤ 2K)
 * give every entry; the offset columns need only Σ d·cos kθ, Σ d²·cos kθ, ... (k ≤ K).
 * The sums run order by order over all points (each point's cos mθ, sin mθ carried in runCos /
 * runSin by the angle-addition recurrence), so every sum lives in a register; each sum still adds
 * the points in their input order, so the values are those of a point-by-point loop. A fit of
 * order K uses exactly the sums of orders ≤ 2K of any higher-order pass (same points, same
 * order, same recurrence), so one pass at the highest order serves every fit of a ring.
 */

/** The outer-sheet points of a loop, compacted (index j < count), and the recurrence state. */
export interface OuterSheet {
  count: number;
  /** Radius from the loop centroid (m). */
  r: Float64Array;
  /** Signed distance from the cutting plane before projection (m), or null when not fitted. */
  d: Float64Array | null;
  cos: Float64Array;
  sin: Float64Array;
  /** Work arrays: cos mθ_j and sin mθ_j of the order being summed. */
  runCos: Float64Array;
  runSin: Float64Array;
}

export interface FourierFit {
  coef: Float64Array;
  /** RMS radial residual of the points about the fit (m). */
  residual: number;
  kept: number;
}

/**
 * Σ over the sheet's points of cos mθ, sin mθ (m ≤ 2·order); of r, d and d² times cos kθ, sin kθ
 * (k ≤ order); and the offset moments Σd², Σd³, Σd⁴, Σr·d, Σr·d².
 */
export interface FourierSums {
  order: number;
  sumCos: Float64Array; sumSin: Float64Array;
  rCos: Float64Array; rSin: Float64Array;
  dCos: Float64Array; dSin: Float64Array; d2Cos: Float64Array; d2Sin: Float64Array;
  sumD2: number; sumD3: number; sumD4: number; sumRD: number; sumRD2: number;
}

/** The sums every fit of order ≤ `order` needs, in one pass over the points per order. */
export function fourierSums(sheet: OuterSheet, order: number): FourierSums {
  const { count, r, d, cos, sin, runCos, runSin } = sheet;
  const K = order;
  const sumCos = new Float64Array(2 * K + 1), sumSin = new Float64Array(2 * K + 1);
  const rCos = new Float64Array(K + 1), rSin = new Float64Array(K + 1);
  const dCos = new Float64Array(K + 1), dSin = new Float64Array(K + 1), d2Cos = new Float64Array(K + 1), d2Sin = new Float64Array(K + 1);
  runCos.fill(1, 0, count);
  runSin.fill(0, 0, count);
  for (let m = 0; m <= 2 * K; m++) {
    let sc = 0, ss = 0, rc = 0, rs = 0, dc = 0, ds = 0, d2c = 0, d2s = 0;
    if (m <= K && d) {
      for (let j = 0; j < count; j++) {
        const c = runCos[j], sn = runSin[j], dj = d[j], d2 = dj * dj;
        sc += c; ss += sn; rc += r[j] * c; rs += r[j] * sn;
        dc += dj * c; ds += dj * sn; d2c += d2 * c; d2s += d2 * sn;
        runCos[j] = c * cos[j] - sn * sin[j];
        runSin[j] = sn * cos[j] + c * sin[j];
      }
    } else if (m <= K) {
      for (let j = 0; j < count; j++) {
        const c = runCos[j], sn = runSin[j];
        sc += c; ss += sn; rc += r[j] * c; rs += r[j] * sn;
        runCos[j] = c * cos[j] - sn * sin[j];
        runSin[j] = sn * cos[j] + c * sin[j];
      }
    } else {
      for (let j = 0; j < count; j++) {
        const c = runCos[j], sn = runSin[j];
        sc += c; ss += sn;
        runCos[j] = c * cos[j] - sn * sin[j];
        runSin[j] = sn * cos[j] + c * sin[j];
      }
    }
    sumCos[m] = sc; sumSin[m] = ss;
    if (m <= K) { rCos[m] = rc; rSin[m] = rs; dCos[m] = dc; dSin[m] = ds; d2Cos[m] = d2c; d2Sin[m] = d2s; }
  }
  let sumD2 = 0, sumD3 = 0, sumD4 = 0, sumRD = 0, sumRD2 = 0;
  if (d) {
    for (let j = 0; j < count; j++) {
      const dj = d[j], d2 = dj * dj;
      sumD2 += d2; sumD3 += d2 * dj; sumD4 += d2 * d2; sumRD += r[j] * dj; sumRD2 += r[j] * d2;
    }
  }
  return { order, sumCos, sumSin, rCos, rSin, dCos, dSin, d2Cos, d2Sin, sumD2, sumD3, sumD4, sumRD, sumRD2 };
}

/**
 * Least-squares Fourier fit of order K (plus the offset terms when sheet.d is given), from sums of
 * order ≥ K over the same sheet (computed here when not given).
 */
export function solveFourier(K: number, sheet: OuterSheet, sums: FourierSums = fourierSums(sheet, K)): FourierFit | null {
  if (sums.order < K) throw new Error(`solveFourier: sums of order ${sums.order} cannot fit order ${K}`);
  const { count, r, d, cos, sin } = sheet;
  const { sumCos, sumSin, rCos, rSin, dCos, dSin, d2Cos, d2Sin, sumD2, sumD3, sumD4, sumRD, sumRD2 } = sums;
  const harmonics = 2 * K + 1;
  const dim = harmonics + (d ? 2 : 0);
  const normal = new Float64Array(dim * dim);
  const rhs = new Float64Array(dim);
  const basis = new Float64Array(dim);
  // A tiny ridge on the offset terms keeps a zero-thickness (mesh-like) slab solvable.
  if (d) { normal[harmonics * dim + harmonics] += 1e-12; normal[(harmonics + 1) * dim + harmonics + 1] += 1e-16; }
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
    if (d) {
      normal[p * dim + harmonics] += a.isSin ? dSin[a.k] : dCos[a.k];
      normal[p * dim + harmonics + 1] += a.isSin ? d2Sin[a.k] : d2Cos[a.k];
    }
  }
  if (d) {
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
  let sq = 0;
  for (let j = 0; j < count; j++) {
    fillBasisCosSin(basis, cos[j], sin[j], K);
    if (d) { basis[harmonics] = d[j]; basis[harmonics + 1] = d[j] * d[j]; }
    let fit = 0;
    for (let p = 0; p < dim; p++) fit += coef[p] * basis[p];
    sq += (r[j] - fit) * (r[j] - fit);
  }
  return { coef, residual: count > 0 ? Math.sqrt(sq / count) : 0, kept: count };
}

/** basis = [1, cos θ, sin θ, cos 2θ, sin 2θ, ...] up to order K, from c1 = cos θ, s1 = sin θ. */
export function fillBasisCosSin(basis: Float64Array, c1: number, s1: number, K: number): void {
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
