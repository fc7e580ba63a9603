/**
 * Anthropometric keyframes of the synthetic body: heights as fractions of stature, section
 * semi-axes in metres for a 1.75 m body (scaled linearly with stature), each growing linearly with
 * a fatness scalar f (0 lean, 0.5 average, 1 obese; values slightly outside are allowed).
 * Numbers are plausible adult proportions (ANSUR-like), not a fitted population model: the
 * generator's job is to give measurement code bodies with known truth, not to model people.
 *
 * Keyframes sit exactly at the sites the measurer places by rule (measure/site-rules.ts): navel,
 * upper/mid/lower thigh, mid upper arm, lower arm; extremum sites (waist, hips, chest, neck, calf,
 * ankle, elbow, wrist, forearm) are keyframes that are the extremum of their band.
 */
import { LOWER_ARM_FRACTION, LOWER_THIGH_FRACTION, NAVEL_FRACTION, UPPER_THIGH_FRACTION } from '../measure/site-rules.ts';

export type SyntheticSex = 'male' | 'female';

/** One keyframe: [position, semi-axis a, semi-axis b, centre offset]. */
export type Keyframe = [number, number, number, number];


/** Linear in fatness: [lean value, gain per unit fatness]. */
function lin(lean: number, gain: number, f: number): number {
  return lean + gain * f;
}

export interface BodyShape {
  heightM: number;
  /** Torso+head keyframes: [y (m), half-width x, half-depth z, z offset]. */
  torso: Keyframe[];
  /** Leg keyframes, horizontal sections: [y (m), half-width x, half-depth z, z offset]. */
  leg: Keyframe[];
  /** Arm keyframes along the arm axis from the apex: [s (m), a (frontal), b (front–back), 0]. */
  arm: Keyframe[];
  /** Foot keyframes along +Z from the heel contact: [s (m), half-width, half-height, 0]. */
  foot: Keyframe[];
  /** Arm abduction from vertical (rad) and apex height (m). */
  armAngleRad: number;
  armApexYM: number;
  /** Leg axis tilt from vertical (rad) and half gap between the thighs at the crotch (m). */
  legTiltRad: number;
  thighGapHalfM: number;
  /** Named landmark heights/positions used for truth (m). */
  crotchYM: number;
  kneeYM: number;
  hipYM: number;
  waistYM: number;
  navelYM: number;
  elbowSM: number;
  wristSM: number;
}

