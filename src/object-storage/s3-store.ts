import {
  AbortMultipartUploadCommand, CompleteMultipartUploadCommand, CreateMultipartUploadCommand, DeleteObjectsCommand, GetObjectCommand,
  HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { AppError } from '../domain/error-catalog.ts';
import type { ObjectStore } from '../services/ports.ts';

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** S3-compatible servers (MinIO, Ceph, R2, s3rver); null = AWS S3 itself. */
  endpoint: string | null;
  /** Path-style addresses (endpoint/bucket/key): S3-compatible servers need them. */
  forcePathStyle: boolean;
  /** null = the SDK's default credential chain (instance role, AWS_* environment, profile). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Multipart part size for streamed puts. Real S3 refuses parts under 5 MiB (but the last). */
  partSizeBytes?: number;
  /** Keys per ListObjectsV2 page in deletePrefix (S3's maximum, 1000, unless a test wants pages). */
  listPageSize?: number;
}

const DEFAULT_PART_BYTES = 8 * 1024 * 1024;
/** SigV4 presigned URLs live at most 7 days. */
const MAX_PRESIGN_S = 7 * 24 * 3600;
/** Guards the pagination loop of deletePrefix (10 million objects under one scan is not a real case). */
const MAX_LIST_PAGES = 10_000;

/**
 * The ObjectStore port over an S3-compatible bucket. Clients upload and download directly with
 * presigned URLs, so in this mode capture bytes never pass through the API processes.
 *
 * Size limit of presigned uploads: a presigned PUT cannot enforce a maximum size (only a presigned
 * POST policy can, and the interface is a PUT). The limit is therefore checked when the service
 * notices the upload (src/services/upload-detection.ts): an oversize capture fails the scan with
 * `capture_too_large` and the object is deleted. Bytes streamed through `put` are limited here.
 */
export function s3Store(options: S3StoreOptions): ObjectStore {
  const { bucket } = options;
  const partSize = options.partSizeBytes ?? DEFAULT_PART_BYTES;
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Without this the SDK signs a CRC of an EMPTY body into presigned PUT URLs (real S3 then rejects
    // the client's upload), and sends aws-chunked bodies that S3-compatible servers may store verbatim.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Bounded waits: a stalled store must fail a request (and the job retries), never hang a worker.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    maxAttempts: 3,
  });

  async function putWhole(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentLength: bytes.byteLength, ContentType: contentType }));
  }

  /** Streams in parts of `partSize`; memory stays at about one part whatever the object size. */
  async function putStream(key: string, body: AsyncIterable<Uint8Array>, contentType: string, maxBytes: number | undefined): Promise<number> {
    const pending: Uint8Array[] = [];
    let pendingBytes = 0;
    let total = 0;
    let uploadId: string | null = null;
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];

    const sendPart = async (bytes: Uint8Array): Promise<void> => {
      if (uploadId === null) {
        const created = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType }));
        if (!created.UploadId) throw new Error('the object store returned no multipart upload id');
        uploadId = created.UploadId;
      }
      const PartNumber = parts.length + 1;
      const sent = await client.send(new UploadPartCommand({
        Bucket: bucket, Key: key, UploadId: uploadId, PartNumber, Body: bytes, ContentLength: bytes.byteLength,
      }));
      parts.push({ ETag: sent.ETag, PartNumber });
    };

    try {
      for await (const chunk of body) {
        total += chunk.byteLength;
        if (maxBytes !== undefined && total > maxBytes) throw tooLarge(maxBytes);
        pending.push(chunk);
        pendingBytes += chunk.byteLength;
        while (pendingBytes >= partSize) {
          const part = takeBytes(pending, partSize);
          pendingBytes -= partSize;
          await sendPart(part);
        }
      }
      const rest = takeBytes(pending, pendingBytes);
      // Small objects (most captures, every asset) are one PUT, which is atomic on S3.
      if (uploadId === null) {
        await putWhole(key, rest, contentType);
        return total;
      }
      if (rest.byteLength > 0) await sendPart(rest);
      await client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
      return total;
    } catch (error) {
      // Nothing became visible (an object appears only on completion); the abort frees the parts.
      // Best effort: some S3-compatible servers lack it, and a bucket lifecycle rule
      // (AbortIncompleteMultipartUpload, docs/deploy.md) collects what an abort misses.
      if (uploadId !== null) {
        await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId })).catch(() => undefined);
      }
      throw error;
    }
  }

  async function sizeOf(key: string): Promise<number | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  const secondsUntil = (expiresAt: Date): number =>
    Math.min(MAX_PRESIGN_S, Math.max(1, Math.ceil((expiresAt.getTime() - Date.now()) / 1000)));

  return {
    async put(key, body, { contentType, maxBytes }) {
      if (body instanceof Uint8Array) {
        if (maxBytes !== undefined && body.byteLength > maxBytes) throw tooLarge(maxBytes);
        await putWhole(key, body, contentType);
        return { byteSize: body.byteLength };
      }
      return { byteSize: await putStream(key, body, contentType, maxBytes) };
    },

    async get(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      if (!object.Body) throw new Error(`the object store returned no body for ${key}`);
      return object.Body.transformToByteArray();
    },

    async exists(key) {
      return (await sizeOf(key)) !== null;
    },

    sizeOf,

    async deletePrefix(prefix) {
      // Same contract as the local store: folders only, so a key can never delete its siblings.
      if (!prefix.endsWith('/')) throw new Error('deletePrefix takes a folder prefix ending in /');
      let token: string | undefined;
      for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
        const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token, MaxKeys: options.listPageSize }));
        const keys = (listed.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (keys.length > 0) {
          // A page holds at most 1000 keys, which is DeleteObjects' own limit.
          const deleted = await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
          const failed = deleted.Errors ?? [];
          if (failed.length > 0) throw new Error(`could not delete ${failed.length} objects under ${prefix}: ${failed[0].Code} ${failed[0].Message}`);
        }
        if (!listed.IsTruncated) return;
        token = listed.NextContinuationToken;
      }
      throw new Error(`deletePrefix ${prefix}: more than ${MAX_LIST_PAGES} pages of objects`);
    },

    async presignUpload(key, expiresAt, _maxBytes) {
      // _maxBytes cannot be part of a presigned PUT; see the note on s3Store above.
      return getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: secondsUntil(expiresAt) });
    },

    async presignDownload(key, expiresAt) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: secondsUntil(expiresAt) });
    },
  };
}

/** Removes and concatenates the first `count` bytes of `chunks` (which must hold that many). */
function takeBytes(chunks: Uint8Array[], count: number): Uint8Array {
  const out = new Uint8Array(count);
  let filled = 0;
  while (filled < count) {
    const head = chunks[0];
    const needed = count - filled;
    if (head.byteLength <= needed) {
      out.set(head, filled);
      filled += head.byteLength;
      chunks.shift();
    } else {
      out.set(head.subarray(0, needed), filled);
      filled += needed;
      chunks[0] = head.subarray(needed);
    }
  }
  return out;
}

function isNotFound(error: unknown): boolean {
  const candidate = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return candidate?.name === 'NotFound' || candidate?.name === 'NoSuchKey' || candidate?.$metadata?.httpStatusCode === 404;
}

function tooLarge(maxBytes: number): AppError {
  return new AppError('payload_too_large', `The upload exceeds the limit of ${maxBytes} bytes; nothing was kept.`);
}
