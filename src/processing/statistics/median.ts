/**
 * The median of `values` (the mean of the two middle ones for an even count); NaN when empty.
 * Sorts a copy: the input is left as it is. Pure.
 */
export function median(values: ArrayLike<number>): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Array.from(values).sort((a, b) => a - b), mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : 0.5 * (sorted[mid - 1] + sorted[mid]);
}
