/**
 * Builds the health report (the interface's nine keys + the market's three newer sections), documented in docs/health-report.md.
 * Inputs: the scan and user summaries the service passes in, the scan's measurements (METRES) and its
 * Bodyfat (kg, %). Sex neutral/undefined: healthLabel and percentile are null in every section.
 * Health labels use each band's own waist site (natural waist ≈ WHO/Ashwell midpoint site = waistFit);
 * percentiles compare the site of the reference table (NHANES iliac crest, ANSUR navel ≈ waistNavyFit).
 */
import type { Bodyfat } from '../../domain/body-composition.ts';
import type { Measurements } from '../../domain/measurements.ts';
import type { HealthLabel, MetricSection, PercentileSummary, ScanSummaryInput, UserSummaryInput } from './health-report-types.ts';
import {
  appendicularLeanBands, bodyFatBands, classify, fatMassBands, leanMassBands, skeletalMuscleIndexBands,
  waistBands, waistToHeightBands, waistToHipBands,
} from './health-bands.ts';
import { percentileSummary } from './percentile-lookup.ts';
import type { PercentileMetric } from './percentile-table-types.ts';
import { buildMetabolismReport, type MetabolismReport } from './metabolism.ts';
import { buildMetabolicAgeReport, type MetabolicAgeReport } from './metabolic-age.ts';

export interface HealthReport {
  scan: ScanSummaryInput;
  user: UserSummaryInput;
  bodyFatPercentageReport: MetricSection & { bodyFatPercentage: number | null };
  leanMassReport: MetricSection & { leanMass: number | null };
  fatMassReport: MetricSection & { fatMass: number | null };
  waistCircumferenceReport: MetricSection & { waistCircumference: number | null };
  waistToHipRatioReport: MetricSection & { waistToHipRatio: number | null };
  waistToHeightRatioReport: MetricSection & { waistToHeightRatio: number | null };
  metabolismReport: MetabolismReport;
  metabolicAgeReport: MetabolicAgeReport;
  appendicularLeanMassReport: MetricSection & { appendicularLeanMass: number | null; appendicularLeanMassIndex: number | null };
  skeletalMuscleMassReport: MetricSection & { skeletalMuscleMass: number | null; skeletalMuscleIndex: number | null };
}

const round = (value: number | null, decimals: number): number | null =>
  value === null || !Number.isFinite(value) ? null : Math.round(value * 10 ** decimals) / 10 ** decimals;
const positive = (value: number | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
const ratio = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : a / b);

export function buildHealthReport(input: {
  scan: ScanSummaryInput; user: UserSummaryInput; measurements: Partial<Measurements>; bodyfat: Bodyfat;
}): HealthReport {
  const { user, measurements: m, bodyfat } = input;
  const sex = user.sex === 'male' || user.sex === 'female' ? user.sex : null;
  const label = (make: () => Parameters<typeof classify>[0], value: number | null): HealthLabel | null =>
    sex === null ? null : classify(make(), value);
  const percentile = (metric: PercentileMetric, value: number | null): PercentileSummary | null =>
    sex === null ? null : percentileSummary(metric, sex, user.ageYears, value);

  const naturalWaist = positive(m.waistFit);
  const navelWaist = positive(m.waistNavyFit) ?? naturalWaist;
  const hips = positive(m.hipsFit);
  const whr = positive(m.waistToHipRatio) ?? ratio(naturalWaist, hips);
  const whtr = ratio(naturalWaist, user.heightM);
  const alm = bodyfat.appendicularLeanMass;
  const smm = bodyfat.skeletalMuscleMass;
  const smi = smm === null ? null : (100 * smm) / user.weightKg;
  const energyInput = { sex: user.sex, weightKg: user.weightKg, heightM: user.heightM, ageYears: user.ageYears, fatFreeMassKg: bodyfat.leanMass };

  return {
    scan: input.scan,
    user: input.user,
    bodyFatPercentageReport: {
      bodyFatPercentage: round(bodyfat.bodyfatPercentage, 1), unit: '%',
      healthLabel: label(() => bodyFatBands(sex!, user.ageYears), bodyfat.bodyfatPercentage),
      percentile: percentile('bodyFatPercentage', bodyfat.bodyfatPercentage),
    },
    leanMassReport: {
      leanMass: round(bodyfat.leanMass, 2), unit: 'kg',
      healthLabel: label(() => leanMassBands(sex!, user.heightM), bodyfat.leanMass),
      percentile: percentile('leanMass', bodyfat.leanMass),
    },
    fatMassReport: {
      fatMass: round(bodyfat.fatMass, 2), unit: 'kg',
      healthLabel: label(() => fatMassBands(sex!, user.heightM), bodyfat.fatMass),
      percentile: percentile('fatMass', bodyfat.fatMass),
    },
    waistCircumferenceReport: {
      waistCircumference: round(naturalWaist, 3), unit: 'm',
      healthLabel: label(() => waistBands(sex!), naturalWaist),
      percentile: percentile('waistCircumference', navelWaist),
    },
    waistToHipRatioReport: {
      waistToHipRatio: round(whr, 3), unit: 'ratio',
      healthLabel: label(() => waistToHipBands(sex!), whr),
      percentile: percentile('waistToHipRatio', ratio(navelWaist, hips)),
    },
    waistToHeightRatioReport: {
      waistToHeightRatio: round(whtr, 3), unit: 'ratio',
      healthLabel: label(() => waistToHeightBands(), whtr),
      percentile: percentile('waistToHeightRatio', ratio(navelWaist, user.heightM)),
    },
    metabolismReport: buildMetabolismReport(energyInput),
    metabolicAgeReport: buildMetabolicAgeReport(energyInput),
    appendicularLeanMassReport: {
      appendicularLeanMass: round(alm, 2), appendicularLeanMassIndex: round(ratio(alm, user.heightM ** 2), 2), unit: 'kg',
      healthLabel: label(() => appendicularLeanBands(sex!, user.heightM), alm),
      percentile: percentile('appendicularLeanMass', alm),
    },
    skeletalMuscleMassReport: {
      skeletalMuscleMass: round(smm, 2), skeletalMuscleIndex: round(smi, 1), unit: 'kg',
      healthLabel: label(() => skeletalMuscleIndexBands(sex!), smi),
      percentile: null,
    },
  };
}
