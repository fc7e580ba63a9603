// Regression bounds (scripts/eval-accuracy/bounds.json): per girth field the largest allowed
// |end of the 95% CI of the site-agnostic mean error| (mm), the largest allowed |mean volume
// error| (%) and the number of failed runs allowed. Bounds start from what the pipeline achieves,
// plus a margin (see docs/accuracy.md); `--update-bounds` rewrites them from a run.
import { readFileSync, writeFileSync } from 'node:fs';
import type { AccuracySummary } from './iso-table.ts';

export interface AccuracyBounds {
  description: string;
  girthCiMaxAbsMm: Record<string, number>;
  volumeErrorPctMaxAbs: number;
  maxFailedRuns: number;
}

export function readBounds(path: string): AccuracyBounds {
  return JSON.parse(readFileSync(path, 'utf8')) as AccuracyBounds;
}

/** Human-readable violations; empty when the run is within bounds. */
export function checkBounds(summary: AccuracySummary, bounds: AccuracyBounds): string[] {
  const violations: string[] = [];
  for (const f of summary.fields) {
    const bound = bounds.girthCiMaxAbsMm[f.field];
    if (bound === undefined) continue;
    if (!Number.isFinite(f.ciMaxAbsMm)) violations.push(`${f.field}: no site-agnostic data (bound ${bound} mm)`);
    else if (f.ciMaxAbsMm > bound) violations.push(`${f.field}: CI reaches ${f.ciMaxAbsMm.toFixed(1)} mm > bound ${bound} mm`);
  }
  const volume = Math.abs(summary.volumeErrorPct.mean);
  if (!Number.isFinite(volume) || volume > bounds.volumeErrorPctMaxAbs) {
    violations.push(`fullBodyVolume: |mean error| ${Number.isFinite(volume) ? volume.toFixed(2) : '-'} % > bound ${bounds.volumeErrorPctMaxAbs} %`);
  }
  if (summary.failedRuns > bounds.maxFailedRuns) violations.push(`${summary.failedRuns} failed runs > bound ${bounds.maxFailedRuns}`);
  return violations;
}

/** Bounds from a run: each field's CI end + max(2 mm, 25%), rounded up to 0.5 mm; volume + max(0.5 %, 25%). */
export function boundsFromSummary(summary: AccuracySummary, description: string): AccuracyBounds {
  const girthCiMaxAbsMm: Record<string, number> = {};
  for (const f of summary.fields) {
    if (Number.isFinite(f.ciMaxAbsMm)) girthCiMaxAbsMm[f.field] = Math.ceil(2 * (f.ciMaxAbsMm + Math.max(2, 0.25 * f.ciMaxAbsMm))) / 2;
  }
  const volume = Math.abs(summary.volumeErrorPct.mean);
  return {
    description, girthCiMaxAbsMm,
    volumeErrorPctMaxAbs: Number.isFinite(volume) ? Math.ceil(10 * (volume + Math.max(0.5, 0.25 * volume))) / 10 : 5,
    maxFailedRuns: 0,
  };
}

export function writeBounds(path: string, bounds: AccuracyBounds): void {
  writeFileSync(path, `${JSON.stringify(bounds, null, 2)}\n`);
}
