// Real-body accuracy evaluation on MakeHuman bodies (ISO 20685-1 girth table, volume error).
// Usage: node scripts/eval-accuracy/main.ts --makehuman <dir> [--json <file>] [--bodies <n>]
//   [--variants mesh,cloud,cloud-yaw,mesh-mm,mesh-zup] [--points 300000] [--seed 20685]
//   [--bounds <file>] [--update-bounds] [--no-fit] [--slice-topology]
// Exit codes: 0 within bounds, 1 a bound is exceeded, 2 measureBody is missing (integration point).
import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CIRCUMFERENCE_FIELDS } from '../../src/domain/measurements.ts';
import type { BodyMeasurementResult } from '../../src/domain/body-scan-result.ts';
import { meshSignedVolume } from '../../src/processing/evaluation/mesh-metrics.ts';
import { sampleSurface } from '../../src/processing/evaluation/surface-sampling.ts';
import { seededRandom } from '../../src/processing/evaluation/seeded-random.ts';
import { createTargetReader, readMakeHumanBase } from './load-makehuman.ts';
import { applyTargets, macroTargetWeights } from './macro-targets.ts';
import { extractBodyMesh } from './body-mesh.ts';
import { BODY_PRESETS } from './body-presets.ts';
import { truthSites } from './truth-sites.ts';
import { buildVariant, DEFAULT_VARIANT_OPTIONS, VARIANT_NAMES, type VariantName } from './variants.ts';
import { evaluateRun, type BodyTruth, type RunRecord } from './evaluate-run.ts';
import { findMeasureBody } from './pipeline-hooks.ts';
import { measureBody } from '../../src/processing/measure/measure-body.ts';
import { posableModelFitter } from '../../src/processing/measure/model-fitter.ts';
import { addFitQuality, createFitQuality, formatFitQuality } from './fit-quality.ts';
import { formatByVariant, formatTable, summarize } from './iso-table.ts';
import { boundsFromSummary, checkBounds, readBounds, writeBounds } from './bounds.ts';
import { throughCaptureReader } from './capture-path.ts';

const repoRoot = resolve(import.meta.dirname, '..', '..');
const { values } = parseArgs({
  options: {
    makehuman: { type: 'string', default: resolve(repoRoot, '..', 'shared', 'data', 'makehuman') },
    json: { type: 'string' },
    bodies: { type: 'string' },
    variants: { type: 'string', default: VARIANT_NAMES.join(',') },
    points: { type: 'string', default: String(DEFAULT_VARIANT_OPTIONS.cloudPoints) },
    seed: { type: 'string', default: '20685' },
    bounds: { type: 'string', default: resolve(import.meta.dirname, 'bounds.json') },
    'update-bounds': { type: 'boolean', default: false },
    'no-fit': { type: 'boolean', default: false },
    // Measure as production does: with the posable body model fitted to each capture (issue 10);
    // --slice-topology measures without it (the segmentation that must refuse arms on the torso).
    'slice-topology': { type: 'boolean', default: false },
  },
});

const started = performance.now();
const elapsed = (): string => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const variants = values.variants.split(',').map((v) => v.trim()) as VariantName[];
for (const v of variants) if (!VARIANT_NAMES.includes(v)) throw new Error(`unknown variant ${v} (known: ${VARIANT_NAMES.join(', ')})`);
const presets = BODY_PRESETS.slice(0, values.bodies ? Number(values.bodies) : BODY_PRESETS.length);
const variantOptions = { ...DEFAULT_VARIANT_OPTIONS, cloudPoints: Number(values.points) };
const seed = Number(values.seed);

const base = readMakeHumanBase(values.makehuman);
const readTarget = createTargetReader(values.makehuman);
const found = await findMeasureBody();
const measure = found && !values['slice-topology']
  ? { file: `${found.file} (fitted posable model)`, measureBody: ((g, h, c) => measureBody(g, h, c, { fitter: posableModelFitter(c) })) as typeof found.measureBody }
  : found;

console.log(`MakeHuman accuracy evaluation: ${presets.length} bodies x ${variants.length} variants (${variants.join(', ')})`);
console.log(`measureBody: ${measure ? measure.file : 'MISSING (src/processing/measure/ exports no measureBody)'}`);
console.log('\nbodies (MakeHuman macro sliders in [0,1]; age 0.5 = 25 y, 1 = 90 y):');
console.log(`${'name'.padEnd(28)} gender  age(y) muscle weight height propor. afr/asi/cau   stature  volume`);

