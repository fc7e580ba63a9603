// Accuracy of phone recordings: each MakeHuman evaluation body is recorded by the simulator (walk and
// turn), reconstructed (reconstructRecording), measured (measureBody) and compared with the body
// mesh as in eval-accuracy (site-agnostic girth error, volume error; ISO 20685-1 table), plus the
// repeatability of two recordings with different seeds, and optionally Open3D's TSDF fusion of the
// same (person-masked) depth maps with the app's poses, measured by our pipeline.
// Usage: node scripts/eval-recording/main.ts --makehuman <dir> [--bodies n] [--first k] [--modes walk,turn]
//   [--frames 250] [--seed 11] [--no-repeat] [--open3d] [--json <file>]
//   [--override '<JSON merged one level deep into DEFAULT_RECONSTRUCTION>'] (to compare an option before it is a default)
//   [--true-poses] (each recording fused with the simulator's true poses, as stage c of stages.ts: what
//   accuracy and repeatability would be with a perfect registration; --json then also holds the repeats)
//   [--ideal] (the simulator's sensor model off: exact depth) [--rigid] (a turn on a rigid turntable: no
//   sway, tilt, uneven speed or arm movement): which part of the scatter is the sensor's, which the motion's
//   [--cache <dir>] (reconstructions kept in dir, keyed by the reconstructing source and the recording's
//   inputs: a second run with a changed measuring rule only measures; reconstruction-cache.ts)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CIRCUMFERENCE_FIELDS } from '../../src/domain/measurements.ts';
import { measureBody } from '../../src/processing/measure/measure-body.ts';
import { posableModelFitter } from '../../src/processing/measure/model-fitter.ts';
import { personOnlyRecording, reconstructRecording } from '../../src/processing/recording-reconstruction/reconstruct-recording.ts';
import { simulateRecording } from '../../src/processing/recording-simulator/simulate-recording.ts';
import { evaluateRun, type RunRecord } from '../eval-accuracy/evaluate-run.ts';
import { formatByVariant, formatTable, summarize } from '../eval-accuracy/iso-table.ts';
import type { Variant, VariantName } from '../eval-accuracy/variants.ts';
import { fuseWithOpen3d } from '../../bench/support/open3d-fusion.ts';
import { formatGoalCheck, formatMeshComparison } from './goal-check.ts';
import { reconstructedSurfaceHints } from '../../src/processing/recording-reconstruction/capture-surface.ts';
import { reconstructionWithOverride } from './reconstruction-override.ts';
import { bodyTruth } from '../eval-accuracy/body-truth.ts';
import { BODY_PRESETS } from '../eval-accuracy/body-presets.ts';
import { DEFAULT_MAKEHUMAN_DIR, evaluationBodies } from './evaluation-bodies.ts';
import { truePoseOptions, withTruePoses } from './true-poses.ts';
import { cacheKey, readCachedReconstruction, reconstructingSourceHash, writeCachedReconstruction, type CachedReconstruction } from './reconstruction-cache.ts';

const { values } = parseArgs({
  options: {
    makehuman: { type: 'string', default: DEFAULT_MAKEHUMAN_DIR },
    bodies: { type: 'string' },
    /** The first body (index into BODY_PRESETS; its seeds stay seed + index): --first 8 --bodies 6 are the 6 bodies after the evaluation's 8. */
    first: { type: 'string', default: '0' },
    modes: { type: 'string', default: 'walk,turn' },
    frames: { type: 'string', default: '250' },
    seed: { type: 'string', default: '11' },
    'no-repeat': { type: 'boolean', default: false },
    open3d: { type: 'boolean', default: false },
    json: { type: 'string' },
    override: { type: 'string', default: '{}' },
    'true-poses': { type: 'boolean', default: false },
    ideal: { type: 'boolean', default: false },
    rigid: { type: 'boolean', default: false },
    cache: { type: 'string' },
  },
});
const reconstruction = reconstructionWithOverride(values.override);
const started = performance.now();
const elapsed = (): string => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const modes = values.modes.split(',') as ('walk' | 'turn')[];
const frames = Number(values.frames);
const seed = Number(values.seed);
const first = Number(values.first);
const presets = BODY_PRESETS.slice(first, values.bodies ? first + Number(values.bodies) : BODY_PRESETS.length);
// Measured as production measures a reconstructed recording: with the posable body model fitted to it.
const measure = (geometry: Parameters<typeof measureBody>[0], hints: Parameters<typeof measureBody>[1], context: Parameters<typeof measureBody>[2]) =>
  measureBody(geometry, hints, context, { fitter: posableModelFitter(context) });

