import { PGlite, type Transaction } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import type { SqlClient } from './sql-client.ts';

/**
 * Embedded PostgreSQL (PGlite, WASM). One connection: PGlite queues outside queries while a
 * transaction is open, so transactions are isolated. `dataDir` undefined = in memory.
 */
export async function openPgliteClient(dataDir: string | undefined, template?: Blob): Promise<SqlClient> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // A template (a dumped, already migrated data directory) skips initdb: ~1 s instead of ~5 s. Tests use it.
  const db = template && !dataDir ? await PGlite.create({ loadDataDir: template }) : await PGlite.create(dataDir ?? 'memory://');
  return wrap(db, false);
}

/** The data directory of a fresh, migrated in-memory database, as a template for openPgliteClient. */
export async function dumpPgliteTemplate(migrateClient: (client: SqlClient) => Promise<unknown>): Promise<Blob> {
  const db = await PGlite.create('memory://');
  await migrateClient(wrap(db, false));
  const dump = await db.dumpDataDir('none');
  await db.close();
  return dump;
}

function wrap(db: PGlite | Transaction, inTransaction: boolean): SqlClient {
  return {
    kind: 'pglite',
    async query<Row>(text: string, params: readonly unknown[] = []): Promise<Row[]> {
      const result = await db.query<Row>(text, params as unknown[]);
      return result.rows;
    },
    async exec(script: string): Promise<void> {
      await db.exec(script);
    },
    async transaction<T>(work: (client: SqlClient) => Promise<T>): Promise<T> {
      if (inTransaction) return work(this);
      return (db as PGlite).transaction((tx) => work(wrap(tx, true)));
    },
    async close(): Promise<void> {
      if (!inTransaction) await (db as PGlite).close();
    },
  };
}
