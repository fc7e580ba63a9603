import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../domain/error-catalog.ts';
import type { ObjectStore, SignatureCheck, SignedLocalStorage, StagedUpload } from '../services/ports.ts';

export interface LocalDiskStoreOptions {
  rootDir: string;
  /** Base address the service is reached at, e.g. http://127.0.0.1:8080 (read when a URL is made). */
  publicBaseUrl: () => string;
  signingSecret: string;
}

/** Keys are relative paths of safe segments: no '..', no absolute paths, no empty segments. */
function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/.test(key) || key.split('/').some((segment) => segment === '..' || segment === '.')) {
    throw new Error(`unsafe object key: ${key}`);
  }
}

/**
 * Objects as files under `rootDir`, written to a temp file and renamed into place (a reader never
 * sees half an object). Signed URLs point at the service's own /storage/ route:
 * HMAC-SHA256(secret, method \n key \n expires \n maxBytes), hex.
 */
export function localDiskStore(options: LocalDiskStoreOptions): ObjectStore & SignedLocalStorage {
  const pathOf = (key: string): string => {
    assertSafeKey(key);
    return join(options.rootDir, 'objects', key);
  };
  const sign = (method: string, key: string, expires: number, maxBytes: number): string =>
    createHmac('sha256', options.signingSecret).update(`${method}\n${key}\n${expires}\n${maxBytes}`).digest('hex');
  const signedUrl = (method: 'GET' | 'PUT', key: string, expiresAt: Date, maxBytes: number): string => {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    const query = new URLSearchParams({ expires: String(expires), max: String(maxBytes), signature: sign(method, key, expires, maxBytes) });
    return `${options.publicBaseUrl()}/storage/${key}?${query}`;
  };

  /** Streams `body` to a temp file; commit renames it under `key` (a reader never sees half an object). */
  const stage = async (key: string, body: Uint8Array | AsyncIterable<Uint8Array>, maxBytes: number | undefined): Promise<StagedUpload> => {
    const finalPath = pathOf(key);
    const tmpPath = join(options.rootDir, 'tmp', randomUUID());
    await mkdir(dirname(tmpPath), { recursive: true });
    let byteSize = 0;
    try {
      if (body instanceof Uint8Array) {
        if (maxBytes !== undefined && body.byteLength > maxBytes) throw tooLarge(maxBytes);
        byteSize = body.byteLength;
        await pipeline([body], createWriteStream(tmpPath));
      } else {
        await pipeline(body, async function* countBytes(source: AsyncIterable<Uint8Array>) {
          for await (const chunk of source) {
            byteSize += chunk.byteLength;
            if (maxBytes !== undefined && byteSize > maxBytes) throw tooLarge(maxBytes);
            yield chunk;
          }
        }, createWriteStream(tmpPath));
      }
    } catch (error) {
      await unlink(tmpPath).catch(() => undefined);
      throw error;
    }
    let committed = false;
    return {
      byteSize,
      async commit() {
        await mkdir(dirname(finalPath), { recursive: true });
        await rename(tmpPath, finalPath);
        committed = true;
      },
      async discard() {
        if (!committed) await unlink(tmpPath).catch(() => undefined);
      },
    };
  };

  return {
    async put(key, body, { maxBytes }) {
      const staged = await stage(key, body, maxBytes);
      await staged.commit();
      return { byteSize: staged.byteSize };
    },

    stageUpload: (key, body, maxBytes) => stage(key, body, maxBytes),

    async get(key) {
      return new Uint8Array(await readFile(pathOf(key)));
    },

    async exists(key) {
      return stat(pathOf(key)).then(() => true, () => false);
    },

    async sizeOf(key) {
      const info = await stat(pathOf(key)).catch(() => null);
      return info?.isFile() ? info.size : null;
    },

    async deletePrefix(prefix) {
      if (!prefix.endsWith('/')) throw new Error('deletePrefix takes a folder prefix ending in /');
      // A job may be writing into the folder while it is deleted (a scan deleted while it processes):
      // rm then meets a directory that is not empty yet; retrying (with backoff) finishes the job.
      await rm(pathOf(prefix), { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
    },

    async presignUpload(key, expiresAt, maxBytes) {
      return signedUrl('PUT', key, expiresAt, maxBytes);
    },

    async presignDownload(key, expiresAt) {
      return signedUrl('GET', key, expiresAt, 0);
    },

    checkSignature(method, key, query, now): { check: SignatureCheck; maxBytes: number } {
      const expires = Number(query.expires);
      const maxBytes = Number(query.max);
      const signature = query.signature ?? '';
      if (!Number.isInteger(expires) || !Number.isInteger(maxBytes) || !/^[0-9a-f]{64}$/.test(signature)) return { check: 'invalid', maxBytes: 0 };
      try { assertSafeKey(key); } catch { return { check: 'invalid', maxBytes: 0 }; }
      const expected = Buffer.from(sign(method, key, expires, maxBytes), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return { check: 'invalid', maxBytes: 0 };
      if (expires * 1000 < now.getTime()) return { check: 'expired', maxBytes };
      return { check: 'valid', maxBytes };
    },

    async openDownload(key) {
      const path = pathOf(key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(path), byteSize: info.size };
    },
  };
}

function tooLarge(maxBytes: number): AppError {
  return new AppError('payload_too_large', `The upload exceeds the limit of ${maxBytes} bytes; nothing was kept.`);
}

/** Temp files untouched this long are leftovers of uploads cut off by a crash (a live upload writes continuously). */
export const STALE_TEMP_FILE_MS = 60 * 60 * 1000;

/**
 * Deletes temp files of `rootDir` not modified for `staleMs`: partial uploads (and staged ones
 * never committed) of a process that died. Run at start. Returns how many were deleted.
 */
export async function sweepStaleTempFiles(rootDir: string, now: Date, staleMs = STALE_TEMP_FILE_MS): Promise<number> {
  const tmpDir = join(rootDir, 'tmp');
  const names = await readdir(tmpDir).catch(() => [] as string[]);
  let deleted = 0;
  for (const name of names) {
    const path = join(tmpDir, name);
    const info = await stat(path).catch(() => null);
    if (info?.isFile() && now.getTime() - info.mtimeMs > staleMs) {
      await unlink(path).catch(() => undefined);
      deleted += 1;
    }
  }
  return deleted;
}
