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
  /** Done and failed jobs older than this are deleted (checked at start, then every pruneIntervalMs). */
  retentionMs: number;
  pruneIntervalMs?: number;
}

/** Rows deleted per prune query: a large backlog goes in bounded steps, never one huge transaction. */
const PRUNE_BATCH = 1000;
const DEFAULT_PRUNE_INTERVAL_MS = 60 * 60 * 1000;

export interface JobWorker {
  readonly workerId: string;
  /** Wake the worker now (a job was enqueued). */
  notify(): void;
  /** Stop taking jobs and wait for the running ones to finish. */
  stop(): Promise<void>;
}

/**
 * Polls the jobs table, runs up to `concurrency` jobs at once, renews their leases while they run,
 * retries failures with exponential backoff and hands exhausted jobs to their handler. A job retaken
 * after its worker died on the last attempt is exhausted without running again, so a capture that
 * crashes its worker cannot loop; finished jobs are pruned after `retentionMs`.
 */
export function startJobWorker(options: JobWorkerOptions): JobWorker {
  const workerId = `worker-${randomUUID()}`;
  const kinds = Object.keys(options.handlers) as JobKind[];
  const running = new Set<Promise<void>>();
  let stopping = false;
  let wake: (() => void) | null = null;
  // A notification that arrived while the worker was not sleeping (claiming, say): the claim may
  // have looked before that job committed, so the next sleep returns at once and claims again.
  let wakePending = false;

  const sleep = (ms: number): Promise<void> => new Promise((resolve) => {
    if (wakePending) { wakePending = false; resolve(); return; }
    const timer = setTimeout(() => { wake = null; resolve(); }, ms);
    wake = () => { clearTimeout(timer); wake = null; resolve(); };
  });

  /** Logs when an attempt's end was not recorded because another worker holds the job now. */
  const unlessLost = (job: ClaimedJob, recorded: boolean): void => {
    if (!recorded) options.logger.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job no longer held by this worker (lease lost); its outcome is not recorded');
  };

  async function exhaust(job: ClaimedJob, error: unknown, message: string): Promise<void> {
    options.logger.error({ jobId: job.id, kind: job.kind, attempt: job.attempts, err: message }, 'job failed; attempts exhausted');
    await handler(job).exhausted(job, error);
    unlessLost(job, await options.jobs.failJob(job.id, workerId, message, options.clock.now()));
  }

  // Claims are filtered on these kinds, so a claimed job always has its handler.
  const handler = (job: ClaimedJob): JobHandler => options.handlers[job.kind]!;

  async function runJob(job: ClaimedJob): Promise<void> {
    if (job.attempts > job.maxAttempts) {
      // Retaken after its lease expired on the last attempt: the worker running it died (or hung),
      // possibly because of the job itself. Running it again could crash this worker too, forever.
      const message = `its worker stopped during attempt ${job.attempts - 1} of ${job.maxAttempts} (crash or lost lease)`;
      await exhaust(job, new Error(message), message);
      return;
    }
    const renew = setInterval(() => {
      options.jobs.extendJobLease(job.id, workerId, new Date(options.clock.now().getTime() + options.leaseMs))
        .catch((error: unknown) => options.logger.warn({ jobId: job.id, err: String(error) }, 'lease renewal failed'));
    }, Math.max(50, Math.floor(options.leaseMs / 3)));
    try {
      await handler(job).run(job);
      unlessLost(job, await options.jobs.completeJob(job.id, workerId, options.clock.now()));
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      if (job.attempts < job.maxAttempts) {
        const delayMs = Math.min(options.backoffBaseMs * 2 ** (job.attempts - 1), options.backoffMaxMs);
        options.logger.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, delayMs, err: message }, 'job failed; will retry');
        unlessLost(job, await options.jobs.retryJob(job.id, workerId, message, new Date(options.clock.now().getTime() + delayMs)));
      } else {
        await exhaust(job, error, message);
      }
    } finally {
      clearInterval(renew);
    }
  }

  let nextPruneMs = 0;
  async function pruneIfDue(): Promise<void> {
    const nowMs = options.clock.now().getTime();
    if (nowMs < nextPruneMs) return;
    nextPruneMs = nowMs + (options.pruneIntervalMs ?? DEFAULT_PRUNE_INTERVAL_MS);
    try {
      let deleted = 0;
      for (let batch = PRUNE_BATCH; batch === PRUNE_BATCH && !stopping;) {
        batch = await options.jobs.pruneFinishedJobs(new Date(nowMs - options.retentionMs), PRUNE_BATCH);
        deleted += batch;
      }
      if (deleted > 0) options.logger.info({ deleted, retentionMs: options.retentionMs }, 'pruned finished jobs');
    } catch (error) {
      options.logger.warn({ err: String(error) }, 'pruning finished jobs failed');
    }
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      await pruneIfDue();
      if (running.size >= options.concurrency) {
        await Promise.race(running);
        continue;
      }
      let job: ClaimedJob | null = null;
      wakePending = false; // this claim sees every job committed so far
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
    notify: () => { if (wake) wake(); else wakePending = true; },
    async stop() {
      stopping = true;
      wake?.();
      await looping;
      await Promise.all(running);
    },
  };
}
