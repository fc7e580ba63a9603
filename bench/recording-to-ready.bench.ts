// Benchmark: a phone recording to READY, end to end on one thread, as a scan job runs it in process:
// read the Stray Scanner ZIP, reconstruct (segmentation, registration, fusion, closed surface),
// measure with the fitted posable body model, fit stage (avatar record), assets (GLB, texture,
// preview...): processCaptureWith(defaultScanPipeline()). The body is made by the posable model
// (arms a little lowered); recordings are simulated (walk and turn) and written as ZIPs first.
// Each recording runs in its own child process (pinned to one core with taskset when available):
// one cold run (model load and JIT included), then `runs` warm runs; per step wall and CPU time
// min / median / max (the measure stage split into reconstruction, the measuring fit and the rest
// of measuring), and the child's peak RSS (VmHWM, whole process). A second child per recording
// first runs the warm-up a service's processing thread runs at start (services/pipeline-warm-up.ts)
// and then times one run: a partner's first recording on a warmed service. Issue 11's goal: 250
// frames to READY < 6 s on one core, peak RSS < 800 MB.
// Run: nice -n 10 node_modules/.bin/node bench/recording-to-ready.bench.ts [runs] [--frames 125,250,500]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_NATIVE_CONFIG_ID } from '../src/processing/assets/asset-configs.ts';
import { simulateRecording } from '../src/processing/recording-simulator/simulate-recording.ts';
import { writeStrayRecording } from '../src/processing/recording-simulator/write-stray-recording.ts';
import { processCaptureWith } from '../src/services/capture-processing.ts';
import { defaultScanPipeline, type MeasureStep } from '../src/services/default-scan-pipeline.ts';
import { WARM_UP_RECORDINGS, warmUpPipeline } from '../src/services/pipeline-warm-up.ts';
import type { ProcessingStage } from '../src/services/scan-pipeline.ts';
import { measureModelBody, modelParams } from '../test/support/model-measurement.ts';

// The pipeline's stages, the measure stage ('body') split into its steps: the recording's
// reconstruction, the body model fit measuring makes (its labels segment the capture), the rest of
// measuring. Inside the reconstruction, the surface extraction's wall time (its own diagnostic).
type Step = Exclude<ProcessingStage, 'body'> | MeasureStep;
const STEPS: Step[] = ['captureData', 'reconstruct', 'fit', 'measure', 'fittedBody', 'measurement'];
const STEP_LABEL: Record<Step, string> = {
  captureData: 'read', reconstruct: 'reconstruct', fit: 'measuring fit', measure: 'measuring rest', fittedBody: 'fit stage', measurement: 'assets',
};
interface RunTiming { wallMs: number; cpuMs: number; stageWallMs: Record<string, number>; stageCpuMs: Record<string, number>; surfaceWallMs: number; fuseWallMs: number }

const cpuNow = (): number => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };

async function timeOne(bytes: Uint8Array): Promise<RunTiming> {
  const stageWallMs: Record<string, number> = {}, stageCpuMs: Record<string, number> = {};
  let current: Step | null = null, stageWall = 0, stageCpu = 0;
  // Steps repeat (measuring resumes after the fit): each step's time is summed.
  const enter = (step: Step | null) => {
    const wall = performance.now(), cpu = cpuNow();
    if (current) { stageWallMs[current] = (stageWallMs[current] ?? 0) + wall - stageWall; stageCpuMs[current] = (stageCpuMs[current] ?? 0) + cpu - stageCpu; }
    current = step; stageWall = wall; stageCpu = cpu;
  };
  const pipeline = defaultScanPipeline({ onMeasureStep: enter });
  const wall0 = performance.now(), cpu0 = cpuNow();
  const processed = await processCaptureWith(pipeline, { bytes, context: {}, assetConfigId: DEFAULT_NATIVE_CONFIG_ID, allowSandbox: false }, (stage) => {
    if (stage !== 'body') enter(stage); // the measure stage reports its own steps
  });
  enter(null);
  const diagnostics = processed.measured.diagnostics as Record<string, unknown>;
  return {
    wallMs: performance.now() - wall0, cpuMs: cpuNow() - cpu0, stageWallMs, stageCpuMs,
    surfaceWallMs: Number(diagnostics['recording.extractMs']), fuseWallMs: Number(diagnostics['recording.fuseMs']),
  };
}

function peakRssMiB(): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) / 1024 : process.resourceUsage().maxRSS / 1024;
}

