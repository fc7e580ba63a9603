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
    concurrency: 1, pollIntervalMs: 20, leaseMs, backoffBaseMs: 30, backoffMaxMs: 1000,
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
    await db.jobs.completeJob(first!.id, new Date());
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
