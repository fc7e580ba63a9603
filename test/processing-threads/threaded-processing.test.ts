import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, newUserBody, pathOf, waitFor } from '../support/api-client.ts';
import { startTestService, type TestServiceOptions } from '../support/test-service.ts';
import { DEFAULT_NATIVE_CONFIG_ID } from '../../src/processing/assets/asset-configs.ts';
import { threadedCaptureProcessor, type WarmUpEvent } from '../../src/processing-threads/threaded-capture-processor.ts';

const SANDBOX = JSON.stringify({ sandbox: true, sex: 'male', heightM: 1.8, weightKg: 82, seed: 21 });
const threadModule = (name: string) => ({ threadModule: new URL(`../support/thread-pipelines/${name}.ts`, import.meta.url).href });

/** One sandbox scan through a service with the given pipeline; returns the settled scan. */
async function scanThrough(options: TestServiceOptions, capture = SANDBOX) {
  const service = await startTestService(options);
  try {
    const api = apiClient(service.app!, await service.key('partner-threads'));
    await api.post('/users', newUserBody('threaded'));
    const scan = (await api.post('/scans', { userToken: 'threaded', deviceConfigName: 'IPHONE_SCANNER' })).body;
    const { url } = (await api.post(`/scans/${scan.id}/upload-url`)).body;
    assert.equal((await service.app!.inject({ method: 'PUT', url: pathOf(url), payload: capture })).statusCode, 200);
    const settled = (await waitFor(() => api.get(`/scans/${scan.id}`), (r) => r.body.status === 'READY' || r.body.status === 'FAILED', 90_000)).body;
    const processing = await service.db.scans.findProcessingRecord(scan.id);
    const jobs = { failed: await service.db.jobs.countJobs('failed'), running: await service.db.jobs.countJobs('running'), queued: await service.db.jobs.countJobs('queued') };
    let prediction: any = null;
    if (settled.status === 'READY') {
      const created = (await api.post('/body-shape-prediction', { scanId: scan.id, predictionType: 'weight_loss', targetWeight: 75 })).body;
      prediction = (await waitFor(() => api.get(`/body-shape-prediction/${created.id}`), (r) => r.body.status === 'READY' || r.body.status === 'FAILED', 60_000)).body;
      prediction.assets = (await api.get(`/body-shape-prediction/${created.id}/asset-urls`)).body;
    }
    return { settled, processing, jobs, prediction };
  } finally {
    await service.stop();
  }
}

describe('processing on worker threads', () => {
  it('processes a capture to READY on a thread other than the event loop\'s, and a prediction\'s body too', async () => {
    const { settled, processing, prediction } = await scanThrough({ pipeline: threadModule('records-thread') });
    assert.equal(settled.status, 'READY', JSON.stringify(settled.failure));
    const threadId = (processing as { diagnostics: Record<string, unknown> }).diagnostics.threadId;
    assert.equal(typeof threadId, 'number');
    assert.notEqual(threadId, 0, 'thread 0 is the main thread');
    assert.equal(settled.scanAssets.measurement, 'succeeded');
    assert.equal(prediction.status, 'READY');
    assert.match(prediction.assets.bodyShapePrediction, /predicted-body\.glb/);
  });

  it('fails the scan with internal_error after JOB_MAX_ATTEMPTS when its capture ends the thread, and never loops', async () => {
    const { settled, jobs } = await scanThrough({ pipeline: threadModule('exits-thread'), env: { JOB_MAX_ATTEMPTS: '2' } });
    assert.equal(settled.status, 'FAILED');
    assert.equal(settled.failure.code, 'internal_error');
    assert.match(settled.failure.message, /2 times/);
    assert.deepEqual([jobs.running, jobs.queued], [0, 0]);
  });

  it('fails the scan with internal_error when processing exhausts the thread\'s heap, and the service lives on', async () => {
    const { settled } = await scanThrough({ pipeline: threadModule('exhausts-heap'), env: { JOB_MAX_ATTEMPTS: '1', PROCESSING_THREAD_HEAP_MB: '256' } });
    assert.equal(settled.status, 'FAILED');
    assert.equal(settled.failure.code, 'internal_error');
  });

  it('warms its thread at start with a simulated walk and then a turn through the production pipeline', async () => {
    const events: WarmUpEvent[] = [];
    const processor = threadedCaptureProcessor({ threads: 1, threadHeapMb: 2048, warmUp: { onEvent: (event) => events.push(event) } });
    try {
      const deadline = Date.now() + 120_000;
      while (events.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      assert.deepEqual(events.map((e) => [e.mode, e.outcome]), [['walk', 'done'], ['turn', 'done']], JSON.stringify(events));
      for (const event of events) if (event.outcome === 'done') assert.ok(event.ms > 0);
    } finally {
      await processor.close();
    }
  });

  it('skips the rest of the warm-up when a capture arrives during it, and processes the capture', async () => {
    const events: WarmUpEvent[] = [];
    const processor = threadedCaptureProcessor({ pipelineModule: threadModule('records-thread').threadModule, threads: 1, threadHeapMb: 2048, warmUp: { onEvent: (event) => events.push(event) } });
    try {
      const processed = await processor.processCapture(
        { bytes: new TextEncoder().encode(SANDBOX), context: {}, assetConfigId: DEFAULT_NATIVE_CONFIG_ID, allowSandbox: true }, () => undefined,
      );
      assert.equal(typeof (processed.measured.diagnostics as Record<string, unknown>).threadId, 'number');
      assert.deepEqual(events.map((e) => [e.mode, e.outcome]), [['walk', 'done'], ['turn', 'skipped']], JSON.stringify(events));
    } finally {
      await processor.close();
    }
  });
});
