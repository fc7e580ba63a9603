/**
 * Body shape prediction (docs/body-shape-prediction.md). Masses kg, girths METRES,
 * volume m^3. Steps:
 * 1. Target weight: FM on the person's Forbes curve (Hall 2007 closed form, Lambert W); FFM = BW − FM.
 *    Target %BF: the weight on the same curve where FM/BW = target.
 * 2. Girths: Δgirth = ANSUR II per-kg slope (by sex) × ΔBW × (ΔFM/ΔBW) / (population fat share).
 * 3. VAT = VAT0·(FM/FM0)^1.3 (Hall & Hallgreen 2008). ALM scales with FFM; SMM follows Kim 2002 (dSM = 1.13·dALM).
 * 4. Volume: ΔV = ΔFM/0.900 + ΔFFM/1.100 litres (Siri's compartment densities). WHR and BRI move by
 *    the change of their formula (WHR = waistFit/hipsFit; BRI of waistFit and height).
 * Sex neutral/undefined: girth slopes are the mean of the male and female tables.
 */
import type { Bodyfat, PersonAtScan } from '../../domain/body-composition.ts';
import { CIRCUMFERENCE_FIELDS, type Measurements, type CircumferenceField } from '../../domain/measurements.ts';
import { bodyRoundnessIndex } from '../body-composition/body-roundness-index.ts';
import { forbesFatMassKg, forbesWeightForPercentFat } from './forbes-hall.ts';
import { GIRTH_SLOPES } from './girth-slopes-tables.ts';
import { PredictionInputError } from './prediction-error.ts';

export type PredictionType = 'weight_loss' | 'weight_gain';

export interface PredictBodyInput {
  person: PersonAtScan;
  measurements: Measurements;
  bodyfat: Bodyfat;
  predictionType: PredictionType;
  targetWeightKg?: number;
  targetBodyfatPercent?: number;
}

export interface PredictedBody {
  predictedWeightKg: number;
  composition: Bodyfat;
  measurements: Measurements;
  change: { weightKg: number; fatMassKg: number; fatFreeMassKg: number; fatShareOfChange: number | null };
}

/** VAT allometry exponent (Hall & Hallgreen 2008, k = 1.3 ± 0.1). */
export const VAT_ALLOMETRY_EXPONENT = 1.3;
/** Plausible adult BMI range (kg/m²) for a predicted body; outside it the target is refused. */
export const PREDICTABLE_BMI_RANGE = [13, 70] as const;
/** Plausible predicted %BF range: ACE essential fat lower bound (men 2, women 10) to 70. */
export const PREDICTABLE_PERCENT_FAT = { male: [2, 70], female: [10, 70], neutral: [6, 70] } as const;
const FAT_DENSITY_KG_PER_L = 0.9;
const FAT_FREE_DENSITY_KG_PER_L = 1.1;

type SlopeKey = keyof (typeof GIRTH_SLOPES)['male']['metresPerKg'];
function slopeKeyOf(field: CircumferenceField): SlopeKey {
  return field.replace(/(Left|Right)Fit$/, '') as SlopeKey;
}

function slopeFor(sex: PersonAtScan['sex'], field: CircumferenceField): { metresPerKg: number; referenceFatShare: number } {
  const key = slopeKeyOf(field);
  if (sex === 'male' || sex === 'female') {
    return { metresPerKg: GIRTH_SLOPES[sex].metresPerKg[key], referenceFatShare: GIRTH_SLOPES[sex].referenceFatShare };
  }
  return {
    metresPerKg: (GIRTH_SLOPES.male.metresPerKg[key] + GIRTH_SLOPES.female.metresPerKg[key]) / 2,
    referenceFatShare: (GIRTH_SLOPES.male.referenceFatShare + GIRTH_SLOPES.female.referenceFatShare) / 2,
  };
}

function resolveTargetWeight(input: PredictBodyInput, current: { fatMassKg: number; fatFreeMassKg: number }, currentPercent: number): number {
  const { targetWeightKg, targetBodyfatPercent, predictionType, person } = input;
  const hasWeight = targetWeightKg !== undefined && targetWeightKg !== null;
  const hasFat = targetBodyfatPercent !== undefined && targetBodyfatPercent !== null;
  if (hasWeight === hasFat) {
    throw new PredictionInputError('exactly one of targetWeight and targetBodyfat must be given');
  }
  const losing = predictionType === 'weight_loss';
  if (hasWeight) {
    if (!Number.isFinite(targetWeightKg) || targetWeightKg! < 1) throw new PredictionInputError('targetWeight must be a number of at least 1 kg');
    if (losing ? targetWeightKg! > person.weightKg : targetWeightKg! < person.weightKg) {
      throw new PredictionInputError(`targetWeight ${targetWeightKg} kg is ${losing ? 'above' : 'below'} the current weight ${round1(person.weightKg)} kg: `
        + `a ${predictionType} prediction needs a target ${losing ? 'at or below' : 'at or above'} it`);
    }
    return targetWeightKg!;
  }
  if (!Number.isFinite(targetBodyfatPercent) || targetBodyfatPercent! < 1) throw new PredictionInputError('targetBodyfat must be a percentage of at least 1');
  if (losing ? targetBodyfatPercent! > currentPercent : targetBodyfatPercent! < currentPercent) {
    throw new PredictionInputError(`targetBodyfat ${targetBodyfatPercent} % is ${losing ? 'above' : 'below'} the current ${round1(currentPercent)} %: `
      + `a ${predictionType} prediction needs a target ${losing ? 'at or below' : 'at or above'} it`);
  }
  return Math.abs(targetBodyfatPercent! - currentPercent) < 1e-9 ? person.weightKg : forbesWeightForPercentFat(current, targetBodyfatPercent!);
}

