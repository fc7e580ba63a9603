// Fit quality of the posable body model (src/processing/body-model): each run's measurement result
// is fitted with fitPosableModel (on the measured canonical points), and the fitted model's tape at
// every measured site's plane (site-girths.ts: the model triangles of the site's body parts, convex
// hull) is compared with the measured girth, in mm; the fit's residual RMS (capture to model, mm) is
// collected too.
import type { BodyMeasurementResult } from '../../src/domain/body-scan-result.ts';
import { CIRCUMFERENCE_FIELDS, type CircumferenceField } from '../../src/domain/measurements.ts';
import { fitPosableModel } from '../../src/processing/body-model/fit-posable-model.ts';
import { loadPosableBodyModel } from '../../src/processing/body-model/load-posable-model.ts';
import { scanAvatar } from '../../src/processing/body-model/scan-avatar.ts';
import { summarizeMeanError } from '../../src/processing/evaluation/error-statistics.ts';

export interface FitQuality {
  /** fitted model's tape on the measured plane - measured girth (mm), per field, one per run. */
  residualAtPlaneMm: Map<CircumferenceField, number[]>;
  /** The fit's capture-to-model RMS (mm), one per run. */
  residualRmsMm: number[];
  problems: string[];
}

export function createFitQuality(): FitQuality {
  return { residualAtPlaneMm: new Map(), residualRmsMm: [], problems: [] };
}

const push = (map: Map<CircumferenceField, number[]>, field: CircumferenceField, value: number): void => {
  if (Number.isFinite(value)) map.set(field, [...(map.get(field) ?? []), value]);
};

export function addFitQuality(quality: FitQuality, result: BodyMeasurementResult): void {
  try {
    const model = loadPosableBodyModel();
    const { positions, normals } = result.canonical;
    const fit = fitPosableModel(model, positions, positions.length / 3, { normals: normals && normals.length === positions.length ? normals : null });
    quality.residualRmsMm.push(fit.residualRmsMm);
    const { fitErrorMmBySite } = scanAvatar(model, fit, result);
    for (const field of CIRCUMFERENCE_FIELDS) {
      const residual = fitErrorMmBySite[field];
      if (residual !== undefined) push(quality.residualAtPlaneMm, field, residual);
    }
  } catch (error) {
    quality.problems.push(`fitPosableModel failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function formatFitQuality(quality: FitQuality, variant: string): string {
  const rms = quality.residualRmsMm.length > 0 ? summarizeMeanError(quality.residualRmsMm) : null;
  const lines = [`body-model fit quality (mm; variant ${variant}): fitted model's tape on the measured plane - measured girth`
    + (rms ? `; fit residual RMS mean ${rms.mean.toFixed(1)} mm, max ${Math.max(...quality.residualRmsMm).toFixed(1)} mm over ${quality.residualRmsMm.length} fits` : '')];
  lines.push(`${'field'.padEnd(19)}${'n'.padStart(4)}${'mean'.padStart(8)}${'SD'.padStart(7)}${'max|.|'.padStart(8)}`);
  for (const field of CIRCUMFERENCE_FIELDS) {
    const values = quality.residualAtPlaneMm.get(field);
    if (!values || values.length === 0) { lines.push(`${field.padEnd(19)}${'0'.padStart(4)}${'-'.padStart(8)}${'-'.padStart(7)}${'-'.padStart(8)}`); continue; }
    const s = summarizeMeanError(values);
    lines.push(`${field.padEnd(19)}${String(values.length).padStart(4)}${s.mean.toFixed(1).padStart(8)}${(Number.isFinite(s.sd) ? s.sd.toFixed(1) : '-').padStart(7)}${Math.max(...values.map(Math.abs)).toFixed(1).padStart(8)}`);
  }
  for (const problem of new Set(quality.problems)) lines.push(`  ${problem}`);
  return lines.join('\n');
}
