// S3 mode in one process: captures go straight to the bucket through presigned URLs; the worker's
// sweep notices them (a read never does: a GET writes nothing), and the size limit a presigned PUT
// cannot enforce is enforced when the capture is noticed.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { objectKeys } from '../../src/services/service-context.ts';
import { LATE_UPLOAD_GRACE_MS, sweepAwaitingUploads } from '../../src/services/upload-detection.ts';
import { apiClient, newUserBody, waitFor, type ApiClient } from '../support/api-client.ts';
import { startS3rver, type RunningS3rver } from '../support/s3rver-server.ts';
import { startTestService, type TestService } from '../support/test-service.ts';

describe('direct uploads to S3 (PGlite, s3rver)', () => {
  let s3: RunningS3rver;
  let service: TestService;
  let api: ApiClient;
  const newScanWithAddress = async (): Promise<{ id: string; url: string }> => {
    const scan = (await api.post('/scans', { userToken: 'direct', deviceConfigName: 'IPHONE_SCANNER' })).body;
    const address = await api.post(`/scans/${scan.id}/upload-url`);
    assert.equal(address.status, 201);
    return { id: scan.id, url: address.body.url };
  };
  const upload = async (url: string, body: Uint8Array | string): Promise<void> => {
    const response = await fetch(url, { method: 'PUT', body });
    assert.equal(response.status, 200, await response.text());
  };

  before(async () => {
    s3 = await startS3rver();
    // No worker: the tests drive noticing themselves and look at the queued job.
    service = await startTestService({ worker: false, env: { ...s3.env, MAX_UPLOAD_BYTES: '4096' } });
    api = apiClient(service.app!, await service.key('partner-a'));
    await api.post('/users', newUserBody('direct'));
  });
  after(async () => {
    await service?.stop();
    await s3?.stop();
  });

  it('hands out bucket addresses and serves no /storage/ route of its own', async () => {
    const { id, url } = await newScanWithAddress();
    assert.equal(new URL(url).origin, s3.endpoint);
    assert.match(new URL(url).pathname, new RegExp(`/${s3.bucket}/scans/${id}/capture$`));
    assert.equal((await service.app!.inject({ method: 'PUT', url: `/storage/scans/${id}/capture`, payload: 'x' })).statusCode, 404);
  });

  it('lets the web console fetch assets from the bucket (its CSP names the bucket\'s origin)', async () => {
    const page = await service.app!.inject({ url: '/console' });
    assert.match(String(page.headers['content-security-policy']), new RegExp(`connect-src 'self' blob: ${s3.endpoint.replace(/[.]/g, '\\.')};`));
  });

  it('keeps a scan CREATED while nothing was uploaded', async () => {
    const { id } = await newScanWithAddress();
    assert.equal((await api.get(`/scans/${id}`)).body.status, 'CREATED');
  });

  it('writes nothing when a scan whose capture is in the bucket is read: still CREATED, unchanged, no job queued', async () => {
    const { id, url } = await newScanWithAddress();
    await upload(url, 'ply\nformat ascii 1.0\nend_header\n');
    const queuedBefore = await service.db.jobs.countJobs('queued');
    const before = await service.db.scans.findOwnedScan(id);
    for (let i = 0; i < 3; i += 1) {
      const read = await api.get(`/scans/${id}`);
      assert.equal(read.status, 200);
      assert.equal(read.body.status, 'CREATED');
    }
    const afterReads = await service.db.scans.findOwnedScan(id);
    assert.deepEqual(afterReads, before, 'the scan row, its stages and its updatedAt are as they were');
    assert.equal(await service.db.jobs.countJobs('queued'), queuedBefore, 'no processing job and no webhook delivery queued');
    // The sweep is what notices it: PROCESSING and one job, once however often it runs.
    await sweepAwaitingUploads(service.context, 1000);
    assert.equal((await api.get(`/scans/${id}`)).body.status, 'PROCESSING');
    const queuedAfter = await service.db.jobs.countJobs('queued');
    assert.ok(queuedAfter > queuedBefore, 'the sweep queued the processing job');
    await sweepAwaitingUploads(service.context, 1000);
    assert.equal(await service.db.jobs.countJobs('queued'), queuedAfter, 'a second pass queues nothing more');
    assert.equal((await api.post(`/scans/${id}/upload-url`)).status, 409);
  });

  it('notices a capture in the sweep when nobody reads the scan', async () => {
    const { id, url } = await newScanWithAddress();
    await upload(url, '{"sandbox":true,"sex":"male","heightM":1.8,"weightKg":80,"seed":1}');
    const result = await sweepAwaitingUploads(service.context, 1000);
    assert.ok(result.arrived >= 1);
    assert.equal((await service.db.scans.findOwnedScan(id))?.scan.status, 'PROCESSING');
    const again = await sweepAwaitingUploads(service.context, 1000);
    assert.equal(again.arrived, 0);
  });

  it('sweeps every waiting scan in pages, however many wait', async () => {
    const first = await newScanWithAddress();
    const second = await newScanWithAddress();
    await upload(first.url, 'ply\nformat ascii 1.0\nend_header\n');
    await upload(second.url, 'ply\nformat ascii 1.0\nend_header\n');
    const result = await sweepAwaitingUploads(service.context, 1); // pages of one scan
    assert.ok(result.arrived >= 2, JSON.stringify(result));
    for (const { id } of [first, second]) assert.equal((await service.db.scans.findOwnedScan(id))?.scan.status, 'PROCESSING');
  });

  it('leaves out of the sweep a scan never given an address, and one whose address expired more than the grace ago', async () => {
    const never = (await api.post('/scans', { userToken: 'direct', deviceConfigName: 'IPHONE_SCANNER' })).body;
    await service.context.store.put(objectKeys.capture(never.id), new TextEncoder().encode('ply\n'), { contentType: 'application/octet-stream' });
    const { id: expired, url } = await newScanWithAddress();
    await upload(url, 'ply\nformat ascii 1.0\nend_header\n');
    const ttlMs = service.config.uploadUrlTtlS * 1000;
    service.clock.advance(ttlMs + LATE_UPLOAD_GRACE_MS + 1000);
    try {
      await sweepAwaitingUploads(service.context, 1000);
      assert.equal((await service.db.scans.findOwnedScan(never.id))?.scan.status, 'CREATED');
      assert.equal((await service.db.scans.findOwnedScan(expired))?.scan.status, 'CREATED');
    } finally {
      service.clock.advance(-(ttlMs + LATE_UPLOAD_GRACE_MS + 1000));
    }
    // Within the grace after its address expired, a PUT begun in time is still noticed.
    service.clock.advance(ttlMs + LATE_UPLOAD_GRACE_MS - 60_000);
    try {
      await sweepAwaitingUploads(service.context, 1000);
      assert.equal((await service.db.scans.findOwnedScan(expired))?.scan.status, 'PROCESSING');
    } finally {
      service.clock.advance(-(ttlMs + LATE_UPLOAD_GRACE_MS - 60_000));
    }
  });

  it('fails an oversize capture with capture_too_large and deletes it', async () => {
    const { id, url } = await newScanWithAddress();
    await upload(url, new Uint8Array(5000));
    await sweepAwaitingUploads(service.context, 1000);
    const scan = (await api.get(`/scans/${id}`)).body;
    assert.equal(scan.status, 'FAILED');
    assert.equal(scan.failure.code, 'capture_too_large');
    assert.equal(await service.context.store.exists(objectKeys.capture(id)), false);
  });

  it('fails an empty capture with capture_empty', async () => {
    const { id, url } = await newScanWithAddress();
    await upload(url, new Uint8Array(0));
    await sweepAwaitingUploads(service.context, 1000);
    const scan = (await api.get(`/scans/${id}`)).body;
    assert.equal(scan.status, 'FAILED');
    assert.equal(scan.failure.code, 'capture_empty');
  });

  it('deletes a scan together with its objects in the bucket', async () => {
    const { id, url } = await newScanWithAddress();
    await upload(url, 'ply\nformat ascii 1.0\nend_header\n');
    assert.equal((await api.delete(`/scans/${id}`)).status, 200);
    assert.equal(await service.context.store.exists(objectKeys.capture(id)), false);
  });
});

