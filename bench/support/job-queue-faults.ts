// The fault semantics of our job queue and of pg-boss, each shown by a scenario run against the same
// PostgreSQL (bench/job-queue.bench.ts prints the lines):
// 1. a job whose worker dies on every attempt (it is claimed and never finished or renewed): is
//    every retake counted, and does the job end failed after its attempts instead of looping?
// 2. a stale holder: the first worker's claim lapsed and a second worker holds the job; does the
//    first worker's late completion land?
// A dead worker is simulated by claiming through the queue's own claim (ours: claimJob with a
// worker id that never renews; pg-boss: fetch()) and then doing nothing.
import type pg from 'pg';
import { PgBoss } from 'pg-boss';
import { startJobWorker } from '../../src/queue/job-worker.ts';
import type { Database, Logger } from '../../src/services/ports.ts';

export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const clock = { now: () => new Date() };
const LEASE_MS = 300;

async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  for (;;) {
    const value = await read();
    if (done(value) || performance.now() - t0 > timeoutMs) return { value, ms: performance.now() - t0 };
    await sleep(20);
  }
}

async function ourCrashLoop(db: Database, admin: pg.Client): Promise<string> {
  await admin.query('DELETE FROM jobs');
  await db.jobs.enqueueJob({ kind: 'process-scan', payload: { id: 'crashes-its-worker' }, maxAttempts: 2 });
  // Two workers die holding it (attempts 1 and 2); a live worker then finds it on its last lease.
  await db.jobs.claimJob('dead-worker-1', LEASE_MS, new Date(), ['process-scan']);
  await sleep(LEASE_MS + 50);
  await db.jobs.claimJob('dead-worker-2', LEASE_MS, new Date(), ['process-scan']);
  const t0 = performance.now();
  let runs = 0, exhausted = 0;
  const worker = startJobWorker({
    jobs: db.jobs, clock, logger: silentLogger, concurrency: 1, pollIntervalMs: 50, leaseMs: LEASE_MS, backoffBaseMs: 10, backoffMaxMs: 10, retentionMs: 86_400_000,
    handlers: { 'process-scan': { run: async () => { runs++; }, exhausted: async () => { exhausted++; } } },
  });
  const row = async () => (await admin.query<{ state: string; attempts: number }>('SELECT state, attempts FROM jobs')).rows[0];
  const end = await waitUntil(row, (r) => r.state === 'failed', 10_000);
  await worker.stop();
  return `ours, crash on every attempt (maxAttempts 2, lease ${LEASE_MS} ms): state ${end.value.state} after ${end.value.attempts} claims, `
    + `handler runs ${runs}, exhausted handler ${exhausted}x; failed ${(performance.now() - t0).toFixed(0)} ms after the 2nd crash (lease expiry + next poll)`;
}

async function ourStaleHolder(db: Database, admin: pg.Client): Promise<string> {
  await admin.query('DELETE FROM jobs');
  await db.jobs.enqueueJob({ kind: 'process-scan', payload: { id: 'stale-holder' }, maxAttempts: 3 });
  const first = await db.jobs.claimJob('worker-A', LEASE_MS, new Date(), ['process-scan']);
  await sleep(LEASE_MS + 50);
  const second = await db.jobs.claimJob('worker-B', LEASE_MS * 10, new Date(), ['process-scan']);
  const staleLanded = await db.jobs.completeJob(first!.id, 'worker-A', new Date());
  const holderLanded = await db.jobs.completeJob(second!.id, 'worker-B', new Date());
  return `ours, stale holder: A's late completion recorded: ${staleLanded}; B's (the holder, attempt ${second!.attempts}): ${holderLanded}`;
}

async function bossScenarios(url: string): Promise<string[]> {
  // Supervision every second (default 60 s) so expiry is seen quickly; expiry is pg-boss's lease.
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss_bench', superviseIntervalSeconds: 1, monitorIntervalSeconds: 1, queueCacheIntervalSeconds: 1, max: 4 });
  boss.on('error', () => undefined);
  await boss.start();
  const lines: string[] = [];
  try {
    await boss.deleteQueue('bench-crash').catch(() => undefined);
    await boss.createQueue('bench-crash', { retryLimit: 1, expireInSeconds: 1 });
    const id = (await boss.send('bench-crash', { id: 'crashes-its-worker' }))!;
    const state = async () => (await boss.getJobById('bench-crash', id))!;
    const claims: number[] = [];
    let lastCrashAt = 0;
    for (let attempt = 0; attempt < 2; attempt++) {
      const picked = await waitUntil(() => boss.fetch('bench-crash'), (jobs) => jobs.length > 0, 10_000);
      if (picked.value.length === 0) break;
      claims.push(picked.value[0].retryCount);
      lastCrashAt = performance.now();
    }
    const end = await waitUntil(state, (job) => job.state === 'failed', 10_000);
    const failedAfterMs = performance.now() - lastCrashAt;
    const third = await boss.fetch('bench-crash');
    lines.push(`pg-boss, crash on every attempt (retryLimit 1, expireInSeconds 1, supervise and monitor every 1 s): state ${end.value.state} after claims with retryCount ${claims.join(', ')}, `
      + `a 3rd fetch gets ${third.length} jobs; failed ${failedAfterMs.toFixed(0)} ms after the last crash (expiry + supervisor pass)`);

    await boss.deleteQueue('bench-stale').catch(() => undefined);
    await boss.createQueue('bench-stale', { retryLimit: 2, expireInSeconds: 1 });
    await boss.send('bench-stale', { id: 'stale-holder' });
    const [a] = await boss.fetch('bench-stale');
    const retaken = await waitUntil(() => boss.fetch('bench-stale'), (jobs) => jobs.length > 0, 10_000);
    const b = retaken.value[0];
    if (!a || !b) return [...lines, `pg-boss, stale holder: the job was not retaken within 10 s (first fetch ${a ? 'ok' : 'empty'})`];
    const affected = (r: unknown): number => (r as { affected?: number }).affected ?? Number.NaN;
    const fencedStale = affected(await boss.complete('bench-stale', { id: a.id, retryCount: a.retryCount }));
    const holder = await boss.getJobById('bench-stale', b.id);
    lines.push(`pg-boss, stale holder: A's late complete({id, retryCount ${a.retryCount}}) affected ${fencedStale} (fenced: not recorded); job still ${holder!.state} under B (retryCount ${b.retryCount})`);
    const plainStale = affected(await boss.complete('bench-stale', a.id));
    lines.push(`pg-boss, stale holder by plain id: complete(id) from A affected ${plainStale}: B's attempt is completed by A (only work() handlers and {id, retryCount} are fenced)`);
  } finally {
    await boss.stop({ graceful: false });
  }
  return lines;
}

export async function runFaultScenarios(db: Database, admin: pg.Client, url: string): Promise<string[]> {
  return [await ourCrashLoop(db, admin), await ourStaleHolder(db, admin), ...await bossScenarios(url)];
}
