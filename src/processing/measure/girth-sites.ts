/**
 * The 27 girth sites as data: one row per circumference field, the single definition that drives
 * the cutting (measure-body.ts, site-requests.ts), docs/measurements.md (a test compares the doc's
 * table with this one) and the accuracy evaluation (ISO 20685-1 tolerances).
 *
 * Definitions are stated against ISO 8559-1:2017 (garment anthropometry) by the name of its
 * measurement, in our own words; where ISO has no such girth, against ANSUR II (US Army 2012
 * survey) or WHO, and where neither defines the site, ours (marked "ours"). Clause numbers are
 * not quoted: we work from secondary descriptions of the standard, not its text.
 *
 * Tolerances are ISO 20685-1:2018's maximum allowable errors on the 95% confidence interval of
 * the mean scan-minus-reference difference: 9 mm for large girths, 4 mm for small girths (mm).
 * The other torso girths (shoulder, upper/lower chest, navel waist, stomach) are judged as large
 * girths, upper/lower thigh as thigh girths.
 */
import type { CircumferenceField } from '../../domain/measurements.ts';
import type { BodyPart } from '../body-model/posable-model-types.ts';
import { BODY_PARTS } from '../body-model/posable-model-types.ts';
import { LOWER_ARM_FRACTION, LOWER_CHEST_DROP_FRACTION, LOWER_THIGH_FRACTION, NAVEL_FRACTION, SHOULDER_DROP_FRACTION, UPPER_CHEST_FRACTION, UPPER_THIGH_FRACTION } from './site-rules.ts';

/** A fraction as a percentage for the level texts (0.045 → "4.5%"). */
const pct = (fraction: number): string => `${Number((fraction * 100).toFixed(1))}%`;

/** How the cutting plane is oriented. */
export type CutOrientation = 'horizontal' | 'perpendicular-to-bone' | 'neck-axis';

/** Which capture surface the tape goes around. */
export type SiteSurface =
  /** Only points/triangles labelled with `parts` (a tape passed under hanging arms). */
  | 'parts'
  /**
   * Every loop in the plane hulled together (the shoulder girth takes the arms' tops in); with a
   * fit, one ring per listed part, hulled together.
   */
  | 'all';

export interface GirthSite {
  field: CircumferenceField;
  /** The standard the definition is stated against and its name for the measurement. */
  standard: string;
  /** What the tape measures, in our words. */
  definition: string;
  /** Body parts (BODY_PARTS names) whose surface the tape goes around. */
  parts: readonly BodyPart[];
  surface: SiteSurface;
  /** How the level is found on the capture (the rule the code implements). */
  level: string;
  orientation: CutOrientation;
  /** For 'perpendicular-to-bone': the fitted bone (its body part) the plane is perpendicular to. */
  bone?: BodyPart;
  /** Sites defined as a girth extremum: cut again at the vertex of a parabola through 5 cuts. */
  extremum: 'min' | 'max' | null;
  /** ISO 20685-1 maximum allowable error (mm). */
  toleranceMm: 4 | 9;
  /** 'large' or 'small' girth in ISO 20685-1's classes. */
  isoClass: 'large' | 'small';
}

/**
 * The torso's surface for horizontal torso cuts: the fitted model's thigh labels reach up the
 * sides of the hips and buttocks, so they count as torso there (a horizontal cut above the crotch
 * meets no actual thigh); arms and hands never do.
 */
const TORSO: readonly BodyPart[] = ['torso', 'thighLeft', 'thighRight'];
const LARGE = { toleranceMm: 9, isoClass: 'large' } as const;
const SMALL = { toleranceMm: 4, isoClass: 'small' } as const;

const torsoSite = (field: CircumferenceField, standard: string, definition: string, level: string, extremum: GirthSite['extremum'] = null): GirthSite =>
  ({ field, standard, definition, parts: TORSO, surface: 'parts', level, orientation: 'horizontal', extremum, ...LARGE });