describe('direct uploads to S3 with a running worker (PGlite, s3rver)', () => {
  let s3: RunningS3rver;
  let service: TestService;
  let api: ApiClient;
  before(async () => {
    s3 = await startS3rver();
    service = await startTestService({ worker: true, env: { ...s3.env, UPLOAD_SWEEP_INTERVAL_MS: '200' } });
    api = apiClient(service.app!, await service.key('partner-a'));
    await api.post('/users', newUserBody('swept'));
  });
  after(async () => {
    await service?.stop();
    await s3?.stop();
  });

  it('takes a capture PUT straight to the bucket to READY through the sweep, with nobody reading the scan', async () => {
    const scan = (await api.post('/scans', { userToken: 'swept', deviceConfigName: 'IPHONE_SCANNER' })).body;
    const { url } = (await api.post(`/scans/${scan.id}/upload-url`)).body;
    const put = await fetch(url, { method: 'PUT', body: JSON.stringify({ sandbox: true, sex: 'male', heightM: 1.8, weightKg: 80, seed: 3 }) });
    assert.equal(put.status, 200);
    // Polled in the database, not through GET /scans/{id}: only the sweep can have noticed the upload.
    const settled = await waitFor(() => service.db.scans.findOwnedScan(scan.id), (owned) => owned?.scan.status === 'READY' || owned?.scan.status === 'FAILED', 90_000);
    assert.equal(settled?.scan.status, 'READY', JSON.stringify(settled?.scan.failure));
    assert.ok(settled?.scan.measurements);
  });
});
