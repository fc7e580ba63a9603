// Per-set reports beside the ISO table: refusals (runs measureBody did not measure, by failure
// code and variant), the mean absolute error per field group, and the left-right difference of
// paired girths on bodies that are symmetric (MakeHuman's targets are mirror-symmetric; the
// truth's own L-R difference is printed to show it). Millimetres throughout.
import type { CircumferenceField } from '../../src/domain/measurements.ts';
import { summarizeMeanError } from '../../src/processing/evaluation/error-statistics.ts';
import type { RunRecord } from './evaluate-run.ts';

/** Goal for |left - right| of a paired girth on a symmetric body (mm). */
export const LEFT_RIGHT_GOAL_MM = 5;

export const PAIRED_STEMS = ['upperThigh', 'thigh', 'lowerThigh', 'calf', 'ankle', 'midArm', 'lowerArm', 'forearm', 'wrist'] as const;

/** Field groups for the mean-absolute-error summary. */
export const FIELD_GROUPS: Record<string, (field: CircumferenceField) => boolean> = {
  torso: (f) => /^(shoulder|upperChest|chest|lowerChest|waist|waistNavy|stomach|hips)Fit$/.test(f),
  neck: (f) => f === 'neckFit',
  legs: (f) => /^(upperThigh|thigh|lowerThigh|calf|ankle)/.test(f),
  arms: (f) => /^(midArm|lowerArm|forearm|wrist)/.test(f),
};

export interface RefusalSummary {
  runs: number;
  refused: number;
  byCode: Record<string, number>;
  byVariant: Record<string, { runs: number; refused: number }>;
}

export function refusals(records: readonly RunRecord[]): RefusalSummary {
  const byCode: Record<string, number> = {};
  const byVariant: Record<string, { runs: number; refused: number }> = {};
  for (const r of records) {
    const v = (byVariant[r.variant] ??= { runs: 0, refused: 0 });
    v.runs++;
    if (r.failureCode !== null) { v.refused++; byCode[r.failureCode] = (byCode[r.failureCode] ?? 0) + 1; }
  }
  return { runs: records.length, refused: records.filter((r) => r.failureCode !== null).length, byCode, byVariant };
}

export function formatRefusals(summary: RefusalSummary): string {
  const codes = Object.entries(summary.byCode).map(([code, n]) => `${code} ${n}`).join(', ');
  const variants = Object.entries(summary.byVariant).map(([v, c]) => `${v} ${c.refused}/${c.runs}`).join(', ');
  return `refused: ${summary.refused} of ${summary.runs}${codes ? ` (${codes})` : ''}; by variant: ${variants}`;
}

/** Mean |site-agnostic error| (mm) per field group over measured runs, with n. */
export function groupMae(records: readonly RunRecord[]): Record<string, { maeMm: number; n: number }> {
  const out: Record<string, { maeMm: number; n: number }> = {};
  for (const [group, member] of Object.entries(FIELD_GROUPS)) {
    const errors = records.filter((r) => r.failureCode === null).flatMap((r) => r.fields.filter((f) => member(f.field) && f.siteAgnosticErrorMm !== null).map((f) => Math.abs(f.siteAgnosticErrorMm!)));
    out[group] = { maeMm: errors.length ? errors.reduce((s, e) => s + e, 0) / errors.length : NaN, n: errors.length };
  }
  return out;
}

export interface LeftRightRow {
  stem: string;
  n: number;
  meanMm: number;
  sdMm: number;
  maxAbsMm: number;
  /** Runs with |L - R| beyond LEFT_RIGHT_GOAL_MM. */
  beyondGoal: number;
  /** Largest |L - R| of the truth sites over the set's bodies (the bodies' own asymmetry). */
  truthMaxAbsMm: number;
}

export function leftRight(records: readonly RunRecord[]): LeftRightRow[] {
  return PAIRED_STEMS.map((stem): LeftRightRow => {
    const left = `${stem}LeftFit` as CircumferenceField, right = `${stem}RightFit` as CircumferenceField;
    const diffs: number[] = [], truth: number[] = [];
    for (const r of records) {
      if (r.failureCode !== null) continue;
      const l = r.fields.find((f) => f.field === left), rr = r.fields.find((f) => f.field === right);
      if (!l || !rr) continue;
      if (Number.isFinite(l.measuredMm) && Number.isFinite(rr.measuredMm)) diffs.push(l.measuredMm - rr.measuredMm);
      truth.push(Math.abs(l.truthSiteMm - rr.truthSiteMm));
    }
    const s = summarizeMeanError(diffs);
    return {
      stem, n: diffs.length, meanMm: s.mean, sdMm: s.sd,
      maxAbsMm: diffs.reduce((m, d) => Math.max(m, Math.abs(d)), diffs.length ? 0 : NaN),
      beyondGoal: diffs.filter((d) => Math.abs(d) > LEFT_RIGHT_GOAL_MM).length,
      truthMaxAbsMm: truth.reduce((m, d) => Math.max(m, d), truth.length ? 0 : NaN),
    };
  });
}

const f1 = (v: number, w: number): string => (Number.isFinite(v) ? v.toFixed(1) : '-').padStart(w);

export function formatLeftRight(rows: readonly LeftRightRow[]): string {
  const lines = [`left - right of measured girths on symmetric bodies (mm; goal |L-R| <= ${LEFT_RIGHT_GOAL_MM})`];
  lines.push(`${'pair'.padEnd(12)}${'n'.padStart(4)}${'mean'.padStart(8)}${'SD'.padStart(7)}${'max|.|'.padStart(8)}${'> goal'.padStart(8)}${'truth max|.|'.padStart(14)}`);
  for (const r of rows) lines.push(`${r.stem.padEnd(12)}${String(r.n).padStart(4)}${f1(r.meanMm, 8)}${f1(r.sdMm, 7)}${f1(r.maxAbsMm, 8)}${String(r.beyondGoal).padStart(8)}${f1(r.truthMaxAbsMm, 14)}`);
  return lines.join('\n');
}

export function formatGroupMae(mae: Record<string, { maeMm: number; n: number }>): string {
  return `mean |error| by group (mm): ${Object.entries(mae).map(([g, v]) => `${g} ${Number.isFinite(v.maeMm) ? v.maeMm.toFixed(1) : '-'} (n ${v.n})`).join(', ')}`;
}
