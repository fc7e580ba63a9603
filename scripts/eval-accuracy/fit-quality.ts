// Fit quality of the body model (src/processing/body-model): each run's measurement result is
// fitted with fitBodyModel; the fitted body in the canonical A-pose is cut at its own site planes
// (modelTapeGirthsM) and compared with the measured girths, in mm. Also collected: the fit's own
// residual at the measured planes (fitErrorMmBySite).
import type { BodyMeasurementResult } from '../../src/domain/body-scan-result.ts';
import { CIRCUMFERENCE_FIELDS, type CircumferenceField } from '../../src/domain/measurements.ts';
import { canonicalBody, canonicalParams, fitBodyModel, modelTapeGirthsM } from '../../src/processing/body-model/index.ts';
import { summarizeMeanError } from '../../src/processing/evaluation/error-statistics.ts';

export interface FitQuality {
  /** canonical-body girth - measured girth (mm), per field, one per run. */
  canonicalMinusMeasuredMm: Map<CircumferenceField, number[]>;
  /** fitted model on the measured plane - measured girth (mm). */
  residualAtPlaneMm: Map<CircumferenceField, number[]>;
  problems: string[];
}

export function createFitQuality(): FitQuality {
  return { canonicalMinusMeasuredMm: new Map(), residualAtPlaneMm: new Map(), problems: [] };
}

const push = (map: Map<CircumferenceField, number[]>, field: CircumferenceField, value: number): void => {
  if (Number.isFinite(value)) map.set(field, [...(map.get(field) ?? []), value]);
};

export function addFitQuality(quality: FitQuality, result: BodyMeasurementResult): void {
  try {
    const fit = fitBodyModel(result);
    const girthsM = modelTapeGirthsM(canonicalParams(fit.params), canonicalBody(fit.params));
    for (const field of CIRCUMFERENCE_FIELDS) {
      const canonical = girthsM[field];
      if (canonical !== undefined) push(quality.canonicalMinusMeasuredMm, field, 1000 * (canonical - result.measurements[field]));
      const residual = fit.fitErrorMmBySite[field];
      if (residual !== undefined) push(quality.residualAtPlaneMm, field, residual);
    }
  } catch (error) {
    quality.problems.push(`fitBodyModel failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function formatFitQuality(quality: FitQuality, variant: string): string {
  const lines = [`body-model fit quality (mm; variant ${variant}): canonical-body girth - measured | fitted model on the measured plane - measured`];
  lines.push(`${'field'.padEnd(19)}${'n'.padStart(4)}${'mean'.padStart(8)}${'SD'.padStart(7)}${'max|.|'.padStart(8)} |${'mean'.padStart(8)}${'SD'.padStart(7)}${'max|.|'.padStart(8)}`);
  const stats = (values: number[] | undefined): string => {
    if (!values || values.length === 0) return `${'-'.padStart(8)}${'-'.padStart(7)}${'-'.padStart(8)}`;
    const s = summarizeMeanError(values);
    return `${s.mean.toFixed(1).padStart(8)}${(Number.isFinite(s.sd) ? s.sd.toFixed(1) : '-').padStart(7)}${Math.max(...values.map(Math.abs)).toFixed(1).padStart(8)}`;
  };
  for (const field of CIRCUMFERENCE_FIELDS) {
    const canonical = quality.canonicalMinusMeasuredMm.get(field);
    lines.push(`${field.padEnd(19)}${String(canonical?.length ?? 0).padStart(4)}${stats(canonical)} |${stats(quality.residualAtPlaneMm.get(field))}`);
  }
  for (const problem of new Set(quality.problems)) lines.push(`  ${problem}`);
  return lines.join('\n');
}
