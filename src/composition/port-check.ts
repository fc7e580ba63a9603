import { createServer } from 'node:net';
import { listenProblem } from './startup-error.ts';

/**
 * Fails fast when `host:port` cannot be listened on, before the database is opened (an embedded
 * one takes seconds to create and holds a lock). Binds a throw-away server and closes it; port 0
 * (any free port) always passes. The real listen() still reports a port taken in between.
 */
export async function assertCanListen(host: string, port: number): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) => reject(listenProblem(error, host, port) ?? error));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}
