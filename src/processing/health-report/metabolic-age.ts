/**
 * "Metabolic age" is a vendor construct, not science (docs/health-report.md). OUR definition: the age at
 * which Mifflin–St Jeor (weight, height, sex) predicts the same BMR as Katch–McArdle from the
 * measured fat-free mass: age = (10·W + 6.25·H(cm) + s − BMR_KM) / 5, clamped to 18–90 years.
 * Band from the ratio BMR_KM / BMR_Mifflin(actual age): < 0.95 lower, 0.95–1.05 typical, > 1.05 higher.
 */
import { katchMcArdleBmrKcalPerDay, mifflinSexConstant, mifflinStJeorBmrKcalPerDay, type SexForEquations } from './metabolism.ts';

export const METABOLIC_AGE_RANGE_YEARS = [18, 90] as const;

export interface MetabolicAgeReport {
  metabolicAgeYears: number | null;
  chronologicalAgeYears: number;
  /** Katch–McArdle BMR / Mifflin–St Jeor BMR at the chronological age. */
  bmrRatio: number | null;
  label: { groups: { name: string; min: number | null; max: number | null }[]; group: string | null } | null;
  definition: string;
}

export function buildMetabolicAgeReport(input: {
  sex: SexForEquations; weightKg: number; heightM: number; ageYears: number; fatFreeMassKg: number | null;
}): MetabolicAgeReport {
  const definition = 'Our definition: the age at which Mifflin–St Jeor predicts your Katch–McArdle BMR; not a clinical measure.';
  if (input.fatFreeMassKg === null) {
    return { metabolicAgeYears: null, chronologicalAgeYears: input.ageYears, bmrRatio: null, label: null, definition };
  }
  const bmrLean = katchMcArdleBmrKcalPerDay(input.fatFreeMassKg);
  const raw = (10 * input.weightKg + 625 * input.heightM + mifflinSexConstant(input.sex) - bmrLean) / 5;
  const metabolicAgeYears = Math.round(Math.min(METABOLIC_AGE_RANGE_YEARS[1], Math.max(METABOLIC_AGE_RANGE_YEARS[0], raw)));
  const ratio = bmrLean / mifflinStJeorBmrKcalPerDay(input.sex, input.weightKg, input.heightM, input.ageYears);
  const groups = [{ name: 'lower', min: null, max: 0.95 }, { name: 'typical', min: 0.95, max: 1.05 }, { name: 'higher', min: 1.05, max: null }];
  const group = ratio < 0.95 ? 'lower' : ratio <= 1.05 ? 'typical' : 'higher';
  const binary = input.sex === 'male' || input.sex === 'female';
  return {
    metabolicAgeYears, chronologicalAgeYears: input.ageYears, bmrRatio: Math.round(ratio * 1000) / 1000,
    label: binary ? { groups, group } : null, definition,
  };
}
