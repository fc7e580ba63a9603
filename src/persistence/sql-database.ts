import type { Database, Repositories } from '../services/ports.ts';
import { JOBS_CHANNEL, jobQueries } from './job-queries.ts';
import { apiKeyQueries, secretQueries, storedFileQueries } from './key-and-file-queries.ts';
import { predictionQueries } from './prediction-queries.ts';
import { coalescedLookup } from './coalesced-lookup.ts';
import { scanQueries, type TenantScanKey } from './scan-queries.ts';
import type { SqlClient } from './sql-client.ts';
import { userQueries } from './user-queries.ts';
import { webhookQueries } from './webhook-queries.ts';

function repositoriesOver(sql: SqlClient): Repositories {
  return {
    users: userQueries(sql),
    scans: scanQueries(sql),
    predictions: predictionQueries(sql),
    files: storedFileQueries(sql),
    apiKeys: apiKeyQueries(sql),
    secrets: secretQueries(sql),
    jobs: jobQueries(sql),
    webhooks: webhookQueries(sql),
  };
}

/**
 * Outside transactions, concurrent reads of single scans (GET /scans/{id} is what clients poll)
 * share one query per event-loop turn: see coalesced-lookup.ts for why and what it preserves.
 */
function withCoalescedScanReads(sql: SqlClient, repositories: Repositories): Repositories {
  const scans = scanQueries(sql);
  // A batch of one (an idle service) runs the plain single-scan query: no array to build or unnest.
  const findScan = coalescedLookup(async (keys: TenantScanKey[]) => (keys.length === 1
    ? [await scans.findScan(keys[0].tenant, keys[0].scanId)]
    : scans.findScansOfTenants(keys)));
  return {
    ...repositories,
    scans: {
      ...repositories.scans,
      async findScan(tenant, scanId) {
        const scan = await findScan({ tenant, scanId });
        if (scan instanceof Error) throw scan;
        return scan;
      },
    },
  };
}

/** The Database port over one SQL client (PGlite or PostgreSQL). */
export function sqlDatabase(sql: SqlClient): Database {
  return {
    ...withCoalescedScanReads(sql, repositoriesOver(sql)),
    transaction: (work) => sql.transaction((tx) => work(repositoriesOver(tx))),
    async ping() {
      try {
        await sql.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => sql.close(),
    ...(sql.listen ? { subscribeToJobs: (onEnqueued: () => void) => sql.listen!(JOBS_CHANNEL, onEnqueued) } : {}),
  };
}
