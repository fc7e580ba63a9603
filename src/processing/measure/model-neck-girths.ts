/**
 * The neck girth of a capture whose fused surface scatters between recordings
 * (CaptureHints.surfaceScattered: a phone recording of a person turning in place): the mean of the
 * fitted body model's tape and the capture's own on the neck's plane (perpendicular to the fitted
 * neck bone), as a turn's ankles and thighs (model-thigh-girths.ts girthOfModelAndCapture).
 *
 * Why: a turn's neck is seen from below by a phone at chest height, ~20 pixels wide at 2 m, and
 * its surface scattered more between two turns of one body than any torso girth's (the eval's split:
 * 3.5 mm of surface difference on average over eight seed sets, a walk's 1.9 mm). Simulated turns of
 * the 8 MakeHuman evaluation bodies, seeds 11..: repeat 4.2 → 2.5 mm (worst body 7.7 → 5.6 mm), the
 * site-agnostic error +4.1 / MAE 5.2 → +2.9 / 3.8 mm. The model's tape alone repeated within 1.1 mm
 * but read the neck 6.0 mm off on average (MAE), and the torso's model-plus-offset rule
 * (model-offset-girths.ts) 3.4 mm / MAE 4.3 mm. docs/recording-reconstruction.md, "A turn's neck as
 * the mean of the model's and the capture's".
 */
import type { CircumferenceField } from '../../domain/measurements.ts';

/** The girths a scattered capture reads as the mean of the fitted model's and its own tape on the neck's plane. */
export const SCATTERED_NECK_GIRTH_FIELDS: ReadonlySet<CircumferenceField> = new Set<CircumferenceField>(['neckFit']);
