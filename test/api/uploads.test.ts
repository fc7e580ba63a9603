import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { apiClient, newUserBody, pathOf, type ApiClient } from '../support/api-client.ts';
import { databaseVariants, startTestService, type TestService } from '../support/test-service.ts';

for (const variant of databaseVariants()) {
  describe(`capture upload to the signed address (${variant.name})`, () => {
    let service: TestService;
    let api: ApiClient;
    const newScanWithAddress = async (): Promise<{ id: string; url: string }> => {
      const scan = (await api.post('/scans', { userToken: 'uploader', deviceConfigName: 'IPHONE_SCANNER' })).body;
      return { id: scan.id, url: (await api.post(`/scans/${scan.id}/upload-url`)).body.url };
    };
    const put = (url: string, payload: Buffer | string, headers: Record<string, string> = {}) =>
      service.app!.inject({ method: 'PUT', url, payload, headers: { 'content-type': 'application/octet-stream', ...headers } });

    before(async () => {
      service = await startTestService({ variant, worker: false, env: { MAX_UPLOAD_BYTES: '4096' } });
      api = apiClient(service.app!, await service.key('partner-a'));
      await api.post('/users', newUserBody('uploader'));
    });
    after(() => service.stop());

    it('moves the scan to PROCESSING and queues its job when the PUT completes', async () => {
      const { id, url } = await newScanWithAddress();
      const queuedBefore = await service.db.jobs.countJobs('queued');
      const response = await put(pathOf(url), Buffer.from('ply\nformat ascii 1.0\nend_header\n'));
      assert.equal(response.statusCode, 200);
      assert.equal((await api.get(`/scans/${id}`)).body.status, 'PROCESSING');
      assert.equal(await service.db.jobs.countJobs('queued'), queuedBefore + 1);
    });

    it('answers 409 to a second PUT and to a new upload address once the capture arrived', async () => {
      const { id, url } = await newScanWithAddress();
      assert.equal((await put(pathOf(url), 'first')).statusCode, 200);
      const second = await put(pathOf(url), 'second');
      assert.equal(second.statusCode, 409);
      assert.equal(JSON.parse(second.body).code, 'scan_not_awaiting_upload');
      assert.equal((await api.post(`/scans/${id}/upload-url`)).status, 409);
    });

    it('answers 403 to a tampered address and keeps the scan CREATED', async () => {
      const { id, url } = await newScanWithAddress();
      const tampered = pathOf(url).replace(/signature=([0-9a-f])/, (_m, c: string) => `signature=${c === '0' ? '1' : '0'}`);
      const response = await put(tampered, 'data');
      assert.equal(response.statusCode, 403);
      assert.equal(JSON.parse(response.body).code, 'upload_signature_invalid');
      const otherScan = await newScanWithAddress();
      const swapped = pathOf(url).replace(id, otherScan.id);
      assert.equal((await put(swapped, 'data')).statusCode, 403);
      assert.equal((await api.get(`/scans/${id}`)).body.status, 'CREATED');
    });

    it('answers 403 once the address has expired', async () => {
      const { url } = await newScanWithAddress();
      service.clock.advance(3601_000);
      try {
        const response = await put(pathOf(url), 'late');
        assert.equal(response.statusCode, 403);
        assert.match(JSON.parse(response.body).message, /expired/);
      } finally {
        service.clock.advance(-3601_000);
      }
    });

    it('answers 413 for a capture over the size limit and keeps nothing', async () => {
      const { id, url } = await newScanWithAddress();
      const response = await put(pathOf(url), Buffer.alloc(5000, 1));
      assert.equal(response.statusCode, 413);
      assert.equal((await api.get(`/scans/${id}`)).body.status, 'CREATED');
      assert.equal(existsSync(join(service.dataDir, 'files', 'objects', 'scans', id, 'capture')), false);
      const tmp = join(service.dataDir, 'files', 'tmp');
      assert.deepEqual(existsSync(tmp) ? readdirSync(tmp) : [], []);
    });

  });
}
