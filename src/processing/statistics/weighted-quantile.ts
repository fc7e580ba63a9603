/** Weighted empirical quantiles (survey weights). Pure. */

/**
 * Quantile q in [0, 1] of values with non-negative weights, by linear interpolation of the
 * weighted empirical CDF at mid-points (Hyndman & Fan 1996 type-5 generalised to weights).
 */
export function weightedQuantile(values: readonly number[], weights: readonly number[], q: number): number {
  if (values.length === 0) throw new Error('no values');
  const order = values.map((_, i) => i).sort((a, b) => values[a] - values[b]);
  const total = weights.reduce((s, w) => s + w, 0);
  let cumulative = 0;
  const positions = order.map((i) => {
    const mid = (cumulative + weights[i] / 2) / total;
    cumulative += weights[i];
    return mid;
  });
  if (q <= positions[0]) return values[order[0]];
  for (let k = 1; k < order.length; k++) {
    if (q <= positions[k]) {
      const t = (q - positions[k - 1]) / (positions[k] - positions[k - 1] || 1);
      return values[order[k - 1]] + t * (values[order[k]] - values[order[k - 1]]);
    }
  }
  return values[order[order.length - 1]];
}
