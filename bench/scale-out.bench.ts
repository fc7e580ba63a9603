// Scale-out throughput and queue pickup latency on PostgreSQL + s3rver with 1, 2 and 4 worker
// processes (`bodyscan worker`, WORKER_CONCURRENCY=1 each) behind one API process.
//   throughput: SCANS sandbox captures are uploaded through presigned URLs and queued while no
//     worker runs, then the workers start; scans/min = SCANS / (last finished_at - first started_at).
//   pickup latency: with the workers idle, PICKUPS jobs are inserted into the jobs table one by one
//     at random 20-300 ms gaps, as an API in another process enqueues them (no in-process
//     wake-up); each names a scan that does not exist, so it is claimed and done at once. Latency = started_at -
//     created_at (same machine, same clock). It is bounded by the worker's 1 s idle poll.
// Run: node_modules/.bin/node bench/scale-out.bench.ts   (env: BENCH_DATABASE_URL, SCANS, PICKUPS)
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { newUserBody } from '../test/support/api-client.ts';
import { partnerClient, sandboxCapture, startCluster, type BodyscanProcess } from '../test/scale-out/cluster.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCANS = Number(process.env.SCANS ?? 12);
const PICKUPS = Number(process.env.PICKUPS ?? 60);
const WORKER_COUNTS = [1, 2, 4];
const WAIT_LIMIT_MS = 15 * 60_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function waitUntil(what: string, probe: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(200);
  }
}

const cluster = await startCluster(ADMIN_URL, { WORKER_CONCURRENCY: '1', JOB_LEASE_MS: '30000' });
const sql = new pg.Client({ connectionString: cluster.databaseUrl });
await sql.connect();
const rows: string[] = [];
try {
  const apiKey = await cluster.run(['keys', 'create', '--partner', 'bench', '--env', 'sandbox']);
  const api = await cluster.startApi('api');
  const client = partnerClient(api.address, apiKey);
  await client.post('/users', newUserBody('bench-user'));
  let seed = 0;

  for (const workerCount of WORKER_COUNTS) {
    // Queue SCANS scans with no worker running, so every worker count starts from the same backlog.
    const scanIds: string[] = [];
    for (let i = 0; i < SCANS; i += 1) {
      const scan = (await client.post('/scans', { userToken: 'bench-user', deviceConfigName: 'IPHONE_SCANNER' })).body;
      const { url } = (await client.post(`/scans/${scan.id}/upload-url`)).body;
      const put = await fetch(url, { method: 'PUT', body: sandboxCapture((seed += 1)) });
      if (put.status !== 200) throw new Error(`upload failed: ${put.status}`);
      if ((await client.get(`/scans/${scan.id}`)).body.status !== 'PROCESSING') throw new Error('the read did not notice the upload');
      scanIds.push(scan.id);
    }

    const workers: BodyscanProcess[] = await Promise.all(Array.from({ length: workerCount }, (_, i) => cluster.startWorker(`worker-${i + 1}`)));
    const scanJobs = `kind = 'process-scan' AND payload->>'id' = ANY($1)`;
    await waitUntil(`${SCANS} scans processed`, async () =>
      (await sql.query(`SELECT 1 FROM jobs WHERE ${scanJobs} AND state = 'done'`, [scanIds])).rowCount === SCANS);
    const failed = await sql.query(`SELECT id FROM scans WHERE id = ANY($1) AND status <> 'READY'`, [scanIds]);
    if (failed.rowCount) throw new Error(`${failed.rowCount} scans did not reach READY`);
    const span = (await sql.query<{ ms: number }>(
      `SELECT (EXTRACT(EPOCH FROM max(finished_at) - min(started_at)) * 1000)::float8 AS ms FROM jobs WHERE ${scanJobs}`, [scanIds])).rows[0].ms;

    // Pickup latency with idle workers.
    // Ids of scans that do not exist: the handler finds nothing to do and the job is done at once.
    const pickupIds = Array.from({ length: PICKUPS }, () => randomUUID());
    for (const id of pickupIds) {
      await sql.query(`INSERT INTO jobs (kind, payload, max_attempts) VALUES ('process-scan', $1, 1)`, [JSON.stringify({ id })]);
      await sleep(20 + Math.random() * 280);
    }
    const pickupJobs = `payload->>'id' = ANY($1)`;
    await waitUntil('pickup jobs done', async () =>
      (await sql.query(`SELECT 1 FROM jobs WHERE ${pickupJobs} AND state = 'done'`, [pickupIds])).rowCount === PICKUPS);
    const latencies = (await sql.query<{ ms: number }>(
      `SELECT (EXTRACT(EPOCH FROM started_at - created_at) * 1000)::float8 AS ms FROM jobs WHERE ${pickupJobs}`, [pickupIds])).rows.map((row) => row.ms).sort((a, b) => a - b);

    for (const worker of workers) await cluster.stop(worker);
    const perMinute = (SCANS / span) * 60_000;
    rows.push(`${String(workerCount).padStart(7)} | ${perMinute.toFixed(1).padStart(12)} | ${(span / 1000).toFixed(1).padStart(9)} | ${percentile(latencies, 50).toFixed(0).padStart(10)} | ${percentile(latencies, 99).toFixed(0).padStart(10)}`);
    process.stderr.write(`done: ${workerCount} worker(s)\n`);
  }
} finally {
  await sql.end();
  await cluster.destroy();
}

console.log(`scale-out on PostgreSQL + s3rver; ${SCANS} sandbox scans per row, ${PICKUPS} pickup samples; ${availableParallelism()} CPUs`);
console.log('workers | scans/minute | span (s) | pickup p50 | pickup p99 (ms)');
for (const row of rows) console.log(row);
