import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { ProcessingFailure } from '../domain/processing-failure.ts';
import { WARM_UP_RECORDINGS, type WarmUpMode } from '../services/pipeline-warm-up.ts';
import type { CaptureProcessor, ProcessingStage } from '../services/scan-pipeline.ts';
import type { ThreadResult, ThreadTask } from './processing-thread.ts';

export interface ThreadedProcessorOptions {
  /** Threads in the pool: tasks beyond it wait their turn. */
  threads: number;
  /** Heap limit of each thread (MiB): a capture that needs more ends that thread, not the process. */
  threadHeapMb: number;
  /** Tests: a module exporting `createPipeline(): ScanPipeline` to run instead of the production pipeline. */
  pipelineModule?: string;
  /**
   * Warm every thread when the pool starts (services/pipeline-warm-up.ts: a short simulated walk,
   * then a turn, through the whole pipeline) and keep the threads from then on, so a partner's first
   * capture runs at the warm speed. Told each recording's outcome. Null or absent: threads start on
   * a capture's arrival and end after a minute idle.
   */
  warmUp?: { onEvent: (event: WarmUpEvent) => void } | null;
}

/**
 * One warm-up recording's outcome on one thread: done (wall ms), skipped (a capture or prediction
 * arrived first: it warms the thread itself, and should not wait behind a warm-up), or failed.
 */
export type WarmUpEvent =
  | { mode: WarmUpMode; outcome: 'done'; ms: number }
  | { mode: WarmUpMode; outcome: 'skipped' }
  | { mode: WarmUpMode; outcome: 'failed'; message: string };

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
  const warmUp = options.warmUp ?? null;
  const pool = new Piscina<ThreadTask, ThreadResult>({
    filename: new URL('./processing-thread.ts', import.meta.url).href,
    minThreads: warmUp ? options.threads : 0,
    maxThreads: options.threads,
    // Threads stay warm between captures (the body model and tables load once per thread).
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: options.threadHeapMb },
  });
  const module = options.pipelineModule ? { pipelineModule: options.pipelineModule } : {};
  // Partners' tasks so far: once one has arrived, the warm-up stops (it would only delay them).
  let tasksArrived = 0;
  const stopWarmUp = new AbortController();
  const warmThread = async (events: (event: WarmUpEvent) => void): Promise<void> => {
    for (const { mode } of WARM_UP_RECORDINGS) {
      if (tasksArrived > 0 || stopWarmUp.signal.aborted) { events({ mode, outcome: 'skipped' }); continue; }
      try {
        const result = await pool.run({ kind: 'warm-up', mode, ...module }, { signal: stopWarmUp.signal });
        events(result.ok ? { mode, outcome: 'done', ms: result.warmUpMs ?? 0 } : { mode, outcome: 'failed', message: result.failure.message });
      } catch (error) {
        events(stopWarmUp.signal.aborted ? { mode, outcome: 'skipped' } : { mode, outcome: 'failed', message: (error as Error).message });
      }
    }
  };
  // One chain per thread, concurrently: piscina gives each to an idle thread.
  const warming = warmUp ? Promise.all(Array.from({ length: options.threads }, () => warmThread(warmUp.onEvent))) : Promise.resolve([]);
  return {
    async processCapture(input, onStage) {
      tasksArrived++;
      const { port1, port2 } = new MessageChannel();
      port1.on('message', (stage: ProcessingStage) => onStage(stage));
      const bytes = ownedBytes(input.bytes);
      try {
        const task: ThreadTask = {
          kind: 'capture', bytes, context: input.context, assetConfigId: input.assetConfigId, allowSandbox: input.allowSandbox, progress: port2, ...module,
        };
        const result = unwrap(await pool.run(task, { transferList: [bytes.buffer as ArrayBuffer, port2] }));
        return result.capture!;
      } finally {
        port1.close();
      }
    },
    async predictedBody(fitted, predicted) {
      tasksArrived++;
      const task: ThreadTask = { kind: 'predicted-body', fitted, predicted, ...module };
      const { file } = unwrap(await pool.run(task));
      if (!file) throw new Error('a processing thread answered a predicted-body task without a body');
      return file;
    },
    // A warm-up still running is abandoned (its thread ends) rather than waited for.
    close: async () => {
      stopWarmUp.abort();
      await warming;
      await pool.close();
    },
  };
}
