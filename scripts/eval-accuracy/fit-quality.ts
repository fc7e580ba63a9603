// Hook for the body model's fit quality: when src/processing/body-model/ exports fitBodyModel,
// each run's measurement result is fitted and the fitted (canonical) body's girths are compared
// with the measured girths, in mm. INTEGRATION POINT: fitBodyModel's signature is not settled;
// this hook calls fitBodyModel(result) and reads girths (metres) from the returned object's
// `measurements` (Measurements-shaped) or `girthsM` record. Adjust here once the API lands.
import type { BodyMeasurementResult } from '../../src/domain/body-scan-result.ts';
import { CIRCUMFERENCE_FIELDS, type CircumferenceField } from '../../src/domain/measurements.ts';

export interface FitQualityRow {
  field: CircumferenceField;
  /** fitted - measured, mm, one per run. */
  diffsMm: number[];
}

export type FitBodyModel = (...args: unknown[]) => unknown;

function girthsOf(fit: unknown): Record<string, number> | null {
  if (typeof fit !== 'object' || fit === null) return null;
  const candidate = (fit as Record<string, unknown>).measurements ?? (fit as Record<string, unknown>).girthsM;
  return typeof candidate === 'object' && candidate !== null ? (candidate as Record<string, number>) : null;
}

/** Fitted-minus-measured girths of one run (mm), or a reason why none. */
export async function fitQualityOf(fitBodyModel: FitBodyModel, result: BodyMeasurementResult): Promise<Map<CircumferenceField, number> | string> {
  try {
    const girths = girthsOf(await fitBodyModel(result));
    if (!girths) return 'fitBodyModel(result) returned no `measurements`/`girthsM` record';
    const out = new Map<CircumferenceField, number>();
    for (const field of CIRCUMFERENCE_FIELDS) {
      if (typeof girths[field] === 'number') out.set(field, 1000 * (girths[field] - result.measurements[field]));
    }
    return out;
  } catch (error) {
    return `fitBodyModel(result) threw: ${error instanceof Error ? error.message : String(error)}`;
  }
}
