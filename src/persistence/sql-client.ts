/**
 * The one way persistence code talks SQL, on PGlite (embedded) and PostgreSQL (pg) alike.
 * A transaction hands its callback a client bound to the transaction; nesting reuses it.
 */
export interface SqlClient {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs a script of several statements (migrations); no parameters. */
  exec(script: string): Promise<void>;
  transaction<T>(work: (client: SqlClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
  /**
   * PostgreSQL only: calls `onNotification` for every NOTIFY on `channel` from any process, over a
   * connection of its own (reconnected after an error, with one call after each reconnection, since
   * notifications sent meanwhile are lost). Resolves to a function that stops listening.
   */
  listen?(channel: string, onNotification: () => void): Promise<() => Promise<void>>;
}
