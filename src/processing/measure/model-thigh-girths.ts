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
 * docs/measurements.md, "Thighs of a turn".
 */
import type { CircumferenceField } from '../../domain/measurements.ts';
import { bestOfNearbyCuts } from './extremum-cut.ts';
import type { CutContext, CutRequest } from './girth-cut.ts';
import { measureGirth } from './girth-cut.ts';
import { girthSite } from './girth-sites.ts';
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
  const extremum = girthSite(req.field).extremum;
  const cut = extremum ? bestOfNearbyCuts(ctx, req, extremum === 'max' ? 1 : -1) : measureGirth(ctx, req);
  return asModelTape(cut);
}
