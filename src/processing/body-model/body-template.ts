import type { CircumferenceField } from '../../domain/measurements.ts';

/**
 * The template of the project's own parametric body: a list of cross-section stations along a
 * skeleton (torso-neck-head column, two legs, two arms). Every station is an ellipse (half-width
 * along the limb's lateral axis, half-depth along +Z) sampled by a fixed number of vertices; the
 * numbers below describe a reference adult (stature 1.75 m) in metres. Stations that carry a
 * measurement site take their girth from the parameters; the others scale with the sites named in
 * `ratioFrom` (weights sum to 1). Nothing here comes from a third-party body model.
 */

/** Vertices around the torso, neck, head and leg rings. Multiple of 8. */
export const TORSO_COLUMNS = 32;
/** Torso levels (0 = crotch ring) between which the armhole opens: armpit level and shoulder-top level. */
export const ARMPIT_LEVEL = 8;
export const SHOULDER_TOP_LEVEL = 12;
/** Columns of the left armhole's front and back edges (the right one mirrors them). */
export const ARMHOLE_FRONT_COLUMN = TORSO_COLUMNS / 4 - 2;
export const ARMHOLE_BACK_COLUMN = TORSO_COLUMNS / 4 + 2;
/** Vertices around an arm ring: the armhole's boundary length. */
export const ARM_COLUMNS = 2 * ((ARMHOLE_BACK_COLUMN - ARMHOLE_FRONT_COLUMN) + (SHOULDER_TOP_LEVEL - ARMPIT_LEVEL));
/** Crotch bridge vertices between front and back centre (joins the two leg tubes). */
export const BRIDGE_VERTICES = TORSO_COLUMNS / 2 - 1;

export type RatioSource = CircumferenceField | 'head' | 'stature';

export interface TorsoStation {
  name: string;
  /** Which length the fraction is of: torso (crotch to neck base), neck (to chin), head (chin to crown). */
  part: 'torso' | 'neck' | 'head';
  fraction: number;
  halfWidthM: number;
  halfDepthM: number;
  /** Forward offset of the ring centre (m). */
  centerZM: number;
  site: CircumferenceField | null;
  ratioFrom: readonly (readonly [RatioSource, number])[];
}

const torso = (name: string, part: TorsoStation['part'], fraction: number, halfWidthM: number, halfDepthM: number,
  centerZM: number, site: CircumferenceField | null, ratioFrom: TorsoStation['ratioFrom'] = []): TorsoStation =>
  ({ name, part, fraction, halfWidthM, halfDepthM, centerZM, site, ratioFrom });

/** Torso column rings, bottom (crotch) to crown; a single pole vertex closes the top. */
export const TORSO_STATIONS: readonly TorsoStation[] = [
  torso('crotch', 'torso', 0.0, 0.166, 0.108, -0.010, null, [['hipsFit', 1]]),
  torso('hips', 'torso', 0.10, 0.175, 0.130, -0.015, 'hipsFit'),
  torso('stomach', 'torso', 0.22, 0.160, 0.122, 0.0, 'stomachFit'),
  torso('navel', 'torso', 0.32, 0.155, 0.118, 0.005, 'waistNavyFit'),
  torso('waist', 'torso', 0.39, 0.148, 0.112, 0.0, 'waistFit'),
  torso('lowerChest', 'torso', 0.52, 0.152, 0.118, 0.0, 'lowerChestFit'),
  torso('chest', 'torso', 0.64, 0.165, 0.125, 0.010, 'chestFit'),
  torso('upperChest', 'torso', 0.72, 0.166, 0.122, 0.005, 'upperChestFit'),
  torso('armpit', 'torso', 0.78, 0.166, 0.118, 0.0, null, [['upperChestFit', 1]]),
  torso('armhole1', 'torso', 0.83, 0.170, 0.112, 0.0, null, [['shoulderFit', 1]]),
  torso('armhole2', 'torso', 0.87, 0.176, 0.104, 0.0, 'shoulderFit'),
  torso('armhole3', 'torso', 0.91, 0.182, 0.092, 0.0, null, [['shoulderFit', 1]]),
  torso('shoulderTop', 'torso', 0.95, 0.185, 0.075, -0.005, null, [['shoulderFit', 1]]),
  torso('neckBase', 'torso', 1.0, 0.085, 0.070, -0.010, null, [['shoulderFit', 0.3], ['neckFit', 0.7]]),
  torso('neck', 'neck', 0.45, 0.060, 0.062, 0.0, 'neckFit'),
  torso('neckTop', 'neck', 1.0, 0.056, 0.060, 0.005, null, [['neckFit', 1]]),
  torso('jaw', 'head', 0.12, 0.060, 0.075, 0.015, null, [['head', 1]]),
  torso('mouth', 'head', 0.28, 0.068, 0.090, 0.012, null, [['head', 1]]),
  torso('nose', 'head', 0.45, 0.075, 0.098, 0.008, null, [['head', 1]]),
  torso('eyes', 'head', 0.60, 0.078, 0.100, 0.005, null, [['head', 1]]),
  torso('brow', 'head', 0.74, 0.076, 0.097, 0.0, null, [['head', 1]]),
  torso('crown1', 'head', 0.86, 0.066, 0.084, -0.005, null, [['head', 1]]),
  torso('crown2', 'head', 0.94, 0.047, 0.060, -0.008, null, [['head', 1]]),
  torso('crown3', 'head', 0.985, 0.022, 0.028, -0.010, null, [['head', 1]]),
];

