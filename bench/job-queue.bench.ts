// Our job queue (src/queue + src/persistence/job-queries.ts) side by side with pg-boss (devDependency,
// used only here) on PostgreSQL, in interleaved rounds (the order flips every round):
// - pickup latency: one job enqueued at a time to idle workers, enqueue call -> handler start
//   (ours: LISTEN/NOTIFY wake-up, 5 s backstop poll as in production; pg-boss 12: its LISTEN/NOTIFY
//   with a notify-enabled queue, and plain polling at its 0.5 s minimum);
// - throughput: a backlog of short (no-op) jobs drained by 2 workers (ours: two workers; pg-boss:
//   localConcurrency 2, batches of 10 with burstWhenBatchFull, and one job per fetch);
// then, once, the fault semantics (bench/support/job-queue-faults.ts).
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> node_modules/.bin/node bench/job-queue.bench.ts [rounds]
// (default database bodyscan_h12_queue; our tables are migrated in it, pg-boss uses schema pgboss_bench).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { openDatabase } from '../src/composition/open-database.ts';
import { startJobWorker, type JobWorker } from '../src/queue/job-worker.ts';
import type { Database, JobHandler } from '../src/services/ports.ts';
import { runFaultScenarios, silentLogger } from './support/job-queue-faults.ts';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bodyscan_h12_queue';
const ROUNDS = Number(process.argv[2] ?? 3);
const LATENCY_SAMPLES = 100;
const POLL_LATENCY_SAMPLES = 30;
const BACKLOG_JOBS = 2000;
const SINGLE_FETCH_JOBS = 40;
const SCHEMA = 'pgboss_bench';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const clock = { now: () => new Date() };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

/** Enqueues `count` jobs, `parallel` at a time. */
async function enqueueAll(count: number, parallel: number, enqueue: (i: number) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i += parallel) {
    await Promise.all(Array.from({ length: Math.min(parallel, count - i) }, (_, k) => enqueue(i + k)));
  }
  return performance.now() - started;
}

function ourWorker(db: Database, run: JobHandler['run'], concurrency = 1): JobWorker {
  return startJobWorker({
    jobs: db.jobs, clock, logger: silentLogger, concurrency, handlers: { 'process-scan': { run, exhausted: async () => undefined } },
    pollIntervalMs: 5000, leaseMs: 60_000, backoffBaseMs: 1000, backoffMaxMs: 60_000, retentionMs: 7 * 86_400_000,
  });
}

/** Latency samples (ms): enqueue, wait for the handler to start, pause 20-50 ms so the workers are idle again. */
async function latencyLoop(samples: number, enqueue: (id: string) => Promise<unknown>, started: Map<string, (at: number) => void>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < samples; i++) {
    const id = randomUUID();
    const picked = new Promise<number>((resolve) => started.set(id, resolve));
    const t0 = performance.now();
    await enqueue(id);
    out.push((await picked) - t0);
    await sleep(20 + Math.random() * 30);
  }
  return out;
}

async function ourLatency(db: Database): Promise<number[]> {
  const started = new Map<string, (at: number) => void>();
  const worker = ourWorker(db, async (job) => { started.get(job.payload.id)?.(performance.now()); });
  const stopListening = await db.subscribeToJobs!(() => worker.notify());
  await sleep(300);
  try {
    return await latencyLoop(LATENCY_SAMPLES, (id) => db.jobs.enqueueJob({ kind: 'process-scan', payload: { id }, maxAttempts: 3 }), started);
  } finally {
    await stopListening();
    await worker.stop();
  }
}

async function bossLatency(boss: PgBoss, queue: string, samples: number): Promise<number[]> {
  const started = new Map<string, (at: number) => void>();
  await boss.work<{ id: string }>(queue, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => { started.get(job.data.id)?.(performance.now()); });
  await sleep(300);
  try {
    return await latencyLoop(samples, (id) => boss.send(queue, { id }), started);
  } finally {
    await boss.offWork(queue);
  }
}

/** Backlog drain: jobs/s from the workers' start to the last job's end. */
async function ourThroughput(db: Database, admin: pg.Client): Promise<{ jobsPerS: number; enqueueMs: number }> {
  await admin.query('DELETE FROM jobs');
  const enqueueMs = await enqueueAll(BACKLOG_JOBS, 20, (i) => db.jobs.enqueueJob({ kind: 'process-scan', payload: { id: String(i) }, maxAttempts: 3 }));
  let done = 0;
  let finish!: () => void;
  const all = new Promise<void>((resolve) => { finish = resolve; });
  const t0 = performance.now();
  const workers = [0, 1].map(() => ourWorker(db, async () => { if (++done === BACKLOG_JOBS) finish(); }));
  await all;
  const ms = performance.now() - t0;
  await Promise.all(workers.map((w) => w.stop()));
  return { jobsPerS: (1000 * BACKLOG_JOBS) / ms, enqueueMs };
}

