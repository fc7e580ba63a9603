/**
 * The Measurements resource of the interface: 32 numbers, all present.
 * Stored and computed in SI: circumferences in metres, fullBodyVolume in m^3;
 * ratios, BMI, BRI and confidence are unitless.
 */
export const CIRCUMFERENCE_FIELDS = [
  'neckFit', 'shoulderFit', 'upperChestFit', 'chestFit', 'lowerChestFit', 'waistFit', 'waistNavyFit',
  'stomachFit', 'hipsFit', 'upperThighLeftFit', 'upperThighRightFit', 'thighLeftFit', 'thighRightFit',
  'lowerThighLeftFit', 'lowerThighRightFit', 'calfLeftFit', 'calfRightFit', 'ankleLeftFit', 'ankleRightFit',
  'midArmRightFit', 'midArmLeftFit', 'lowerArmRightFit', 'lowerArmLeftFit', 'forearmLeftFit',
  'forearmRightFit', 'wristLeftFit', 'wristRightFit',
] as const;

export type CircumferenceField = (typeof CIRCUMFERENCE_FIELDS)[number];

export const DERIVED_MEASUREMENT_FIELDS = [
  'waistToHipRatio', 'bmiPredicted', 'bmiConfidence', 'bodyRoundnessIndex', 'fullBodyVolume',
] as const;

export type DerivedMeasurementField = (typeof DERIVED_MEASUREMENT_FIELDS)[number];

export const MEASUREMENT_FIELDS = [...CIRCUMFERENCE_FIELDS, ...DERIVED_MEASUREMENT_FIELDS] as const;

export type MeasurementField = (typeof MEASUREMENT_FIELDS)[number];

/** Circumferences in metres, fullBodyVolume in m^3, the rest unitless. */
export type Measurements = Record<MeasurementField, number>;