const truths: BodyTruth[] = [];
for (const preset of presets) {
  const s = preset.settings;
  const mesh = extractBodyMesh(base, applyTargets(base, macroTargetWeights(s), readTarget));
  let statureM = 0;
  for (let i = 1; i < mesh.positionsM.length; i += 3) statureM = Math.max(statureM, mesh.positionsM[i]);
  const truth: BodyTruth = {
    name: preset.name, mesh, sites: truthSites(mesh), volumeM3: meshSignedVolume(mesh.positionsM, mesh.triangles), statureM,
    registrationPointsM: sampleSurface(mesh.positionsM, mesh.triangles, 80_000, seededRandom(seed)),
  };
  truths.push(truth);
  const years = 25 + 130 * (s.age - 0.5);
  console.log(`${preset.name.padEnd(28)} ${s.gender.toFixed(2).padStart(6)} ${years.toFixed(0).padStart(7)} ${[s.muscle, s.weight, s.height, s.proportions].map((x) => x.toFixed(2).padStart(6)).join(' ')}  ${[s.african, s.asian, s.caucasian].map((x) => x.toFixed(2)).join('/')} ${(statureM * 100).toFixed(1).padStart(6)} cm ${(truth.volumeM3 * 1000).toFixed(1).padStart(5)} L`);
}
console.log(`truth built in ${elapsed()}`);

if (!measure) {
  // INTEGRATION POINT: without measureBody only the truth side and the capture path can be exercised.
  const body = truths[0];
  for (const name of variants) {
    const variant = buildVariant(name, body.mesh, seed, variantOptions);
    const { read, path, bytes } = await throughCaptureReader(variant.geometry);
    console.log(`capture path check ${name}: ${path}, ${bytes} bytes -> ${read.format}, ${read.geometry.positions.length / 3} points, ${read.geometry.indices ? read.geometry.indices.length / 3 : 0} triangles`);
  }
  console.log('\ntruth-site girths (mm), per body:');
  console.log(`${'field'.padEnd(19)}${truths.map((t) => t.name.slice(0, 9).padStart(10)).join('')}`);
  for (const field of CIRCUMFERENCE_FIELDS) {
    console.log(`${field.padEnd(19)}${truths.map((t) => (t.sites.get(field)!.perimeterM * 1000).toFixed(0).padStart(10)).join('')}`);
  }
  console.error('\neval-accuracy: measureBody not found in src/processing/measure/: nothing to judge (exit 2)');
  process.exit(2);
}

const records: RunRecord[] = [];
const fitQuality = createFitQuality();
// Body-model fit quality on one variant per body (the scanner-like cloud when run) keeps the run short.
const fitVariant: VariantName = variants.includes('cloud') ? 'cloud' : variants[0];
let runIndex = 0;
for (const truth of truths) {
  for (const name of variants) {
    const variant = buildVariant(name, truth.mesh, seed + 7919 * runIndex++, variantOptions);
    const inspect = values['no-fit'] || name !== fitVariant ? undefined : async (result: BodyMeasurementResult) => addFitQuality(fitQuality, result);
    const record = await evaluateRun(truth, variant, measure.measureBody, inspect);
    records.push(record);
    const reg = record.registration;
    const worst = record.fields.reduce((w, f) => (f.siteAgnosticErrorMm !== null && Math.abs(f.siteAgnosticErrorMm) > Math.abs(w.e) ? { e: f.siteAgnosticErrorMm, f: f.field } : w), { e: 0, f: '-' });
    console.log(`${truth.name.padEnd(28)} ${name.padEnd(9)} ${record.failure ? `FAILED ${record.failure}` : `${record.measureMs.toFixed(0).padStart(6)} ms  reg rms ${reg!.rmsMm.toFixed(1)} mm yaw ${reg!.yawDeg.toFixed(1)}  vol ${record.volumeErrorPct!.toFixed(2)} %  worst ${worst.f} ${worst.e.toFixed(1)} mm`}  [${elapsed()}]`);
  }
}

const summary = summarize(records);
console.log(`\n${formatTable(summary)}`);
console.log(`\n${formatByVariant(records)}`);
if (!values['no-fit']) console.log(`\n${formatFitQuality(fitQuality, fitVariant)}`);
console.log(`\nruntime ${elapsed()}`);

if (values.json) {
  writeFileSync(values.json, `${JSON.stringify({ bodies: presets, variants, variantOptions, seed, measureBody: measure.file, summary, records }, null, 1)}\n`);
  console.log(`wrote ${values.json}`);
}
if (values['update-bounds']) {
  writeBounds(values.bounds, boundsFromSummary(summary, `From ${presets.length} bodies x variants ${variants.join(',')}, seed ${seed}: each field's |CI end| + max(2 mm, 25%).`));
  console.log(`wrote ${values.bounds}`);
}
if (!existsSync(values.bounds)) {
  console.error(`eval-accuracy: no bounds file ${values.bounds} (create it with --update-bounds)`);
  process.exit(1);
}
const bounds = readBounds(values.bounds);
const unbounded = summary.fields.filter((f) => bounds.girths[f.field] === undefined).map((f) => f.field);
if (unbounded.length > 0) console.log(`not bounded (no data when the bounds were set): ${unbounded.join(', ')}`);
const violations = checkBounds(summary, bounds);
if (violations.length > 0) {
  console.error(`\neval-accuracy: ${violations.length} regression(s) beyond ${values.bounds}:\n  ${violations.join('\n  ')}`);
  process.exit(1);
}
console.log(`within bounds (${values.bounds})`);
