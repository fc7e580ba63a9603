// Runs s3rver in its own process: `node --openssl-legacy-provider s3rver-main.ts DIR`. The flag is
// why it is a process: s3rver makes ListObjectsV2 continuation tokens with DES, which Node 24's
// OpenSSL 3 offers only from its legacy provider (without it every truncated listing is a 500).
// Prints {"port": N} once listening on 127.0.0.1; stops on SIGTERM.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, unlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';

// Real S3 (and MinIO) make an object visible only once its PUT has completed; s3rver writes the
// bytes straight to the object's file, so a HEAD during the upload sees a partial (even empty)
// object, which the service's upload sweep would then judge. Make the test double as atomic as
// S3: write aside, then metadata, then rename into place.
interface StoredObject { bucket: string; key: string; metadata: Record<string, string>; content: Buffer | Readable }
interface Store {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
}
const FilesystemStore = createRequire(import.meta.url)('s3rver/lib/stores/filesystem.js') as { prototype: Store & { putObject(object: StoredObject): Promise<{ size: number; md5: string }> } };
FilesystemStore.prototype.putObject = async function putObjectAtomically(this: Store, object: StoredObject) {
  const objectPath = this.getResourcePath(object.bucket, object.key, 'object');
  await mkdir(dirname(objectPath), { recursive: true });
  const partial = `${objectPath}.${randomUUID()}.uploading`;
  const md5 = createHash('md5');
  let size = 0;
  try {
    const source = Buffer.isBuffer(object.content) ? [object.content] : object.content;
    await pipeline(source, new Transform({ transform(chunk: Buffer, _encoding, done) { md5.update(chunk); size += chunk.length; done(null, chunk); } }), createWriteStream(partial));
    const digest = md5.digest('hex');
    await this.putMetadata(object.bucket, object.key, object.metadata, digest);
    await rename(partial, objectPath);
    return { size, md5: digest };
  } catch (error) {
    await unlink(partial).catch(() => undefined);
    throw error;
  }
};

const directory = process.argv[2];
if (!directory) throw new Error('usage: s3rver-main.ts DIRECTORY');
const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.once('SIGTERM', () => {
  server.httpServer?.closeAllConnections();
  server.close().then(() => process.exit(0), () => process.exit(1));
});
