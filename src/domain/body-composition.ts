/** Body composition vocabulary shared by the science code and the API. */
export const BODYFAT_METHODS = [
  'adam', 'army', 'army_athlete', 'coco', 'coco_bri', 'coco_legacy', 'coco2', 'coco2_oc',
  'extended_navy_thinboost', 'tina_fit',
] as const;

export type BodyfatMethod = (typeof BODYFAT_METHODS)[number];

export const DEFAULT_BODYFAT_METHOD: BodyfatMethod = 'coco2';

/** The Bodyfat resource. Masses in kg, percentages in percent of body mass. */
export interface Bodyfat {
  bodyfatMethod: BodyfatMethod;
  bodyfatPercentage: number | null;
  leanMassPercentage: number | null;
  fatMass: number | null;
  leanMass: number | null;
  vatPercentage: number | null;
  vatMass: number | null;
  appendicularLeanMassPercentage: number | null;
  appendicularLeanMass: number | null;
  skeletalMuscleMassPercentage: number | null;
  skeletalMuscleMass: number | null;
}

export const SEXES = ['male', 'female', 'neutral', 'undefined'] as const;
export type Sex = (typeof SEXES)[number];

/** What every body-composition method may use: the person and their scan (SI units). */
export interface PersonAtScan {
  sex: Sex;
  ageYears: number;
  heightM: number;
  weightKg: number;
}
