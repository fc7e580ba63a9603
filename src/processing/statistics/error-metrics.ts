/** Agreement statistics of predictions against a criterion (same units as the inputs). Pure. */
export interface ErrorSummary {
  count: number;
  /** Mean absolute error. */
  mae: number;
  /** Root mean squared error. */
  rmse: number;
  /** Mean of (predicted − criterion): positive = overestimates. */
  bias: number;
  /** Pearson correlation. */
  r: number;
}

export function summarizeErrors(predicted: ArrayLike<number>, criterion: ArrayLike<number>): ErrorSummary {
  const n = predicted.length;
  if (n !== criterion.length) throw new Error('predicted and criterion differ in length');
  if (n === 0) return { count: 0, mae: Number.NaN, rmse: Number.NaN, bias: Number.NaN, r: Number.NaN };
  let abs = 0; let sq = 0; let sum = 0; let mp = 0; let mc = 0;
  for (let i = 0; i < n; i++) {
    const e = predicted[i] - criterion[i];
    abs += Math.abs(e); sq += e * e; sum += e; mp += predicted[i]; mc += criterion[i];
  }
  mp /= n; mc /= n;
  let cov = 0; let vp = 0; let vc = 0;
  for (let i = 0; i < n; i++) {
    cov += (predicted[i] - mp) * (criterion[i] - mc);
    vp += (predicted[i] - mp) ** 2;
    vc += (criterion[i] - mc) ** 2;
  }
  return { count: n, mae: abs / n, rmse: Math.sqrt(sq / n), bias: sum / n, r: cov / Math.sqrt(vp * vc) };
}