const round1 = (v: number) => Math.round(v * 10) / 10;

export function predictBody(input: PredictBodyInput): PredictedBody {
  const { person, measurements, bodyfat } = input;
  if (bodyfat.bodyfatPercentage === null || bodyfat.fatMass === null || bodyfat.leanMass === null) {
    throw new PredictionInputError('the scan has no body fat estimate for its method, so no prediction can be made');
  }
  const current = { fatMassKg: bodyfat.fatMass, fatFreeMassKg: bodyfat.leanMass };
  const targetWeightKg = resolveTargetWeight(input, current, bodyfat.bodyfatPercentage);
  const fatMassKg = targetWeightKg === person.weightKg ? current.fatMassKg : forbesFatMassKg(current, targetWeightKg);
  const fatFreeMassKg = targetWeightKg - fatMassKg;
  const percentFat = (100 * fatMassKg) / targetWeightKg;
  const fatRange = PREDICTABLE_PERCENT_FAT[person.sex === 'male' || person.sex === 'female' ? person.sex : 'neutral'];
  const current0 = bodyfat.bodyfatPercentage;
  if ((percentFat < fatRange[0] - 1e-9 && percentFat < current0 - 1e-9) || (percentFat > fatRange[1] && percentFat > current0 + 1e-9)) {
    throw new PredictionInputError(`the target gives ${round1(percentFat)} % body fat, outside the physiological ${fatRange[0]}–${fatRange[1]} %`);
  }

  const bmi = targetWeightKg / person.heightM ** 2;
  if (bmi < PREDICTABLE_BMI_RANGE[0] || bmi > PREDICTABLE_BMI_RANGE[1]) {
    throw new PredictionInputError(`the target gives a BMI of ${round1(bmi)} kg/m², outside the predictable ${PREDICTABLE_BMI_RANGE[0]}–${PREDICTABLE_BMI_RANGE[1]}`);
  }
  const deltaWeight = targetWeightKg - person.weightKg;
  const deltaFat = fatMassKg - current.fatMassKg;
  const deltaLean = fatFreeMassKg - current.fatFreeMassKg;
  const fatShare = deltaWeight === 0 ? null : deltaFat / deltaWeight;

  const predicted = { ...measurements };
  for (const field of CIRCUMFERENCE_FIELDS) {
    const { metresPerKg, referenceFatShare } = slopeFor(person.sex, field);
    const change = deltaWeight === 0 ? 0 : metresPerKg * deltaWeight * ((fatShare as number) / referenceFatShare);
    predicted[field] = Math.max(measurements[field] * 0.5, measurements[field] + change);
  }
  // Derived fields move by their change, so the scan's own values (and any offset in them) are kept.
  predicted.waistToHipRatio = measurements.waistToHipRatio
    * (predicted.waistFit / measurements.waistFit) / (predicted.hipsFit / measurements.hipsFit);
  const briBefore = bodyRoundnessIndex(measurements.waistFit, person.heightM);
  const briAfter = bodyRoundnessIndex(predicted.waistFit, person.heightM);
  predicted.bodyRoundnessIndex = briBefore === null || briAfter === null
    ? measurements.bodyRoundnessIndex : measurements.bodyRoundnessIndex + (briAfter - briBefore);
  predicted.bmiPredicted = measurements.bmiPredicted * (targetWeightKg / person.weightKg);
  predicted.fullBodyVolume = measurements.fullBodyVolume
    + (deltaFat / FAT_DENSITY_KG_PER_L + deltaLean / FAT_FREE_DENSITY_KG_PER_L) / 1000;

  const scaleOrNull = (value: number | null, factor: number) => (value === null ? null : value * factor);
  const vatMass = scaleOrNull(bodyfat.vatMass, current.fatMassKg > 0 ? (fatMassKg / current.fatMassKg) ** VAT_ALLOMETRY_EXPONENT : 1);
  const alm = scaleOrNull(bodyfat.appendicularLeanMass, fatFreeMassKg / current.fatFreeMassKg);
  const smm = bodyfat.skeletalMuscleMass === null || alm === null || bodyfat.appendicularLeanMass === null
    ? null : bodyfat.skeletalMuscleMass + 1.13 * (alm - bodyfat.appendicularLeanMass);
  const percentOfWeight = (kg: number | null) => (kg === null ? null : (100 * kg) / targetWeightKg);
  const composition: Bodyfat = {
    bodyfatMethod: bodyfat.bodyfatMethod,
    bodyfatPercentage: percentFat, leanMassPercentage: 100 - percentFat,
    fatMass: fatMassKg, leanMass: fatFreeMassKg,
    vatMass, vatPercentage: percentOfWeight(vatMass),
    appendicularLeanMass: alm, appendicularLeanMassPercentage: percentOfWeight(alm),
    skeletalMuscleMass: smm, skeletalMuscleMassPercentage: percentOfWeight(smm),
  };
  return {
    predictedWeightKg: targetWeightKg, composition, measurements: predicted,
    change: { weightKg: deltaWeight, fatMassKg: deltaFat, fatFreeMassKg: deltaLean, fatShareOfChange: fatShare },
  };
}
