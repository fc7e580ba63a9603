import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { sweepStaleTempFiles } from '../../src/object-storage/local-disk-store.ts';
import { apiClient, newUserBody, pathOf, waitFor, type ApiClient } from '../support/api-client.ts';
import { databaseVariants, startTestService, type TestService } from '../support/test-service.ts';

const SANDBOX = JSON.stringify({ sandbox: true, sex: 'female', heightM: 1.65, weightKg: 60, seed: 11 });

// Uploads and deletes against processing: whatever the interleaving, no 5xx, no capture that
// outlives its scan, no file a job wrote after its scan was deleted, the 409'd bytes never stored.
for (const variant of databaseVariants()) {
  describe(`uploads and deletes racing (${variant.name})`, () => {
    let service: TestService;
    let api: ApiClient;
    const scanFolder = (id: string) => join(service.dataDir, 'files', 'objects', 'scans', id);
    const newScanWithAddress = async (token = 'racer'): Promise<{ id: string; url: string }> => {
      const scan = (await api.post('/scans', { userToken: token, deviceConfigName: 'IPHONE_SCANNER' })).body;
      return { id: scan.id, url: pathOf((await api.post(`/scans/${scan.id}/upload-url`)).body.url) };
    };
    const put = (url: string, payload: string | Buffer | Readable) =>
      service.app!.inject({ method: 'PUT', url, payload, headers: { 'content-type': 'application/octet-stream' } });
    /** A body that sends its first half, then waits for `release` before the rest. */
    const heldBody = (text: string) => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => { release = resolve; });
      const stream = Readable.from((async function* () {
        yield Buffer.from(text.slice(0, text.length / 2));
        await released;
        yield Buffer.from(text.slice(text.length / 2));
      })());
      return { stream, release };
    };

    before(async () => {
      service = await startTestService({ variant });
      api = apiClient(service.app!, await service.key('partner-race'));
      await api.post('/users', newUserBody('racer'));
    });
    after(() => service.stop());

    it('keeps the bytes of the PUT that won and never those of the PUT answered 409', async () => {
      for (let round = 0; round < 3; round++) {
        const { id, url } = await newScanWithAddress();
        const slow = heldBody(`slow-upload-${round}-`.repeat(50));
        const slowPut = put(url, slow.stream);
        const fast = await put(url, `fast-upload-${round}`);
        slow.release();
        const slowAnswer = await slowPut;
        const answers = [fast.statusCode, slowAnswer.statusCode].sort();
        assert.deepEqual(answers, [200, 409], `one PUT wins, the other is refused (${fast.body} ${slowAnswer.body})`);
        const winner = fast.statusCode === 200 ? `fast-upload-${round}` : `slow-upload-${round}-`.repeat(50);
        assert.equal(readFileSync(join(scanFolder(id), 'capture'), 'utf8'), winner);
      }
      const tmp = join(service.dataDir, 'files', 'tmp');
      assert.deepEqual(existsSync(tmp) ? readdirSync(tmp) : [], [], 'nothing left aside');
    });

    it('does not re-create the capture of a scan deleted during its upload', async () => {
      const { id, url } = await newScanWithAddress();
      const held = heldBody('capture bytes '.repeat(100));
      const uploading = put(url, held.stream);
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal((await api.delete(`/scans/${id}`)).status, 200);
      held.release();
      const answer = await uploading;
      assert.equal(answer.statusCode, 409, answer.body);
      assert.equal(existsSync(scanFolder(id)), false);
    });

    it('does not re-create captures of a user deleted during an upload', async () => {
      await api.post('/users', newUserBody('doomed-racer'));
      const { id, url } = await newScanWithAddress('doomed-racer');
      const held = heldBody('capture bytes '.repeat(100));
      const uploading = put(url, held.stream);
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal((await api.delete('/users/doomed-racer')).status, 200);
      held.release();
      assert.equal((await uploading).statusCode, 409);
      assert.equal(existsSync(scanFolder(id)), false);
    });

    it('fails the scan with capture_empty for an empty upload', async () => {
      const { id, url } = await newScanWithAddress();
      assert.equal((await put(url, '')).statusCode, 200);
      const scan = (await api.get(`/scans/${id}`)).body;
      assert.equal(scan.status, 'FAILED');
      assert.equal(scan.failure.code, 'capture_empty');
      assert.equal(existsSync(join(scanFolder(id), 'capture')), false);
    });

    it('answers every delete of a processing scan without a 5xx and leaves none of its files behind', async () => {
      for (const delayMs of [0, 30, 120, 300, 600]) {
        const { id, url } = await newScanWithAddress();
        assert.equal((await put(url, SANDBOX)).statusCode, 200);
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        const deleted = await api.delete(`/scans/${id}`);
        assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
        await waitFor(async () => (await service.db.jobs.countJobs('running')) + (await service.db.jobs.countJobs('queued')), (n) => n === 0, 60_000);
        assert.equal(existsSync(scanFolder(id)), false, `files of the scan deleted after ${delayMs} ms`);
        assert.deepEqual(await service.db.files.listStoredFiles(id), []);
      }
    });
  });
}

describe('temp files of interrupted uploads', () => {
  it('are swept when stale, and live ones are kept', async () => {
    const root = join(process.env.TMPDIR ?? '/tmp', `bodyscan-sweep-${process.pid}-${Date.now()}`);
    mkdirSync(join(root, 'tmp'), { recursive: true });
    writeFileSync(join(root, 'tmp', 'stale'), 'half an upload');
    writeFileSync(join(root, 'tmp', 'live'), 'an upload in progress');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(join(root, 'tmp', 'stale'), twoHoursAgo, twoHoursAgo);
    assert.equal(await sweepStaleTempFiles(root, new Date()), 1);
    assert.deepEqual(readdirSync(join(root, 'tmp')), ['live']);
    assert.equal(await sweepStaleTempFiles(join(root, 'missing'), new Date()), 0);
  });
});
