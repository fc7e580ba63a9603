// Aggregates run records into the ISO 20685-1 table: per girth field, the site-agnostic error
// (scan - exact cut on the scan's own plane), its mean, SD and 95% CI of the mean (mm), the
// field's limit and PASS/FAIL (the whole CI inside +-limit); the site-definition difference is
// printed beside it for information. Also volume error (%) and stature error (mm).
import { CIRCUMFERENCE_FIELDS, type CircumferenceField } from '../../src/domain/measurements.ts';
import { summarizeMeanError, type MeanErrorSummary } from '../../src/processing/evaluation/error-statistics.ts';
import type { RunRecord } from './evaluate-run.ts';

/**
 * ISO 20685-1 limits (mm). Large (+-9): chest family (upper/lower chest, chest), waist, navy waist,
 * stomach, hips, shoulders (a trunk girth larger than the chest), thigh family. Small (+-4): neck,
 * arm, forearm, wrist, calf, ankle.
 */
export function isoLimitMm(field: CircumferenceField): number {
  return /^(neck|midArm|lowerArm|forearm|wrist|calf|ankle)/.test(field) ? 4 : 9;
}

export interface FieldSummary {
  field: CircumferenceField;
  limitMm: number;
  siteAgnostic: MeanErrorSummary;
  /** Worst end of the CI, |.|, mm (what bounds.json limits). */
  ciMaxAbsMm: number;
  verdict: 'PASS' | 'FAIL' | 'NO DATA';
  siteDefinition: MeanErrorSummary;
  sideMismatches: number;
  /** Runs whose plane for this field does not cut the field's body part (no truth on that plane). */
  planeMisses: number;
  /** Runs that reported the girth without a site (no plane to cut). */
  missingSites: number;
  /** Runs whose exact cut jumps within ±2 mm of the plane (evaluate-run.ts truthAmbiguous): excluded from n. */
  ambiguousTruth: number;
}

export interface AccuracySummary {
  fields: FieldSummary[];
  volumeErrorPct: MeanErrorSummary;
  statureErrorMm: MeanErrorSummary;
  runs: number;
  failedRuns: number;
}

export function summarize(records: readonly RunRecord[]): AccuracySummary {
  const ok = records.filter((r) => r.failure === null);
  const fields = CIRCUMFERENCE_FIELDS.map((field): FieldSummary => {
    const rows = ok.flatMap((r) => r.fields.filter((f) => f.field === field));
    const siteAgnostic = summarizeMeanError(rows.flatMap((f) => (f.siteAgnosticErrorMm === null ? [] : [f.siteAgnosticErrorMm])));
    const limitMm = isoLimitMm(field);
    const ciMaxAbsMm = siteAgnostic.n >= 2 ? Math.max(Math.abs(siteAgnostic.ciLow), Math.abs(siteAgnostic.ciHigh)) : NaN;
    return {
      field, limitMm, siteAgnostic, ciMaxAbsMm,
      verdict: Number.isNaN(ciMaxAbsMm) ? 'NO DATA' : ciMaxAbsMm <= limitMm ? 'PASS' : 'FAIL',
      siteDefinition: summarizeMeanError(rows.map((f) => f.siteDefinitionDiffMm)),
      sideMismatches: rows.filter((f) => f.sideMismatch).length,
      planeMisses: rows.filter((f) => f.planeMissesPart).length,
      missingSites: rows.filter((f) => f.siteAgnosticErrorMm === null && !f.planeMissesPart && !f.truthAmbiguous).length,
      ambiguousTruth: rows.filter((f) => f.truthAmbiguous).length,
    };
  });
  return {
    fields,
    volumeErrorPct: summarizeMeanError(ok.flatMap((r) => (r.volumeErrorPct === null ? [] : [r.volumeErrorPct]))),
    statureErrorMm: summarizeMeanError(ok.flatMap((r) => (r.statureErrorMm === null ? [] : [r.statureErrorMm]))),
    runs: records.length,
    failedRuns: records.length - ok.length,
  };
}

const num = (v: number, width: number, digits = 1): string => (Number.isFinite(v) ? v.toFixed(digits) : '-').padStart(width);
const signed = (v: number, width: number, digits = 1): string => (Number.isFinite(v) ? (v >= 0 ? '+' : '') + v.toFixed(digits) : '-').padStart(width);

