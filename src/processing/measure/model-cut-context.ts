/**
 * Girths cut on the fitted body model's mesh instead of the capture's (a turn's arms and thighs:
 * model-arm-girths.ts, model-thigh-girths.ts): the cut context on the posed model, and the quality
 * such a tape reports. Canonical frame, m.
 */
import type { PosableBodyModel } from '../body-model/posable-model-types.ts';
import type { CutContext } from './girth-cut.ts';
import { makeCutContext, measureGirth } from './girth-cut.ts';
import type { SliceStack } from './slices.ts';

/**
 * A cut context on the posed model's mesh (canonical frame, m): its vertices carry the model's own
 * body parts, so a site's part mask keeps the arm or the thigh. No completion: the model has no
 * holes. stack and densityPerM2 are the capture's (girth-cut.ts reads them for clouds only).
 */
export function modelCutContext(
  stack: SliceStack, densityPerM2: number, posedPositionsM: Float32Array, model: Pick<PosableBodyModel, 'triangles' | 'vertexPart'>, capturePart: Uint8Array,
): CutContext {
  return makeCutContext(stack, { positions: posedPositionsM, indices: model.triangles }, densityPerM2, { pointPart: capturePart, vertexPart: model.vertexPart }, null);
}

/** A cut made on the model's mesh: none of its tape runs over the capture (observedFraction 0, filledFraction 1). Null stays null. */
export function asModelTape(cut: ReturnType<typeof measureGirth>): ReturnType<typeof measureGirth> {
  return cut && { site: cut.site, quality: { ...cut.quality, observedFraction: 0, filledFraction: 1 } };
}
