/**
 * The entry of a processing thread (run by piscina, see threaded-capture-processor.ts): runs one
 * task on the production pipeline, or on the pipeline a test names by module URL. Results carry
 * their byte arrays as transferables; a ProcessingFailure comes back as data (errors crossing a
 * thread lose their class and code).
 */
import { MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { MeasureContext } from '../domain/body-scan-result.ts';
import type { Measurements } from '../domain/measurements.ts';
import { ProcessingFailure, type ProcessingFailureCode } from '../domain/processing-failure.ts';
import { processCaptureWith } from '../services/capture-processing.ts';
import { defaultScanPipeline } from '../services/default-scan-pipeline.ts';
import type { AssetFile, PredictedBodyFile, ProcessedCapture, ScanPipeline } from '../services/scan-pipeline.ts';
import type { FittedBodyRecord } from '../domain/fitted-body-record.ts';
import { warmUpPipeline, type WarmUpMode } from '../services/pipeline-warm-up.ts';

export type ThreadTask =
  | { kind: 'capture'; bytes: Uint8Array; context: MeasureContext; assetConfigId: string; allowSandbox: boolean; progress: MessagePort; pipelineModule?: string }
  | { kind: 'predicted-body'; fitted: FittedBodyRecord; predicted: Measurements; pipelineModule?: string }
  | { kind: 'warm-up'; mode: WarmUpMode; pipelineModule?: string };

export type ThreadResult =
  | { ok: true; capture?: ProcessedCapture; file?: PredictedBodyFile; warmUpMs?: number }
  | { ok: false; failure: { code: ProcessingFailureCode; message: string } };

const pipelines = new Map<string, Promise<ScanPipeline>>();

/** The pipeline of this thread: made once per thread (the body model and tables load once). */
function pipelineOf(moduleUrl: string | undefined): Promise<ScanPipeline> {
  const key = moduleUrl ?? 'default';
  let pipeline = pipelines.get(key);
  if (!pipeline) {
    pipeline = moduleUrl
      ? import(moduleUrl).then((module: { createPipeline: () => ScanPipeline }) => module.createPipeline())
      : Promise.resolve(defaultScanPipeline());
    pipelines.set(key, pipeline);
  }
  return pipeline;
}

/** Transfers the files' bytes back instead of copying them (a GLB and textures: megabytes). */
function transferBytes(files: AssetFile[]): AssetFile[] {
  return files.map((file) => {
    const whole = file.bytes.byteOffset === 0 && file.bytes.byteLength === file.bytes.buffer.byteLength;
    return { ...file, bytes: whole ? file.bytes : file.bytes.slice() };
  });
}

/** A result whose listed buffers are moved to the caller's thread, not copied. */
function movedWith(result: ThreadResult, buffers: ArrayBuffer[]): ThreadResult {
  return Piscina.move({ [Piscina.transferableSymbol]: buffers, [Piscina.valueSymbol]: result } as never) as unknown as ThreadResult;
}

export default async function runProcessingTask(task: ThreadTask): Promise<ThreadResult> {
  try {
    const pipeline = await pipelineOf(task.pipelineModule);
    if (task.kind === 'warm-up') return { ok: true, warmUpMs: await warmUpPipeline(pipeline, task.mode) };
    if (task.kind === 'predicted-body') {
      const body = pipeline.predictedBody(task.fitted, task.predicted);
      const [moved] = transferBytes([body]);
      const file = { ...body, bytes: moved.bytes };
      return movedWith({ ok: true, file }, [file.bytes.buffer as ArrayBuffer]);
    }
    try {
      const processed = await processCaptureWith(pipeline, task, (stage) => task.progress.postMessage(stage));
      const files = transferBytes(processed.files);
      return movedWith({ ok: true, capture: { ...processed, files } }, files.map((file) => file.bytes.buffer as ArrayBuffer));
    } finally {
      task.progress.close();
    }
  } catch (error) {
    if (error instanceof ProcessingFailure) return { ok: false, failure: { code: error.code, message: error.message } };
    throw error;
  }
}
