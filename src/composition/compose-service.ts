import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger as PinoLogger } from 'pino';
import { buildApi } from '../api/build-api.ts';
import type { Config } from '../config/config.ts';
import { jobHandlers } from '../jobs/job-handlers.ts';
import { webhookJobHandlers } from '../jobs/webhook-job-handlers.ts';
import { localDiskStore, sweepStaleTempFiles } from '../object-storage/local-disk-store.ts';
import { startOperatorChannel } from './operator-channel.ts';
import { s3Store } from '../object-storage/s3-store.ts';
import { startJobWorker, type JobWorker } from '../queue/job-worker.ts';
import { apiKeyService, type ApiKeyService } from '../services/api-key-service.ts';
import { requestRateLimit } from '../services/request-rate-limit.ts';
import type { Clock, Database, ObjectStore, WebhookSender } from '../services/ports.ts';
import type { CaptureProcessor, ScanPipeline } from '../services/scan-pipeline.ts';
import { inProcessCaptureProcessor } from '../services/capture-processing.ts';
import { threadedCaptureProcessor, type WarmUpEvent } from '../processing-threads/threaded-capture-processor.ts';
import type { ServiceContext } from '../services/service-context.ts';
import { startUploadSweep, type UploadSweep } from '../services/upload-detection.ts';
import { fetchWebhookSender } from './fetch-webhook-sender.ts';
import { openDatabase } from './open-database.ts';
import { servicesLogger } from './pino-logger.ts';
import { randomBytes } from 'node:crypto';

export interface ComposeOptions {
  config: Config;
  roles: { api: boolean; worker: boolean };
  logger: PinoLogger;
  /**
   * The processing pipeline: 'default' = the production one from src/processing, on worker threads;
   * a ScanPipeline object runs in process (tests); `{ threadModule }` runs the pipeline that module's
   * `createPipeline()` makes, on worker threads (tests of thread crashes).
   */
  pipeline: ScanPipeline | 'default' | { threadModule: string };
  clock?: Clock;
  /** Tests: PGlite in memory instead of under dataDir (files still go to dataDir). */
  inMemoryDatabase?: boolean;
  /** With inMemoryDatabase: start from this migrated PGlite dump instead of running initdb (tests). */
  pgliteTemplate?: Blob;
  /** Worker poll period (ms); tests shorten it. */
  pollIntervalMs?: number;
  backoffBaseMs?: number;
  leaseMs?: number;
  /** How webhook requests are sent; default fetch. */
  webhookSender?: WebhookSender;
}

export interface ComposedService {
  config: Config;
  db: Database;
  keys: ApiKeyService;
  context: ServiceContext;
  app: FastifyInstance | null;
  worker: JobWorker | null;
  /** Runs only deliver-webhook jobs, so a slow partner endpoint never holds up scan processing. */
  webhookWorker: JobWorker | null;
  /** Listens (API role) and returns the base address. */
  listen(): Promise<string>;
  /** Graceful: stop taking requests and jobs, finish what runs, close the database. */
  close(): Promise<void>;
}

const systemClock: Clock = { now: () => new Date() };
/**
 * Deliveries in flight at once per process. They wait on the network (up to 10 s each), not the
 * CPU, so a few run beside processing. A named constant: config.ts is not ours to change now.
 */
const WEBHOOK_WORKER_CONCURRENCY = 4;
/** Retry delay after attempt n: min(base * 2^(n-1), max); docs/webhooks.md states the schedule. */
const BACKOFF_BASE_MS = 2000;
const BACKOFF_MAX_MS = 5 * 60_000;
/** Idle worker poll without notifications (PGlite: other processes cannot share it anyway), and with them. */
const POLL_INTERVAL_MS = 1000;
const LISTENING_POLL_INTERVAL_MS = 5000;

