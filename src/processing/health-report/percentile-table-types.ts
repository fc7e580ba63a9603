/** Shape of the generated percentile tables (percentile-tables.ts). */
export interface PercentileBand {
  ageMinYears: number;
  ageMaxYears: number;
  /** Sample size of the band. */
  n: number;
  /** Values at PERCENTILE_POINTS, ascending. */
  values: readonly number[];
}

export interface PercentileTable {
  unit: string;
  source: string;
  site: string;
  male: readonly PercentileBand[];
  female: readonly PercentileBand[];
}

export type PercentileMetric =
  | 'bodyFatPercentage' | 'waistCircumference' | 'fatMass' | 'leanMass' | 'appendicularLeanMass'
  | 'waistToHipRatio' | 'waistToHeightRatio';

export type PercentileTables = Record<PercentileMetric, PercentileTable>;
