import type { CaptureGeometry, CaptureHints } from './capture-geometry.ts';
import type { CircumferenceField, Measurements } from './measurements.ts';
import type { PhoneRecording } from './phone-recording.ts';

/** What a capture reader returns: geometry in file units/axes plus what the file said about them. */
export interface ReadCapture {
  /** Detected container/format, e.g. 'ply-binary-le', 'obj', 'glb', 'bundle+ply', 'sandbox-descriptor'. */
  format: string;
  geometry: CaptureGeometry;
  hints: CaptureHints;
  /** Present only when format is 'sandbox-descriptor' (then geometry is empty). */
  sandboxDescriptor?: SandboxDescriptor;
  /** Present only when format is 'stray-recording' (then geometry is empty until reconstruction). */
  recording?: PhoneRecording;
}

/**
 * A sandbox capture: instead of a scan, the partner uploads who to synthesise (SI units).
 * The seed makes the synthetic body reproducible.
 */
export interface SandboxDescriptor {
  sex: 'male' | 'female';
  heightM: number;
  weightKg: number;
  /** Integer 0..4294967295. */
  seed: number;
  /**
   * Optional: deliver the synthetic body as a simulated phone recording of this kind (walk round
   * the person, or the person turning in front of a still phone) instead of as a finished mesh.
   */
  recording?: 'walk' | 'turn';
}

/**
 * One measurement site as cut: the closed convex-hull ring a tape would follow.
 * Canonical frame (metres, Y up, body facing +Z, feet at y = 0).
 */
export interface MeasurementSite {
  field: CircumferenceField;
  /** Point on the cutting plane (m). */
  centerM: [number, number, number];
  /** Unit normal of the cutting plane. */
  normal: [number, number, number];
  /** Closed ring of hull points, xyz interleaved (m); its perimeter is the girth. */
  ringM: Float32Array;
  perimeterM: number;
}

/**
 * How much of one girth's ring runs over observed surface: where contact (an arm resting on the
 * torso, touching thighs) or a hole hides part of the contour, the ring bridges it in a straight
 * line, as a tape does.
 */
export interface SiteQuality {
  field: CircumferenceField;
  /**
   * Fraction of the ring's length over observed surface (0..1); the rest was bridged by a straight
   * chord or, over a hole in the capture, completed from the fitted body model (filledFraction).
   */
  observedFraction: number;
  /** Fraction of the ring's length completed from the fitted body model across a hole (0..1). */
  filledFraction?: number;
}

/** Named landmark points found on the body, canonical frame (m). */
export type Landmarks = Record<string, [number, number, number]>;

/** Everything measuring a capture yields; the scan job stores it and later stages use it. */
export interface BodyMeasurementResult {
  measurements: Measurements;
  /** The body in the canonical frame: metres, Y up, facing +Z, feet at y = 0, floor and outliers removed. */
  canonical: CaptureGeometry;
  landmarks: Landmarks;
  sites: MeasurementSite[];
  /** Stature measured on the scan (m). */
  statureM: number;
  /** Diagnostics for support: unit and axis decisions, removed points, coverage, the body fit. */
  diagnostics: Record<string, number | string | boolean>;
  /** Per girth, the fraction of its ring over observed surface (CIRCUMFERENCE_FIELDS order). */
  siteQuality?: SiteQuality[];
}

/** What the user told us, used to cross-check the scan (SI). */
export interface MeasureContext {
  heightM?: number;
  weightKg?: number;
  /** Used only by the bmiPredicted density/lung-gas model; unknown means sex-averaged. */
  sex?: 'male' | 'female';
  /** Used only by the lung-gas estimate of bmiPredicted; unknown means 40 years. */
  ageYears?: number;
}
