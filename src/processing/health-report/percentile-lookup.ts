/** The user's percentile from a generated table: linear interpolation between stored points. */
import { PERCENTILE_POINTS } from './percentile-points.ts';
import { PERCENTILE_TABLES } from './percentile-tables.ts';
import type { PercentileMetric } from './percentile-table-types.ts';
import type { PercentileSummary } from './health-report-types.ts';

/**
 * Percentile (1–99) of value among the reference values at PERCENTILE_POINTS. Between points: linear.
 * Outside P5–P95: linear extrapolation of the nearest segment, clamped to 1 and 99.
 */
export function percentileOf(value: number, referenceValues: readonly number[]): number {
  const points = PERCENTILE_POINTS;
  const last = points.length - 1;
  let segment = 0;
  while (segment < last - 1 && value > referenceValues[segment + 1]) segment++;
  const [x0, x1] = [referenceValues[segment], referenceValues[segment + 1]];
  const [p0, p1] = [points[segment], points[segment + 1]];
  const p = x1 === x0 ? (p0 + p1) / 2 : p0 + ((value - x0) / (x1 - x0)) * (p1 - p0);
  return Math.min(99, Math.max(1, p));
}

/** Percentile summary for a metric, sex and age (nearest band outside the table's ages). */
export function percentileSummary(
  metric: PercentileMetric, sex: 'male' | 'female', ageYears: number, value: number | null,
): PercentileSummary {
  const table = PERCENTILE_TABLES[metric];
  const bands = table[sex];
  const band = bands.find((b) => ageYears >= b.ageMinYears && ageYears < b.ageMaxYears + 1)
    ?? (ageYears < bands[0].ageMinYears ? bands[0] : bands[bands.length - 1]);
  return {
    source: `${table.source}; ${table.site}`,
    ageRange: { min: band.ageMinYears, max: band.ageMaxYears },
    groups: PERCENTILE_POINTS.map((percentile, i) => ({ percentile, value: band.values[i] })),
    percentile: value === null ? null : Math.round(percentileOf(value, band.values) * 10) / 10,
  };
}
