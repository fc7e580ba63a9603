import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { ProcessingFailure } from '../domain/processing-failure.ts';
import type { CaptureProcessor, ProcessingStage } from '../services/scan-pipeline.ts';
import type { ThreadResult, ThreadTask } from './processing-thread.ts';

export interface ThreadedProcessorOptions {
  /** Threads in the pool: tasks beyond it wait their turn. */
  threads: number;
  /** Heap limit of each thread (MiB): a capture that needs more ends that thread, not the process. */
  threadHeapMb: number;
  /** Tests: a module exporting `createPipeline(): ScanPipeline` to run instead of the production pipeline. */
  pipelineModule?: string;
}

/** A copy of `bytes` that owns its whole buffer (so it can be transferred), unless it already does. */
function ownedBytes(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? bytes : bytes.slice();
}

function unwrap(result: ThreadResult): Exclude<ThreadResult, { ok: false }> {
  if (!result.ok) throw new ProcessingFailure(result.failure.code, result.failure.message);
  return result;
}

/**
 * The production CaptureProcessor: read, measure, fit, assets and prediction bodies run on a
 * piscina pool of worker threads, so the event loop keeps answering requests while a capture is
 * processed (1-3 s of CPU each). Capture bytes are transferred to the thread and asset bytes back,
 * never copied. A thread that throws, runs out of heap (`threadHeapMb`) or exits rejects its task
 * with an ordinary error: the job queue retries the attempt, then fails the scan (internal_error);
 * piscina replaces the thread.
 */
export function threadedCaptureProcessor(options: ThreadedProcessorOptions): CaptureProcessor {
  const pool = new Piscina<ThreadTask, ThreadResult>({
    filename: new URL('./processing-thread.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: options.threads,
    // Threads stay warm between captures (the body model and tables load once per thread).
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: options.threadHeapMb },
  });
  return {
    async processCapture(input, onStage) {
      const { port1, port2 } = new MessageChannel();
      port1.on('message', (stage: ProcessingStage) => onStage(stage));
      const bytes = ownedBytes(input.bytes);
      try {
        const task: ThreadTask = {
          kind: 'capture', bytes, context: input.context, assetConfigId: input.assetConfigId, allowSandbox: input.allowSandbox,
          progress: port2, ...(options.pipelineModule ? { pipelineModule: options.pipelineModule } : {}),
        };
        const result = unwrap(await pool.run(task, { transferList: [bytes.buffer as ArrayBuffer, port2] }));
        return result.capture!;
      } finally {
        port1.close();
      }
    },
    async predictedBody(fitted, predicted) {
      const task: ThreadTask = { kind: 'predicted-body', fitted, predicted, ...(options.pipelineModule ? { pipelineModule: options.pipelineModule } : {}) };
      const { file } = unwrap(await pool.run(task));
      if (!file) throw new Error('a processing thread answered a predicted-body task without a body');
      return file;
    },
    close: () => pool.close(),
  };
}
