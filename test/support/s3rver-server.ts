// s3rver (the S3 protocol over a temp folder) as a child process on a free loopback port, with its
// bucket created through the S3 API itself. It does NOT verify SigV4 signatures (only expiry):
// signature security is tested on the local store.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

/** s3rver's one account. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface RunningS3rver {
  endpoint: string;
  bucket: string;
  region: string;
  /** The S3_* variables a bodyscan process needs to use this server. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 5_000;

export async function startS3rver(bucket = 'bodyscan-test'): Promise<RunningS3rver> {
  const directory = mkdtempSync(join(tmpdir(), 'bodyscan-s3rver-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', join(import.meta.dirname, 's3rver-main.ts'), directory], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // However the test ends, the server must not outlive it.
  const killOnExit = (): void => { child.kill('SIGKILL'); };
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    process.removeListener('exit', killOnExit);
    rmSync(directory, { recursive: true, force: true });
  };

  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('s3rver did not start in time')), START_TIMEOUT_MS);
      child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`s3rver exited with ${code}`)); });
      createInterface({ input: child.stdout! }).once('line', (line) => { clearTimeout(timer); resolve((JSON.parse(line) as { port: number }).port); });
    });
    const endpoint = `http://127.0.0.1:${port}`;
    const region = 'us-east-1';
    const client = new S3Client({ region, endpoint, forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
    try {
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
    } finally {
      client.destroy();
    }
    return {
      endpoint,
      bucket,
      region,
      env: {
        S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGION: region, S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId, S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
