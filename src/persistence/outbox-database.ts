import type { Database, OutboxDatabase } from '../services/ports.ts';
import type { SqlClient } from './sql-client.ts';
import { sqlDatabase } from './sql-database.ts';
import { webhookQueries } from './webhook-queries.ts';

/**
 * `db` plus the webhook repository, inside transactions too. A stopgap: the repository belongs in
 * sql-database.ts's repositoriesOver, which is being reworked elsewhere right now.
 * In a transaction, `sqlDatabase(tx).transaction` nests (both clients reuse an open transaction),
 * so every repository, the webhook one included, writes through the same `tx`.
 */
export function outboxDatabase(sql: SqlClient, db: Database): OutboxDatabase {
  return {
    ...db,
    webhooks: webhookQueries(sql),
    transaction: (work) => sql.transaction((tx) => sqlDatabase(tx).transaction((repositories) => work({ ...repositories, webhooks: webhookQueries(tx) }))),
  };
}