type Side = 'Left' | 'Right';
const legSites = (side: Side): GirthSite[] => {
  const thigh = `thigh${side}` as BodyPart, shin = `shin${side}` as BodyPart;
  const leg = (field: string, standard: string, definition: string, level: string, bone: BodyPart, extremum: GirthSite['extremum'], iso: typeof LARGE | typeof SMALL): GirthSite =>
    ({ field: field as CircumferenceField, standard, definition, parts: [thigh, shin], surface: 'parts', level, orientation: 'perpendicular-to-bone', bone, extremum, ...iso });
  return [
    leg(`upperThigh${side}Fit`, 'ISO 8559-1 thigh girth', 'The thigh just below the gluteal fold.', `${pct(UPPER_THIGH_FRACTION)} of the crotch-to-knee height below the crotch.`, thigh, null, LARGE),
    leg(`thigh${side}Fit`, 'ANSUR II mid-thigh', 'The thigh halfway between crotch and knee.', 'Halfway between the crotch and knee heights.', thigh, null, LARGE),
    leg(`lowerThigh${side}Fit`, 'ANSUR II lower thigh circumference', 'The thigh just above the knee.', `${pct(LOWER_THIGH_FRACTION)} of the knee-to-crotch height above the knee.`, thigh, null, LARGE),
    leg(`calf${side}Fit`, 'ISO 8559-1 calf girth', 'The largest girth of the calf.', 'Widest leg section between 30% of crotch height and the knee.', shin, 'max', SMALL),
    { ...leg(`ankle${side}Fit`, 'ISO 8559-1 ankle girth (minimum leg girth)', 'The smallest girth of the leg above the ankle bones.', 'Narrowest leg section between 4.5% of stature and the calf.', shin, 'min', SMALL), parts: [thigh, shin, `foot${side}` as BodyPart] },
  ];
};

const armSites = (side: Side): GirthSite[] => {
  const upper = `upperArm${side}` as BodyPart, fore = `forearm${side}` as BodyPart, hand = `hand${side}` as BodyPart;
  const arm = (field: string, standard: string, definition: string, level: string, bone: BodyPart, parts: readonly BodyPart[], extremum: GirthSite['extremum']): GirthSite =>
    ({ field: field as CircumferenceField, standard, definition, parts, surface: 'parts', level, orientation: 'perpendicular-to-bone', bone, extremum, ...SMALL });
  return [
    arm(`midArm${side}Fit`, 'WHO mid-upper-arm circumference (ISO 8559-1 upper-arm girth is at the armpit)', 'The upper arm halfway between the shoulder point (acromion) and the elbow.', 'Halfway from the acromion to the elbow joint along the upper-arm bone.', upper, [upper], null),
    arm(`lowerArm${side}Fit`, 'ours', 'The forearm just below the elbow.', `${pct(LOWER_ARM_FRACTION)} of the elbow-to-wrist length below the elbow, along the forearm bone.`, fore, [upper, fore], null),
    arm(`forearm${side}Fit`, 'ANSUR II forearm circumference (relaxed, not flexed)', 'The largest girth of the forearm.', 'Widest forearm section 10-60% of the way from the elbow to the fitted wrist joint (without a fit: between the elbow and the wrist).', fore, [fore], 'max'),
    arm(`wrist${side}Fit`, 'ISO 8559-1 wrist girth', 'The smallest girth at the wrist, just above the styloid processes.', 'Narrowest section 75-100% of the way from the elbow to the fitted wrist joint along the forearm bone (without a fit: 42-66% of the way from the elbow to the fingertips).', fore, [fore, hand], 'min'),
  ];
};

