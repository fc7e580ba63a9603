import { CIRCUMFERENCE_FIELDS } from '../../domain/measurements.ts';
import type { CircumferenceField } from '../../domain/measurements.ts';
import { ARM_COLUMNS, ARM_STATIONS, LEG_STATIONS, TORSO_COLUMNS, TORSO_STATIONS } from './body-template.ts';

/** Segment lengths and joint offsets of the body model (m). */
export interface BodyLengths {
  /** Floor to crotch. */
  legM: number;
  /** Crotch to neck base. */
  torsoM: number;
  /** Neck base to chin. */
  neckM: number;
  /** Chin to crown. */
  headM: number;
  /** Shoulder joint to elbow, elbow to wrist, wrist to fingertip. */
  upperArmM: number;
  forearmM: number;
  handM: number;
  /** Shoulder joint and hip joint distance from the mid-sagittal plane. */
  shoulderHalfWidthM: number;
  hipHalfWidthM: number;
  /** Shoulder joints' forward offset from the body's axis (m; absent = 0). */
  shoulderForwardM?: number;
}

/**
 * Parameters of the project's body model. Frame of the generated surface: metres, Y up, facing +Z,
 * feet at y = 0, left at +X. Girths are the perimeters of the station rings carrying each
 * measurement site (for shoulderFit: of the full armhole-level torso ellipse, arms excluded);
 * depth ratios are half-depth / half-width of those ellipses.
 */
export interface BodyModelParams {
  lengths: BodyLengths;
  girthsM: Record<CircumferenceField, number>;
  depthRatios: Record<CircumferenceField, number>;
  /** Arm angle from the vertical in the frontal plane, and leg angle likewise (degrees, both sides); optional arm bend. */
  pose: {
    armAbductionDeg: number; legAbductionDeg: number;
    /** Upper arm's forward swing out of the frontal plane (degrees; absent = 0). */
    armFlexionDeg?: number;
    /** Forearm's own angles, like the upper arm's (absent = the upper arm's: a straight arm). */
    forearmAbductionDeg?: number; forearmFlexionDeg?: number;
  };
  /** Horizontal position of the body's vertical axis (m); canonical bodies use 0, 0. */
  rootOffsetM: { x: number; z: number };
  /**
   * Where a torso or neck site's station sits, as a fraction of its part (torso: crotch to neck base,
   * neck: neck base to chin) replacing the template's fraction; fitted bodies put each station on its
   * measured plane. Kept in order with a small gap by the generator (torsoFractions).
   */
  siteFractions?: Partial<Record<CircumferenceField, number>>;
  /**
   * Shoulder tape girth (m) the body keeps in the canonical pose (absent: not re-solved). The shoulder
   * tape also wraps the arms, so re-posing the arms changes it; canonicalBody re-solves the shoulder ring.
   */
  shoulderTapeM?: number;
  /** Tilt of a torso or neck site's ring about the lateral axis, front down (degrees; absent = level), like its measured plane. */
  siteTiltsDeg?: Partial<Record<CircumferenceField, number>>;
}

/** The canonical A-pose: arms 30 degrees and legs 4 degrees from vertical. */
export const CANONICAL_POSE = { armAbductionDeg: 30, legAbductionDeg: 4 } as const;

/** Perimeter of a polygon sampling an ellipse at n equally spaced parameter angles (m). */
export function ellipsePolygonPerimeterM(halfWidthM: number, halfDepthM: number, n: number): number {
  let perimeter = 0;
  for (let k = 0; k < n; k++) {
    const a0 = (2 * Math.PI * k) / n, a1 = (2 * Math.PI * (k + 1)) / n;
    perimeter += Math.hypot(halfWidthM * (Math.cos(a1) - Math.cos(a0)), halfDepthM * (Math.sin(a1) - Math.sin(a0)));
  }
  return perimeter;
}

function referenceSites(): { girthsM: Record<CircumferenceField, number>; depthRatios: Record<CircumferenceField, number> } {
  const girthsM = {} as Record<CircumferenceField, number>;
  const depthRatios = {} as Record<CircumferenceField, number>;
  for (const station of TORSO_STATIONS) {
    if (!station.site) continue;
    girthsM[station.site] = ellipsePolygonPerimeterM(station.halfWidthM, station.halfDepthM, TORSO_COLUMNS);
    depthRatios[station.site] = station.halfDepthM / station.halfWidthM;
  }
  for (const [stations, columns] of [[LEG_STATIONS, TORSO_COLUMNS], [ARM_STATIONS, ARM_COLUMNS]] as const) {
    for (const station of stations) {
      for (const site of [station.siteLeft, station.siteRight]) {
        if (!site) continue;
        girthsM[site] = ellipsePolygonPerimeterM(station.halfWidthM, station.halfDepthM, columns);
        depthRatios[site] = station.halfDepthM / station.halfWidthM;
      }
    }
  }
  for (const field of CIRCUMFERENCE_FIELDS) {
    if (!(field in girthsM)) throw new Error(`body template has no station for ${field}`);
  }
  return { girthsM, depthRatios };
}

/** The reference adult the template describes (stature 1.75 m), in the canonical pose. */
export const REFERENCE_PARAMS: BodyModelParams = Object.freeze({
  lengths: {
    legM: 0.83, torsoM: 0.64, neckM: 0.08, headM: 0.20,
    upperArmM: 0.30, forearmM: 0.26, handM: 0.19,
    shoulderHalfWidthM: 0.185, hipHalfWidthM: 0.085,
  },
  ...referenceSites(),
  pose: { ...CANONICAL_POSE },
  rootOffsetM: { x: 0, z: 0 },
});

/** Stature of a parameter set: leg + torso + neck + head (m). */
export function statureOf(params: BodyModelParams): number {
  const { legM, torsoM, neckM, headM } = params.lengths;
  return legM + torsoM + neckM + headM;
}

/** A deep copy, so callers can change one set without touching another. */
export function cloneParams(params: BodyModelParams): BodyModelParams {
  return {
    lengths: { ...params.lengths },
    girthsM: { ...params.girthsM },
    depthRatios: { ...params.depthRatios },
    pose: { ...params.pose },
    rootOffsetM: { ...params.rootOffsetM },
    ...(params.siteFractions ? { siteFractions: { ...params.siteFractions } } : {}),
    ...(params.siteTiltsDeg ? { siteTiltsDeg: { ...params.siteTiltsDeg } } : {}),
    ...(params.shoulderTapeM !== undefined ? { shoulderTapeM: params.shoulderTapeM } : {}),
  };
}
