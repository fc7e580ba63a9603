import pg from 'pg';
import type { SqlClient } from './sql-client.ts';

// int8 and numeric come back as strings by default; our counts and ids fit in doubles.
pg.types.setTypeParser(20, (value: string) => Number(value));
pg.types.setTypeParser(1700, (value: string) => Number(value));

/**
 * Every query text gets a statement name, so each connection parses and plans it once (our SQL
 * texts are static: a handful per query function). Saves PostgreSQL CPU on hot reads.
 */
const statementNames = new Map<string, string>();
function prepared(text: string, params: readonly unknown[]): pg.QueryConfig {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `s${statementNames.size}`;
    statementNames.set(text, name);
  }
  return { name, text, values: params as unknown[] };
}

/** PostgreSQL through a pg Pool (`DATABASE_URL`). */
export function openPostgresClient(connectionString: string, poolSize = 10): SqlClient {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  pool.on('error', () => { /* idle client errors surface on the next query */ });
  return {
    kind: 'postgres',
    async query<Row>(text: string, params: readonly unknown[] = []): Promise<Row[]> {
      const result = await pool.query(prepared(text, params));
      return result.rows as Row[];
    },
    async exec(script: string): Promise<void> {
      await pool.query(script);
    },
    async transaction<T>(work: (client: SqlClient) => Promise<T>): Promise<T> {
      const connection = await pool.connect();
      const bound = boundClient(connection);
      try {
        await connection.query('BEGIN');
        const value = await work(bound);
        await connection.query('COMMIT');
        return value;
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
    async close(): Promise<void> {
      await pool.end();
    },
    listen: (channel, onNotification) => listenOn(connectionString, channel, onNotification),
  };
}

/** Delay before a lost LISTEN connection is opened again. */
const RELISTEN_DELAY_MS = 1000;

async function listenOn(connectionString: string, channel: string, onNotification: () => void): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => { if (message.channel === channel) onNotification(); });
    next.on('error', () => {
      // The connection died (server restart, network): listen again shortly; jobs are still polled meanwhile.
      next.end().catch(() => undefined);
      if (client === next) client = null;
      if (!stopped && retry === null) retry = setTimeout(() => { retry = null; void connect().then(onNotification, () => undefined); }, RELISTEN_DELAY_MS);
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    if (stopped) { await next.end(); return; }
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry !== null) clearTimeout(retry);
    await client?.end().catch(() => undefined);
    client = null;
  };
}

function boundClient(connection: pg.PoolClient): SqlClient {
  return {
    kind: 'postgres',
    async query<Row>(text: string, params: readonly unknown[] = []): Promise<Row[]> {
      return (await connection.query(prepared(text, params))).rows as Row[];
    },
    async exec(script: string): Promise<void> {
      await connection.query(script);
    },
    async transaction<T>(work: (client: SqlClient) => Promise<T>): Promise<T> {
      return work(this);
    },
    async close(): Promise<void> { /* the pool owns the connection */ },
  };
}
