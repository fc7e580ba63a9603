import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SqlClient } from './sql-client.ts';

const migrationsDir = join(import.meta.dirname, 'migrations');
/** Arbitrary constant: the advisory lock that makes concurrent `migrate` runs wait for each other. */
const MIGRATION_LOCK_ID = 727_001;

/**
 * Applies forward-only numbered migrations (`NNNN-name.sql`) not yet applied, each in its own
 * transaction, under an advisory lock so several processes starting at once are safe.
 * Returns the names applied by this call.
 */
export async function migrate(client: SqlClient): Promise<string[]> {
  const files = readdirSync(migrationsDir).filter((name) => /^\d{4}-.+\.sql$/.test(name)).sort();
  return client.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const applied = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name));
    const appliedNow: string[] = [];
    for (const file of files) {
      if (applied.has(file)) continue;
      await tx.exec(readFileSync(join(migrationsDir, file), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      appliedNow.push(file);
    }
    return appliedNow;
  });
}
