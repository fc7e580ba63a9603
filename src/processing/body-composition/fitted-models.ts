/**
 * Our NHANES-fitted regressions (coefficients in fitted-coefficients.ts, written by
 * scripts/fit-body-composition.ts; report in docs/body-composition-fit.md). SI inputs.
 */
import { dot } from '../statistics/least-squares.ts';
import { bodyRoundnessIndex } from './body-roundness-index.ts';
import {
  ALM_COEFFICIENTS, COCO2_COEFFICIENTS, COCO_BRI_COEFFICIENTS, TRUNK_FAT_SHARE_COEFFICIENTS, VAT_TO_TRUNK_FAT_ANCHORS,
} from './fitted-coefficients.ts';
import { almFeatures, coco2Features, cocoBriFeatures, type FittedInput } from './fitted-features.ts';

/** coco2: %BF from sex, age (y), height (m), weight (kg), waist at the NHANES site (m). */
export function coco2Percent(input: FittedInput): number {
  return dot(coco2Features(input), COCO2_COEFFICIENTS);
}

/** coco_bri: %BF from the Body Roundness Index (of waist and height in m), age and sex; null if BRI undefined. */
export function cocoBriPercent(input: { male: 0 | 1; ageYears: number; heightM: number; waistM: number }): number | null {
  const bri = bodyRoundnessIndex(input.waistM, input.heightM);
  return bri === null ? null : dot(cocoBriFeatures({ male: input.male, ageYears: input.ageYears, bri }), COCO_BRI_COEFFICIENTS);
}

/** Appendicular lean mass (DXA limb lean soft tissue), kg. */
export function appendicularLeanMassKg(input: FittedInput): number {
  return Math.max(0, dot(almFeatures(input), ALM_COEFFICIENTS));
}

/** DXA trunk fat as a share (0–1) of total fat, clamped to [0.2, 0.8]. */
export function trunkFatShare(input: FittedInput): number {
  return Math.min(0.8, Math.max(0.2, dot(coco2Features(input), TRUNK_FAT_SHARE_COEFFICIENTS)));
}

/** VAT mass / trunk fat mass at this age and sex: linear between anchors, flat outside. */
export function vatToTrunkFatRatio(male: 0 | 1, ageYears: number): number {
  const anchors = VAT_TO_TRUNK_FAT_ANCHORS;
  const value = (i: number) => (male === 1 ? anchors[i].male : anchors[i].female);
  if (ageYears <= anchors[0].ageYears) return value(0);
  for (let i = 1; i < anchors.length; i++) {
    if (ageYears <= anchors[i].ageYears) {
      const t = (ageYears - anchors[i - 1].ageYears) / (anchors[i].ageYears - anchors[i - 1].ageYears);
      return value(i - 1) + t * (value(i) - value(i - 1));
    }
  }
  return value(anchors.length - 1);
}

/** Visceral fat mass, kg: fitted trunk share × fat mass (kg) × published VAT/trunk-fat ratio (docs/body-composition-fit.md). */
export function visceralFatMassKg(input: FittedInput, fatMassKg: number): number {
  return trunkFatShare(input) * fatMassKg * vatToTrunkFatRatio(input.male, input.ageYears);
}