export interface LimbStation {
  name: string;
  /**
   * Legs: height above the floor as a fraction of the leg length ('leg'), or an absolute height scaled
   * by stature ('foot', horizontal rings). Arms: fraction along the upper arm, forearm or hand.
   */
  segment: 'leg' | 'foot' | 'upperArm' | 'forearm' | 'hand';
  fraction: number;
  halfWidthM: number;
  halfDepthM: number;
  /** Forward offset of a foot ring's centre (m, scaled by stature). */
  centerZM: number;
  siteLeft: CircumferenceField | null;
  siteRight: CircumferenceField | null;
  ratioFromLeft: readonly (readonly [RatioSource, number])[];
  ratioFromRight: readonly (readonly [RatioSource, number])[];
}

const limb = (name: string, segment: LimbStation['segment'], fraction: number, halfWidthM: number, halfDepthM: number,
  centerZM: number, sites: readonly [CircumferenceField, CircumferenceField] | null,
  ratioFrom: readonly (readonly [readonly [CircumferenceField, CircumferenceField] | 'stature', number])[] = []): LimbStation => ({
  name, segment, fraction, halfWidthM, halfDepthM, centerZM,
  siteLeft: sites ? sites[0] : null,
  siteRight: sites ? sites[1] : null,
  ratioFromLeft: ratioFrom.map(([source, weight]) => [source === 'stature' ? 'stature' : source[0], weight] as const),
  ratioFromRight: ratioFrom.map(([source, weight]) => [source === 'stature' ? 'stature' : source[1], weight] as const),
});

const upperThigh = ['upperThighLeftFit', 'upperThighRightFit'] as const;
const thigh = ['thighLeftFit', 'thighRightFit'] as const;
const lowerThigh = ['lowerThighLeftFit', 'lowerThighRightFit'] as const;
const calf = ['calfLeftFit', 'calfRightFit'] as const;
const ankle = ['ankleLeftFit', 'ankleRightFit'] as const;
const midArm = ['midArmLeftFit', 'midArmRightFit'] as const;
const lowerArm = ['lowerArmLeftFit', 'lowerArmRightFit'] as const;
const forearm = ['forearmLeftFit', 'forearmRightFit'] as const;
const wrist = ['wristLeftFit', 'wristRightFit'] as const;

/** Leg rings from the crotch down; a pole under the sole closes the foot. */
export const LEG_STATIONS: readonly LimbStation[] = [
  limb('upperThigh', 'leg', 0.93, 0.086, 0.094, 0, upperThigh),
  limb('thigh', 'leg', 0.80, 0.080, 0.085, 0, thigh),
  limb('lowerThigh', 'leg', 0.66, 0.066, 0.068, 0, lowerThigh),
  limb('knee', 'leg', 0.55, 0.058, 0.058, 0, null, [[lowerThigh, 0.5], [calf, 0.5]]),
  limb('calf', 'leg', 0.41, 0.060, 0.062, 0, calf),
  limb('shin', 'leg', 0.27, 0.046, 0.048, 0, null, [[calf, 0.5], [ankle, 0.5]]),
  limb('ankle', 'leg', 0.14, 0.036, 0.040, 0, ankle),
  limb('heel', 'foot', 0.065, 0.034, 0.058, 0.012, null, [['stature', 1]]),
  limb('instep', 'foot', 0.035, 0.044, 0.105, 0.045, null, [['stature', 1]]),
  limb('sole', 'foot', 0.010, 0.046, 0.122, 0.050, null, [['stature', 1]]),
];
/** Forward offset of the sole pole (m, scaled by stature). */
export const SOLE_POLE_Z_M = 0.05;

/** Arm rings from the armhole outwards; a pole at the fingertips closes the hand. */
export const ARM_STATIONS: readonly LimbStation[] = [
  limb('deltoid', 'upperArm', 0.12, 0.058, 0.055, 0, null, [[midArm, 1]]),
  limb('midArm', 'upperArm', 0.50, 0.050, 0.048, 0, midArm),
  limb('elbow', 'upperArm', 1.0, 0.040, 0.040, 0, null, [[midArm, 0.5], [lowerArm, 0.5]]),
  limb('lowerArm', 'forearm', 0.18, 0.040, 0.044, 0, lowerArm),
  limb('forearm', 'forearm', 0.45, 0.034, 0.040, 0, forearm),
  limb('wrist', 'forearm', 1.0, 0.020, 0.030, 0, wrist),
  limb('palm', 'hand', 0.30, 0.016, 0.046, 0, null, [[wrist, 1]]),
  limb('fingers', 'hand', 0.65, 0.012, 0.040, 0, null, [[wrist, 1]]),
  limb('fingertips', 'hand', 0.92, 0.010, 0.022, 0, null, [[wrist, 1]]),
];

/** Shoulder joint height as a fraction of the torso length above the crotch. */
export const SHOULDER_JOINT_FRACTION = 0.90;
/** Depth of the crotch bridge's sag below the crotch ring, as a fraction of stature. */
export const CROTCH_SAG_FRACTION = 0.008;
/** Stature of the reference body the template numbers describe (m). */
export const REFERENCE_STATURE_M = 1.75;
