/**
 * Numbers derived from girths and volume: waistToHipRatio, bodyRoundnessIndex, bmiPredicted,
 * bmiConfidence. Inputs in SI (m, m³); outputs unitless.
 */
import type { CircumferenceField } from '../../domain/measurements.ts';

/**
 * Body Roundness Index (Thomas et al. 2013, Obesity 21:2264):
 * BRI = 364.2 − 365.5·sqrt(1 − (WC/(2π))² / (0.5·H)²), WC and H in the same unit (here m).
 * Note the parenthesis: (0.5·H)², not 0.5·H² (a published bug; docs/measurements.md).
 */
export function bodyRoundnessIndex(waistM: number, heightM: number): number {
  const ratio = (waistM / (2 * Math.PI)) ** 2 / (0.5 * heightM) ** 2;
  return 364.2 - 365.5 * Math.sqrt(Math.max(0, 1 - ratio));
}

export interface MassModelInput {
  volumeM3: number;
  heightM: number;
  waistM: number;
  sex?: 'male' | 'female';
  ageYears?: number;
}

/**
 * Thoracic + gut gas inside an optical body surface (L): Crapo 1982 FRC + half a 0.5 L tidal
 * volume (relaxed breathing during a scan) + 0.1 L GI gas (docs/measurements.md). Sex unknown: the
 * mean of both equations; age unknown: 40 years.
 */
export function bodyGasLitres(heightM: number, sex?: 'male' | 'female', ageYears = 40): number {
  const cm = heightM * 100;
  const men = 0.0472 * cm + 0.009 * ageYears - 5.29;
  const women = 0.036 * cm + 0.0031 * ageYears - 3.182;
  const frc = sex === 'male' ? men : sex === 'female' ? women : 0.5 * (men + women);
  return Math.max(0.5, frc) + 0.25 + 0.1;
}

/**
 * Body density (kg/L) consistent with Siri: Db = 495 / (%BF + 450), with %BF estimated from the
 * scan's own waist and height by Relative Fat Mass (Woolcott & Bergman 2018:
 * 64 − 20·H/WC + 12·female; unknown sex: +6), clamped to 5–60 %.
 */
export function bodyDensityKgPerL(heightM: number, waistM: number, sex?: 'male' | 'female'): number {
  const femaleTerm = sex === 'female' ? 12 : sex === 'male' ? 0 : 6;
  const fat = Math.min(60, Math.max(5, 64 - (20 * heightM) / waistM + femaleTerm));
  return 495 / (fat + 450);
}

/** Mass (kg) from an enclosed volume: density × (volume − gas). */
export function massFromVolume(input: MassModelInput): number {
  const litres = input.volumeM3 * 1000 - bodyGasLitres(input.heightM, input.sex, input.ageYears);
  return bodyDensityKgPerL(input.heightM, input.waistM, input.sex) * litres;
}

/**
 * Girth-model volume (m³): the body rebuilt from its girths alone, as stacked elliptic-ish
 * sections of area k·C²/(4π) (k = 0.92 torso, 0.98 limbs: the isoperimetric deficit of typical
 * section aspect ratios) between site heights, plus head+neck ≈ 4.8 L·(H/1.75)³ and hands/feet.
 * Independent of the slice/mesh volume, so the two agreeing means the scan is coherent.
 */
export function girthModelVolume(
  g: Record<CircumferenceField, number>,
  y: { crotch: number; hips: number; stomach: number; waist: number; lowerChest: number; chest: number; upperChest: number; acromion: number; knee: number; calf: number; ankle: number; thigh: number; upperThigh: number; lowerThigh: number },
  armS: { left: number[]; right: number[] },
  heightM: number,
): number {
  const area = (c: number, k: number) => (k * c * c) / (4 * Math.PI);
  const stack = (pairs: [number, number][], k: number) => {
    pairs.sort((a, b) => a[0] - b[0]);
    let v = 0;
    for (let i = 0; i + 1 < pairs.length; i++) v += 0.5 * (area(pairs[i][1], k) + area(pairs[i + 1][1], k)) * (pairs[i + 1][0] - pairs[i][0]);
    return v;
  };
  const torso = stack([[y.crotch, g.hipsFit * 0.97], [y.hips, g.hipsFit], [y.stomach, g.stomachFit], [y.waist, g.waistFit], [y.lowerChest, g.lowerChestFit], [y.chest, g.chestFit], [y.upperChest, g.upperChestFit], [y.acromion, g.upperChestFit * 0.9]], 0.92);
  const leg = (side: 'Left' | 'Right') => stack([
    [0, g[`ankle${side}Fit`]], [y.ankle, g[`ankle${side}Fit`]], [y.calf, g[`calf${side}Fit`]], [y.knee, g[`lowerThigh${side}Fit`] * 0.93],
    [y.lowerThigh, g[`lowerThigh${side}Fit`]], [y.thigh, g[`thigh${side}Fit`]], [y.upperThigh, g[`upperThigh${side}Fit`]], [y.crotch, g[`upperThigh${side}Fit`]],
  ], 0.98);
  const arm = (side: 'Left' | 'Right', s: number[]) => stack([
    [0, g[`midArm${side}Fit`]], [s[0], g[`midArm${side}Fit`]], [s[1], g[`lowerArm${side}Fit`]], [s[2], g[`forearm${side}Fit`]], [s[3], g[`wrist${side}Fit`]],
  ], 0.96);
  const scale = (heightM / 1.75) ** 3;
  const extremities = (0.0048 + 2 * 0.00045 + 2 * 0.0009) * scale; // head+neck, hands, feet
  return torso + leg('Left') + leg('Right') + arm('Left', armS.left) + arm('Right', armS.right) + extremities;
}

export interface ConfidenceInput {
  /** Mean angular coverage of the girth cuts (0..1; 1 for meshes). */
  coverage: number;
  /** Mean RMS radial residual of the cloud ring fits (m; 0 for meshes). */
  residualM: number;
  /** Scan volume and girth-model volume (m³). */
  volumeM3: number;
  girthVolumeM3: number;
}

/**
 * bmiConfidence in [0, 1]: product of three scores, times 0.95 for the density/lung model itself:
 * coverage (0 at ≤ 60% of angles seen, 1 at ≥ 95%), noise (exp(−(residual / 6 mm)²)) and agreement
 * of volume- and circumference-based volumes (1 within 3%, 0 at ≥ 20% relative difference).
 */
export function bmiConfidence(input: ConfidenceInput): { confidence: number; coverageScore: number; noiseScore: number; agreementScore: number } {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const coverageScore = clamp((input.coverage - 0.6) / 0.35);
  const noiseScore = Math.exp(-((input.residualM / 0.006) ** 2));
  const relative = Math.abs(input.volumeM3 - input.girthVolumeM3) / Math.max(1e-9, input.volumeM3);
  const agreementScore = clamp(1 - (relative - 0.03) / 0.17);
  return { confidence: 0.95 * coverageScore * noiseScore * agreementScore, coverageScore, noiseScore, agreementScore };
}
