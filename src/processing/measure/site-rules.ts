/**
 * Placement rules for the sites docs/measurements.md defines relative to other landmarks (the ones that are
 * not a minimum or maximum of a girth). One source of truth for the measurer and the synthetic
 * body generator, and documented in docs/measurements.md. Fractions are unitless.
 */
/** waistNavyFit: the navel, this fraction of the way from the hip level up to the natural waist. */
export const NAVEL_FRACTION = 0.6;
/** upperChestFit: this fraction of the way from the chest (bust) level up to the acromion. */
export const UPPER_CHEST_FRACTION = 0.32;
/** lowerChestFit (under-bust): this fraction of stature below the chest level. */
export const LOWER_CHEST_DROP_FRACTION = 0.045;
/** upperThigh: this fraction of the crotch→knee height below the crotch (just below the gluteal fold). */
export const UPPER_THIGH_FRACTION = 0.1;
/** lowerThigh: this fraction of the knee→crotch height above the knee. */
export const LOWER_THIGH_FRACTION = 0.2;
/** lowerArm: this fraction of the elbow→wrist length below the elbow. */
export const LOWER_ARM_FRACTION = 0.12;
/** neckFit search top: at least this far below the vertex (the middle of adult heads' 20–24 cm, vertex to chin), m. */
export const HEAD_HEIGHT_M = 0.22;
/**
 * shoulderFit: this fraction of stature below the mean acromion height (2.1 cm at 1.75 m). At the
 * acromion itself the plane only grazes the tops of the shoulders, where the girth changes by
 * centimetres per millimetre of height (and misses a shoulder entirely when the body leans by a
 * tenth of a degree); just below, it passes around the deltoids.
 */
export const SHOULDER_DROP_FRACTION = 0.006;
/**
 * Armpit (axilla) height below the acromion, as a fraction of stature, where the arm rests on the
 * torso and no gap shows the armpit: ANSUR II public data, (acromial height − axilla height) /
 * stature, mean 0.064 for its 4,082 men and 0.059 for its 1,986 women (computed from the survey's
 * public CSV files); 0.06 between them.
 */
export const AXILLA_DROP_FRACTION = 0.06;
