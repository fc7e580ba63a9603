/**
 * Ordinary least squares by Householder QR (numerically safer than the normal equations).
 * Design matrix: row-major Float64Array of rowCount x columnCount. Pure, no I/O.
 */
export interface DesignMatrix {
  rowCount: number;
  columnCount: number;
  /** Row-major values, length rowCount * columnCount. */
  values: Float64Array;
}

export function designMatrixFromRows(rows: readonly (readonly number[])[]): DesignMatrix {
  const rowCount = rows.length;
  const columnCount = rowCount > 0 ? rows[0].length : 0;
  const values = new Float64Array(rowCount * columnCount);
  rows.forEach((row, i) => {
    if (row.length !== columnCount) throw new Error(`row ${i} has ${row.length} columns, expected ${columnCount}`);
    values.set(row, i * columnCount);
  });
  return { rowCount, columnCount, values };
}

/**
 * Solves min ||X b - y||^2 (optionally weighted: min sum w_i (x_i b - y_i)^2) by Householder QR
 * and back substitution (Golub & Van Loan, Matrix Computations, 4th ed., §5.3).
 * Throws when X is rank deficient (a diagonal of R below 1e-10 of the largest).
 */
export function leastSquares(x: DesignMatrix, y: ArrayLike<number>, weights?: ArrayLike<number>): Float64Array {
  const n = x.rowCount;
  const p = x.columnCount;
  if (y.length !== n) throw new Error(`y has ${y.length} values, X has ${n} rows`);
  if (n < p) throw new Error(`need at least ${p} rows, got ${n}`);
  // Column-major working copies, rows scaled by sqrt(weight).
  const a = new Float64Array(n * p);
  const b = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const s = weights ? Math.sqrt(weights[i]) : 1;
    b[i] = y[i] * s;
    for (let j = 0; j < p; j++) a[j * n + i] = x.values[i * p + j] * s;
  }
  const diagonal = new Float64Array(p);
  for (let k = 0; k < p; k++) {
    let norm = 0;
    for (let i = k; i < n; i++) norm += a[k * n + i] ** 2;
    norm = Math.sqrt(norm);
    const alpha = a[k * n + k] > 0 ? -norm : norm;
    diagonal[k] = alpha;
    if (norm === 0) continue;
    // v = x - alpha e1, stored in place of column k (rows k..n-1).
    a[k * n + k] -= alpha;
    let vNorm2 = 0;
    for (let i = k; i < n; i++) vNorm2 += a[k * n + i] ** 2;
    if (vNorm2 === 0) continue;
    for (let j = k + 1; j < p; j++) {
      let dot = 0;
      for (let i = k; i < n; i++) dot += a[k * n + i] * a[j * n + i];
      const f = (2 * dot) / vNorm2;
      for (let i = k; i < n; i++) a[j * n + i] -= f * a[k * n + i];
    }
    let dot = 0;
    for (let i = k; i < n; i++) dot += a[k * n + i] * b[i];
    const f = (2 * dot) / vNorm2;
    for (let i = k; i < n; i++) b[i] -= f * a[k * n + i];
  }
  const largest = Math.max(...Array.from(diagonal, Math.abs));
  const coefficients = new Float64Array(p);
  for (let k = p - 1; k >= 0; k--) {
    if (Math.abs(diagonal[k]) <= 1e-10 * largest) throw new Error(`design matrix is rank deficient at column ${k}`);
    let sum = b[k];
    for (let j = k + 1; j < p; j++) sum -= a[j * n + k] * coefficients[j];
    coefficients[k] = sum / diagonal[k];
  }
  return coefficients;
}

/** X b for every row. */
export function predictRows(x: DesignMatrix, coefficients: ArrayLike<number>): Float64Array {
  const out = new Float64Array(x.rowCount);
  for (let i = 0; i < x.rowCount; i++) {
    let sum = 0;
    for (let j = 0; j < x.columnCount; j++) sum += x.values[i * x.columnCount + j] * coefficients[j];
    out[i] = sum;
  }
  return out;
}

/** Dot product of one feature row with coefficients. */
export function dot(features: readonly number[], coefficients: readonly number[]): number {
  if (features.length !== coefficients.length) {
    throw new Error(`${features.length} features but ${coefficients.length} coefficients`);
  }
  let sum = 0;
  for (let j = 0; j < features.length; j++) sum += features[j] * coefficients[j];
  return sum;
}
