/**
 * Resting energy (kcal/day) and daily energy targets (docs/health-report.md; sources in docs/references.md).
 * Katch–McArdle: BMR = 370 + 21.6·FFM(kg) [M; same numbers as Cunningham 1991].
 * Mifflin–St Jeor 1990: 10·W(kg) + 6.25·H(cm) − 5·age + 5 (men) / − 161 (women) [M].
 */
export type SexForEquations = 'male' | 'female' | 'neutral' | 'undefined';

export const katchMcArdleBmrKcalPerDay = (fatFreeMassKg: number): number => 370 + 21.6 * fatFreeMassKg;

/** Sex constant of Mifflin–St Jeor; neutral/undefined use the mean of +5 and −161 (= −78). */
export function mifflinSexConstant(sex: SexForEquations): number {
  return sex === 'male' ? 5 : sex === 'female' ? -161 : -78;
}

export function mifflinStJeorBmrKcalPerDay(sex: SexForEquations, weightKg: number, heightM: number, ageYears: number): number {
  return 10 * weightKg + 6.25 * heightM * 100 - 5 * ageYears + mifflinSexConstant(sex);
}

/** Physical activity level used for daily energy: mid-point of FAO/WHO/UNU 2004 "sedentary or light" (1.40–1.69). */
export const ACTIVITY_FACTOR = 1.55;
/** Daily deficit for "cut" (~0.5 kg/week by the classic 7,700 kcal/kg rule, which overstates long-term loss; Hall 2008). */
export const CUT_DELTA_KCAL_PER_DAY = -500;
/** Daily surplus for "build" (a conservative lean-gain surplus; a convention, not a fitted number). */
export const BUILD_DELTA_KCAL_PER_DAY = 250;

export interface MetabolismReport {
  bmrKcalPerDay: number;
  equation: 'katch_mcardle' | 'mifflin_st_jeor';
  activityFactor: number;
  maintainKcalPerDay: number;
  cutKcalPerDay: number;
  buildKcalPerDay: number;
  deltas: { cutKcalPerDay: number; buildKcalPerDay: number };
  source: string;
}

/** Katch–McArdle when fat-free mass is known, else Mifflin–St Jeor; cut never goes below BMR. */
export function buildMetabolismReport(input: {
  sex: SexForEquations; weightKg: number; heightM: number; ageYears: number; fatFreeMassKg: number | null;
}): MetabolismReport {
  const useKatch = input.fatFreeMassKg !== null && input.fatFreeMassKg > 0;
  const bmr = useKatch
    ? katchMcArdleBmrKcalPerDay(input.fatFreeMassKg as number)
    : mifflinStJeorBmrKcalPerDay(input.sex, input.weightKg, input.heightM, input.ageYears);
  const maintain = bmr * ACTIVITY_FACTOR;
  return {
    bmrKcalPerDay: Math.round(bmr),
    equation: useKatch ? 'katch_mcardle' : 'mifflin_st_jeor',
    activityFactor: ACTIVITY_FACTOR,
    maintainKcalPerDay: Math.round(maintain),
    cutKcalPerDay: Math.round(Math.max(bmr, maintain + CUT_DELTA_KCAL_PER_DAY)),
    buildKcalPerDay: Math.round(maintain + BUILD_DELTA_KCAL_PER_DAY),
    deltas: { cutKcalPerDay: CUT_DELTA_KCAL_PER_DAY, buildKcalPerDay: BUILD_DELTA_KCAL_PER_DAY },
    source: useKatch
      ? 'Katch–McArdle (370 + 21.6·fat-free mass); daily energy = BMR × activity factor (FAO/WHO/UNU 2004 PAL)'
      : 'Mifflin–St Jeor 1990 (no fat-free mass available); daily energy = BMR × activity factor (FAO/WHO/UNU 2004 PAL)',
  };
}
