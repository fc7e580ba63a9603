/**
 * Warming a processing thread before its first real capture. V8 compiles the pipeline's hot code
 * (reconstruction, the body model fit, measuring, assets) while it first runs it, so a thread's
 * first 250-frame phone recording took 1.2-1.6 s longer than its second (bench/
 * recording-to-ready.bench.ts: cold 6.7-7.3 s, warm 5.1-5.6 s). A worker runs two short simulated
 * recordings of the body model's mean body through the whole pipeline when its thread starts (a walk
 * and a turn: they take different reconstruction paths) and throws the results away; a partner's
 * first recording then runs at the warm speed. Nothing here touches a scan or the database.
 */
import { DEFAULT_NATIVE_CONFIG_ID } from '../processing/assets/asset-configs.ts';
import { canonicalBody } from '../processing/body-model/canonical-body.ts';
import { loadPosableBodyModel } from '../processing/body-model/load-posable-model.ts';
import { simulateRecording } from '../processing/recording-simulator/simulate-recording.ts';
import { writeStrayRecording } from '../processing/recording-simulator/write-stray-recording.ts';
import { processCaptureWith } from './capture-processing.ts';
import type { ScanPipeline } from './scan-pipeline.ts';

export type WarmUpMode = 'walk' | 'turn';

/**
 * The warm-up recordings, in the order a thread runs them. Short, so that a capture arriving during
 * the warm-up waits little (each takes 5-6 s of one core, mostly the fixed cost of fitting,
 * measuring and assets; a capture waits for the one under way and ends the rest). The turn needs at
 * least 80 frames: at 40 (9 degrees a frame) registration loses the turn and the recording fails
 * before the measuring code runs. Twice the frames of that minimum (a walk of 80, a turn of 160):
 * the per-frame code then runs often enough for V8 to finish optimising it, and a thread's first
 * 250-frame turn ran ~0.4 s faster, its first walk ~0.2 s, for ~2 s more warm-up
 * (docs/recording-reconstruction.md, "A longer thread warm-up").
 */
export const WARM_UP_RECORDINGS: readonly { mode: WarmUpMode; frames: number }[] = [
  { mode: 'walk', frames: 80 },
  { mode: 'turn', frames: 160 },
];

/** The Stray Scanner ZIP of a short simulated recording of the body model's mean body (A-pose). */
export function warmUpRecordingZip(mode: WarmUpMode): Uint8Array {
  const model = loadPosableBodyModel();
  const body = canonicalBody(model, new Float32Array(model.shapeCount));
  const frames = WARM_UP_RECORDINGS.find((r) => r.mode === mode)!.frames;
  return writeStrayRecording(simulateRecording({ positionsM: body.positionsM, indices: body.triangles }, { mode, seed: 1, frames }).recording);
}

/**
 * Runs one warm-up recording through `pipeline` (read, reconstruct, measure, fit, assets) and
 * returns how long it took (ms, wall). Throws when the pipeline fails on it: the product's own
 * simulated body must measure, so a failure is a defect worth a log line, not a reason to stop.
 */
export async function warmUpPipeline(pipeline: ScanPipeline, mode: WarmUpMode): Promise<number> {
  const startMs = performance.now();
  const bytes = warmUpRecordingZip(mode);
  await processCaptureWith(pipeline, { bytes, context: {}, assetConfigId: DEFAULT_NATIVE_CONFIG_ID, allowSandbox: false }, () => undefined);
  return performance.now() - startMs;
}
