// Peak RSS of the API process while a 1 GiB capture is PUT to its signed upload address
// (embedded mode: the bytes stream through the service to local disk). Memory should stay flat.
// Run: node_modules/.bin/node bench/upload-memory.bench.ts   (BENCH_UPLOAD_MIB to change the size)
import { request } from 'node:http';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { peakRssMiB, startChild, stopChild } from './support/child-process.ts';

const SIZE_MIB = Number(process.env.BENCH_UPLOAD_MIB ?? 1024);
const dataDir = mkdtempSync(join(tmpdir(), 'bodyscan-upload-bench-'));
const server = await startChild<{ url: string; apiKey: string; scanId: string }>(join(import.meta.dirname, 'support/bench-server.ts'), {
  DATA_DIR: dataDir, MAX_UPLOAD_BYTES: String(2 * 1024 ** 3), DATABASE_URL: process.env.DATABASE_URL,
});
try {
  const headers = { authorization: `Bearer ${server.info.apiKey}`, accept: 'application/json;v=1', 'content-type': 'application/json' };
  const { url } = await (await fetch(`${server.info.url}/scans/${server.info.scanId}/upload-url`, { method: 'POST', headers })).json() as { url: string };
  const rssBeforeMiB = await peakRssMiB(server.child.pid!);
  const chunk = Buffer.alloc(1024 * 1024, 7);
  const started = performance.now();
  const status = await new Promise<number>((resolve, reject) => {
    const put = request(url, { method: 'PUT', headers: { 'content-length': String(SIZE_MIB * chunk.length) } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    put.on('error', reject);
    let sent = 0;
    const writeMore = (): void => {
      while (sent < SIZE_MIB) {
        sent += 1;
        if (!put.write(chunk)) { put.once('drain', writeMore); return; }
      }
      put.end();
    };
    writeMore();
  });
  const seconds = (performance.now() - started) / 1000;
  const peakMiB = await peakRssMiB(server.child.pid!);
  const stored = statSync(join(dataDir, 'files', 'objects', 'scans', server.info.scanId, 'capture')).size;
  console.log(`upload of ${SIZE_MIB} MiB: HTTP ${status} in ${seconds.toFixed(1)} s (${(SIZE_MIB / seconds).toFixed(0)} MiB/s), stored ${(stored / 1024 ** 2).toFixed(0)} MiB`);
  console.log(`API process peak RSS: ${rssBeforeMiB.toFixed(0)} MiB before the upload, ${peakMiB.toFixed(0)} MiB peak after it`);
} finally {
  await stopChild(server.child);
  rmSync(dataDir, { recursive: true, force: true });
}
