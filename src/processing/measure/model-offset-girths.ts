/**
 * Torso and lower-leg girths of a capture whose fused surface scatters from plane to plane between
 * recordings (CaptureHints.surfaceScattered: a phone recording of a person turning in place, each
 * frame registered on the body's own surface): the fitted body model's tape at the site, plus the
 * capture's mean offset from the model over the planes within ±OFFSET_PLANE_SPAN_M of it.
 *
 * Why: a turn's fused surface carries millimetres of blur that come and go over a few centimetres of
 * height (registration, the sensor's noise, the arms swinging past the flanks), so a single cut of it
 * reads a girth a few millimetres off, differently on each recording; the fitted model's tape hardly
 * moves with that noise but reads its own shape, not the person's (its chest 10-15 mm thin on the
 * evaluation bodies' turns). The capture minus the model, averaged over five planes 1 cm apart,
 * keeps the capture's size and loses most of its plane-to-plane scatter; the model supplies the
 * girth's change over those planes (a tape's shape around an extremum, a stomach's slope).
 * Measured on simulated turns of the 8 MakeHuman evaluation bodies and the 6 held out
 * (docs/measurements.md, "A turn's torso and calves: the capture's offset from the model"). Not for
 * the neck and ankles: planes 2 cm away reach the jaw, the shoulders and the foot, where the model and
 * the capture differ for reasons of their own, and there the two turns of a body read further apart
 * (a turn's ankles are the mean of the model's and the capture's tape: model-ankle-girths.ts).
 * The upper thighs and thighs keep their mean of two tapes (model-thigh-girths.ts); the shoulder its
 * model-completed tape (unseen-shoulder-tops.ts). Canonical frame, m.
 */
import type { CaptureHints } from '../../domain/capture-geometry.ts';
import type { CircumferenceField } from '../../domain/measurements.ts';
import { requestAlongNormal, siteGirthCut } from './extremum-cut.ts';
import type { CutContext, CutRequest } from './girth-cut.ts';
import { measureGirth } from './girth-cut.ts';
import { asModelTape } from './model-cut-context.ts';
import { modelTapeAtLength } from './model-thigh-girths.ts';

/** The girths read as the model's tape plus the capture's mean offset. */
export const MODEL_OFFSET_GIRTH_FIELDS: ReadonlySet<CircumferenceField> = new Set<CircumferenceField>([
  'upperChestFit', 'chestFit', 'lowerChestFit', 'waistFit', 'waistNavyFit', 'stomachFit', 'hipsFit',
  'lowerThighLeftFit', 'lowerThighRightFit', 'calfLeftFit', 'calfRightFit',
]);

/**
 * The girths a capture whose chest scatters (CaptureHints.chestScattered: a walk's reconstruction)
 * reads as the model's tape plus the capture's mean offset: on simulated walks of the 8 MakeHuman
 * evaluation bodies, eight seed sets, the pairs of walks of one body more than 5 mm apart went 9 -> 3
 * of 64 (chest) and 13 -> 8 (upper chest), their MAE 6.3 -> 4.9 and 2.1 -> 3.3 mm; the other torso
 * girths gained no repeat and lost 1 mm of MAE each, so a walk keeps one cut there
 * (docs/measurements.md, "A walk's chest: the capture's offset from the model").
 */
export const CHEST_OFFSET_GIRTH_FIELDS: ReadonlySet<CircumferenceField> = new Set<CircumferenceField>(['upperChestFit', 'chestFit']);

/** Whether a capture with these hints reads `field` as the model's tape plus the capture's offset. */
export function readsWithCaptureOffset(hints: CaptureHints, field: CircumferenceField): boolean {
  return (!!hints.surfaceScattered && MODEL_OFFSET_GIRTH_FIELDS.has(field)) || (!!hints.chestScattered && CHEST_OFFSET_GIRTH_FIELDS.has(field));
}

/** Spacing of the offset's planes along the site's normal (m). */
export const OFFSET_PLANE_STEP_M = 0.01;
/** The planes reach this far either side of the site (m): five planes. */
export const OFFSET_PLANE_SPAN_M = 0.02;
/** Fewer planes with both a capture and a model cut than this: the capture's own cut instead. */
const MIN_OFFSET_PLANES = 3;

/**
 * One girth as the model's tape (modelCtx: model-cut-context.ts; the site's cut, an extremum site's
 * nearby cuts searched on the model) plus the mean of capture cut − model cut (m) on the planes
 * OFFSET_PLANE_STEP_M apart within OFFSET_PLANE_SPAN_M of the request's plane. The ring is the model's
 * scaled about its centre to that length. Quality: the size is the capture's, the ring's shape the
 * model's, so as for the thighs' mean half of the capture cut's observed share counts (its cut on the
 * request's plane). The capture's own site cut when fewer than MIN_OFFSET_PLANES planes cut both;
 * null when neither the model nor the capture gives a tape.
 */
export function girthOfModelWithCaptureOffset(modelCtx: CutContext, captureCtx: CutContext, req: CutRequest): ReturnType<typeof measureGirth> {
  const onModel = asModelTape(siteGirthCut(modelCtx, req));
  if (!onModel || !(onModel.site.perimeterM > 0)) return siteGirthCut(captureCtx, req);
  let offsetSumM = 0, planes = 0;
  let own: ReturnType<typeof measureGirth> = null;
  const steps = Math.round(OFFSET_PLANE_SPAN_M / OFFSET_PLANE_STEP_M);
  for (let k = -steps; k <= steps; k++) {
    const request = requestAlongNormal(req, k * OFFSET_PLANE_STEP_M);
    const capture = measureGirth(captureCtx, request);
    if (k === 0) own = capture;
    if (!capture || !(capture.site.perimeterM > 0)) continue;
    const model = measureGirth(modelCtx, request);
    if (!model || !(model.site.perimeterM > 0)) continue;
    offsetSumM += capture.site.perimeterM - model.site.perimeterM;
    planes++;
  }
  if (planes < MIN_OFFSET_PLANES || !own) return siteGirthCut(captureCtx, req);
  return modelTapeAtLength(onModel, own, onModel.site.perimeterM + offsetSumM / planes);
}
