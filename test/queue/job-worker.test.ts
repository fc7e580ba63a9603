import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openDatabase } from '../../src/composition/open-database.ts';
import { startJobWorker } from '../../src/queue/job-worker.ts';
import type { ClaimedJob, Database, JobHandler } from '../../src/services/ports.ts';
import { apiClient, newUserBody, pathOf, waitFor } from '../support/api-client.ts';
import { startTestService } from '../support/test-service.ts';
import { defaultScanPipeline } from '../../src/services/default-scan-pipeline.ts';

const quietLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const clock = { now: () => new Date() };

describe('job worker', () => {
  let db: Database;
  before(async () => { db = await openDatabase({ databaseUrl: null, dataDir: undefined }); });
  after(() => db.close());

  const workerWith = (handler: JobHandler, leaseMs = 5000) => startJobWorker({
    jobs: db.jobs, handlers: { 'process-scan': handler, 'process-prediction': handler }, clock, logger: quietLogger,
    concurrency: 1, pollIntervalMs: 20, leaseMs, backoffBaseMs: 30, backoffMaxMs: 1000, retentionMs: 7 * 24 * 3600 * 1000,
  });

  it('retries a failing job with growing delays, then hands it to its exhausted handler', async () => {
    const attemptsAt: number[] = [];
    let exhaustedAfter = 0;
    const worker = workerWith({
      run: async () => { attemptsAt.push(Date.now()); throw new Error('boom'); },
      exhausted: async (job: ClaimedJob) => { exhaustedAfter = job.attempts; },
    });
    await db.jobs.enqueueJob({ kind: 'process-scan', payload: { id: 'retry-me' }, maxAttempts: 3 });
    worker.notify();
    await waitFor(async () => exhaustedAfter, (value) => value > 0, 10_000);
    await worker.stop();
    assert.equal(attemptsAt.length, 3);
    assert.equal(exhaustedAfter, 3);
    assert.ok(attemptsAt[1] - attemptsAt[0] >= 30, 'first retry waits the base delay');
    assert.ok(attemptsAt[2] - attemptsAt[1] >= 60, 'second retry waits twice as long');
    assert.equal(await db.jobs.countJobs('failed'), 1);
  });

  it('gives a job whose worker died (lease expired) to another worker', async () => {
    await db.jobs.enqueueJob({ kind: 'process-scan', payload: { id: 'orphan' }, maxAttempts: 3 });
    const claimed = await db.jobs.claimJob('dead-worker', 100, new Date());
    assert.equal(claimed?.payload.id, 'orphan');
    const ran: string[] = [];
    const worker = workerWith({ run: async (job) => { ran.push(job.payload.id); }, exhausted: async () => undefined });
    await waitFor(async () => ran.length, (count) => count > 0, 10_000);
    await worker.stop();
    assert.deepEqual(ran, ['orphan']);
    assert.equal(await db.jobs.countJobs('running'), 0);
  });

  it('does not take a job another live worker holds', async () => {
    await db.jobs.enqueueJob({ kind: 'process-scan', payload: { id: 'held' }, maxAttempts: 3 });
    const first = await db.jobs.claimJob('worker-a', 60_000, new Date());
    const second = await db.jobs.claimJob('worker-b', 60_000, new Date());
    assert.equal(first?.payload.id, 'held');
    assert.equal(second, null);
    assert.equal(await db.jobs.completeJob(first!.id, 'worker-b', new Date()), false, 'only the holder ends an attempt');
    assert.equal(await db.jobs.completeJob(first!.id, 'worker-a', new Date()), true);
  });

  it('exhausts a job whose worker died on its last attempt instead of running it again', async () => {
    await db.jobs.enqueueJob({ kind: 'process-scan', payload: { id: 'crashes-workers' }, maxAttempts: 2 });
    // Two workers die while running it: each claim counts an attempt, each lease expires.
    assert.equal((await db.jobs.claimJob('dead-1', 1, new Date()))?.attempts, 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal((await db.jobs.claimJob('dead-2', 1, new Date()))?.attempts, 2);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const ran: string[] = [];
    let exhausted: { attempts: number; message: string } | null = null;
    const worker = workerWith({
      run: async (job) => { ran.push(job.payload.id); },
      exhausted: async (job, error) => { exhausted = { attempts: job.attempts, message: String(error) }; },
    });
    await waitFor(async () => exhausted, (value) => value !== null, 10_000);
    await worker.stop();
    assert.deepEqual(ran, [], 'the job is not run a third time');
    assert.match(exhausted!.message, /worker stopped during attempt 2 of 2/);
    assert.equal(await db.jobs.countJobs('running'), 0);
  });

  it('does not record the outcome of a worker that lost its lease to another worker', async () => {
    await db.jobs.enqueueJob({ kind: 'process-scan', payload: { id: 'slow' }, maxAttempts: 3 });
    const slow = await db.jobs.claimJob('slow-worker', 1, new Date());
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await db.jobs.claimJob('second-worker', 60_000, new Date());
    assert.equal(second?.id, slow?.id);
    assert.equal(await db.jobs.completeJob(slow!.id, 'slow-worker', new Date()), false);
    assert.equal(await db.jobs.failJob(slow!.id, 'slow-worker', 'late', new Date()), false);
    assert.equal(await db.jobs.retryJob(slow!.id, 'slow-worker', 'late', new Date()), false);
    assert.equal(await db.jobs.countJobs('running'), 1, 'still the second worker\'s');
    assert.equal(await db.jobs.completeJob(second!.id, 'second-worker', new Date()), true);
  });

  it('prunes done and failed jobs older than the retention, and keeps newer and unfinished ones', async () => {
    for (const id of ['old-done', 'old-failed', 'new-done', 'queued']) await db.jobs.enqueueJob({ kind: 'process-prediction', payload: { id }, maxAttempts: 1 });
    const longAgo = new Date(Date.now() - 10 * 24 * 3600 * 1000);
    const claim = async () => (await db.jobs.claimJob('pruner-test', 60_000, new Date(), ['process-prediction']))!;
    const finish = async (at: Date, fail: boolean) => {
      const job = await claim();
      assert.ok(fail ? await db.jobs.failJob(job.id, 'pruner-test', 'x', at) : await db.jobs.completeJob(job.id, 'pruner-test', at));
    };
    await finish(longAgo, false);
    await finish(longAgo, true);
    await finish(new Date(), false);
    const before = (await db.jobs.countJobs('done')) + (await db.jobs.countJobs('failed'));
    const worker = startJobWorker({
      jobs: db.jobs, handlers: { 'deliver-webhook': { run: async () => undefined, exhausted: async () => undefined } }, clock, logger: quietLogger,
      concurrency: 1, pollIntervalMs: 20, leaseMs: 5000, backoffBaseMs: 30, backoffMaxMs: 1000, retentionMs: 7 * 24 * 3600 * 1000,
    });
    await waitFor(async () => (await db.jobs.countJobs('done')) + (await db.jobs.countJobs('failed')), (n) => n === before - 2, 10_000);
    await worker.stop();
    assert.equal(await db.jobs.countJobs('queued'), 1, 'the queued job stays');
  });

  it('does not lose a wake-up that arrives while it is claiming (the job committed after its claim looked)', async () => {
    let worker: ReturnType<typeof startJobWorker> | null = null;
    let raced = false;
    const jobs = {
      ...db.jobs,
      async claimJob(...args: Parameters<typeof db.jobs.claimJob>) {
        const claimed = await db.jobs.claimJob(...args);
        if (!claimed && !raced) {
          // The enqueue commits and its notification arrives while this claim is still answering "none".
          raced = true;
          await db.jobs.enqueueJob({ kind: 'process-scan', payload: { id: 'during-claim' }, maxAttempts: 1 });
          worker!.notify();
        }
        return claimed;
      },
    };
    const ran: string[] = [];
    worker = startJobWorker({
      jobs, handlers: { 'process-scan': { run: async (job) => { ran.push(job.payload.id); }, exhausted: async () => undefined } }, clock, logger: quietLogger,
      concurrency: 1, pollIntervalMs: 60_000, leaseMs: 5000, backoffBaseMs: 30, backoffMaxMs: 1000, retentionMs: 7 * 24 * 3600 * 1000,
    });
    await waitFor(async () => ran.length, (count) => count > 0, 5000).catch(() => undefined);
    await worker.stop();
    assert.deepEqual(ran, ['during-claim'], 'the job ran long before the 60 s poll');
  });

  it('finishes the running job before stop() resolves', async () => {
    let finished = false;
    let started = false;
    const worker = workerWith({
      run: async () => { started = true; await new Promise((resolve) => setTimeout(resolve, 200)); finished = true; },
      exhausted: async () => undefined,
    });
    await db.jobs.enqueueJob({ kind: 'process-scan', payload: { id: 'drain-me' }, maxAttempts: 1 });
    worker.notify();
    await waitFor(async () => started, Boolean, 10_000);
    await worker.stop();
    assert.equal(finished, true);
  });
});

describe('scan job failures', () => {
  it('fails the scan with internal_error when every attempt hits an unexpected error', async () => {
    const real = defaultScanPipeline();
    const service = await startTestService({
      pipeline: { ...real, read: () => { throw new Error('disk on fire'); } },
      env: { JOB_MAX_ATTEMPTS: '2' },
    });
    try {
      const api = apiClient(service.app!, await service.key('partner-fail'));
      await api.post('/users', newUserBody('fail-user'));
      const scan = (await api.post('/scans', { userToken: 'fail-user', deviceConfigName: 'IPHONE_SCANNER' })).body;
      const { url } = (await api.post(`/scans/${scan.id}/upload-url`)).body;
      await service.app!.inject({ method: 'PUT', url: pathOf(url), payload: 'ply' });
      const failed = (await waitFor(() => api.get(`/scans/${scan.id}`), (r) => r.body.status === 'FAILED', 20_000)).body;
      assert.equal(failed.failure.code, 'internal_error');
      assert.match(failed.failure.message, /2 times/);
      assert.equal(failed.scanAssets.captureData, 'failed');
    } finally {
      await service.stop();
    }
  });
});
