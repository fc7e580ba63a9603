// Regression bounds (scripts/eval-accuracy/bounds.json), one block per evaluation set
// (eval-sets.ts; a set without a block is not checked): per girth field the largest allowed
// |end of the 95% CI of the site-agnostic mean error| (mm) and the largest allowed number of
// planes missing the body part / girths without a site; the largest allowed |mean volume error|
// (%) and the number of failed runs allowed (a refusal is a failed run: the goal is none).
// Bounds start from what the pipeline achieves,
// plus a margin (see docs/accuracy.md); `--update-bounds` rewrites them from a run.
import { readFileSync, writeFileSync } from 'node:fs';
import type { AccuracySummary } from './iso-table.ts';

export interface GirthBound {
  /** Largest allowed |end of the 95% CI| of the site-agnostic mean error (mm). */
  ciMaxAbsMm: number;
  /** Largest allowed number of runs whose plane misses the body part or that give no site. */
  maxMissing: number;
}

export interface AccuracyBounds {
  description: string;
  girths: Record<string, GirthBound>;
  volumeErrorPctMaxAbs: number;
  maxFailedRuns: number;
}

/** bounds.json: a block per set. */
export interface BoundsFile {
  description: string;
  sets: Record<string, AccuracyBounds>;
}

/** Reads bounds.json; a file of the older single-set form (girths at the top) is the `apose` set's block. */
export function readBoundsFile(path: string): BoundsFile {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<BoundsFile> & Partial<AccuracyBounds>;
  if (parsed.sets) return { description: parsed.description ?? '', sets: parsed.sets };
  return { description: parsed.description ?? '', sets: { apose: parsed as AccuracyBounds } };
}

export function writeBoundsFile(path: string, file: BoundsFile): void {
  writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`);
}

/** Human-readable violations; empty when the run is within bounds. */
export function checkBounds(summary: AccuracySummary, bounds: AccuracyBounds): string[] {
  const violations: string[] = [];
  for (const f of summary.fields) {
    const bound = bounds.girths[f.field];
    if (bound === undefined) continue;
    if (!Number.isFinite(f.ciMaxAbsMm)) violations.push(`${f.field}: no site-agnostic data (bound ${bound.ciMaxAbsMm} mm)`);
    else if (f.ciMaxAbsMm > bound.ciMaxAbsMm) violations.push(`${f.field}: CI reaches ${f.ciMaxAbsMm.toFixed(1)} mm > bound ${bound.ciMaxAbsMm} mm`);
    const missing = f.planeMisses + f.missingSites + f.ambiguousTruth;
    if (missing > bound.maxMissing) violations.push(`${f.field}: ${f.planeMisses} plane(s) missing the body part + ${f.missingSites} girth(s) without a site + ${f.ambiguousTruth} on an ambiguous exact cut > bound ${bound.maxMissing}`);
  }
  const volume = Math.abs(summary.volumeErrorPct.mean);
  if (!Number.isFinite(volume) || volume > bounds.volumeErrorPctMaxAbs) {
    violations.push(`fullBodyVolume: |mean error| ${Number.isFinite(volume) ? volume.toFixed(2) : '-'} % > bound ${bounds.volumeErrorPctMaxAbs} %`);
  }
  if (summary.failedRuns > bounds.maxFailedRuns) violations.push(`${summary.failedRuns} failed runs > bound ${bounds.maxFailedRuns}`);
  return violations;
}

/**
 * Bounds from a run: each field's CI end + max(2 mm, 25%), rounded up to 0.5 mm, and its current
 * missing count; volume + max(0.5 %, 25%); failed runs as now. Fields without data now get no
 * bound (not checked).
 */
export function boundsFromSummary(summary: AccuracySummary, description: string): AccuracyBounds {
  const girths: Record<string, GirthBound> = {};
  for (const f of summary.fields) {
    if (!Number.isFinite(f.ciMaxAbsMm)) continue;
    girths[f.field] = { ciMaxAbsMm: Math.ceil(2 * (f.ciMaxAbsMm + Math.max(2, 0.25 * f.ciMaxAbsMm))) / 2, maxMissing: f.planeMisses + f.missingSites + f.ambiguousTruth };
  }
  const volume = Math.abs(summary.volumeErrorPct.mean);
  return {
    description, girths,
    volumeErrorPctMaxAbs: Number.isFinite(volume) ? Math.ceil(10 * (volume + Math.max(0.5, 0.25 * volume))) / 10 : 5,
    maxFailedRuns: summary.failedRuns,
  };
}
