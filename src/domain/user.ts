import type { Sex } from './body-composition.ts';

export const REGIONS = [
  'africa', 'asia', 'caribbean', 'central_america', 'europe', 'north_america', 'oceania', 'south_america',
] as const;
export type Region = (typeof REGIONS)[number];

export const WEIGHT_UNITS = ['kg', 'lb'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];
export const HEIGHT_UNITS = ['m', 'in'] as const;
export type HeightUnit = (typeof HEIGHT_UNITS)[number];

export interface Weight { value: number; unit: WeightUnit }
export interface Height { value: number; unit: HeightUnit }

/** A partner's end user as stored; tenancy (partner, environment) lives beside it. */
export interface User {
  id: string;
  token: string;
  email: string | null;
  sex: Sex;
  region: Region;
  usaResidence: string | null;
  birthDate: string;
  weight: Weight;
  height: Height;
  researchConsent: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface TermsAcceptance {
  userId: string;
  userToken: string;
  accepted: boolean;
  version: string;
  acceptanceDate: Date;
}

/** Whole years between a YYYY-MM-DD birth date and an instant (UTC calendar). */
export function ageInYears(birthDate: string, at: Date): number {
  const [year, month, day] = birthDate.split('-').map(Number);
  let age = at.getUTCFullYear() - year;
  const beforeBirthday = at.getUTCMonth() + 1 < month || (at.getUTCMonth() + 1 === month && at.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/** True when `text` is YYYY-MM-DD naming a real calendar day. */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/**
 * Physiological bounds on a person's registered weight and height (SI, inclusive). Beyond them a
 * value is a typo or a unit mix-up, and every body-composition equation would extrapolate wildly:
 * 20 kg is below any adult (ANSUR II's lightest soldier weighs 36 kg), 650 kg above the heaviest
 * person ever recorded (about 635 kg); 0.5 m is below the shortest adult recorded (0.55 m), 2.75 m above
 * the tallest (2.72 m). docs/errors.md states the same numbers.
 */
export const WEIGHT_BOUNDS_KG = [20, 650] as const;
export const HEIGHT_BOUNDS_M = [0.5, 2.75] as const;
