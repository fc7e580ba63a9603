import { randomUUID } from 'node:crypto';
import type { ClaimedJob, Clock, JobHandler, JobKind, JobRepository, Logger } from '../services/ports.ts';

export interface JobWorkerOptions {
  jobs: JobRepository;
  /** The kinds this worker runs: it claims only jobs of these kinds. */
  handlers: Partial<Record<JobKind, JobHandler>>;
  clock: Clock;
  logger: Logger;
  concurrency: number;
  /** Idle poll period; an enqueue in this process wakes the worker at once (notify). */
  pollIntervalMs: number;
  /** A claimed job belongs to this worker this long; renewed while it runs. A dead worker's job is retaken after it. */
  leaseMs: number;
  /** Retry delay after attempt n: min(base * 2^(n-1), max). */
  backoffBaseMs: number;
  backoffMaxMs: number;
}

export interface JobWorker {
  readonly workerId: string;
  /** Wake the worker now (a job was enqueued). */
  notify(): void;
  /** Stop taking jobs and wait for the running ones to finish. */
  stop(): Promise<void>;
}

/**
 * Polls the jobs table, runs up to `concurrency` jobs at once, renews their leases while they run,
 * retries failures with exponential backoff and hands exhausted jobs to their handler.
 */
export function startJobWorker(options: JobWorkerOptions): JobWorker {
  const workerId = `worker-${randomUUID()}`;
  const kinds = Object.keys(options.handlers) as JobKind[];
  const running = new Set<Promise<void>>();
  let stopping = false;
  let wake: (() => void) | null = null;

  const sleep = (ms: number): Promise<void> => new Promise((resolve) => {
    const timer = setTimeout(() => { wake = null; resolve(); }, ms);
    wake = () => { clearTimeout(timer); wake = null; resolve(); };
  });

  async function runJob(job: ClaimedJob): Promise<void> {
    // Claims are filtered on these kinds, so a claimed job always has its handler.
    const handler = options.handlers[job.kind]!;
    const renew = setInterval(() => {
      options.jobs.extendJobLease(job.id, workerId, new Date(options.clock.now().getTime() + options.leaseMs))
        .catch((error: unknown) => options.logger.warn({ jobId: job.id, err: String(error) }, 'lease renewal failed'));
    }, Math.max(50, Math.floor(options.leaseMs / 3)));
    try {
      await handler.run(job);
      await options.jobs.completeJob(job.id, options.clock.now());
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      if (job.attempts < job.maxAttempts) {
        const delayMs = Math.min(options.backoffBaseMs * 2 ** (job.attempts - 1), options.backoffMaxMs);
        options.logger.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, delayMs, err: message }, 'job failed; will retry');
        await options.jobs.retryJob(job.id, message, new Date(options.clock.now().getTime() + delayMs));
      } else {
        options.logger.error({ jobId: job.id, kind: job.kind, attempt: job.attempts, err: message }, 'job failed; attempts exhausted');
        await handler.exhausted(job, error);
        await options.jobs.failJob(job.id, message, options.clock.now());
      }
    } finally {
      clearInterval(renew);
    }
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      if (running.size >= options.concurrency) {
        await Promise.race(running);
        continue;
      }
      let job: ClaimedJob | null = null;
      try {
        job = await options.jobs.claimJob(workerId, options.leaseMs, options.clock.now(), kinds);
      } catch (error) {
        options.logger.error({ err: String(error) }, 'claiming a job failed');
      }
      if (!job) {
        await sleep(options.pollIntervalMs);
        continue;
      }
      const task = runJob(job).catch((error: unknown) => options.logger.error({ err: String(error) }, 'job bookkeeping failed'));
      const tracked = task.finally(() => running.delete(tracked));
      running.add(tracked);
      // Let other callbacks (HTTP requests) run between claims.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  const looping = loop();
  return {
    workerId,
    notify: () => wake?.(),
    async stop() {
      stopping = true;
      wake?.();
      await looping;
      await Promise.all(running);
    },
  };
}