console.log(`Phone-recording accuracy${values['true-poses'] ? ' (fused with the true poses)' : ''}: ${presets.length} bodies x ${modes.join(', ')}, ${frames} frames, seed ${seed}${values['no-repeat'] ? '' : ` (repeat seed ${seed + 1000})`}`);
const records: RunRecord[] = [];
/** The repeat recordings (seed + 1000), for --json. */
const repeatRecords: RunRecord[] = [];
const repeatDiffs = new Map<string, number[]>();
/** The same per mode: mode -> field -> |difference| per body. */
const repeatDiffsByMode = new Map<string, Map<string, number[]>>();
const open3dRecords: RunRecord[] = [];
/** Per mode: |volume error(seed) − volume error(seed + 1000)| per body (percentage points). */
const volumeRepeatPct = new Map<string, number[]>();
/**
 * The repeat difference split in two (mode -> field -> per body, mm): |Δ site-agnostic error| (the
 * surfaces differ on the planes measured) and |Δ the mesh's own girth on each run's plane| (the
 * site landed elsewhere on the body). Either may dominate the difference a user sees.
 */
const repeatSplit = new Map<string, Map<string, { surface: number[]; site: number[] }>>();
/** Per body: each girth as measured on the body mesh itself (mm). */
const meshValuesMm = new Map<string, Record<string, number>>();
const timings: { mode: string; ms: number }[] = [];
const sourceHash = values.cache ? reconstructingSourceHash(join(import.meta.dirname, '..', '..')) : '';
let cachedCount = 0;
const scratchDir = values.open3d ? mkdtempSync(join(tmpdir(), 'eval-recording-')) : '';
let run = first;

