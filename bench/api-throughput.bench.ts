// Authenticated GET /scans/{id} throughput and p99 on PostgreSQL (or PGlite without DATABASE_URL),
// beside a bare fastify JSON route measured in the same run. Goal: >= 40% of the bare route.
// Each request names another of BENCH_SCANS scans (default 1,000), round robin, so no two
// concurrent reads share a row; the bare route gets the same rotating ids in its path.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/bodyscan_bench node_modules/.bin/node bench/api-throughput.bench.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freshPostgresDatabase } from '../test/support/fresh-postgres-database.ts';
import { startChild, stopChild } from './support/child-process.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function load(baseUrl: string, pathPrefix: string, ids: string[], headers: Record<string, string>): Promise<{ rps: number; p99Ms: number; errors: number; non2xx: number }> {
  let next = 0;
  const result = await autocannon({
    url: baseUrl, connections: CONNECTIONS, duration: DURATION_S, headers,
    requests: [{
      method: 'GET',
      setupRequest: (request: { path: string }) => {
        request.path = `${pathPrefix}${ids[next]}`;
        next = (next + 1) % ids.length;
        return request;
      },
    }],
  });
  return { rps: result.requests.average, p99Ms: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

const adminUrl = process.env.DATABASE_URL ?? null;
const database = adminUrl ? await freshPostgresDatabase(adminUrl, 'bodyscan_bench') : null;
const databaseUrl = database?.url;
const dataDir = mkdtempSync(join(tmpdir(), 'bodyscan-bench-'));
const server = await startChild<{ url: string; apiKey: string; scanIds: string[] }>(join(import.meta.dirname, 'support/bench-server.ts'), { DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
const bare = await startChild<{ url: string }>(join(import.meta.dirname, 'support/bare-fastify.ts'), {});
try {
  const headers = { authorization: `Bearer ${server.info.apiKey}`, accept: 'application/json;v=1', 'content-type': 'application/json' };
  const ids = server.info.scanIds;
  await load(server.info.url, '/scans/', ids, headers); // warm-up (JIT, caches, pool)
  await load(bare.info.url, '/bare/', ids, {});
  const bareResult = await load(bare.info.url, '/bare/', ids, {});
  const scanResult = await load(server.info.url, '/scans/', ids, headers);
  console.log(`database: ${adminUrl ? 'PostgreSQL' : 'PGlite'}; ${CONNECTIONS} connections, ${DURATION_S} s each, ${ids.length} scans read round robin; autocannon in this process, servers in child processes`);
  console.log(`bare fastify GET /bare/{id}   ${bareResult.rps.toFixed(0).padStart(7)} req/s  p99 ${bareResult.p99Ms} ms`);
  console.log(`bodyscan GET /scans/{id}      ${scanResult.rps.toFixed(0).padStart(7)} req/s  p99 ${scanResult.p99Ms} ms  (errors ${scanResult.errors}, non-2xx ${scanResult.non2xx})`);
  console.log(`ratio                         ${((100 * scanResult.rps) / bareResult.rps).toFixed(1)}% of the bare route (goal >= 40%)`);
} finally {
  await stopChild(server.child);
  await stopChild(bare.child);
  rmSync(dataDir, { recursive: true, force: true });
  await database?.drop();
}
