/** Shape of the health report (documented in docs/health-report.md). */
import type { Sex } from '../../domain/body-composition.ts';

/** One band. min/max in the metric's unit; null = open-ended. */
export interface HealthGroup {
  name: string;
  min: number | null;
  max: number | null;
}

export interface HealthLabel {
  /** Citation of the bands. */
  source: string;
  /** 'min-inclusive': min ≤ value < max. 'max-inclusive': min < value ≤ max (WHO waist: "> 94 cm"). */
  edges: 'min-inclusive' | 'max-inclusive';
  groups: HealthGroup[];
  /** Name of the user's group; null when the value is missing. */
  group: string | null;
}

export interface PercentileSummary {
  source: string;
  /** The age band of the reference table used (years, inclusive). */
  ageRange: { min: number; max: number };
  /** Reference values at fixed percentiles for the user's sex and age band. */
  groups: { percentile: number; value: number }[];
  /** The user's percentile (1–99, interpolated), or null when the value is missing. */
  percentile: number | null;
}

export interface MetricSection {
  unit: string;
  healthLabel: HealthLabel | null;
  percentile: PercentileSummary | null;
}

export interface ScanSummaryInput { id: string; createdAt: string; [key: string]: unknown }
export interface UserSummaryInput { token: string; sex: Sex; ageYears: number; heightM: number; weightKg: number; [key: string]: unknown }
