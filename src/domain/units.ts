import { HEIGHT_BOUNDS_M, WEIGHT_BOUNDS_KG, type Height, type Weight } from './user.ts';

/** Exact conversion factors (NIST): 1 lb = 0.45359237 kg, 1 in = 0.0254 m, 1 ft^3 = 0.028316846592 m^3. */
export const KG_PER_LB = 0.45359237;
export const M_PER_IN = 0.0254;
export const M3_PER_FT3 = 0.028316846592;

export const UNIT_SYSTEMS = ['metric', 'imperial'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];

export function weightInKg(weight: Weight): number {
  return weight.unit === 'kg' ? weight.value : weight.value * KG_PER_LB;
}

export function heightInM(height: Height): number {
  return height.unit === 'm' ? height.value : height.value * M_PER_IN;
}

/** A Weight as registered when no unit system is asked for, else converted to kg (metric) or lb (imperial). */
export function presentWeight(weight: Weight, system: UnitSystem | undefined): Weight {
  if (system === undefined) return weight;
  const kg = weightInKg(weight);
  return system === 'metric' ? { value: kg, unit: 'kg' } : { value: kg / KG_PER_LB, unit: 'lb' };
}

/** A Height as registered when no unit system is asked for, else converted to m (metric) or in (imperial). */
export function presentHeight(height: Height, system: UnitSystem | undefined): Height {
  if (system === undefined) return height;
  const m = heightInM(height);
  return system === 'metric' ? { value: m, unit: 'm' } : { value: m / M_PER_IN, unit: 'in' };
}

/** A length stored in metres, in the unit system's unit (m or in). */
export function presentLengthM(lengthM: number, system: UnitSystem | undefined): number {
  return system === 'imperial' ? lengthM / M_PER_IN : lengthM;
}

/** A mass stored in kg, in the unit system's unit (kg or lb). */
export function presentMassKg(massKg: number, system: UnitSystem | undefined): number {
  return system === 'imperial' ? massKg / KG_PER_LB : massKg;
}

/** A volume stored in m^3, in the unit system's unit (m^3 or ft^3). */
export function presentVolumeM3(volumeM3: number, system: UnitSystem | undefined): number {
  return system === 'imperial' ? volumeM3 / M3_PER_FT3 : volumeM3;
}

/** One problem per Weight/Height outside WEIGHT_BOUNDS_KG / HEIGHT_BOUNDS_M (JSON pointers under `pathPrefix`). */
export function bodySizeProblems(input: { weight?: Weight; height?: Height }, pathPrefix: string): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (input.weight) {
    const kg = weightInKg(input.weight);
    const [low, high] = WEIGHT_BOUNDS_KG;
    if (!(kg >= low && kg <= high)) {
      const bounds = input.weight.unit === 'kg' ? `${low}..${high} kg` : `${round1(low / KG_PER_LB)}..${round1(high / KG_PER_LB)} lb`;
      problems.push({ path: `${pathPrefix}/weight/value`, message: `must be a person's weight: ${bounds}` });
    }
  }
  if (input.height) {
    const m = heightInM(input.height);
    const [low, high] = HEIGHT_BOUNDS_M;
    if (!(m >= low && m <= high)) {
      const bounds = input.height.unit === 'm' ? `${low}..${high} m` : `${round1(low / M_PER_IN)}..${round1(high / M_PER_IN)} in`;
      problems.push({ path: `${pathPrefix}/height/value`, message: `must be a person's height: ${bounds}` });
    }
  }
  return problems;
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
