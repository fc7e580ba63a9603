/**
 * Entry point: the Bodyfat resource for one method, person and scan.
 * person: sex, age (y), height (m), weight (kg). measurements: circumferences in METRES,
 * fullBodyVolume in m^3 (each equation converts to its own units). Sex neutral/undefined: every
 * field is the mean of the male and female results (docs/body-composition.md); null if either is null.
 */
import type { Bodyfat, BodyfatMethod, PersonAtScan } from '../../domain/body-composition.ts';
import type { Measurements } from '../../domain/measurements.ts';
import type { BinarySex } from './navy-circumference.ts';
import { PERCENT_FAT_METHODS, nhanesSiteWaistM, type SingleMethod } from './percent-fat-methods.ts';
import { chooseAdamMethod } from './adam-rule.ts';
import { deriveCompartments } from './derived-compartments.ts';

/** Reported %BF is clamped to this range (equations extrapolate badly beyond it). */
export const REPORTED_PERCENT_FAT_RANGE = [2, 70] as const;

export type BodyfatResult = Bodyfat & { methodUsed?: string };

const clampPercent = (value: number | null): number | null =>
  value === null || !Number.isFinite(value)
    ? null
    : Math.min(REPORTED_PERCENT_FAT_RANGE[1], Math.max(REPORTED_PERCENT_FAT_RANGE[0], value));

function forBinarySex(method: BodyfatMethod, sex: BinarySex, person: PersonAtScan, m: Partial<Measurements>): { bodyfat: Bodyfat; used: SingleMethod } {
  const used: SingleMethod = method === 'adam' ? chooseAdamMethod(sex, person, m) : method;
  const percentFat = clampPercent(PERCENT_FAT_METHODS[used](sex, person, m));
  return { bodyfat: deriveCompartments(method, sex, person, percentFat, nhanesSiteWaistM(m)), used };
}

function meanOrNull(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : (a + b) / 2;
}

export function computeBodyfat(method: BodyfatMethod, person: PersonAtScan, measurements: Partial<Measurements>): BodyfatResult {
  if (!(person.weightKg > 0) || !(person.heightM > 0) || !Number.isFinite(person.ageYears)) {
    throw new RangeError('computeBodyfat needs weightKg > 0, heightM > 0 and a finite ageYears');
  }
  if (person.sex === 'male' || person.sex === 'female') {
    const { bodyfat, used } = forBinarySex(method, person.sex, person, measurements);
    return method === 'adam' ? { ...bodyfat, methodUsed: used } : bodyfat;
  }
  const male = forBinarySex(method, 'male', person, measurements);
  const female = forBinarySex(method, 'female', person, measurements);
  const keys = Object.keys(male.bodyfat).filter((k) => k !== 'bodyfatMethod') as (keyof Omit<Bodyfat, 'bodyfatMethod'>)[];
  const averaged = Object.fromEntries(keys.map((k) => [k, meanOrNull(male.bodyfat[k], female.bodyfat[k])]));
  const result = { bodyfatMethod: method, ...averaged } as Bodyfat;
  if (method !== 'adam') return result;
  const methodUsed = male.used === female.used ? male.used : `male: ${male.used}, female: ${female.used}`;
  return { ...result, methodUsed };
}