export function bodyShape(sex: SyntheticSex, heightM: number, fatness: number): BodyShape {
  const H = heightM;
  const k = H / 1.75; // widths scale with stature
  const f = fatness;
  const m = sex === 'male';
  const y = (fraction: number) => fraction * H;
  const w = (lean: number, gain: number) => lin(lean, gain, f) * k;
  const hips: Keyframe = m
    ? [y(0.515), w(0.172, 0.05), w(0.112, 0.042), w(-0.02, 0)]
    : [y(0.515), w(0.182, 0.055), w(0.118, 0.048), w(-0.022, 0)];
  const waist: Keyframe = m
    ? [y(0.625), w(0.14, 0.058), w(0.09, 0.055), w(0, 0.006)]
    : [y(0.625), w(0.125, 0.05), w(0.085, 0.05), w(0, 0.006)];
  const navelY = hips[0] + NAVEL_FRACTION * (waist[0] - hips[0]);
  const torso: Keyframe[] = [
    [y(0.47), hips[1] * 0.92, hips[2] * 0.88, hips[3]],
    hips,
    m ? [y(0.56), w(0.153, 0.055), w(0.098, 0.06), w(0.004, 0.012)]
      : [y(0.56), w(0.148, 0.052), w(0.097, 0.055), w(0.004, 0.012)],
    m ? [navelY, w(0.15, 0.056), w(0.095, 0.058), w(0.003, 0.01)]
      : [navelY, w(0.143, 0.053), w(0.09, 0.053), w(0.003, 0.01)],
    waist,
    m ? [y(0.67), w(0.152, 0.052), w(0.1, 0.05), w(0.005, 0)]
      : [y(0.67), w(0.13, 0.05), w(0.089, 0.05), w(0.005, 0)],
    m ? [y(0.715), w(0.163, 0.05), w(0.108, 0.046), w(0.008, 0)]
      : [y(0.715), w(0.14, 0.048), w(0.11, 0.055), w(0.02, 0)],
    m ? [y(0.748), w(0.16, 0.045), w(0.104, 0.04), w(0.005, 0)]
      : [y(0.748), w(0.138, 0.042), w(0.095, 0.04), w(0.008, 0)],
    m ? [y(0.79), w(0.155, 0.035), w(0.095, 0.03), 0] : [y(0.79), w(0.135, 0.03), w(0.085, 0.03), 0],
    m ? [y(0.812), w(0.14, 0.02), w(0.08, 0.02), 0] : [y(0.812), w(0.125, 0.02), w(0.075, 0.02), 0],
    m ? [y(0.835), w(0.065, 0.01), w(0.063, 0.01), 0]
      : [y(0.835), w(0.057, 0.008), w(0.056, 0.008), 0],
    m ? [y(0.855), w(0.057, 0.008), w(0.06, 0.008), 0] : [y(0.855), w(0.05, 0.007), w(0.053, 0.007), 0],
    m ? [y(0.878), w(0.068, 0), w(0.085, 0), 0] : [y(0.878), w(0.064, 0), w(0.08, 0), 0],
    m ? [y(0.935), w(0.078, 0), w(0.1, 0), w(0.01, 0)] : [y(0.935), w(0.074, 0), w(0.095, 0), w(0.01, 0)],
    [y(1), 0, 0, w(0.01, 0)],
  ];
  const crotchY = y(0.47), kneeY = y(0.285);
  const leg: Keyframe[] = [
    [0, w(0.034, 0.002), w(0.042, 0.002), w(-0.01, 0)],
    [y(0.06), w(0.031, 0.004), w(0.034, 0.004), w(-0.005, 0)],
    [y(0.215), w(0.053, 0.012), w(0.06, 0.014), w(-0.01, 0)],
    [kneeY, w(0.049, 0.009), w(0.051, 0.009), w(-0.004, 0)],
    [kneeY + LOWER_THIGH_FRACTION * (crotchY - kneeY), w(0.056, 0.013), w(0.06, 0.013), w(-0.004, 0)],
    [(kneeY + crotchY) / 2, w(0.07, 0.022), w(0.074, 0.022), w(-0.005, 0)],
    [crotchY - UPPER_THIGH_FRACTION * (crotchY - kneeY), w(0.086, 0.03), w(0.09, 0.03), w(-0.005, 0)],
    [crotchY, w(0.088, 0.03), w(0.092, 0.03), w(-0.005, 0)],
  ];
  const elbowS = y(0.2), wristS = y(0.345);
  const arm: Keyframe[] = [
    [0, 0, 0, 0],
    [y(0.035), w(0.048, 0.012), w(0.052, 0.013), 0],
    [elbowS / 2, w(0.043, 0.015), w(0.046, 0.016), 0],
    [elbowS, w(0.036, 0.007), w(0.034, 0.007), 0],
    [elbowS + LOWER_ARM_FRACTION * (wristS - elbowS), w(0.038, 0.008), w(0.036, 0.008), 0],
    [elbowS + 0.3 * (wristS - elbowS), w(0.041, 0.01), w(0.037, 0.009), 0],
    [wristS, w(0.029, 0.003), w(0.02, 0.003), 0],
    [y(0.39), w(0.016, 0), w(0.048, 0), 0],
    [y(0.415), w(0.014, 0), w(0.045, 0), 0],
    [y(0.445), 0, 0, 0],
  ];
  const foot: Keyframe[] = [
    [0, 0, 0, w(0.028, 0)],
    [0.03 * k, w(0.04, 0.004), w(0.028, 0), w(0.028, 0)],
    [0.11 * k, w(0.045, 0.004), w(0.022, 0), w(0.022, 0)],
    [0.15 * k, 0, 0, w(0.022, 0)],
  ];
  return {
    heightM: H, torso, leg, arm, foot,
    armAngleRad: (40 * Math.PI) / 180,
    armApexYM: y(0.818),
    legTiltRad: (5 * Math.PI) / 180,
    thighGapHalfM: 0.012 * k,
    crotchYM: crotchY, kneeYM: kneeY, hipYM: hips[0], waistYM: waist[0], navelYM: navelY,
    elbowSM: elbowS, wristSM: wristS,
  };
}
