import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { composeService, type ComposedService } from '../composition/compose-service.ts';
import { createPinoLogger } from '../composition/pino-logger.ts';
import type { Config } from '../config/config.ts';
import { listenProblem } from '../composition/startup-error.ts';
import { assertCanListen } from '../composition/port-check.ts';
import { CONSOLE_BUILD_COMMAND, DEFAULT_CONSOLE_DIR } from '../composition/console-files.ts';

/** Reuses the sandbox key kept in the data directory while it still authenticates; else makes one. */
async function sandboxKey(service: ComposedService): Promise<string> {
  const path = join(service.config.dataDir, 'sandbox-api-key.txt');
  if (existsSync(path)) {
    const kept = readFileSync(path, 'utf8').trim();
    try {
      await service.keys.authenticate(kept);
      return kept;
    } catch { /* revoked, or a different database: make a new one */ }
  }
  const { apiKey } = await service.keys.createKey('sandbox-partner', 'sandbox');
  writeFileSync(path, `${apiKey}\n`, { mode: 0o600 });
  return apiKey;
}

/** Starts the API (and unless `withWorker` is false, the in-process worker) and runs until a signal. */
export async function serve(config: Config, withWorker: boolean): Promise<void> {
  await assertCanListen(config.host, config.port);
  const logger = createPinoLogger(config.logLevel);
  const service = await composeService({ config, roles: { api: true, worker: withWorker }, logger, pipeline: 'default' });
  let address: string;
  try {
    address = await service.listen();
  } catch (error) {
    // Release the database (and its data-directory lock) before reporting: the process must end.
    await service.close();
    throw listenProblem(error, config.host, config.port) ?? error;
  }
  const lines = [
    `bodyscan is listening on ${address} (${config.environment}; database: ${config.databaseUrl ? 'PostgreSQL' : `embedded, ${config.dataDir}`}; worker: ${withWorker && config.workerConcurrency > 0 ? 'in-process' : 'none'})`,
    `API reference: ${address}/docs   OpenAPI: ${address}/openapi.json`,
    `Web console: ${address}/console${existsSync(DEFAULT_CONSOLE_DIR) ? '' : ` (not built: run ${CONSOLE_BUILD_COMMAND})`}`,
  ];
  if (config.environment === 'sandbox') lines.push(`Sandbox API key (also in ${join(config.dataDir, 'sandbox-api-key.txt')}):`, await sandboxKey(service));
  process.stderr.write(`${lines.join('\n')}\n`);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'draining: finishing requests and jobs');
    service.close().then(
      () => { logger.info('stopped'); process.exit(0); },
      (error: unknown) => { logger.error({ err: error }, 'shutdown failed'); process.exit(1); },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** A worker-only process: takes jobs until a signal, then drains. */
export async function work(config: Config): Promise<void> {
  const logger = createPinoLogger(config.logLevel);
  const service = await composeService({ config, roles: { api: false, worker: true }, logger, pipeline: 'default' });
  logger.info({ concurrency: config.workerConcurrency, workerId: service.worker?.workerId }, 'worker started');
  const stop = (): void => { service.close().then(() => process.exit(0), () => process.exit(1)); };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
