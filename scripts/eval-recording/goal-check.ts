// Issue 11's accuracy goals, checked per recording mode on an evaluation's records: every girth's
// mean site-agnostic error within ±10 mm and its mean absolute error at most 10 mm; volume within
// 2 % (the mean, and how many single runs miss it); repeatability: two recordings of one body with
// different seeds within 5 mm per girth (the mean over bodies, and the largest), and how far their
// volumes differ (information: the issue sets no bound on it).
import { CIRCUMFERENCE_FIELDS } from '../../src/domain/measurements.ts';
import type { RunRecord } from '../eval-accuracy/evaluate-run.ts';

export const GIRTH_MEAN_LIMIT_MM = 10;
export const GIRTH_MAE_LIMIT_MM = 10;
export const VOLUME_LIMIT_PCT = 2;
export const REPEAT_LIMIT_MM = 5;

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/**
 * Lines of text: per mode, the girths that miss the mean or MAE goal, the volume, and (when
 * `repeatDiffs` has the mode's pairs: field -> |difference| per body) the girths that miss repeatability;
 * `volumeRepeatPct`: mode -> |volume error difference| per body (percentage points).
 */
export function formatGoalCheck(
  records: RunRecord[], modes: string[], repeatDiffs: Map<string, Map<string, number[]>>, volumeRepeatPct: Map<string, number[]> = new Map(),
  repeatRecords: RunRecord[] = [],
): string {
  const lines = [`issue 11 goals per mode: girth mean within ±${GIRTH_MEAN_LIMIT_MM} mm and MAE <= ${GIRTH_MAE_LIMIT_MM} mm; volume within ${VOLUME_LIMIT_PCT} %; repeatability mean <= ${REPEAT_LIMIT_MM} mm per girth`];
  for (const mode of modes) {
    const runs = records.filter((r) => r.variant === mode && !r.failure);
    const misses: string[] = [];
    for (const field of CIRCUMFERENCE_FIELDS) {
      const errors = runs.flatMap((r) => r.fields.filter((f) => f.field === field && f.siteAgnosticErrorMm !== null).map((f) => f.siteAgnosticErrorMm!));
      if (errors.length === 0) { misses.push(`${field} (no reading)`); continue; }
      const m = mean(errors), mae = mean(errors.map(Math.abs));
      if (Math.abs(m) > GIRTH_MEAN_LIMIT_MM || mae > GIRTH_MAE_LIMIT_MM) misses.push(`${field} ${m >= 0 ? '+' : ''}${m.toFixed(1)}/${mae.toFixed(1)}`);
    }
    const volumes = runs.map((r) => r.volumeErrorPct!);
    const volumeMean = volumes.length ? mean(volumes) : NaN;
    const volumeOut = volumes.filter((v) => Math.abs(v) > VOLUME_LIMIT_PCT).length;
    lines.push(`${mode}: girths ${CIRCUMFERENCE_FIELDS.length - misses.length}/${CIRCUMFERENCE_FIELDS.length} meet the goal${misses.length ? `; missing (mean/MAE mm): ${misses.join(', ')}` : ''}`);
    lines.push(`${mode}: volume mean ${volumeMean >= 0 ? '+' : ''}${volumeMean.toFixed(2)} % (${Math.abs(volumeMean) <= VOLUME_LIMIT_PCT ? 'meets' : 'misses'} the goal), ${volumeOut} of ${volumes.length} runs beyond ±${VOLUME_LIMIT_PCT} %; failed runs: ${records.filter((r) => r.variant === mode && r.failure).length}, failed repeats: ${repeatRecords.filter((r) => r.variant === mode && r.failure).length}`);
    const volumeRepeat = volumeRepeatPct.get(mode) ?? [];
    if (volumeRepeat.length > 0) lines.push(`${mode}: volume repeatability |Δ| mean ${mean(volumeRepeat).toFixed(2)} %, max ${Math.max(...volumeRepeat).toFixed(2)} % (percentage points of the body's volume, ${volumeRepeat.length} bodies)`);
    const repeat = repeatDiffs.get(mode);
    if (repeat && repeat.size > 0) {
      const repeatMisses = CIRCUMFERENCE_FIELDS.filter((f) => (repeat.get(f) ?? []).length > 0 && mean(repeat.get(f)!) > REPEAT_LIMIT_MM)
        .map((f) => `${f} ${mean(repeat.get(f)!).toFixed(1)}/${Math.max(...repeat.get(f)!).toFixed(1)}`);
      const within = CIRCUMFERENCE_FIELDS.filter((f) => (repeat.get(f) ?? []).every((d) => d <= REPEAT_LIMIT_MM)).length;
      lines.push(`${mode}: repeatability ${CIRCUMFERENCE_FIELDS.length - repeatMisses.length}/${CIRCUMFERENCE_FIELDS.length} girths within ${REPEAT_LIMIT_MM} mm on average, ${within} on every body${repeatMisses.length ? `; missing (mean/max mm): ${repeatMisses.join(', ')}` : ''}`);
    }
  }
  return lines.join('\n');
}

/**
 * Per mode and girth, the mean and mean absolute difference between a recording's girth and the same
 * measuring's girth on the body mesh itself (`meshValuesMm`: body -> field -> mm): the error a user
 * sees, landmark placement included, unlike the site-agnostic error; and the girths missing the
 * ±10 mm / 10 mm goal on it.
 */
export function formatMeshComparison(records: RunRecord[], modes: string[], meshValuesMm: Map<string, Record<string, number>>): string {
  const lines = ['recording minus the same measuring on the body mesh (what a user sees, landmarks included), mean/MAE mm:'];
  lines.push(`${'field'.padEnd(19)}${modes.map((m) => m.padStart(14)).join('')}`);
  const misses = new Map<string, string[]>(modes.map((m) => [m, []]));
  for (const field of CIRCUMFERENCE_FIELDS) {
    const cells = modes.map((mode) => {
      const d = records.filter((r) => r.variant === mode && !r.failure && meshValuesMm.has(r.body)).map((r) => r.fields.find((f) => f.field === field)!.measuredMm - meshValuesMm.get(r.body)![field]);
      if (d.length === 0) return '-'.padStart(14);
      const m = mean(d), mae = mean(d.map(Math.abs));
      if (Math.abs(m) > GIRTH_MEAN_LIMIT_MM || mae > GIRTH_MAE_LIMIT_MM) misses.get(mode)!.push(field);
      return `${m >= 0 ? '+' : ''}${m.toFixed(1)}/${mae.toFixed(1)}`.padStart(14);
    });
    lines.push(`${field.padEnd(19)}${cells.join('')}`);
  }
  for (const mode of modes) lines.push(`${mode}: ${CIRCUMFERENCE_FIELDS.length - misses.get(mode)!.length}/${CIRCUMFERENCE_FIELDS.length} girths within ±${GIRTH_MEAN_LIMIT_MM} mm mean and ${GIRTH_MAE_LIMIT_MM} mm MAE of the mesh's own reading${misses.get(mode)!.length ? `; missing: ${misses.get(mode)!.join(', ')}` : ''}`);
  return lines.join('\n');
}