if (process.argv[2] === '--child-warmed') {
  const bytes = new Uint8Array(readFileSync(process.argv[3]));
  const pipeline = defaultScanPipeline();
  let warmUpMs = 0;
  for (const { mode } of WARM_UP_RECORDINGS) warmUpMs += await warmUpPipeline(pipeline, mode);
  const first = await timeOne(bytes);
  process.stdout.write(`${JSON.stringify({ warmUpMs, first, peakRssMiB: peakRssMiB() })}\n`);
} else if (process.argv[2] === '--child') {
  const bytes = new Uint8Array(readFileSync(process.argv[3]));
  const runs = Number(process.argv[4]);
  const cold = await timeOne(bytes);
  const warm: RunTiming[] = [];
  for (let r = 0; r < runs; r++) warm.push(await timeOne(bytes));
  process.stdout.write(`${JSON.stringify({ cold, warm, peakRssMiB: peakRssMiB() })}\n`);
} else {
  const runs = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 3);
  const framesArg = process.argv.indexOf('--frames');
  const frameCounts = framesArg > 0 ? process.argv[framesArg + 1].split(',').map(Number) : [250];
  const stats = (values: number[]) => {
    const s = [...values].sort((a, b) => a - b);
    return `${s[0].toFixed(0)} / ${s[s.length >> 1].toFixed(0)} / ${s[s.length - 1].toFixed(0)}`;
  };
  const body = measureModelBody(modelParams(undefined, { 0: 0.6, 1: -0.3, 2: 0.2 }, 0.2));
  const mesh = { positionsM: body.result.canonical.positions, indices: body.model.triangles };
  const dir = mkdtempSync(join(tmpdir(), 'bench-ready-'));
  const pin = spawnSync('taskset', ['--version']).status === 0;
  console.log(`phone recording -> READY (read, reconstruct, fitted measuring, fit, assets), node ${process.version}, one thread${pin ? ', child pinned to one core (taskset -c 0)' : ''}`);
  console.log(`1 cold run (model load, JIT) + ${runs} warm runs per recording; wall and CPU ms min / median / max of the warm runs; then, in a fresh process, the thread warm-up and 1 run`);
  for (const mode of ['walk', 'turn'] as const) {
    for (const frames of frameCounts) {
      const file = join(dir, `${mode}-${frames}.zip`);
      writeFileSync(file, writeStrayRecording(simulateRecording(mesh, { mode, seed: 5, frames }).recording));
      const child = (args: string[]): string => {
        const out = pin
          ? execFileSync('taskset', ['-c', '0', process.execPath, process.argv[1], ...args], { encoding: 'utf8', maxBuffer: 1 << 24 })
          : execFileSync(process.execPath, [process.argv[1], ...args], { encoding: 'utf8', maxBuffer: 1 << 24 });
        return out.trim().split('\n').pop()!;
      };
      const { cold, warm, peakRssMiB: peak } = JSON.parse(child(['--child', file, String(runs)])) as { cold: RunTiming; warm: RunTiming[]; peakRssMiB: number };
      const warmed = JSON.parse(child(['--child-warmed', file])) as { warmUpMs: number; first: RunTiming; peakRssMiB: number };
      const stages = STEPS.map((s) => `${STEP_LABEL[s]} ${stats(warm.map((w) => w.stageCpuMs[s] ?? 0))}`).join('; ');
      console.log(`${mode} ${frames} frames (${(readFileSync(file).length / 2 ** 20).toFixed(1)} MiB ZIP): wall ${stats(warm.map((w) => w.wallMs))} ms, CPU ${stats(warm.map((w) => w.cpuMs))} ms (${(warm.map((w) => w.cpuMs).sort((a, b) => a - b)[warm.length >> 1] / frames).toFixed(1)} ms/frame); cold wall ${cold.wallMs.toFixed(0)} ms, CPU ${cold.cpuMs.toFixed(0)} ms; peak RSS ${peak.toFixed(0)} MiB`);
      console.log(`  CPU by step (ms): ${stages}`);
      console.log(`  cold run's CPU by step (ms): ${STEPS.map((s) => `${STEP_LABEL[s]} ${(cold.stageCpuMs[s] ?? 0).toFixed(0)}`).join('; ')}`);
      console.log(`  first run after the service's thread warm-up (${warmed.warmUpMs.toFixed(0)} ms): wall ${warmed.first.wallMs.toFixed(0)} ms, CPU ${warmed.first.cpuMs.toFixed(0)} ms; peak RSS ${warmed.peakRssMiB.toFixed(0)} MiB`);
      console.log(`  inside the reconstruction, wall (ms): fusion (registration, segmentation, integration) ${stats(warm.map((w) => w.fuseWallMs))}; closed surface ${stats(warm.map((w) => w.surfaceWallMs))}`);
    }
  }
  rmSync(dir, { recursive: true, force: true });
}
