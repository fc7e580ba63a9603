// The linear shape space: PCA of a sampled population (vertex + joint positions together, so joints
// stay linear in the coefficients), then named local components from MakeHuman's measure targets.
import { symmetricEigen } from './symmetric-eigen.ts';

export interface PrincipalSpace {
  /** Population mean row (D values). */
  mean: Float64Array;
  /** P basis rows of D values: one population standard deviation along each principal axis. */
  basis: Float64Array[];
  /** Unit-length principal directions (D values), for orthogonalising further components. */
  directions: Float64Array[];
  /** Fraction of the population's total variance each kept component explains. */
  explained: number[];
  /** Eigenvalues of all components (variance per sample, m^2 summed over D), descending. */
  allVariances: Float64Array;
}

/**
 * PCA through the N x N Gram matrix of the centred samples (N ~ 1000 << D ~ 40,000): with
 * G a = lambda a, the direction is Xc^T a / sqrt(lambda) and one standard deviation along it is
 * Xc^T a / sqrt(N - 1).
 */
export function principalSpace(rows: readonly Float64Array[], components: number): PrincipalSpace {
  const n = rows.length;
  const d = rows[0].length;
  const mean = new Float64Array(d);
  for (const row of rows) for (let j = 0; j < d; j++) mean[j] += row[j] / n;
  const centred = rows.map((row) => Float64Array.from(row, (value, j) => value - mean[j]));
  const gram = Array.from({ length: n }, () => new Float64Array(n));
  for (let a = 0; a < n; a++) {
    const ra = centred[a];
    for (let b = a; b < n; b++) {
      const rb = centred[b];
      let sum = 0;
      for (let j = 0; j < d; j++) sum += ra[j] * rb[j];
      gram[a][b] = sum;
      gram[b][a] = sum;
    }
  }
  const { values, vectors } = symmetricEigen(gram);
  let total = 0;
  for (const value of values) total += Math.max(0, value);
  const basis: Float64Array[] = [];
  const directions: Float64Array[] = [];
  const explained: number[] = [];
  for (let k = 0; k < components; k++) {
    const a = vectors[k];
    const row = new Float64Array(d);
    for (let i = 0; i < n; i++) {
      const weight = a[i];
      const ci = centred[i];
      for (let j = 0; j < d; j++) row[j] += weight * ci[j];
    }
    const length = Math.sqrt(values[k]);
    directions.push(Float64Array.from(row, (value) => value / length));
    basis.push(Float64Array.from(row, (value) => value / Math.sqrt(n - 1)));
    explained.push(values[k] / total);
  }
  return { mean, basis, directions, explained, allVariances: Float64Array.from(values, (v) => v / (n - 1)) };
}

/** t minus its projection on every unit direction (Gram-Schmidt against an orthonormal set). */
export function orthogonalise(t: Float64Array, directions: readonly Float64Array[]): Float64Array {
  const out = Float64Array.from(t);
  for (const u of directions) {
    let dot = 0;
    for (let j = 0; j < out.length; j++) dot += u[j] * out[j];
    for (let j = 0; j < out.length; j++) out[j] -= dot * u[j];
  }
  return out;
}

export const norm = (v: Float64Array): number => {
  let sum = 0;
  for (const x of v) sum += x * x;
  return Math.sqrt(sum);
};