/** The composition root: the only place adapters are constructed and wired to use cases. */
export async function composeService(options: ComposeOptions): Promise<ComposedService> {
  const { config, logger } = options;
  const clock = options.clock ?? systemClock;
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: options.inMemoryDatabase ? undefined : config.dataDir, pgliteTemplate: options.pgliteTemplate });
  let baseUrl = config.publicBaseUrl;
  const storageSecret = await db.secrets.getOrCreateSecret('storage-url-signing-v1', () => randomBytes(32).toString('base64url'));
  const cursorSecret = await db.secrets.getOrCreateSecret('cursor-signing-v1', () => randomBytes(32).toString('base64url'));
  // S3 mode: clients talk to the bucket through presigned URLs, so the API serves no /storage/ routes.
  const localStore = config.s3 ? null : localDiskStore({ rootDir: join(config.dataDir, 'files'), publicBaseUrl: () => baseUrl, signingSecret: storageSecret });
  const store: ObjectStore = localStore ?? s3Store(config.s3!);
  if (!config.s3) {
    // Partial uploads of a process that died (crash, SIGKILL) would otherwise stay in files/tmp for good.
    const swept = await sweepStaleTempFiles(join(config.dataDir, 'files'), clock.now());
    if (swept > 0) logger.info({ swept }, 'removed stale partial uploads');
  }
  const keys = await apiKeyService(db, clock, config.environment);
  // Embedded mode: this process holds DATA_DIR's database, so `bodyscan keys|webhooks` reach it here.
  const operatorChannel = !config.databaseUrl && !options.inMemoryDatabase ? await startOperatorChannel(config, db, clock) : null;

  let worker: JobWorker | null = null;
  let webhookWorker: JobWorker | null = null;
  const context: ServiceContext = {
    db,
    store,
    clock,
    logger: servicesLogger(logger),
    notifier: { jobEnqueued: () => { worker?.notify(); webhookWorker?.notify(); } },
    settings: {
      environment: config.environment,
      uploadUrlTtlS: config.uploadUrlTtlS,
      downloadUrlTtlS: config.downloadUrlTtlS,
      maxUploadBytes: config.maxUploadBytes,
      termsVersion: config.termsVersion,
      jobMaxAttempts: config.jobMaxAttempts,
    },
    cursorSecret,
  };

  let stopListening: (() => Promise<void>) | null = null;
  let processor: CaptureProcessor | null = null;
  if (options.roles.worker && config.workerConcurrency > 0) {
    // Warm-up outcomes in the log: an operator sees when the first capture will run at full speed.
    const warmUp = config.processingWarmUp ? {
      onEvent: (event: WarmUpEvent) => {
        if (event.outcome === 'failed') logger.warn({ mode: event.mode, reason: event.message }, 'processing thread warm-up failed (captures still process, the first more slowly)');
        else logger.info({ mode: event.mode, outcome: event.outcome, ...(event.outcome === 'done' ? { ms: Math.round(event.ms) } : {}) }, 'processing thread warm-up');
      },
    } : null;
    const threads = { threads: config.processingThreads, threadHeapMb: config.processingThreadHeapMb, warmUp };
    processor = options.pipeline === 'default'
      ? threadedCaptureProcessor(threads)
      : 'threadModule' in options.pipeline
        ? threadedCaptureProcessor({ ...threads, pipelineModule: options.pipeline.threadModule })
        : inProcessCaptureProcessor(options.pipeline);
    // On PostgreSQL every enqueue, from any process, wakes idle workers (LISTEN/NOTIFY): the poll is
    // then only a backstop (missed notifications, retry backoffs coming due).
    if (db.subscribeToJobs) {
      stopListening = await db.subscribeToJobs(() => { worker?.notify(); webhookWorker?.notify(); });
    }
    const workerOptions = {
      jobs: db.jobs,
      clock,
      logger: context.logger,
      pollIntervalMs: options.pollIntervalMs ?? (stopListening ? LISTENING_POLL_INTERVAL_MS : POLL_INTERVAL_MS),
      leaseMs: options.leaseMs ?? config.jobLeaseMs,
      backoffBaseMs: options.backoffBaseMs ?? BACKOFF_BASE_MS,
      backoffMaxMs: BACKOFF_MAX_MS,
      retentionMs: config.jobRetentionDays * 24 * 60 * 60 * 1000,
    };
    worker = startJobWorker({
      ...workerOptions,
      handlers: jobHandlers(context, processor!),
      concurrency: config.workerConcurrency,
    });
    webhookWorker = startJobWorker({
      ...workerOptions,
      handlers: webhookJobHandlers(context, options.webhookSender ?? fetchWebhookSender),
      concurrency: WEBHOOK_WORKER_CONCURRENCY,
    });
  }

  // S3 mode: clients PUT captures straight to the bucket; the worker role's sweep is what notices them.
  const sweep: UploadSweep | null = options.roles.worker && config.s3
    ? startUploadSweep(context, { intervalMs: config.uploadSweepIntervalMs, pageSize: 500 })
    : null;

  let shuttingDown = false;
  // With S3, asset addresses point at the bucket: the console's CSP must let the 3D view fetch there.
  // Presigning is computed locally, so one probe address tells the origin every asset address has.
  const storageOrigins = config.s3 && options.roles.api
    ? [new URL(await store.presignDownload('console/origin-probe', new Date(Date.now() + 60_000))).origin]
    : [];
  const app = options.roles.api
    ? await buildApi({
      storageOrigins,
      context, keys, signedStorage: localStore, jsonBodyLimitBytes: config.jsonBodyLimitBytes, isShuttingDown: () => shuttingDown,
      rateLimit: requestRateLimit({ requestsPerS: config.rateLimitPerS, burst: config.rateLimitBurst }),
    }, logger)
    : null;

  return {
    config, db, keys, context, app, worker, webhookWorker,
    async listen() {
      if (!app) throw new Error('this process has no API role');
      await app.listen({ host: config.host, port: config.port });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      if (!config.publicBaseUrlConfigured) baseUrl = `http://localhost:${port}`;
      return `http://localhost:${port}`;
    },
    async close() {
      shuttingDown = true;
      if (app) await app.close();
      if (sweep) await sweep.stop();
      if (worker) await worker.stop();
      if (webhookWorker) await webhookWorker.stop();
      if (stopListening) await stopListening();
      if (processor) await processor.close();
      if (operatorChannel) await operatorChannel.close();
      await db.close();
    },
  };
}