/** The 27 sites, in CIRCUMFERENCE_FIELDS order (a test checks it). */
export const GIRTH_SITES: readonly GirthSite[] = [
  {
    field: 'neckFit', standard: 'ISO 8559-1 neck girth', definition: 'The neck just below the larynx: its narrowest girth between the shoulders and the head.',
    parts: ['head', 'torso'], surface: 'parts', level: 'With the fitted model: narrowest section perpendicular to the fitted neck bone over its first 60% (base of the neck towards the skull). Without: narrowest horizontal section between 1.5% of stature above the acromion and the chin (the higher of 87.5% of stature and 22 cm below the vertex).',
    orientation: 'neck-axis', extremum: 'min', ...SMALL,
  },
  {
    field: 'shoulderFit', standard: 'ours (ISO 8559-1 has no horizontal shoulder girth)', definition: 'Around both shoulders and the tops of the arms (deltoids), just below the acromion.',
    parts: ['torso', 'head', 'upperArmLeft', 'upperArmRight'], surface: 'all', level: `${pct(SHOULDER_DROP_FRACTION)} of stature below the mean height of the two acromion points. A capture that never saw the shoulders' tops (a phone recording): the acromion read on the fitted model, the tape around the capture's chest and back and the model's arm tops, moved to the arms' sides the capture saw below.`,
    orientation: 'horizontal', extremum: null, ...LARGE,
  },
  torsoSite('upperChestFit', 'ISO 8559-1 chest girth', 'The chest just below the armpits, over the shoulder blades (torso only: the tape passes under the arms).', `${pct(UPPER_CHEST_FRACTION)} of the way from the bust level up to the acromion, and at least 1% of stature below the armpit.`),
  torsoSite('chestFit', 'ISO 8559-1 bust girth', 'The largest chest girth, over the bust points.', 'With the fitted body model (fit residual at most 6 mm): the level of its bust points (the mean height of its two nipple vertices). Without: largest torso section between 64% of stature and 1 cm below the armpit.'),
  torsoSite('lowerChestFit', 'ISO 8559-1 under-bust girth', 'The chest just below the breasts.', `With the fitted model: the level of its lower sternum vertex. Without: ${pct(LOWER_CHEST_DROP_FRACTION)} of stature below the bust level.`),
  torsoSite('waistFit', 'ISO 8559-1 waist girth (natural waist)', 'The narrowest torso girth between the lower chest and the hips.', 'Narrowest torso section between the hip level and the under-bust level.', 'min'),
  torsoSite('waistNavyFit', 'ANSUR II waist circumference (omphalion)', 'The waist at the navel (US Navy and Army abdomen).', `With the fitted model: the level of its navel vertex. Without: ${pct(NAVEL_FRACTION)} of the way from the hip level up to the natural waist (the navel is not seen in geometry: our estimate).`),
  torsoSite('stomachFit', 'ours (maximal anterior protrusion)', 'The abdomen at its most protruding point between waist and hips.', 'Height of the torso front furthest forward between the hips and the waist: the highest bulge (local maximum) of the front profile there standing at least 1.25 mm above the profile between it and the waist (its prominence is taken toward the waist only: how far the belly stands out over the waist, not over the pelvis below it); a belly without one is measured at the navel\'s level (as anthropometric protocols measure a flat abdomen at the umbilicus), and a bulge of 0.75–1.25 mm at a level between the two in proportion, so the site never jumps. A maximum in the range\'s lowest 40 mm (the hip end itself, or a thin body\'s pubic mound just above the hips\' level) counts only when it stands at least 0.75 mm in front of every bulge above it (an obese belly can protrude most there; a thin body\'s groin stood level with its belly, a tenth of a millimetre in front on one recording and behind on the next, and the site jumped 106 mm down, nearly to the hips: 579 and 790 mm); the waist end never counts (the ribcage coming in); with the range\'s maximum, noise moved a flat belly\'s site 14 cm between two recordings of one body. With the fitted model the profile is the model\'s front and the navel its navel vertex: a capture\'s noise makes small bulges come and go.'),
  torsoSite('hipsFit', 'ISO 8559-1 hip girth', 'The largest girth over the buttocks (the tops of the thighs included; hands resting there are not).', 'Largest torso section between 1.5% of stature above the crotch and 58% of stature.', 'max'),
  ...interleave(legSites('Left'), legSites('Right')),
  ...pairArms(armSites('Left'), armSites('Right')),
];

/** upperThighLeft, upperThighRight, thighLeft, ... (the order of CIRCUMFERENCE_FIELDS). */
function interleave(a: GirthSite[], b: GirthSite[]): GirthSite[] {
  return a.flatMap((site, i) => [site, b[i]]);
}

/** midArmRight, midArmLeft, lowerArmRight, lowerArmLeft, forearmLeft, forearmRight, wristLeft, wristRight. */
function pairArms(left: GirthSite[], right: GirthSite[]): GirthSite[] {
  return [right[0], left[0], right[1], left[1], left[2], right[2], left[3], right[3]];
}

const BY_FIELD = new Map(GIRTH_SITES.map((site) => [site.field, site]));

/** The site row of a field. */
export function girthSite(field: CircumferenceField): GirthSite {
  const site = BY_FIELD.get(field);
  if (!site) throw new Error(`No girth site for ${field}`);
  return site;
}

/** ISO 20685-1 tolerance of a field in metres. */
export function toleranceM(field: CircumferenceField): number {
  return girthSite(field).toleranceMm / 1000;
}

/** Bit mask over BODY_PARTS indices of a site's parts (bit i set: part i is measured). */
export function partMask(parts: readonly BodyPart[]): number {
  let mask = 0;
  for (const part of parts) mask |= 1 << BODY_PARTS.indexOf(part);
  return mask;
}
