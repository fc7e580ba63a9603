import { join } from 'node:path';
import { migrate } from '../persistence/migrate.ts';
import { dumpPgliteTemplate, openPgliteClient } from '../persistence/pglite-client.ts';
import { openPostgresClient } from '../persistence/postgres-client.ts';
import { sqlDatabase } from '../persistence/sql-database.ts';
import type { Database } from '../services/ports.ts';
import { lockDataDir } from './data-dir-lock.ts';

export interface DatabaseSettings {
  databaseUrl: string | null;
  /** Embedded mode's folder; undefined with no URL = in-memory PGlite (tests). */
  dataDir: string | undefined;
  poolSize?: number;
  /** In-memory PGlite only: start from this dumped, migrated data directory (tests). */
  pgliteTemplate?: Blob;
}

/** PostgreSQL when a URL is given, else PGlite (on disk under dataDir/db, locked, or in memory); migrated. */
export async function openDatabase(settings: DatabaseSettings): Promise<Database & { applied: string[] }> {
  if (settings.databaseUrl) {
    const sql = openPostgresClient(settings.databaseUrl, settings.poolSize);
    const applied = await migrate(sql);
    return Object.assign(sqlDatabase(sql), { applied });
  }
  const release = settings.dataDir ? lockDataDir(settings.dataDir) : () => undefined;
  try {
    const sql = await openPgliteClient(settings.dataDir ? join(settings.dataDir, 'db') : undefined, settings.pgliteTemplate);
    const applied = await migrate(sql);
    const database = sqlDatabase(sql);
    return Object.assign(database, {
      applied,
      close: async () => {
        await sql.close();
        release();
      },
    });
  } catch (error) {
    release();
    throw error;
  }
}

/** A migrated, empty embedded database as a dump, for fast in-memory starts (tests). */
export const migratedPgliteTemplate = (): Promise<Blob> => dumpPgliteTemplate(migrate);
