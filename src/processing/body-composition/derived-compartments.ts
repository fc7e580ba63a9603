/**
 * Compartments derived from %BF for one binary sex (docs/body-composition.md, "Derived fields"):
 * fatMass = weight·%BF/100; leanMass = weight − fatMass (FAT-FREE mass, bone included);
 * VAT = fitted trunk share × fat mass × published VAT/trunk-fat ratio; ALM fitted on NHANES limb lean;
 * skeletal muscle from ALM via Kim 2002. Percentages are of body mass. Masses kg.
 */
import type { Bodyfat, BodyfatMethod, PersonAtScan } from '../../domain/body-composition.ts';
import type { BinarySex } from './navy-circumference.ts';
import { appendicularLeanMassKg, visceralFatMassKg } from './fitted-models.ts';
import { kimSkeletalMuscleMassKg } from './skeletal-muscle.ts';

const percentOf = (partKg: number | null, weightKg: number): number | null =>
  partKg === null ? null : (100 * partKg) / weightKg;

export function deriveCompartments(
  method: BodyfatMethod, sex: BinarySex, person: PersonAtScan, percentFat: number | null, nhanesWaistM: number | null,
): Bodyfat {
  const fatMass = percentFat === null ? null : (person.weightKg * percentFat) / 100;
  const leanMass = fatMass === null ? null : person.weightKg - fatMass;
  const fitted = nhanesWaistM === null ? null : {
    male: (sex === 'male' ? 1 : 0) as 0 | 1, ageYears: person.ageYears, heightM: person.heightM,
    weightKg: person.weightKg, waistM: nhanesWaistM,
  };
  const vatMass = fitted === null || fatMass === null ? null : visceralFatMassKg(fitted, fatMass);
  let alm = fitted === null ? null : appendicularLeanMassKg(fitted);
  // ALM cannot exceed the method's fat-free mass (DXA ALM is ~25–35 % of it).
  if (alm !== null && leanMass !== null) alm = Math.min(alm, leanMass);
  const smm = alm === null ? null : kimSkeletalMuscleMassKg(sex, alm, person.ageYears);
  return {
    bodyfatMethod: method,
    bodyfatPercentage: percentFat,
    leanMassPercentage: percentFat === null ? null : 100 - percentFat,
    fatMass,
    leanMass,
    vatPercentage: percentOf(vatMass, person.weightKg),
    vatMass,
    appendicularLeanMassPercentage: percentOf(alm, person.weightKg),
    appendicularLeanMass: alm,
    skeletalMuscleMassPercentage: percentOf(smm, person.weightKg),
    skeletalMuscleMass: smm,
  };
}
