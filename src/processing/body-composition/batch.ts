/**
 * CLI core for `bodyscan body-composition --method M`: one input object -> the Bodyfat output.
 * Input (SI): { sex, ageYears, heightM, weightKg, measurements: { <Measurements field>: number, ... } }
 * with circumferences in metres and fullBodyVolume in m^3. Validation is strict: unknown keys,
 * wrong types and implausible values are all reported together in one BodyCompositionInputError.
 */
import { BODYFAT_METHODS, SEXES, type BodyfatMethod, type PersonAtScan, type Sex } from '../../domain/body-composition.ts';
import { MEASUREMENT_FIELDS, type Measurements, type MeasurementField } from '../../domain/measurements.ts';
import { computeBodyfat, type BodyfatResult } from './compute-bodyfat.ts';

export class BodyCompositionInputError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`invalid body-composition input: ${problems.join('; ')}`);
    this.name = 'BodyCompositionInputError';
    this.problems = problems;
  }
}

/** Accepted ranges (inclusive) for the person; wide enough for any adult, narrow enough to catch unit slips. */
export const INPUT_RANGES = {
  ageYears: [18, 120], heightM: [1.0, 2.5], weightKg: [25, 400],
  /** Circumferences in metres: a value above 3 m is almost surely centimetres. */
  circumferenceM: [0.05, 3], fullBodyVolumeM3: [0.01, 0.5],
} as const;

const PERSON_KEYS = ['sex', 'ageYears', 'heightM', 'weightKg', 'measurements'];
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkNumber(problems: string[], name: string, value: unknown, [min, max]: readonly [number, number], unit: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    problems.push(`${name} must be a finite number (${unit})`);
    return Number.NaN;
  }
  if (value < min || value > max) problems.push(`${name} = ${value} is outside ${min}–${max} ${unit}`);
  return value;
}

/** Validates one input object; throws BodyCompositionInputError listing every problem. */
export function parseBodyCompositionInput(input: unknown): { person: PersonAtScan; measurements: Partial<Measurements> } {
  if (!isRecord(input)) throw new BodyCompositionInputError(['input must be a JSON object']);
  const problems: string[] = [];
  for (const key of Object.keys(input)) if (!PERSON_KEYS.includes(key)) problems.push(`unknown key "${key}" (allowed: ${PERSON_KEYS.join(', ')})`);
  if (typeof input.sex !== 'string' || !(SEXES as readonly string[]).includes(input.sex)) {
    problems.push(`sex must be one of ${SEXES.join(', ')}`);
  }
  const ageYears = checkNumber(problems, 'ageYears', input.ageYears, INPUT_RANGES.ageYears, 'years');
  const heightM = checkNumber(problems, 'heightM', input.heightM, INPUT_RANGES.heightM, 'm');
  const weightKg = checkNumber(problems, 'weightKg', input.weightKg, INPUT_RANGES.weightKg, 'kg');
  const measurements: Partial<Measurements> = {};
  if (input.measurements !== undefined && !isRecord(input.measurements)) problems.push('measurements must be an object');
  const rawMeasurements = isRecord(input.measurements) ? input.measurements : {};
  for (const [key, value] of Object.entries(rawMeasurements)) {
    if (!(MEASUREMENT_FIELDS as readonly string[]).includes(key)) {
      problems.push(`unknown measurement "${key}"`);
      continue;
    }
    const field = key as MeasurementField;
    if (value === null) continue;
    if (field.endsWith('Fit')) {
      measurements[field] = checkNumber(problems, `measurements.${field}`, value, INPUT_RANGES.circumferenceM, 'm');
    } else if (field === 'fullBodyVolume') {
      measurements[field] = checkNumber(problems, `measurements.${field}`, value, INPUT_RANGES.fullBodyVolumeM3, 'm³');
    } else {
      measurements[field] = checkNumber(problems, `measurements.${field}`, value, [0, 1000], '(unitless)');
    }
  }
  if (problems.length > 0) throw new BodyCompositionInputError(problems);
  return { person: { sex: input.sex as Sex, ageYears, heightM, weightKg }, measurements };
}

export function isBodyfatMethod(value: string): value is BodyfatMethod {
  return (BODYFAT_METHODS as readonly string[]).includes(value);
}

/** One input object -> Bodyfat (+ methodUsed for adam). Throws BodyCompositionInputError on bad input or method. */
export function bodyCompositionForInput(method: string, input: unknown): BodyfatResult {
  if (!isBodyfatMethod(method)) throw new BodyCompositionInputError([`method must be one of ${BODYFAT_METHODS.join(', ')}`]);
  const { person, measurements } = parseBodyCompositionInput(input);
  return computeBodyfat(method, person, measurements);
}
