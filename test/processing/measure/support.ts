// Shared fixtures for the measure tests: a fixed set of synthetic bodies and the ISO 20685-1 rule.
import type { CircumferenceField } from '../../../src/domain/measurements.ts';
import type { SyntheticBody } from '../../../src/processing/synthetic-body/generate.ts';
import { makeSyntheticBody } from '../../../src/processing/synthetic-body/generate.ts';

/** ISO 20685-1 limits (m) on the 95% CI of the mean error: ±9 mm large girths, ±4 mm small ones. */
export const LARGE_LIMIT_M = 0.009;
export const SMALL_LIMIT_M = 0.004;

/**
 * Limit per field. ISO 20685-1 (docs/accuracy.md) counts chest, waist, hip, thigh as large and neck, arm, wrist, calf,
 * ankle as small; the other torso girths (shoulder, upper/lower chest, navel waist, stomach) are
 * judged as large girths and upper/lower thigh as thigh girths.
 */
export function isoLimitM(field: CircumferenceField): number {
  return /^(neck|midArm|lowerArm|forearm|wrist|calf|ankle)/.test(field) ? SMALL_LIMIT_M : LARGE_LIMIT_M;
}

/** Eight bodies: both sexes, lean to obese, 1.55–1.92 m. Cached per process (generation ~1 s each). */
const BODY_SPECS = [
  { sex: 'male', heightM: 1.78, fatness: 0.5, seed: 1 },
  { sex: 'female', heightM: 1.63, fatness: 0.4, seed: 2 },
  { sex: 'male', heightM: 1.92, fatness: 0.05, seed: 3 },
  { sex: 'female', heightM: 1.55, fatness: 0.95, seed: 4 },
  { sex: 'male', heightM: 1.70, fatness: 1.0, seed: 5 },
  { sex: 'female', heightM: 1.74, fatness: 0.0, seed: 6 },
  { sex: 'male', heightM: 1.84, fatness: 0.75, seed: 7 },
  { sex: 'female', heightM: 1.68, fatness: 0.7, seed: 8 },
] as const;

let cache: SyntheticBody[] | null = null;
export function bodySet(): SyntheticBody[] {
  cache ??= BODY_SPECS.map((spec) => makeSyntheticBody({ ...spec }));
  return cache;
}

/** Two-sided Student t quantile for 95% confidence, by degrees of freedom (table, df 1–30). */
const T95 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042];

/** Mean error and the half-width of its 95% confidence interval (same unit as errors). */
export function meanCi95(errors: number[]): { mean: number; half: number; lo: number; hi: number } {
  const n = errors.length;
  const mean = errors.reduce((s, e) => s + e, 0) / n;
  const sd = Math.sqrt(errors.reduce((s, e) => s + (e - mean) ** 2, 0) / Math.max(1, n - 1));
  const half = (T95[Math.min(n - 2, T95.length - 1)] * sd) / Math.sqrt(n);
  return { mean, half, lo: mean - half, hi: mean + half };
}
