/**
 * Ankle girths of a capture whose fused surface scatters between recordings
 * (CaptureHints.surfaceScattered: a phone recording of a person turning in place): the mean of the
 * fitted body model's tape and the capture's own, as a turn's thighs (model-thigh-girths.ts
 * girthOfModelAndCapture; the ankle is the narrowest leg section, so each tape is searched for its
 * own minimum by bestOfNearbyCuts).
 *
 * Why: a turn's feet stand a metre below the turning person's centre, where a registered pose that
 * is a fraction of a degree off moves the surface most; an ankle ~6 pixels wide at 2 m blurs by a
 * millimetre of radius one way on one recording and the other way on the next. Read on the capture,
 * the two turns of one body differed by 4.0 mm on average and by 6.0 mm on the worst set (simulated
 * turns of the 8 MakeHuman evaluation bodies over eight seed sets: 4 of 16 set-and-side pairs over
 * the 5 mm goal); as the mean of the two tapes by 2.4 mm (worst 3.8), and the site-agnostic error
 * went from −1.5 / MAE 3.7 mm to −0.7 / 2.6. The model's tape alone repeated better still (1.9 mm,
 * worst 2.4) but read the 6 bodies outside the 8 less well (MAE 4.3 against 3.7 mm), and it would
 * drop the capture's evidence of an ankle the model's shape space does not hold (a swollen one).
 * The model-plus-offset rule of the torso (model-offset-girths.ts) reaches the foot 2 cm below the
 * site, and a narrower span (±8 or ±12 mm) left all three misses of the two sets it was tried on.
 * docs/recording-reconstruction.md, "A turn's ankles as the mean of the model's and the capture's".
 */
import type { CircumferenceField } from '../../domain/measurements.ts';

/** The girths a scattered capture reads as the mean of the fitted model's and its own tape. */
export const SCATTERED_ANKLE_GIRTH_FIELDS: ReadonlySet<CircumferenceField> = new Set<CircumferenceField>(['ankleLeftFit', 'ankleRightFit']);
