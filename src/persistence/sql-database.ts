import type { Database, Repositories } from '../services/ports.ts';
import { jobQueries } from './job-queries.ts';
import { apiKeyQueries, secretQueries, storedFileQueries } from './key-and-file-queries.ts';
import { predictionQueries } from './prediction-queries.ts';
import { scanQueries } from './scan-queries.ts';
import type { SqlClient } from './sql-client.ts';
import { userQueries } from './user-queries.ts';

function repositoriesOver(sql: SqlClient): Repositories {
  return {
    users: userQueries(sql),
    scans: scanQueries(sql),
    predictions: predictionQueries(sql),
    files: storedFileQueries(sql),
    apiKeys: apiKeyQueries(sql),
    secrets: secretQueries(sql),
    jobs: jobQueries(sql),
  };
}

/** The Database port over one SQL client (PGlite or PostgreSQL). */
export function sqlDatabase(sql: SqlClient): Database {
  return {
    ...repositoriesOver(sql),
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
  };
}
