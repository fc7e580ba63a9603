/**
 * The production body fitter for measureBody: the project's posable body model (MakeHuman CC0,
 * loaded once) fitted to the capture by fitPosableModel, with the person's stated height and sex
 * when known. Constructing it decodes the model on first use only; nothing runs at import time.
 */
import type { MeasureContext } from '../../domain/body-scan-result.ts';
import { fitPosableModel } from '../body-model/fit-posable-model.ts';
import { loadPosableBodyModel } from '../body-model/load-posable-model.ts';
import type { BodyFitter } from './measure-body.ts';

export function posableModelFitter(context: MeasureContext = {}): BodyFitter {
  const model = loadPosableBodyModel();
  return {
    bonePart: model.bonePart,
    model,
    fit: (pointsM, count) => fitPosableModel(model, pointsM, count, { heightM: context.heightM, sex: context.sex }),
  };
}