for (const { preset, mesh, body } of evaluationBodies(values.makehuman, first, presets.length)) {
  const truth = bodyTruth(preset.name, mesh, seed);
  // What the same measuring reads on the body mesh itself: a recording's value minus this is the
  // error a user sees, landmark placement included (the ISO table's site-agnostic error leaves it out).
  const onMesh = measure({ positions: body.positionsM, indices: body.indices, colors: null, normals: null }, { unit: 'm', upAxis: '+y' }, {});
  meshValuesMm.set(preset.name, Object.fromEntries(CIRCUMFERENCE_FIELDS.map((f) => [f, 1000 * onMesh.measurements[f]])));
  for (const mode of modes) {
    const measured: RunRecord[] = [];
    for (const runSeed of values['no-repeat'] ? [seed + run] : [seed + run, seed + run + 1000]) {
      const key = values.cache ? cacheKey(sourceHash, { body: preset.name, mode, runSeed, frames, reconstruction, truePoses: values['true-poses'], ideal: values.ideal, rigid: values.rigid }) : '';
      let recon: CachedReconstruction | null = values.cache ? readCachedReconstruction(values.cache, key) : null;
      if (recon) cachedCount++;
      // A cached recording is not simulated again unless Open3D is to fuse it.
      const sim = recon && !values.open3d ? null : simulateRecording(body, { mode, seed: runSeed, frames, sensorNoise: !values.ideal, natural: !values.rigid });
      let record: RunRecord;
      try {
        if (!recon) {
          const t0 = performance.now();
          recon = values['true-poses'] ? reconstructRecording(withTruePoses(sim!), truePoseOptions(reconstruction, mode)) : reconstructRecording(sim!.recording, reconstruction);
          timings.push({ mode, ms: performance.now() - t0 });
          if (values.cache) writeCachedReconstruction(values.cache, key, recon);
        }
        const variant = { name: mode as unknown as VariantName, geometry: recon.geometry, note: `${mode} seed ${runSeed}`, hints: reconstructedSurfaceHints(mode) } satisfies Variant;
        record = await evaluateRun(truth, variant, measure);
        record.note = `${record.note}; turn ${recon.diagnostics.turnDeg} deg, reg rms ${recon.diagnostics.registrationRmsMm} mm, sil ${recon.diagnostics.silhouetteOffsetMm} mm (${recon.diagnostics.silhouetteEdges} edges, size ${recon.diagnostics.silhouetteSizeShiftMm} mm, ${recon.diagnostics.silhouetteMs} ms), ${recon.diagnostics.totalMs} ms`;
      } catch (error) {
        const code = (error as { code?: string }).code;
        record = { set: 'recording', failureCode: typeof code === 'string' ? code : 'error', body: truth.name, variant: mode, note: `seed ${runSeed}`, capturePath: '', measureMs: 0, registration: null, volumeErrorPct: null, statureErrorMm: null, fields: [], failure: error instanceof Error ? `${(error as { code?: string }).code ?? error.name}: ${error.message}` : String(error) };
      }
      measured.push(record);
      if (values.open3d && runSeed === seed + run) {
        const fused = fuseWithOpen3d(personOnlyRecording(sim!.recording), scratchDir);
        const variant = { name: `o3d-${mode}` as unknown as VariantName, geometry: fused.geometry, note: `Open3D ${mode}` } satisfies Variant;
        const o3d = await evaluateRun(truth, variant, measure);
        o3d.note = `${o3d.note}; integrate ${fused.integrateMs.toFixed(0)} ms`;
        open3dRecords.push(o3d);
        console.log(`  open3d ${mode.padEnd(5)} ${o3d.failure ? `FAILED ${o3d.failure}` : `vol ${o3d.volumeErrorPct!.toFixed(2)} %`} (integrate ${fused.integrateMs.toFixed(0)} ms)`);
      }
    }
    records.push(measured[0]);
    if (measured[1]) repeatRecords.push(measured[1]);
    // A failed repeat leaves the body out of the repeatability: said here and counted in the goal check.
    if (measured[1]?.failure) console.log(`${truth.name.padEnd(28)} ${mode.padEnd(5)} repeat FAILED ${measured[1].failure} (${measured[1].note})`);
    const [a, b] = measured;
    if (b && !a.failure && !b.failure) {
      volumeRepeatPct.set(mode, [...(volumeRepeatPct.get(mode) ?? []), Math.abs(a.volumeErrorPct! - b.volumeErrorPct!)]);
      for (const field of CIRCUMFERENCE_FIELDS) {
        const fa = a.fields.find((f) => f.field === field)!, fb = b.fields.find((f) => f.field === field)!;
        const list = repeatDiffs.get(field) ?? [];
        list.push(Math.abs(fa.measuredMm - fb.measuredMm));
        repeatDiffs.set(field, list);
        const byField = repeatDiffsByMode.get(mode) ?? new Map<string, number[]>();
        byField.set(field, [...(byField.get(field) ?? []), Math.abs(fa.measuredMm - fb.measuredMm)]);
        repeatDiffsByMode.set(mode, byField);
        if (fa.siteAgnosticErrorMm !== null && fb.siteAgnosticErrorMm !== null && fa.truthOnPlaneMm !== null && fb.truthOnPlaneMm !== null) {
          const split = repeatSplit.get(mode) ?? new Map<string, { surface: number[]; site: number[] }>();
          const entry = split.get(field) ?? { surface: [], site: [] };
          entry.surface.push(Math.abs(fa.siteAgnosticErrorMm - fb.siteAgnosticErrorMm));
          entry.site.push(Math.abs(fa.truthOnPlaneMm - fb.truthOnPlaneMm));
          split.set(field, entry);
          repeatSplit.set(mode, split);
        }
      }
    }
    const r = measured[0];
    const worst = r.fields.reduce((w, f) => (f.siteAgnosticErrorMm !== null && Math.abs(f.siteAgnosticErrorMm) > Math.abs(w.e) ? { e: f.siteAgnosticErrorMm, f: f.field } : w), { e: 0, f: '-' });
    console.log(`${truth.name.padEnd(28)} ${mode.padEnd(5)} ${r.failure ? `FAILED ${r.failure}` : `vol ${r.volumeErrorPct!.toFixed(2).padStart(6)} %  stature ${r.statureErrorMm!.toFixed(0).padStart(4)} mm  worst ${worst.f} ${worst.e.toFixed(1)} mm  (${r.note})`}  [${elapsed()}]`);
  }
  run++;
}

