// S3 mode in one process: captures go straight to the bucket through presigned URLs; a read of the
// scan or the worker's sweep notices them, and the size limit a presigned PUT cannot enforce is
// enforced when the capture is noticed.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { objectKeys } from '../../src/services/service-context.ts';
import { sweepAwaitingUploads } from '../../src/services/upload-detection.ts';
import { apiClient, newUserBody, type ApiClient } from '../support/api-client.ts';
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

  it('moves the scan to PROCESSING and queues its job when a read finds the capture', async () => {
    const { id, url } = await newScanWithAddress();
    await upload(url, 'ply\nformat ascii 1.0\nend_header\n');
    const queuedBefore = await service.db.jobs.countJobs('queued');
    assert.equal((await api.get(`/scans/${id}`)).body.status, 'PROCESSING');
    assert.equal(await service.db.jobs.countJobs('queued'), queuedBefore + 1);
    assert.equal((await api.get(`/scans/${id}`)).body.status, 'PROCESSING');
    assert.equal(await service.db.jobs.countJobs('queued'), queuedBefore + 1, 'a second read queues nothing more');
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

  it('fails an oversize capture with capture_too_large and deletes it', async () => {
    const { id, url } = await newScanWithAddress();
    await upload(url, new Uint8Array(5000));
    const scan = (await api.get(`/scans/${id}`)).body;
    assert.equal(scan.status, 'FAILED');
    assert.equal(scan.failure.code, 'capture_too_large');
    assert.equal(await service.context.store.exists(objectKeys.capture(id)), false);
  });

  it('fails an empty capture with capture_empty', async () => {
    const { id, url } = await newScanWithAddress();
    await upload(url, new Uint8Array(0));
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
