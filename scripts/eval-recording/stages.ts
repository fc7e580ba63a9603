// Where the error of a phone recording comes from, stage by stage, on a few MakeHuman bodies:
//   a  the body mesh itself, measured by the same pipeline (fitted body model);
//   b  the simulator's ideal depth (no sensor model) fused with the true poses (camera in the body's frame);
//   c  the sensor model's depth fused with the true poses;
//   d  the product: the sensor model's depth and the recorded poses, registered (reconstructRecording).
// True poses: for a turn, each frame's camera is placed in the frame of the body's trunk at the first
// frame (the arm swing of a natural turn stays in the depth), so b and c fuse as a walk with trusted poses.
// Usage: node scripts/eval-recording/stages.ts [--makehuman <dir>] [--bodies 3] [--first 0]
//   [--modes walk,turn] [--stages a,b,c,d] [--seed 11] [--frames 250]
import { parseArgs } from 'node:util';
import { CIRCUMFERENCE_FIELDS } from '../../src/domain/measurements.ts';
import { measureBody } from '../../src/processing/measure/measure-body.ts';
import { posableModelFitter } from '../../src/processing/measure/model-fitter.ts';
import { reconstructRecording } from '../../src/processing/recording-reconstruction/reconstruct-recording.ts';
import { simulateRecording } from '../../src/processing/recording-simulator/simulate-recording.ts';
import { evaluateRun, type RunRecord } from '../eval-accuracy/evaluate-run.ts';
import type { VariantName } from '../eval-accuracy/variants.ts';
import { reconstructionWithOverride } from './reconstruction-override.ts';
import { reconstructedSurfaceHints } from '../../src/processing/recording-reconstruction/capture-surface.ts';
import { bodyTruth } from '../eval-accuracy/body-truth.ts';
import { truePoseOptions, withTruePoses } from './true-poses.ts';
import { DEFAULT_MAKEHUMAN_DIR, evaluationBodies } from './evaluation-bodies.ts';

const { values } = parseArgs({
  options: {
    makehuman: { type: 'string', default: DEFAULT_MAKEHUMAN_DIR },
    bodies: { type: 'string', default: '3' },
    first: { type: 'string', default: '0' },
    modes: { type: 'string', default: 'walk,turn' },
    stages: { type: 'string', default: 'a,b,c,d' },
    seed: { type: 'string', default: '11' },
    frames: { type: 'string', default: '250' },
    /** JSON merged (one level deep) into DEFAULT_RECONSTRUCTION for every stage, e.g. '{"turnRegistration":{"minWeight":5}}'. */
    override: { type: 'string', default: '{}' },
  },
});
const reconstruction = reconstructionWithOverride(values.override);
const modes = values.modes.split(',') as ('walk' | 'turn')[];
const stages = values.stages.split(',');
const first = Number(values.first);
const measure = (geometry: Parameters<typeof measureBody>[0], hints: Parameters<typeof measureBody>[1], context: Parameters<typeof measureBody>[2]) =>
  measureBody(geometry, hints, context, { fitter: posableModelFitter(context) });

const rows: { stage: string; mode: string; record: RunRecord }[] = [];
for (const { index, preset, mesh, body } of evaluationBodies(values.makehuman, first, Number(values.bodies))) {
  const seed = Number(values.seed) + index;
  const truth = bodyTruth(preset.name, mesh, seed);
  const run = async (stage: string, mode: string, geometry: () => Parameters<typeof evaluateRun>[1]['geometry']) => {
    let record: RunRecord;
    try {
      // Reconstructions are measured with the hints production gives them; the body mesh (a) with none.
      const hints = stage === 'a' ? undefined : reconstructedSurfaceHints(mode as 'walk' | 'turn');
      record = await evaluateRun(truth, { name: stage as unknown as VariantName, geometry: geometry(), note: `${stage} ${mode}`, hints }, measure);
    } catch (error) {
      record = { set: '', failureCode: 'error', body: truth.name, variant: stage, note: '', capturePath: '', measureMs: 0, registration: null, volumeErrorPct: null, statureErrorMm: null, fields: [], failure: String(error) };
    }
    rows.push({ stage, mode, record });
    console.log(`${truth.name.padEnd(26)} ${stage} ${mode.padEnd(5)} ${record.failure ? `FAILED ${record.failure}` : `vol ${record.volumeErrorPct!.toFixed(2)} % stature ${record.statureErrorMm!.toFixed(0)} mm`}`);
  };
  if (stages.includes('a')) await run('a', '-', () => ({ positions: Float32Array.from(mesh.positionsM), indices: mesh.triangles, colors: null, normals: null }) as never);
  for (const mode of modes) {
    // Trusted poses fuse as the product fuses the mode, poses aside (true-poses.ts truePoseOptions).
    const trustedIdeal = truePoseOptions(reconstruction, mode, true);
    const trustedSensor = truePoseOptions(reconstruction, mode);
    if (stages.includes('b')) {
      const ideal = simulateRecording(body, { mode, seed, frames: Number(values.frames), sensorNoise: false });
      await run('b', mode, () => reconstructRecording(withTruePoses(ideal), trustedIdeal).geometry as never);
    }
    if (stages.includes('c') || stages.includes('d')) {
      const sim = simulateRecording(body, { mode, seed, frames: Number(values.frames) });
      if (stages.includes('c')) await run('c', mode, () => reconstructRecording(withTruePoses(sim), trustedSensor).geometry as never);
      if (stages.includes('d')) await run('d', mode, () => reconstructRecording(sim.recording, reconstruction).geometry as never);
    }
  }
}

console.log('\nmean error / MAE per girth (mm), site-agnostic; volume %, stature mm');
const groups = [...new Set(rows.map((r) => `${r.stage} ${r.mode}`))];
console.log(`${'field'.padEnd(19)}${groups.map((g) => g.padStart(14)).join('')}`);
const cell = (values: number[]) => values.length ? `${(values.reduce((s, x) => s + x, 0) / values.length).toFixed(1)}/${(values.reduce((s, x) => s + Math.abs(x), 0) / values.length).toFixed(1)}`.padStart(14) : '-'.padStart(14);
for (const field of CIRCUMFERENCE_FIELDS) {
  console.log(`${field.padEnd(19)}${groups.map((g) => cell(rows.filter((r) => `${r.stage} ${r.mode}` === g && !r.record.failure).flatMap((r) => r.record.fields.filter((f) => f.field === field && f.siteAgnosticErrorMm !== null).map((f) => f.siteAgnosticErrorMm!)))).join('')}`);
}
console.log(`${'volume %'.padEnd(19)}${groups.map((g) => cell(rows.filter((r) => `${r.stage} ${r.mode}` === g && !r.record.failure).map((r) => r.record.volumeErrorPct!))).join('')}`);
console.log(`${'stature mm'.padEnd(19)}${groups.map((g) => cell(rows.filter((r) => `${r.stage} ${r.mode}` === g && !r.record.failure).map((r) => r.record.statureErrorMm!))).join('')}`);