const summary = summarize(records);
console.log(`\n${formatTable(summary)}`);
console.log(`\n${formatByVariant(records)}`);
const mae = (variant: string | null) => CIRCUMFERENCE_FIELDS.map((field) => {
  const errors = records.filter((r) => !r.failure && (variant === null || r.variant === variant)).flatMap((r) => r.fields.filter((f) => f.field === field && f.siteAgnosticErrorMm !== null).map((f) => Math.abs(f.siteAgnosticErrorMm!)));
  return { field, mae: errors.length ? errors.reduce((s, e) => s + e, 0) / errors.length : NaN, n: errors.length };
});
console.log('\nmean absolute error (MAE) per girth, mm:');
console.log(`${'field'.padEnd(19)}${'all'.padStart(8)}${modes.map((m) => m.padStart(8)).join('')}`);
const perMode = modes.map((m) => mae(m));
mae(null).forEach((row, i) => console.log(`${row.field.padEnd(19)}${row.mae.toFixed(1).padStart(8)}${perMode.map((p) => p[i].mae.toFixed(1).padStart(8)).join('')}`));
if (repeatDiffs.size > 0) {
  console.log('\nrepeatability: |girth(seed) - girth(seed + 1000)| per field over bodies and modes, mm (mean / max):');
  for (const field of CIRCUMFERENCE_FIELDS) {
    const d = repeatDiffs.get(field) ?? [];
    if (d.length) console.log(`${field.padEnd(19)}${(d.reduce((s, x) => s + x, 0) / d.length).toFixed(1).padStart(7)}${Math.max(...d).toFixed(1).padStart(7)}  (n ${d.length})`);
  }
  const meanOf = (x: number[]) => (x.length ? x.reduce((s, v) => s + v, 0) / x.length : NaN);
  console.log('\nrepeatability split, mean mm per mode: surface = |Δ site-agnostic error|, site = |Δ the mesh\'s girth on each run\'s plane|');
  console.log(`${'field'.padEnd(19)}${modes.map((m) => `${m} surface`.padStart(14) + `${m} site`.padStart(11)).join('')}`);
  for (const field of CIRCUMFERENCE_FIELDS) {
    console.log(`${field.padEnd(19)}${modes.map((m) => { const e = repeatSplit.get(m)?.get(field); return meanOf(e?.surface ?? []).toFixed(1).padStart(14) + meanOf(e?.site ?? []).toFixed(1).padStart(11); }).join('')}`);
  }
}
if (open3dRecords.length > 0) {
  console.log('\nOpen3D ScalableTSDFVolume of the same person-masked depth maps with the app\'s poses, measured by measureBody:');
  console.log(formatByVariant(open3dRecords));
}
if (cachedCount) console.log(`${cachedCount} reconstructions read from ${values.cache}: their time is not in the reconstruction times`);
if (timings.length) {
  for (const mode of modes) {
    const t = timings.filter((x) => x.mode === mode).map((x) => x.ms).sort((a, b) => a - b);
    if (t.length) console.log(`reconstruction time ${mode}: min ${t[0].toFixed(0)} ms, median ${t[Math.floor(t.length / 2)].toFixed(0)} ms, max ${t[t.length - 1].toFixed(0)} ms`);
  }
}
console.log(`\n${formatMeshComparison(records, modes, meshValuesMm)}`);
console.log(`\n${formatGoalCheck(records, modes, repeatDiffsByMode, volumeRepeatPct, repeatRecords)}`);
console.log(`runtime ${elapsed()}`);
if (values.json) writeFileSync(values.json, `${JSON.stringify({ bodies: presets.map((p) => p.name), modes, frames, seed, summary, records, repeatRecords, open3dRecords, repeatability: Object.fromEntries(repeatDiffs) }, null, 1)}\n`);
if (scratchDir) rmSync(scratchDir, { recursive: true, force: true });
