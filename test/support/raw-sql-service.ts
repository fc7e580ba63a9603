// The services over a database the test can also reach with raw SQL (to write rows no service
// would write, e.g. a stored record of another version): PGlite in memory, or a fresh PostgreSQL
// database. No HTTP, no worker: the test calls the use cases and the jobs itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../../src/persistence/migrate.ts';
import { openPgliteClient } from '../../src/persistence/pglite-client.ts';
import { openPostgresClient } from '../../src/persistence/postgres-client.ts';
import type { SqlClient } from '../../src/persistence/sql-client.ts';
import { sqlDatabase } from '../../src/persistence/sql-database.ts';
import { localDiskStore } from '../../src/object-storage/local-disk-store.ts';
import type { Logger } from '../../src/services/ports.ts';
import type { ServiceContext } from '../../src/services/service-context.ts';
import { freshPostgresDatabase } from './fresh-postgres-database.ts';
import type { DatabaseVariant } from './test-service.ts';

export interface RawSqlService {
  sql: SqlClient;
  context: ServiceContext;
  /** What the services logged at error level (message and fields). */
  errors: { message: string; fields: Record<string, unknown> }[];
  close(): Promise<void>;
}

/**
 * A migrated database of `variant` (or one prepared by `prepare` before migrating: an older schema
 * with rows in it) and a ServiceContext over it.
 */
export async function startRawSqlService(variant: DatabaseVariant, prepare?: (sql: SqlClient) => Promise<void>): Promise<RawSqlService> {
  const postgres = variant.adminUrl ? await freshPostgresDatabase(variant.adminUrl) : null;
  const sql = postgres ? openPostgresClient(postgres.url, 4) : await openPgliteClient(undefined);
  if (prepare) await prepare(sql);
  await migrate(sql);
  const rootDir = mkdtempSync(join(tmpdir(), 'bodyscan-raw-'));
  const errors: RawSqlService['errors'] = [];
  const logger: Logger = { info: () => undefined, warn: () => undefined, error: (fields, message) => errors.push({ message, fields }) };
  const context: ServiceContext = {
    db: sqlDatabase(sql),
    store: localDiskStore({ rootDir, publicBaseUrl: () => 'http://127.0.0.1:1', signingSecret: 'test-secret' }),
    clock: { now: () => new Date() },
    logger,
    notifier: { jobEnqueued: () => undefined },
    settings: {
      environment: 'sandbox', uploadUrlTtlS: 3600, downloadUrlTtlS: 3600, maxUploadBytes: 64 * 1024 * 1024,
      termsVersion: '1.0', jobMaxAttempts: 3,
    },
    cursorSecret: 'test-cursor-secret',
  };
  return {
    sql, context, errors,
    async close() {
      await sql.close();
      await postgres?.drop();
      rmSync(rootDir, { recursive: true, force: true });
    },
  };
}
