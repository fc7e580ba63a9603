/**
 * %BF of one binary sex for each bodyfatMethod except `adam` (which picks one of these).
 * Measurements arrive in metres (and m^3); each equation converts at its own edge.
 * Returns null when a required input is missing. Definitions and citations: docs/body-composition.md.
 */
import type { Measurements } from '../../domain/measurements.ts';
import type { BodyfatMethod, PersonAtScan } from '../../domain/body-composition.ts';
import { positiveMeasurement, metresToCentimetres, metresToInches, kilogramsToPounds, LITRES_PER_CUBIC_METRE } from './units.ts';
import { navyInchFormPercent, hodgdonBeckettDensity, type BinarySex } from './navy-circumference.ts';
import { siriPercentFromDensity } from './density-to-fat.ts';
import { army2023OneSitePercent } from './army-2023.ts';
import { relativeFatMassPercent } from './relative-fat-mass.ts';
import { cunBaePercent, bodyMassIndex } from './cun-bae.ts';
import { coco2Percent, cocoBriPercent } from './fitted-models.ts';
import { bodyGasVolumeL } from './lung-volume.ts';

export type SingleMethod = Exclude<BodyfatMethod, 'adam'>;
type Estimator = (sex: BinarySex, person: PersonAtScan, m: Partial<Measurements>) => number | null;

/** Waist at the NHANES site (iliac crest): our nearest site is the navel girth; natural waist as fallback. */
export function nhanesSiteWaistM(m: Partial<Measurements>): number | null {
  return positiveMeasurement(m, 'waistNavyFit') ?? positiveMeasurement(m, 'waistFit');
}

const male01 = (sex: BinarySex): 0 | 1 => (sex === 'male' ? 1 : 0);

function coco2(sex: BinarySex, p: PersonAtScan, m: Partial<Measurements>): number | null {
  const waistM = nhanesSiteWaistM(m);
  return waistM === null ? null : coco2Percent({ male: male01(sex), ageYears: p.ageYears, heightM: p.heightM, weightKg: p.weightKg, waistM });
}

/** Weight of the volume-derived estimate in the coco2_oc blend (our rule; docs/body-composition.md). */
export const COCO2_OC_VOLUME_WEIGHT = 0.2;
/** Densities outside this range (g/cm^3) are treated as scan errors and the volume term is dropped. */
export const PLAUSIBLE_DENSITY_G_PER_CM3 = [0.95, 1.1] as const;

/** Siri %BF from scan volume: Db = mass / (V − gas), gas = Crapo FRC + ½ tidal + GI gas. Null if implausible. */
export function volumeDensityPercent(sex: BinarySex, p: PersonAtScan, m: Partial<Measurements>): number | null {
  const volumeM3 = positiveMeasurement(m, 'fullBodyVolume');
  if (volumeM3 === null) return null;
  const tissueL = volumeM3 * LITRES_PER_CUBIC_METRE - bodyGasVolumeL(sex, metresToCentimetres(p.heightM), p.ageYears);
  if (tissueL <= 0) return null;
  const density = p.weightKg / tissueL; // kg/L = g/cm^3
  if (density < PLAUSIBLE_DENSITY_G_PER_CM3[0] || density > PLAUSIBLE_DENSITY_G_PER_CM3[1]) return null;
  return siriPercentFromDensity(density);
}

function coco2Oc(sex: BinarySex, p: PersonAtScan, m: Partial<Measurements>): number | null {
  const base = coco2(sex, p, m);
  const fromVolume = volumeDensityPercent(sex, p, m);
  if (base === null) return fromVolume;
  return fromVolume === null ? base : (1 - COCO2_OC_VOLUME_WEIGHT) * base + COCO2_OC_VOLUME_WEIGHT * fromVolume;
}

function navyInches(sex: BinarySex, p: PersonAtScan, m: Partial<Measurements>): number | null {
  const neck = positiveMeasurement(m, 'neckFit');
  if (neck === null) return null;
  const abdomen = positiveMeasurement(m, 'waistNavyFit');
  const waist = positiveMeasurement(m, 'waistFit');
  const hip = positiveMeasurement(m, 'hipsFit');
  if (sex === 'male' && abdomen === null) return null;
  if (sex === 'female' && (waist === null || hip === null)) return null;
  return navyInchFormPercent(sex, {
    heightIn: metresToInches(p.heightM), neckIn: metresToInches(neck),
    abdomenIn: abdomen === null ? undefined : metresToInches(abdomen),
    waistIn: waist === null ? undefined : metresToInches(waist),
    hipIn: hip === null ? undefined : metresToInches(hip),
  });
}

function hodgdonBeckett(sex: BinarySex, p: PersonAtScan, m: Partial<Measurements>): number | null {
  const neck = positiveMeasurement(m, 'neckFit');
  if (neck === null) return null;
  const abdomen = positiveMeasurement(m, 'waistNavyFit');
  const waist = positiveMeasurement(m, 'waistFit');
  const hip = positiveMeasurement(m, 'hipsFit');
  const density = hodgdonBeckettDensity(sex, {
    heightCm: metresToCentimetres(p.heightM), neckCm: metresToCentimetres(neck),
    abdomenCm: abdomen === null ? undefined : metresToCentimetres(abdomen),
    waistCm: waist === null ? undefined : metresToCentimetres(waist),
    hipCm: hip === null ? undefined : metresToCentimetres(hip),
  });
  return density === null ? null : siriPercentFromDensity(density);
}

/** Lean-range rule of extended_navy_thinboost: Navy below this %BF is blended towards CUN-BAE. */
export const THINBOOST_THRESHOLD_PERCENT = { male: 10, female: 18 } as const;
/** Floor: lower bound of ACE "essential fat" (men 2, women 10 %BF). */
export const ESSENTIAL_FAT_PERCENT = { male: 2, female: 10 } as const;

function thinboost(sex: BinarySex, p: PersonAtScan, m: Partial<Measurements>): number | null {
  const navy = navyInches(sex, p, m);
  if (navy === null) return null;
  const threshold = THINBOOST_THRESHOLD_PERCENT[sex];
  if (navy >= threshold) return navy;
  // Blend weight rises linearly from 0 at the threshold to 0.5 five points below it.
  const weight = Math.min(0.5, (threshold - navy) / 10);
  const blended = (1 - weight) * navy + weight * cunBaePercent(sex, p.ageYears, bodyMassIndex(p.weightKg, p.heightM));
  return Math.max(ESSENTIAL_FAT_PERCENT[sex], blended);
}

export const PERCENT_FAT_METHODS: Record<SingleMethod, Estimator> = {
  coco2,
  coco2_oc: coco2Oc,
  coco: (sex, p, m) => {
    const waistM = nhanesSiteWaistM(m);
    return waistM === null ? null : relativeFatMassPercent(sex, p.heightM, waistM);
  },
  coco_bri: (sex, p, m) => {
    const waistM = nhanesSiteWaistM(m);
    return waistM === null ? null : cocoBriPercent({ male: male01(sex), ageYears: p.ageYears, heightM: p.heightM, waistM });
  },
  coco_legacy: hodgdonBeckett,
  tina_fit: (sex, p) => cunBaePercent(sex, p.ageYears, bodyMassIndex(p.weightKg, p.heightM)),
  army: (sex, p, m) => {
    const abdomen = positiveMeasurement(m, 'waistNavyFit');
    return abdomen === null ? null : army2023OneSitePercent(sex, kilogramsToPounds(p.weightKg), metresToInches(abdomen));
  },
  army_athlete: navyInches,
  extended_navy_thinboost: thinboost,
};
