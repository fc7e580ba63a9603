import { join } from 'node:path';
import { migrate } from '../persistence/migrate.ts';
import { dumpPgliteTemplate, openPgliteClient } from '../persistence/pglite-client.ts';
import { openPostgresClient } from '../persistence/postgres-client.ts';
import { sqlDatabase } from '../persistence/sql-database.ts';
import type { SqlClient } from '../persistence/sql-client.ts';
import type { Database } from '../services/ports.ts';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';
import { dataDirProblem, databaseProblem } from './startup-error.ts';

export interface DatabaseSettings {
  databaseUrl: string | null;
  /** Embedded mode's folder; undefined with no URL = in-memory PGlite (tests). */
  dataDir: string | undefined;
  poolSize?: number;
  /** In-memory PGlite only: start from this dumped, migrated data directory (tests). */
  pgliteTemplate?: Blob;
}

/**
 * PostgreSQL when a URL is given, else PGlite (on disk under dataDir/db, locked, or in memory); migrated.
 * An unreachable database or an unusable data directory is a StartupError (one sentence), and
 * nothing stays open or locked behind it.
 */
export async function openDatabase(settings: DatabaseSettings): Promise<Database & { applied: string[] }> {
  if (settings.databaseUrl) {
    const sql = openPostgresClient(settings.databaseUrl, settings.poolSize);
    try {
      const applied = await migrate(sql);
      return Object.assign(sqlDatabase(sql), { applied });
    } catch (error) {
      await sql.close();
      throw databaseProblem(error, settings.databaseUrl) ?? error;
    }
  }
  let release: () => void = () => undefined;
  try {
    if (settings.dataDir) release = lockDataDir(settings.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) throw error;
    throw dataDirProblem(error, settings.dataDir!) ?? error;
  }
  let sql: SqlClient | null = null;
  try {
    sql = await openPgliteClient(settings.dataDir ? join(settings.dataDir, 'db') : undefined, settings.pgliteTemplate);
    const applied = await migrate(sql);
    const opened = sql;
    const database = sqlDatabase(sql);
    return Object.assign(database, {
      applied,
      close: async () => {
        await opened.close();
        release();
      },
    });
  } catch (error) {
    await sql?.close().catch(() => undefined);
    release();
    throw (settings.dataDir ? dataDirProblem(error, settings.dataDir) : null) ?? error;
  }
}

/** A migrated, empty embedded database as a dump, for fast in-memory starts (tests). */
export const migratedPgliteTemplate = (): Promise<Blob> => dumpPgliteTemplate(migrate);
