/**
 * `adam`: our automatic choice (a heuristic, not a validated classifier). Circumference-only
 * regressions such as coco2 read extra muscle as extra fat; the DoD multi-site equation's neck term
 * credits muscular builds. So adam uses `army_athlete` when the scan looks athletic, else `coco2`.
 * Athletic = fat-free-mass index from coco2 ≥ 20 kg/m² (men) / 16.5 (women) AND chestFit/waistFit
 * ≥ 1.30 (men) / 1.35 (women), and army_athlete's inputs exist.
 */
import type { Measurements } from '../../domain/measurements.ts';
import type { PersonAtScan } from '../../domain/body-composition.ts';
import type { BinarySex } from './navy-circumference.ts';
import { positiveMeasurement } from './units.ts';
import { PERCENT_FAT_METHODS, type SingleMethod } from './percent-fat-methods.ts';

export const ADAM_ATHLETIC_FFMI_KG_PER_M2 = { male: 20, female: 16.5 } as const;
export const ADAM_ATHLETIC_CHEST_TO_WAIST = { male: 1.3, female: 1.35 } as const;

export function chooseAdamMethod(sex: BinarySex, person: PersonAtScan, m: Partial<Measurements>): SingleMethod {
  const coco2 = PERCENT_FAT_METHODS.coco2(sex, person, m);
  const athlete = PERCENT_FAT_METHODS.army_athlete(sex, person, m);
  const chest = positiveMeasurement(m, 'chestFit');
  const waist = positiveMeasurement(m, 'waistFit');
  if (coco2 === null || athlete === null || chest === null || waist === null) return 'coco2';
  const ffmi = (person.weightKg * (1 - coco2 / 100)) / person.heightM ** 2;
  const athletic = ffmi >= ADAM_ATHLETIC_FFMI_KG_PER_M2[sex] && chest / waist >= ADAM_ATHLETIC_CHEST_TO_WAIST[sex];
  return athletic ? 'army_athlete' : 'coco2';
}
