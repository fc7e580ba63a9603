// The local store: the shared contract, plus the signature security of its own signed addresses
// (tested here because s3rver does not verify SigV4 signatures).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localDiskStore } from '../../src/object-storage/local-disk-store.ts';
import { objectStoreContract } from './object-store-contract.ts';

type LocalStore = ReturnType<typeof localDiskStore>;

/**
 * The signed addresses point at the service's /storage/ route; outside the API, this loopback
 * server answers them the same way (signature check, then the store) so the contract can use them.
 */
function serveSignedStorage(store: LocalStore): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const key = decodeURIComponent(url.pathname.replace(/^\/storage\//, ''));
    const method = request.method === 'PUT' ? 'PUT' : 'GET';
    const { check, maxBytes } = store.checkSignature(method, key, Object.fromEntries(url.searchParams), new Date());
    if (check !== 'valid') { response.writeHead(403).end(check); return; }
    const answer = method === 'PUT'
      ? store.put(key, request, { contentType: 'application/octet-stream', maxBytes }).then(() => { response.writeHead(200).end(); })
      : store.openDownload(key).then(async (file) => {
        if (!file) { response.writeHead(404).end(); return; }
        response.writeHead(200, { 'content-length': file.byteSize });
        for await (const chunk of file.stream) response.write(chunk);
        response.end();
      });
    answer.catch((error: unknown) => { response.writeHead(500).end(String(error)); });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function newLocalStore(baseUrl: () => string): { store: LocalStore; rootDir: string } {
  const rootDir = mkdtempSync(join(tmpdir(), 'bodyscan-local-store-'));
  return { store: localDiskStore({ rootDir, publicBaseUrl: baseUrl, signingSecret: 'test-secret-0123456789' }), rootDir };
}

objectStoreContract('local disk', async () => {
  let base = '';
  const { store, rootDir } = newLocalStore(() => base);
  const server = await serveSignedStorage(store);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    store,
    // The local store writes streams through a temp file; any size exercises the same path.
    partSizeBytes: 64 * 1024,
    listPageSize: 10,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(rootDir, { recursive: true, force: true });
    },
  };
});

describe('local store signed addresses', () => {
  const { store, rootDir } = newLocalStore(() => 'http://127.0.0.1:1');
  const queryOf = (url: string): Record<string, string> => Object.fromEntries(new URL(url).searchParams);
  const keyOf = (url: string): string => new URL(url).pathname.replace(/^\/storage\//, '');
  const inOneHour = (): Date => new Date(Date.now() + 3600_000);

  it('accepts its own upload address until it expires, then says expired', async () => {
    const url = await store.presignUpload('scans/a/capture', inOneHour(), 4096);
    assert.deepEqual(store.checkSignature('PUT', keyOf(url), queryOf(url), new Date()), { check: 'valid', maxBytes: 4096 });
    assert.equal(store.checkSignature('PUT', keyOf(url), queryOf(url), new Date(Date.now() + 3601_000)).check, 'expired');
  });

  it('refuses an altered signature, expiry or size limit', async () => {
    const url = await store.presignUpload('scans/a/capture', inOneHour(), 4096);
    const query = queryOf(url);
    const flipped = query.signature.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    assert.equal(store.checkSignature('PUT', 'scans/a/capture', { ...query, signature: flipped }, new Date()).check, 'invalid');
    assert.equal(store.checkSignature('PUT', 'scans/a/capture', { ...query, expires: String(Number(query.expires) + 3600) }, new Date()).check, 'invalid');
    assert.equal(store.checkSignature('PUT', 'scans/a/capture', { ...query, max: '999999999' }, new Date()).check, 'invalid');
    assert.equal(store.checkSignature('PUT', 'scans/a/capture', { ...query, signature: 'zz' }, new Date()).check, 'invalid');
    assert.equal(store.checkSignature('PUT', 'scans/a/capture', {}, new Date()).check, 'invalid');
  });

  it('binds an address to its key and its method', async () => {
    const upload = await store.presignUpload('scans/a/capture', inOneHour(), 4096);
    assert.equal(store.checkSignature('PUT', 'scans/b/capture', queryOf(upload), new Date()).check, 'invalid');
    assert.equal(store.checkSignature('GET', 'scans/a/capture', queryOf(upload), new Date()).check, 'invalid');
    const download = await store.presignDownload('scans/a/assets/model.glb', inOneHour());
    assert.equal(store.checkSignature('PUT', 'scans/a/assets/model.glb', queryOf(download), new Date()).check, 'invalid');
  });

  it('refuses keys that would leave its folder', async () => {
    assert.equal(store.checkSignature('GET', '../outside', { expires: '9999999999', max: '0', signature: '0'.repeat(64) }, new Date()).check, 'invalid');
    await assert.rejects(store.put('scans/../../etc/passwd', Buffer.from('x'), { contentType: 'text/plain' }), /unsafe object key/);
    await assert.rejects(store.sizeOf('/absolute/path'), /unsafe object key/);
    rmSync(rootDir, { recursive: true, force: true });
  });
});
