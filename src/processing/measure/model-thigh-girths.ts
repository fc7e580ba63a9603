/**
 * Thigh girths read on the fitted body model, for captures whose fused thighs scatter between
 * recordings (CaptureHints.thighsScattered: a phone recording of a person turning in place). Such a
 * recording is registered frame to frame on the body's own surface, and for half the turn one thigh
 * hides the other: on the MakeHuman evaluation bodies' simulated turns (8 bodies, four seed sets)
 * the fused upper thighs and thighs repeated within 2.6-7.6 mm on average between two turns of one
 * body, the fitted model's within 1.5-3.5 mm; against the body mesh's own reading the model's thighs
 * are as close (mean absolute difference 5.2-6.2 mm against 5.6-6.8), its upper thighs 3-5 mm thin
 * where the capture's were 3-6 mm thick (8.5-9.8 mm against 6.7-8.5). The lower thighs and calves
 * stay the capture's: they repeat within 5 mm there, and the model's read 8-13 mm thin.
 * The cut is the same tape as on a capture (girth-cut.ts on the model's mesh, the site's plane and
 * parts; extremum sites searched by bestOfNearbyCuts on the model), so only the surface differs.
 * The girth reported is the mean of the two tapes (girthOfModelAndCapture): with the fused
 * surface reconstructed without rounding its convex parts (a turn's paraboloid snap), the model's
 * tape read the four girths 8-9 mm thin on the ISO table, the capture's 0-3 mm thick but
 * scattering; their mean reads them 2-4 mm thin and repeats within 1.8-4.2 mm between two turns.
 * docs/measurements.md, "Thighs of a turn".
 */
import type { CircumferenceField } from '../../domain/measurements.ts';
import { siteGirthCut } from './extremum-cut.ts';
import type { CutContext, CutRequest, measureGirth } from './girth-cut.ts';
import { asModelTape } from './model-cut-context.ts';

/** The thigh girths a scattered capture reads on the model (upper thigh and thigh, both sides). */
export const THIGH_GIRTH_FIELDS: ReadonlySet<CircumferenceField> = new Set<CircumferenceField>([
  'upperThighLeftFit', 'upperThighRightFit', 'thighLeftFit', 'thighRightFit',
]);

/**
 * One thigh girth on the fitted model's mesh (ctx: model-cut-context.ts modelCutContext, canonical
 * frame, m): at the request's plane, or for an extremum site the extreme of the nearby cuts. None of
 * the tape runs over the capture, so its quality says all of it is the model's (observedFraction 0,
 * filledFraction 1). Null when no cut meets the thigh.
 */
export function thighGirthOnModel(ctx: CutContext, req: CutRequest): ReturnType<typeof measureGirth> {
  return asModelTape(siteGirthCut(ctx, req));
}

/**
 * One girth (a thigh's; a turn's ankle, model-ankle-girths.ts) as the mean of the fitted model's tape (modelCtx, as thighGirthOnModel) and the
 * capture's own (captureCtx, the request cut as on any capture), on the model's site: its ring is the
 * model's ring scaled about its centroid in the plane to the mean's perimeter (a similarity: every
 * length scales alike), a tape halfway between the two surfaces. Quality: half the reading is the
 * model's, so observedFraction is half the capture tape's and filledFraction the rest. The model's
 * tape alone when the capture has no cut there; null when the model has none.
 * Why the mean: two readings of one girth with complementary errors, the model's stable between
 * recordings and thin, the capture's accurate on average and scattered (module comment).
 */
export function girthOfModelAndCapture(modelCtx: CutContext, captureCtx: CutContext, req: CutRequest): ReturnType<typeof measureGirth> {
  const onModel = thighGirthOnModel(modelCtx, req);
  if (!onModel) return null;
  const own = siteGirthCut(captureCtx, req);
  if (!own || !(own.site.perimeterM > 0) || !(onModel.site.perimeterM > 0)) return onModel;
  return modelTapeAtLength(onModel, own, 0.5 * (onModel.site.perimeterM + own.site.perimeterM));
}

type Tape = NonNullable<ReturnType<typeof measureGirth>>;

/**
 * A reading made of the model's tape and the capture's own cut (`own`) together, `perimeterM` long
 * (m): the model's site with its ring scaled about its centroid to that length, and a quality in
 * which half of the capture cut's observed share counts (half the reading is the model's).
 */
export function modelTapeAtLength(onModel: Tape, own: Tape, perimeterM: number): Tape {
  const ringM = scaledRing(onModel.site.ringM, perimeterM / onModel.site.perimeterM);
  const quality = { ...onModel.quality, observedFraction: 0.5 * own.quality.observedFraction, filledFraction: 0.5 + 0.5 * (own.quality.filledFraction ?? 0) };
  return { site: { ...onModel.site, ringM, perimeterM }, quality };
}

/** A closed ring (xyz interleaved, m) scaled by `factor` about the centroid of its points. */
function scaledRing(ringM: Float32Array, factor: number): Float32Array {
  const n = ringM.length / 3;
  let cx = 0, cy = 0, cz = 0;
  for (let i = 0; i < n; i++) { cx += ringM[3 * i]; cy += ringM[3 * i + 1]; cz += ringM[3 * i + 2]; }
  cx /= n; cy /= n; cz /= n;
  const out = new Float32Array(ringM.length);
  for (let i = 0; i < n; i++) {
    out[3 * i] = cx + factor * (ringM[3 * i] - cx);
    out[3 * i + 1] = cy + factor * (ringM[3 * i + 1] - cy);
    out[3 * i + 2] = cz + factor * (ringM[3 * i + 2] - cz);
  }
  return out;
}
