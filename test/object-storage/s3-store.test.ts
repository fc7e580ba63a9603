// The S3 adapter against s3rver (the S3 protocol over a temp folder) on a free loopback port.
// s3rver does not verify SigV4 signatures, so signature security is tested on the local store.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { s3Store } from '../../src/object-storage/s3-store.ts';
import { S3RVER_CREDENTIALS, startS3rver } from '../support/s3rver-server.ts';
import { objectStoreContract } from './object-store-contract.ts';

// Small parts and listing pages so the multipart and pagination paths run on small data
// (real S3 needs parts of at least 5 MiB; s3rver does not check).
const PART_BYTES = 256 * 1024;
const LIST_PAGE = 10;

objectStoreContract('S3 (s3rver)', async () => {
  const server = await startS3rver();
  const store = s3Store({
    bucket: server.bucket, region: server.region, endpoint: server.endpoint, forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS, partSizeBytes: PART_BYTES, listPageSize: LIST_PAGE,
  });
  return { store, partSizeBytes: PART_BYTES, listPageSize: LIST_PAGE, stop: () => server.stop() };
});

describe('S3 presigned addresses', () => {
  const store = s3Store({
    bucket: 'bodyscan-test', region: 'us-east-1', endpoint: 'http://127.0.0.1:9', forcePathStyle: true, credentials: S3RVER_CREDENTIALS,
  });

  it('carries no checksum of an empty body in an upload address (real S3 would refuse the upload)', async () => {
    const url = new URL(await store.presignUpload('scans/a/capture', new Date(Date.now() + 3600_000), 1000));
    const names = [...url.searchParams.keys()].map((name) => name.toLowerCase());
    assert.deepEqual(names.filter((name) => name.includes('checksum') || name.includes('sdk-checksum')), []);
    assert.equal(url.searchParams.get('X-Amz-SignedHeaders'), 'host');
  });

  it('uses path-style addresses on the configured endpoint, valid for the asked time', async () => {
    const url = new URL(await store.presignDownload('scans/a/assets/model.glb', new Date(Date.now() + 600_000)));
    assert.equal(url.origin, 'http://127.0.0.1:9');
    assert.equal(url.pathname, '/bodyscan-test/scans/a/assets/model.glb');
    const expires = Number(url.searchParams.get('X-Amz-Expires'));
    assert.ok(expires >= 599 && expires <= 600, `X-Amz-Expires ${expires}`);
  });
});
