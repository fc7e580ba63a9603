// Scale-out end to end: real PostgreSQL + s3rver, 2 API processes and 2 worker processes of
// bin/bodyscan.mjs. 20 captures go straight to the bucket through presigned URLs and all reach
// READY although one worker is SIGKILLed in the middle of a job (its job is retaken once its lease
// expires; a replacement worker starts as a supervisor would start one); the rest stop gracefully.
// Only with TEST_DATABASE_URL (the suite is not even declared without it).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { newUserBody } from '../support/api-client.ts';
import { partnerClient, sandboxCapture, startCluster, type BodyscanProcess, type Cluster } from './cluster.ts';

const SCANS = 20;
const LEASE_MS = 2000;
const WAIT_LIMIT_MS = 60_000;

async function until<T>(what: string, probe: () => Promise<T | null>, limitMs = WAIT_LIMIT_MS, everyMs = 100): Promise<T> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== null) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`gave up waiting for ${what} after ${limitMs} ms`);
}

const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  describe('scale-out: 2 API + 2 worker processes on PostgreSQL and S3', () => {
    let cluster: Cluster;
    let sql: pg.Client;
    let apis: BodyscanProcess[] = [];
    let workers: BodyscanProcess[] = [];
    let apiKey: string;

    before(async () => {
      cluster = await startCluster(adminUrl, { JOB_LEASE_MS: String(LEASE_MS), UPLOAD_SWEEP_INTERVAL_MS: '500', WORKER_CONCURRENCY: '1' });
      apiKey = await cluster.run(['keys', 'create', '--partner', 'p', '--env', 'sandbox']);
      apis = await Promise.all([cluster.startApi('api-1'), cluster.startApi('api-2')]);
      workers = await Promise.all([cluster.startWorker('worker-1'), cluster.startWorker('worker-2')]);
      sql = new pg.Client({ connectionString: cluster.databaseUrl });
      await sql.connect();
    });
    after(async () => {
      await sql?.end();
      await cluster?.destroy();
    });

    it('processes every capture uploaded to the bucket, across a worker killed mid-job, and drains on SIGTERM', async () => {
      const clients = apis.map((api) => partnerClient(api.address, apiKey));
      assert.notEqual(apis[0].address, apis[1].address);
      assert.equal((await clients[0].post('/users', newUserBody('scale-user'))).status, 201);

      // 20 scans, alternating API processes; the bytes go to s3rver, never through an API.
      const scanIds: string[] = [];
      for (let i = 0; i < SCANS; i += 1) {
        const client = clients[i % 2];
        const scan = await client.post('/scans', { userToken: 'scale-user', deviceConfigName: 'IPHONE_SCANNER' });
        assert.equal(scan.status, 201, JSON.stringify(scan.body));
        const address = await client.post(`/scans/${scan.body.id}/upload-url`);
        assert.equal(address.status, 201);
        assert.equal(new URL(address.body.url).origin, cluster.s3.endpoint);
        const put = await fetch(address.body.url, { method: 'PUT', body: sandboxCapture(i + 1), signal: AbortSignal.timeout(15_000) });
        assert.equal(put.status, 200);
        scanIds.push(scan.body.id);
      }

      // Freeze worker-1, look at what it holds, and kill it only while it holds a running job:
      // a frozen process cannot finish the job between the look and the kill.
      const victim = workers[0];
      const killedJob = await until('worker-1 to hold a running job', async () => {
        victim.child.kill('SIGSTOP');
        const held = await sql.query<{ id: string }>(`SELECT id::text AS id FROM jobs WHERE state = 'running' AND locked_by = $1`, [victim.address]);
        if (held.rows.length > 0) {
          victim.child.kill('SIGKILL');
          return held.rows[0].id;
        }
        victim.child.kill('SIGCONT');
        return null;
      }, WAIT_LIMIT_MS, 20);
      assert.equal((await victim.exited).signal, 'SIGKILL');
      // A supervisor (systemd, Kubernetes) restarts a crashed worker; so does this test, which
      // keeps two workers busy (a sandbox scan costs seconds of CPU) and the run within budget.
      workers.push(await cluster.startWorker('worker-3'));

      // Every scan READY (noticed by the workers' sweep; reads write nothing), read back through both APIs.
      for (const [i, id] of scanIds.entries()) {
        const scan = await until(`scan ${id} READY`, async () => {
          const read = await clients[i % 2].get(`/scans/${id}`);
          assert.equal(read.status, 200);
          assert.notEqual(read.body.status, 'FAILED', JSON.stringify(read.body.failure));
          return read.body.status === 'READY' ? read.body : null;
        });
        assert.ok(scan.measurements, `scan ${id} has measurements`);
      }

      // The killed worker's job was retaken after its lease and finished by the other worker.
      const retaken = await sql.query<{ state: string; attempts: number; locked_by: string }>(
        'SELECT state, attempts, locked_by FROM jobs WHERE id = $1', [killedJob]);
      assert.equal(retaken.rows[0].state, 'done');
      assert.ok(retaken.rows[0].attempts >= 2, `attempts ${retaken.rows[0].attempts}`);
      assert.ok([workers[1].address, workers[2].address].includes(retaken.rows[0].locked_by), 'finished by a live worker');

      // Nothing lost, nothing doubled: one finished job per scan, none failed or pending.
      const jobs = await sql.query<{ state: string; n: number }>(
        `SELECT state, count(*)::int AS n FROM jobs WHERE kind = 'process-scan' GROUP BY state`);
      assert.deepEqual(jobs.rows, [{ state: 'done', n: SCANS }]);
      const perScan = await sql.query<{ n: number }>(
        `SELECT count(DISTINCT payload->>'id')::int AS n FROM jobs WHERE kind = 'process-scan'`);
      assert.equal(perScan.rows[0].n, SCANS);

      // Assets are served by the bucket too.
      const assets = await clients[1].get(`/scans/${scanIds[0]}/asset-urls`);
      assert.equal(assets.status, 200, JSON.stringify(assets.body));
      const firstUrl = JSON.stringify(assets.body).match(/"(http:\/\/127\.0\.0\.1:\d+\/[^"]+)"/)?.[1];
      assert.ok(firstUrl?.startsWith(cluster.s3.endpoint), `an asset URL on the bucket: ${JSON.stringify(assets.body).slice(0, 300)}`);
      const download = await fetch(firstUrl!, { signal: AbortSignal.timeout(15_000) });
      assert.equal(download.status, 200);
      assert.ok((await download.arrayBuffer()).byteLength > 0);

      // Graceful stop: SIGTERM, each drains and exits 0.
      for (const running of [...apis, workers[1], workers[2]]) {
        const exit = await cluster.stop(running);
        assert.deepEqual(exit, { code: 0, signal: null }, `${running.name} stopped cleanly:\n${running.tail()}`);
      }
    });
  });
}
