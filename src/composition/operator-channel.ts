import { chmodSync, existsSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import type { Clock, Database } from '../services/ports.ts';
import type { Config } from '../config/config.ts';
import { runOperatorOperation, type OperatorRequest } from './operator-operations.ts';

/**
 * The local operator channel of an embedded server. PGlite cannot be opened by two processes, so
 * while `bodyscan serve` holds the data directory, `bodyscan keys …` and `bodyscan webhooks …` send
 * their operation to the running server over a Unix socket in the data directory, and the server
 * runs it on its own database. The socket is readable and writable by its owner only: whoever can
 * use it could read the data directory anyway. One JSON line in, one JSON line out.
 */
export const operatorSocketPath = (dataDir: string): string => join(dataDir, 'operator.sock');

/** Longest request line accepted (operations carry a few short strings). */
const MAX_REQUEST_BYTES = 64 * 1024;

export async function startOperatorChannel(config: Config, db: Database, clock: Clock): Promise<{ close(): Promise<void> }> {
  const path = operatorSocketPath(config.dataDir);
  // A socket file left by a server that died: this process holds the data-directory lock, so it is stale.
  rmSync(path, { force: true });
  const server: Server = createServer((socket) => {
    let buffered = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      if (buffered.length > MAX_REQUEST_BYTES) { socket.destroy(); return; }
      const newline = buffered.indexOf('\n');
      if (newline < 0) return;
      const line = buffered.slice(0, newline);
      socket.removeAllListeners('data');
      let request: OperatorRequest;
      try {
        request = JSON.parse(line) as OperatorRequest;
      } catch {
        socket.end(`${JSON.stringify({ ok: false, error: 'not a JSON line' })}\n`);
        return;
      }
      runOperatorOperation(db, clock, config, request).then(
        (result) => socket.end(`${JSON.stringify({ ok: true, result })}\n`),
        (error: unknown) => socket.end(`${JSON.stringify({ ok: false, error: error instanceof Error ? error.message : String(error), name: error instanceof Error ? error.name : 'Error' })}\n`),
      );
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => { server.off('error', reject); resolve(); });
  });
  chmodSync(path, 0o600);
  return {
    close: () => new Promise<void>((resolve) => {
      server.close(() => { rmSync(path, { force: true }); resolve(); });
    }),
  };
}

/** An operation the running server refused (bad input): its message, for the CLI to print. */
export class OperatorOperationError extends Error {
  constructor(message: string, name: string) {
    super(message);
    this.name = name;
  }
}

/** Whether a running embedded server offers the channel in `dataDir`. */
export const operatorChannelPresent = (dataDir: string): boolean => existsSync(operatorSocketPath(dataDir));

/** Sends one operation to the embedded server that holds `dataDir`; resolves to its result (dates revived). */
export function callOperatorChannel<T>(dataDir: string, request: OperatorRequest, timeoutMs = 30_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const socket = createConnection(operatorSocketPath(dataDir));
    let answer = '';
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`the running server did not answer within ${timeoutMs / 1000} s`)));
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => { answer += chunk; });
    socket.on('error', (error) => reject(new Error(`cannot reach the running server's operator channel (${operatorSocketPath(dataDir)}): ${error.message}`)));
    socket.on('end', () => {
      try {
        const parsed = JSON.parse(answer, (key, value) => (typeof value === 'string' && /At$/.test(key) && /^\d{4}-\d{2}-\d{2}T/.test(value) ? new Date(value) : value)) as
          { ok: true; result: T } | { ok: false; error: string; name?: string };
        if (parsed.ok) resolve(parsed.result);
        else reject(new OperatorOperationError(parsed.error, parsed.name ?? 'Error'));
      } catch {
        reject(new Error('the running server answered the operator channel with something that is not JSON'));
      }
    });
  });
}
