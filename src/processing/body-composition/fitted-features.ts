/**
 * Feature vectors of the regressions we fit on NHANES 1999–2004 DXA (scripts/fit-body-composition.ts).
 * The fitting script and the runtime both build features here, so they cannot drift apart.
 * Inputs in SI: height and waist in metres, weight in kg, age in years; `male` is 1 or 0.
 * The waist is the NHANES site (just above the right iliac crest); at runtime we feed waistNavyFit
 * (navel), the nearest of our sites (docs/body-composition-fit.md).
 */
export interface FittedInput {
  male: 0 | 1;
  ageYears: number;
  heightM: number;
  weightKg: number;
  waistM: number;
}

/** NHANES adults in the training file are 18–85 y (85 = top-coded); ages are clamped to it. */
export const FIT_AGE_RANGE_YEARS = [18, 85] as const;

const clampAge = (ageYears: number): number =>
  Math.min(FIT_AGE_RANGE_YEARS[1], Math.max(FIT_AGE_RANGE_YEARS[0], ageYears));

/** Each base term followed by its interaction with male sex. */
function withSexInteractions(male: 0 | 1, terms: readonly number[]): number[] {
  return terms.flatMap((term) => [term, term * male]);
}

function withSexInteractionNames(names: readonly string[]): string[] {
  return names.flatMap((name) => [name, `${name}*male`]);
}

/** coco2 %BF terms: age, age², 1/BMI, height/waist, ln waist, ln weight, ln height, BMI; all × sex. */
export const COCO2_FEATURE_NAMES = withSexInteractionNames(
  ['1', 'age', 'age^2', '1/bmi', 'height/waist', 'ln(waist_m)', 'ln(weight_kg)', 'ln(height_m)', 'bmi'],
);

export function coco2Features(input: FittedInput): number[] {
  const age = clampAge(input.ageYears);
  const bmi = input.weightKg / input.heightM ** 2;
  return withSexInteractions(input.male, [
    1, age, age * age, 1 / bmi, input.heightM / input.waistM,
    Math.log(input.waistM), Math.log(input.weightKg), Math.log(input.heightM), bmi,
  ]);
}

/** coco_bri %BF terms: BRI, ln BRI, age, age²; all × sex. */
export const COCO_BRI_FEATURE_NAMES = withSexInteractionNames(['1', 'bri', 'ln(bri)', 'age', 'age^2']);

export function cocoBriFeatures(input: { male: 0 | 1; ageYears: number; bri: number }): number[] {
  const age = clampAge(input.ageYears);
  const bri = Math.max(input.bri, 0.1);
  return withSexInteractions(input.male, [1, bri, Math.log(bri), age, age * age]);
}

/** Appendicular lean mass (kg) terms: age, age², height, weight, waist, weight/waist, height·weight; × sex. */
export const ALM_FEATURE_NAMES = withSexInteractionNames(
  ['1', 'age', 'age^2', 'height_m', 'weight_kg', 'waist_m', 'weight/waist', 'height*weight'],
);

export function almFeatures(input: FittedInput): number[] {
  const age = clampAge(input.ageYears);
  return withSexInteractions(input.male, [
    1, age, age * age, input.heightM, input.weightKg, input.waistM,
    input.weightKg / input.waistM, input.heightM * input.weightKg,
  ]);
}

/** Trunk share of fat mass (DXA trunk fat / total fat, 0–1): same terms as coco2. */
export const TRUNK_FAT_SHARE_FEATURE_NAMES = COCO2_FEATURE_NAMES;
export const trunkFatShareFeatures = coco2Features;