async function bossThroughput(boss: PgBoss, queue: string, jobs: number, batchSize: number): Promise<{ jobsPerS: number; enqueueMs: number }> {
  await boss.deleteAllJobs(queue);
  const enqueueMs = await enqueueAll(jobs, 20, (i) => boss.send(queue, { id: String(i) }));
  let done = 0;
  let finish!: () => void;
  const all = new Promise<void>((resolve) => { finish = resolve; });
  const t0 = performance.now();
  await boss.work(queue, { batchSize, localConcurrency: 2, burstWhenBatchFull: batchSize > 1, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 }, async (batch) => {
    done += batch.length;
    if (done >= jobs) finish();
  });
  await all;
  const ms = performance.now() - t0;
  await boss.offWork(queue);
  return { jobsPerS: (1000 * jobs) / ms, enqueueMs };
}

const spread = (values: number[], digits = 1): string => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${sorted[0].toFixed(digits)} / ${sorted[Math.floor(sorted.length / 2)].toFixed(digits)} / ${sorted[sorted.length - 1].toFixed(digits)}`;
};

async function main(): Promise<void> {
  const db = await openDatabase({ databaseUrl: url, dataDir: undefined });
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const boss = new PgBoss({ connectionString: url, schema: SCHEMA, useListenNotify: true, max: 10 });
  boss.on('error', (error) => console.error('pg-boss error:', error.message));
  await boss.start();
  await boss.createQueue('bench-notify', { notify: true });
  await boss.createQueue('bench-poll', {});
  await boss.createQueue('bench-drain', { notify: true });

  const figures: Record<string, { p50: number[]; p99: number[] }> = {};
  const rates: Record<string, number[]> = {};
  const enqueues: Record<string, number[]> = {};
  const record = (name: string, samples: number[]): void => {
    const sorted = [...samples].sort((a, b) => a - b);
    figures[name] ??= { p50: [], p99: [] };
    figures[name].p50.push(percentile(sorted, 0.5));
    figures[name].p99.push(percentile(sorted, 0.99));
  };
  const rate = (name: string, r: { jobsPerS: number; enqueueMs: number }, jobs: number): void => {
    (rates[name] ??= []).push(r.jobsPerS);
    (enqueues[name] ??= []).push((1000 * jobs) / r.enqueueMs);
  };
  const steps: Array<[string, () => Promise<void>]> = [
    ['ours', async () => {
      await admin.query('DELETE FROM jobs');
      record('ours (LISTEN/NOTIFY)', await ourLatency(db));
      rate('ours, 2 workers', await ourThroughput(db, admin), BACKLOG_JOBS);
    }],
    ['pg-boss', async () => {
      record('pg-boss (LISTEN/NOTIFY queue)', await bossLatency(boss, 'bench-notify', LATENCY_SAMPLES));
      record('pg-boss (polling 0.5 s)', await bossLatency(boss, 'bench-poll', POLL_LATENCY_SAMPLES));
      rate('pg-boss, localConcurrency 2, batch 10 + burst', await bossThroughput(boss, 'bench-drain', BACKLOG_JOBS, 10), BACKLOG_JOBS);
      rate(`pg-boss, localConcurrency 2, 1 job per fetch (${SINGLE_FETCH_JOBS} jobs)`, await bossThroughput(boss, 'bench-drain', SINGLE_FETCH_JOBS, 1), SINGLE_FETCH_JOBS);
    }],
  ];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, step] of round % 2 === 0 ? steps : [...steps].reverse()) {
      const t0 = performance.now();
      await step();
      console.error(`round ${round + 1}: ${name} ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
  }
  await boss.stop({ graceful: true });

  console.log(`PostgreSQL ${(await admin.query('SHOW server_version')).rows[0].server_version}; ${ROUNDS} interleaved rounds; min / median / max over rounds`);
  console.log(`\nPickup latency, enqueue -> handler start (ms), ${LATENCY_SAMPLES} jobs per round one at a time to idle workers (${POLL_LATENCY_SAMPLES} for polling):`);
  for (const [name, f] of Object.entries(figures)) console.log(`  ${name.padEnd(32)} p50 ${spread(f.p50)}   p99 ${spread(f.p99)}`);
  console.log(`\nThroughput, backlog of no-op jobs drained by 2 workers (jobs/s), and enqueue rate (jobs/s, 20 in flight):`);
  for (const [name, r] of Object.entries(rates)) console.log(`  ${name.padEnd(58)} ${spread(r, 0)}   enqueue ${spread(enqueues[name], 0)}`);

  console.log('\nFault semantics (one run each):');
  for (const line of await runFaultScenarios(db, admin, url)) console.log(`  ${line}`);
  await admin.end();
  await db.close();
}

await main();