export function formatTable(summary: AccuracySummary): string {
  const lines: string[] = [];
  lines.push('ISO 20685-1 (site-agnostic error = scan - exact cut of the mesh on the scan\'s own plane), mm');
  lines.push(`${'field'.padEnd(19)}${'n'.padStart(4)}${'mean'.padStart(8)}${'SD'.padStart(7)}${'95% CI of mean'.padStart(19)}${'limit'.padStart(7)}  verdict | site-def. diff mean   SD | swaps misses no-site ambig.`);
  for (const f of summary.fields) {
    const s = f.siteAgnostic, d = f.siteDefinition;
    const ci = `[${signed(s.ciLow, 6)}, ${signed(s.ciHigh, 6)}]`;
    lines.push(`${f.field.padEnd(19)}${String(s.n).padStart(4)}${signed(s.mean, 8)}${num(s.sd, 7)}${ci.padStart(19)}${('±' + f.limitMm).padStart(7)}  ${f.verdict.padEnd(7)} | ${signed(d.mean, 19)}${num(d.sd, 6)} |${String(f.sideMismatches).padStart(6)}${String(f.planeMisses).padStart(7)}${String(f.missingSites).padStart(8)}${String(f.ambiguousTruth).padStart(7)}`);
  }
  const v = summary.volumeErrorPct, h = summary.statureErrorMm;
  lines.push(`fullBodyVolume error %: n ${v.n}, mean ${signed(v.mean, 0, 2)}, SD ${num(v.sd, 0, 2)}, 95% CI [${signed(v.ciLow, 0, 2)}, ${signed(v.ciHigh, 0, 2)}]`);
  lines.push(`stature error mm:       n ${h.n}, mean ${signed(h.mean, 0)}, SD ${num(h.sd, 0)}, 95% CI [${signed(h.ciLow, 0)}, ${signed(h.ciHigh, 0)}]`);
  lines.push(`runs: ${summary.runs}, failed: ${summary.failedRuns}`);
  lines.push('swaps: plane crossed the other side\'s limb; misses: plane does not cut the field\'s body part (excluded from n); no-site: girth without a site; ambig.: the exact cut jumps by more than 5 mm (second difference) within ±2 mm of the plane, so it is no reference there (excluded from n)');
  return lines.join('\n');
}

/** Mean site-agnostic error (mm) per field and variant, with each variant's run/failure counts: where errors come from. */
export function formatByVariant(records: readonly RunRecord[]): string {
  const variants = [...new Set(records.map((r) => r.variant))];
  const lines = ['mean site-agnostic error by variant (mm; n in brackets when below the run count)'];
  lines.push(`${'field'.padEnd(19)}${variants.map((v) => v.padStart(14)).join('')}`);
  const ok = (variant: string): RunRecord[] => records.filter((r) => r.variant === variant && r.failure === null);
  for (const field of CIRCUMFERENCE_FIELDS) {
    const cells = variants.map((variant) => {
      const runs = ok(variant);
      const errors = runs.flatMap((r) => r.fields.filter((f) => f.field === field && f.siteAgnosticErrorMm !== null).map((f) => f.siteAgnosticErrorMm!));
      if (errors.length === 0) return '-'.padStart(14);
      const mean = errors.reduce((s, e) => s + e, 0) / errors.length;
      return `${signed(mean, 0)}${errors.length < runs.length ? ` (${errors.length})` : ''}`.padStart(14);
    });
    lines.push(`${field.padEnd(19)}${cells.join('')}`);
  }
  const volume = variants.map((variant) => {
    const values = ok(variant).flatMap((r) => (r.volumeErrorPct === null ? [] : [r.volumeErrorPct]));
    return (values.length ? `${signed(values.reduce((s, e) => s + e, 0) / values.length, 0, 2)} %` : '-').padStart(14);
  });
  lines.push(`${'volume error'.padEnd(19)}${volume.join('')}`);
  lines.push(`${'runs ok/total'.padEnd(19)}${variants.map((v) => `${ok(v).length}/${records.filter((r) => r.variant === v).length}`.padStart(14)).join('')}`);
  return lines.join('\n');
}
