// p99 of authenticated GET /scans/{id} while four 1M-point captures process in the same service,
// against the same p99 idle (goal: at most 2x idle and never above 50 ms), on the embedded default
// (PGlite) or PostgreSQL (DATABASE_URL=...); then processing throughput with 1, 2 and 4 threads.
// The GETs come at a fixed rate (BENCH_RATE, default 200 req/s over 10 connections) so the figure is
// the event loop's responsiveness, not CPU saturation by the load generator. Phases interleave
// (idle, busy, idle, busy, ...) over BENCH_ROUNDS rounds (default 3); min/median/max are printed.
// Run: node_modules/.bin/node bench/latency-under-processing.bench.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { writePly } from '../src/processing/capture/write-ply.ts';
import { generateSyntheticBody, sampleSyntheticCloud } from '../src/processing/synthetic-body/generate.ts';
import { freshPostgresDatabase } from '../test/support/fresh-postgres-database.ts';
import { startChild, stopChild } from './support/child-process.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const CAPTURES = 4;
const POINTS = Number(process.env.BENCH_POINTS ?? 1_000_000);
const THREAD_COUNTS = (process.env.BENCH_THREADS ?? '1,2,4').split(',').map(Number);

type Info = { url: string; apiKey: string; scanIds: string[] };

const captures = Array.from({ length: CAPTURES }, (_, i) => {
  const body = generateSyntheticBody({ sex: i % 2 ? 'male' : 'female', heightM: 1.6 + 0.06 * i, weightKg: 60 + 8 * i, seed: 40 + i });
  return writePly(sampleSyntheticCloud(body, { count: POINTS, noiseSigmaM: 0.002, seed: 90 + i, floorPoints: Math.round(POINTS * 0.05) }));
});

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `min ${sorted[0].toFixed(1)} / median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} / max ${sorted[sorted.length - 1].toFixed(1)}`;
};

async function getP99(info: Info, durationS: number): Promise<{ p99Ms: number; p50Ms: number; requests: number; errors: number }> {
  let next = 0;
  const result = await autocannon({
    url: info.url, connections: 10, overallRate: RATE, duration: durationS,
    headers: { authorization: `Bearer ${info.apiKey}`, accept: 'application/json;v=1' },
    requests: [{ method: 'GET', setupRequest: (request: { path: string }) => { request.path = `/scans/${info.scanIds[next]}`; next = (next + 1) % info.scanIds.length; return request; } }],
  });
  return { p99Ms: result.latency.p99, p50Ms: result.latency.p50, requests: result.requests.total, errors: result.errors + result.non2xx };
}

/**
 * Uploads the four captures to four new scans; `uploaded` resolves when every PUT was answered (the
 * scans are then processing), `done` when all are READY (or FAILED), with the wall time from the start.
 */
function processFour(info: Info): { uploaded: Promise<void>; done: Promise<{ ms: number; statuses: string[] }> } {
  let markUploaded!: () => void;
  const uploaded = new Promise<void>((resolve) => { markUploaded = resolve; });
  return { uploaded, done: processFourAfter(info, markUploaded) };
}

async function processFourAfter(info: Info, markUploaded: () => void): Promise<{ ms: number; statuses: string[] }> {
  const headers = { authorization: `Bearer ${info.apiKey}`, accept: 'application/json;v=1', 'content-type': 'application/json' };
  const started = performance.now();
  const ids = await Promise.all(captures.map(async (bytes) => {
    const scan = (await (await fetch(`${info.url}/scans`, { method: 'POST', headers, body: JSON.stringify({ userToken: 'bench-user', deviceConfigName: 'IPHONE_SCANNER' }) })).json()) as { id: string };
    const { url } = (await (await fetch(`${info.url}/scans/${scan.id}/upload-url`, { method: 'POST', headers })).json()) as { url: string };
    const put = await fetch(url, { method: 'PUT', body: bytes });
    if (put.status !== 200) throw new Error(`PUT answered ${put.status}`);
    return scan.id;
  }));
  markUploaded();
  const statuses: string[] = [];
  for (const id of ids) {
    for (;;) {
      const scan = (await (await fetch(`${info.url}/scans/${id}`, { headers })).json()) as { status: string };
      if (scan.status === 'READY' || scan.status === 'FAILED') { statuses.push(scan.status); break; }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { ms: performance.now() - started, statuses };
}

async function withServer<T>(threads: number, work: (info: Info) => Promise<T>): Promise<T> {
  const adminUrl = process.env.DATABASE_URL ?? null;
  const database = adminUrl ? await freshPostgresDatabase(adminUrl, 'bodyscan_bench') : null;
  const dataDir = mkdtempSync(join(tmpdir(), 'bodyscan-bench-latency-'));
  const server = await startChild<Info>(join(import.meta.dirname, 'support/processing-server.ts'), {
    DATABASE_URL: database?.url, DATA_DIR: dataDir, PROCESSING_THREADS: String(threads), WORKER_CONCURRENCY: String(threads),
  });
  try {
    return await work(server.info);
  } finally {
    await stopChild(server.child);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded default)'}; ${CAPTURES} captures of ${POINTS} points (binary PLY, ${(captures[0].byteLength / 2 ** 20).toFixed(1)} MiB each); GETs at ${RATE} req/s`);
await withServer(1, async (info) => {
  await getP99(info, 3); // warm-up
  const idle: number[] = [];
  const busy: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const quiet = await getP99(info, 8);
    idle.push(quiet.p99Ms);
    // The GETs start once the four uploads are in (their 48 MB of streaming is not processing).
    const processing = processFour(info);
    await processing.uploaded;
    const loaded = await getP99(info, 6);
    busy.push(loaded.p99Ms);
    const done = await processing.done;
    console.log(`round ${round + 1}: idle p99 ${quiet.p99Ms} ms (p50 ${quiet.p50Ms}), while processing p99 ${loaded.p99Ms} ms (p50 ${loaded.p50Ms}, ${loaded.errors} errors); 4 captures ${done.statuses.join('/')} in ${(done.ms / 1000).toFixed(1)} s`);
  }
  console.log(`GET /scans/{id} p99 idle (ms):            ${stats(idle)}`);
  console.log(`GET /scans/{id} p99 while processing (ms): ${stats(busy)}   goal: <= 2x idle and <= 50 ms`);
});
console.log('\nprocessing throughput, 4 captures at once (WORKER_CONCURRENCY = PROCESSING_THREADS):');
for (const threads of THREAD_COUNTS) {
  await withServer(threads, async (info) => {
    const times: number[] = [];
    for (let round = 0; round < Math.max(1, ROUNDS - 1); round++) times.push((await processFour(info).done).ms / 1000);
    const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
    console.log(`${threads} thread(s): ${stats(times)} s for 4 captures = ${(4 * 60 / median).toFixed(1)} captures/min`);
  });
}
