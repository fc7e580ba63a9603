// A whole service for tests: PGlite in memory (or a fresh PostgreSQL database when asked), files in
// a temp folder, a controllable clock, the real processing pipeline, fastify inject for requests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { composeService, type ComposedService } from '../../src/composition/compose-service.ts';
import { createPinoLogger } from '../../src/composition/pino-logger.ts';
import { readConfig, type Config } from '../../src/config/config.ts';
import { defaultScanPipeline } from '../../src/services/default-scan-pipeline.ts';
import type { Clock } from '../../src/services/ports.ts';
import type { ScanPipeline } from '../../src/services/scan-pipeline.ts';
import { pgliteTemplate } from './pglite-template.ts';
import { freshPostgresDatabase } from './fresh-postgres-database.ts';

export interface DatabaseVariant {
  name: string;
  /** null = PGlite in memory. */
  adminUrl: string | null;
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function databaseVariants(): DatabaseVariant[] {
  const variants: DatabaseVariant[] = [{ name: 'PGlite', adminUrl: null }];
  if (process.env.TEST_DATABASE_URL) variants.push({ name: 'PostgreSQL', adminUrl: process.env.TEST_DATABASE_URL });
  return variants;
}

/** A clock tests can move forward, or stop (then only advance() moves it). */
export class TestClock implements Clock {
  offsetMs = 0;
  frozenAtMs: number | null = null;
  now(): Date { return new Date((this.frozenAtMs ?? Date.now()) + this.offsetMs); }
  advance(ms: number): void { this.offsetMs += ms; }
  freeze(): void { this.frozenAtMs = Date.now(); }
}

export interface TestService extends ComposedService {
  clock: TestClock;
  dataDir: string;
  /** A fresh API key for `partnerId` in `environment`. */
  key(partnerId: string, environment?: 'sandbox' | 'production'): Promise<string>;
  stop(): Promise<void>;
}

export interface TestServiceOptions {
  variant?: DatabaseVariant;
  worker?: boolean;
  env?: Record<string, string>;
  pipeline?: ScanPipeline | { threadModule: string };
  backoffBaseMs?: number;
  leaseMs?: number;
}

export async function startTestService(options: TestServiceOptions = {}): Promise<TestService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bodyscan-test-'));
  const postgres = options.variant?.adminUrl ? await freshPostgresDatabase(options.variant.adminUrl) : null;
  const { config, problems } = readConfig({
    DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', WORKER_CONCURRENCY: '1', PROCESSING_WARM_UP: 'false',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...options.env,
  });
  if (problems.length) throw new Error(problems.join('; '));
  const clock = new TestClock();
  const service = await composeService({
    config: config as Config,
    roles: { api: true, worker: options.worker ?? true },
    logger: createPinoLogger('silent'),
    pipeline: options.pipeline ?? defaultScanPipeline(),
    clock,
    inMemoryDatabase: !postgres,
    pgliteTemplate: postgres ? undefined : await pgliteTemplate(),
    pollIntervalMs: 50,
    backoffBaseMs: options.backoffBaseMs ?? 20,
    // The production default (JOB_LEASE_MS, 60 s). The test pipelines process on the event loop
    // that renews a job's lease, so on a loaded machine a scan that takes longer than a short lease
    // can let the worker retake its own running job: a second attempt beside the first, and a test
    // that waits for "no job running" then sees the first attempt's file records (the likely cause
    // of one CI failure with a 5 s lease; not reproduced). Lease expiry itself is tested in
    // job-worker.test.ts and multi-process.test.ts.
    leaseMs: options.leaseMs ?? 60_000,
  });
  return Object.assign(service, {
    clock,
    dataDir,
    key: async (partnerId: string, environment: 'sandbox' | 'production' = 'sandbox') => (await service.keys.createKey(partnerId, environment)).apiKey,
    stop: async () => {
      await service.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
}
