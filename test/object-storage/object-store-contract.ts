// The ObjectStore port's contract, one suite run against every adapter (local disk, S3): whatever
// the adapter, use cases see the same behaviour.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { AppError } from '../../src/domain/error-catalog.ts';
import type { ObjectStore } from '../../src/services/ports.ts';

export interface ContractSubject {
  store: ObjectStore;
  /** Streams bigger than this take the adapter's chunked path (S3: multipart parts). */
  partSizeBytes: number;
  /** deletePrefix is tested with more objects than one listing page holds. */
  listPageSize: number;
  /** Releases whatever the subject started (servers, folders). */
  stop(): Promise<void>;
}

async function* chunksOf(bytes: Uint8Array, chunkBytes: number): AsyncIterable<Uint8Array> {
  for (let offset = 0; offset < bytes.byteLength; offset += chunkBytes) yield bytes.subarray(offset, offset + chunkBytes);
}

const isPayloadTooLarge = (error: unknown): boolean => error instanceof AppError && error.code === 'payload_too_large';

export function objectStoreContract(adapterName: string, start: () => Promise<ContractSubject>): void {
  describe(`ObjectStore contract (${adapterName})`, () => {
    let subject: ContractSubject;
    let store: ObjectStore;
    // Every test writes under its own folder, so tests cannot see each other's objects.
    let folderCount = 0;
    const folder = (): string => `scans/contract-${Date.now().toString(36)}-${(folderCount += 1)}/`;

    before(async () => {
      subject = await start();
      store = subject.store;
    });
    after(() => subject.stop());

    it('stores bytes and gives them back, with their size', async () => {
      const key = `${folder()}capture`;
      const bytes = randomBytes(3000);
      assert.deepEqual(await store.put(key, bytes, { contentType: 'application/octet-stream' }), { byteSize: 3000 });
      assert.deepEqual(Buffer.from(await store.get(key)), bytes);
      assert.equal(await store.exists(key), true);
      assert.equal(await store.sizeOf(key), 3000);
    });

    it('streams a body bigger than one part and keeps every byte in order', async () => {
      const key = `${folder()}assets/model.glb`;
      const bytes = randomBytes(subject.partSizeBytes * 2 + 12_345);
      const { byteSize } = await store.put(key, chunksOf(bytes, 50_000), { contentType: 'model/gltf-binary', maxBytes: bytes.byteLength });
      assert.equal(byteSize, bytes.byteLength);
      assert.deepEqual(Buffer.from(await store.get(key)), bytes);
    });

    it('streams a small body and an empty one', async () => {
      const base = folder();
      assert.deepEqual(await store.put(`${base}small`, chunksOf(Buffer.from('ply\nend_header\n'), 4), { contentType: 'application/ply' }), { byteSize: 15 });
      assert.equal(Buffer.from(await store.get(`${base}small`)).toString(), 'ply\nend_header\n');
      assert.deepEqual(await store.put(`${base}empty`, chunksOf(new Uint8Array(0), 4), { contentType: 'application/octet-stream' }), { byteSize: 0 });
      assert.equal(await store.sizeOf(`${base}empty`), 0);
    });

    it('overwrites an object put again under the same key', async () => {
      const key = `${folder()}assets/preview.png`;
      await store.put(key, Buffer.from('first version'), { contentType: 'image/png' });
      await store.put(key, Buffer.from('second'), { contentType: 'image/png' });
      assert.equal(Buffer.from(await store.get(key)).toString(), 'second');
      assert.equal(await store.sizeOf(key), 6);
    });

    it('says an absent object is absent, and refuses to read it', async () => {
      const key = `${folder()}capture`;
      assert.equal(await store.exists(key), false);
      assert.equal(await store.sizeOf(key), null);
      await assert.rejects(store.get(key));
    });

    it('refuses bytes over maxBytes with payload_too_large and keeps nothing', async () => {
      const key = `${folder()}capture`;
      await assert.rejects(store.put(key, randomBytes(101), { contentType: 'application/octet-stream', maxBytes: 100 }), isPayloadTooLarge);
      assert.equal(await store.exists(key), false);
    });

    it('stops a stream over maxBytes, even after whole parts were sent, and keeps nothing', async () => {
      const base = folder();
      const small = randomBytes(5000);
      await assert.rejects(store.put(`${base}small`, chunksOf(small, 1000), { contentType: 'application/octet-stream', maxBytes: 4999 }), isPayloadTooLarge);
      assert.equal(await store.exists(`${base}small`), false);
      const large = randomBytes(subject.partSizeBytes * 2 + 1);
      const limit = subject.partSizeBytes * 2;
      await assert.rejects(store.put(`${base}large`, chunksOf(large, 65_536), { contentType: 'application/octet-stream', maxBytes: limit }), isPayloadTooLarge);
      assert.equal(await store.exists(`${base}large`), false);
    });

    it('accepts exactly maxBytes', async () => {
      const key = `${folder()}capture`;
      const bytes = randomBytes(4096);
      assert.deepEqual(await store.put(key, chunksOf(bytes, 1000), { contentType: 'application/octet-stream', maxBytes: 4096 }), { byteSize: 4096 });
    });

    it('deletes a folder, across listing pages, and leaves a sibling with a common name prefix alone', async () => {
      const base = folder();
      const doomed = `${base}doomed/`;
      const sibling = `${base}doomed-not/keep`;
      const count = subject.listPageSize * 2 + 3;
      for (let i = 0; i < count; i += 1) await store.put(`${doomed}${i % 2 ? 'assets/' : ''}file-${i}`, Buffer.from([i % 256]), { contentType: 'application/octet-stream' });
      await store.put(sibling, Buffer.from('keep'), { contentType: 'application/octet-stream' });
      await store.deletePrefix(doomed);
      for (let i = 0; i < count; i += 1) assert.equal(await store.exists(`${doomed}${i % 2 ? 'assets/' : ''}file-${i}`), false);
      assert.equal(Buffer.from(await store.get(sibling)).toString(), 'keep');
    });

    it('deletes an absent folder without complaint, and refuses a prefix that is not a folder', async () => {
      const base = folder();
      await store.deletePrefix(base);
      await store.put(`${base}capture`, Buffer.from('x'), { contentType: 'application/octet-stream' });
      await assert.rejects(store.deletePrefix(`${base}capt`), /folder prefix/);
      assert.equal(await store.exists(`${base}capture`), true);
    });

    it('gives an upload address a plain HTTP PUT stores through, with no headers needed', async () => {
      const key = `${folder()}capture`;
      const url = await store.presignUpload(key, new Date(Date.now() + 600_000), 1_000_000);
      const bytes = randomBytes(20_000);
      const response = await fetch(url, { method: 'PUT', body: bytes });
      assert.equal(response.status, 200, await response.text());
      assert.deepEqual(Buffer.from(await store.get(key)), bytes);
      assert.equal(await store.sizeOf(key), 20_000);
    });

    it('takes any content type on the upload address', async () => {
      const key = `${folder()}capture`;
      const url = await store.presignUpload(key, new Date(Date.now() + 600_000), 1_000_000);
      const response = await fetch(url, { method: 'PUT', body: 'ply\nformat ascii 1.0\n', headers: { 'content-type': 'text/plain' } });
      assert.equal(response.status, 200, await response.text());
      assert.equal(Buffer.from(await store.get(key)).toString(), 'ply\nformat ascii 1.0\n');
    });

    it('gives a download address a plain HTTP GET reads the object from', async () => {
      const key = `${folder()}assets/model.obj`;
      const bytes = randomBytes(10_000);
      await store.put(key, bytes, { contentType: 'model/obj' });
      const response = await fetch(await store.presignDownload(key, new Date(Date.now() + 600_000)));
      assert.equal(response.status, 200);
      assert.deepEqual(Buffer.from(await response.arrayBuffer()), bytes);
    });
  });
}
