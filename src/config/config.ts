import { resolve } from 'node:path';

/** Every setting of the service, read once from the environment by src/main and passed down. */
export interface Config {
  host: string;
  port: number;
  /** Embedded mode's home: PGlite database, stored files, the sandbox key file. */
  dataDir: string;
  /** PostgreSQL instead of PGlite when set. */
  databaseUrl: string | null;
  environment: 'sandbox' | 'production';
  /** Base address clients reach this service at (signed upload/download URLs point here in embedded mode). */
  publicBaseUrl: string;
  /** False when publicBaseUrl was derived from PORT (then the real listening address replaces it). */
  publicBaseUrlConfigured: boolean;
  maxUploadBytes: number;
  jsonBodyLimitBytes: number;
  uploadUrlTtlS: number;
  downloadUrlTtlS: number;
  termsVersion: string;
  workerConcurrency: number;
  /** Worker threads that run processing (read, measure, fit, assets) in a worker-role process. */
  processingThreads: number;
  /** Heap limit of each processing thread (MiB): a capture that needs more fails that attempt, not the process. */
  processingThreadHeapMb: number;
  /** Warm each processing thread at start (a short simulated walk and turn) and keep it warm. */
  processingWarmUp: boolean;
  jobMaxAttempts: number;
  logLevel: string;
  /** How long a claimed job belongs to its worker; a killed worker's job is retaken after it. */
  jobLeaseMs: number;
  /** Done and failed jobs are deleted this many days after they finished (the scans keep their results). */
  jobRetentionDays: number;
  /** Scale-out mode: captures and assets in an S3-compatible bucket (null: files under dataDir). */
  s3: S3Config | null;
  /** Worker role, S3 mode: how often CREATED scans are checked for a capture uploaded straight to the bucket. */
  uploadSweepIntervalMs: number;
  /** Per (partner, environment) and API process: sustained requests per second (0: no limit) and burst. */
  rateLimitPerS: number;
  rateLimitBurst: number;
}

export interface S3Config {
  bucket: string;
  region: string;
  /** null: AWS S3 itself. */
  endpoint: string | null;
  forcePathStyle: boolean;
  /** null: the SDK's default credential chain (instance role, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

export type Env = Record<string, string | undefined>;

/** Reads and validates the environment; every problem is listed, none is silently defaulted. */
export function readConfig(env: Env): { config: Config; problems: string[] } {
  const problems: string[] = [];
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!(allowed as readonly string[]).includes(raw)) {
      problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
      return fallback;
    }
    return raw as T;
  };

  const boolean = (name: string, fallback: boolean): boolean => readBoolean(env, name, problems) ?? fallback;

  const port = integer('PORT', 8080, 0, 65535);
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  const publicBaseUrl = (env.PUBLIC_BASE_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(publicBaseUrl)) problems.push(`PUBLIC_BASE_URL must be an http(s) address (got "${publicBaseUrl}")`);

  const s3 = readS3Config(env, problems);

  const config: Config = {
    host: env.HOST || '0.0.0.0',
    port,
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl,
    environment: oneOf('BODYSCAN_ENVIRONMENT', ['sandbox', 'production'] as const, 'sandbox'),
    publicBaseUrl,
    publicBaseUrlConfigured: Boolean(env.PUBLIC_BASE_URL),
    maxUploadBytes: integer('MAX_UPLOAD_BYTES', 256 * 1024 * 1024, 1, 64 * 1024 * 1024 * 1024),
    jsonBodyLimitBytes: integer('JSON_BODY_LIMIT_BYTES', 1024 * 1024, 1024, 64 * 1024 * 1024),
    uploadUrlTtlS: integer('UPLOAD_URL_TTL_S', 3600, 1, 7 * 24 * 3600),
    downloadUrlTtlS: integer('DOWNLOAD_URL_TTL_S', 3600, 1, 7 * 24 * 3600),
    termsVersion: env.TERMS_VERSION || '1.0',
    workerConcurrency: integer('WORKER_CONCURRENCY', 1, 0, 64),
    processingThreads: integer('PROCESSING_THREADS', 1, 1, 64),
    processingThreadHeapMb: integer('PROCESSING_THREAD_HEAP_MB', 3072, 256, 65536),
    processingWarmUp: boolean('PROCESSING_WARM_UP', true),
    jobMaxAttempts: integer('JOB_MAX_ATTEMPTS', 3, 1, 20),
    logLevel: oneOf('LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    jobLeaseMs: integer('JOB_LEASE_MS', 60_000, 1000, 3_600_000),
    jobRetentionDays: integer('JOB_RETENTION_DAYS', 7, 1, 3650),
    s3,
    uploadSweepIntervalMs: integer('UPLOAD_SWEEP_INTERVAL_MS', 1000, 100, 3_600_000),
    rateLimitPerS: integer('RATE_LIMIT_PER_S', 200, 0, 1_000_000_000),
    rateLimitBurst: integer('RATE_LIMIT_BURST', 400, 1, 1_000_000_000),
  };
  return { config, problems };
}

/** The S3_* variables: all or nothing around S3_BUCKET, every inconsistency listed. */
/** A true/false setting: null when unset or empty, or when neither (then a problem is recorded). */
function readBoolean(env: Env, name: string, problems: string[]): boolean | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  if (raw !== 'true' && raw !== 'false') {
    problems.push(`${name} must be true or false (got "${raw}")`);
    return null;
  }
  return raw === 'true';
}

function readS3Config(env: Env, problems: string[]): S3Config | null {
  const names = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;
  const value = (name: (typeof names)[number]): string | null => env[name] || null;
  const bucket = value('S3_BUCKET');
  if (bucket === null) {
    const stray = names.filter((name) => value(name) !== null);
    if (stray.length > 0) problems.push(`${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set but S3_BUCKET is not (set S3_BUCKET to use S3 storage)`);
    return null;
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) problems.push(`S3_BUCKET must be a bucket name: 3-63 of a-z 0-9 . - (got "${bucket}")`);
  const region = value('S3_REGION');
  if (region === null) problems.push('S3_REGION is required with S3_BUCKET (S3-compatible servers accept any, e.g. us-east-1)');
  const endpoint = value('S3_ENDPOINT');
  if (endpoint !== null && !/^https?:\/\/[^/]+/.test(endpoint)) problems.push(`S3_ENDPOINT must be an http(s) address (got "${endpoint}")`);
  const accessKeyId = value('S3_ACCESS_KEY_ID');
  const secretAccessKey = value('S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === null) !== (secretAccessKey === null)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or leave both unset for the default AWS credential chain)');
  }
  const pathStyle = readBoolean(env, 'S3_FORCE_PATH_STYLE', problems);
  return {
    bucket,
    region: region ?? '',
    endpoint,
    // S3-compatible servers rarely resolve bucket subdomains: path style unless told otherwise.
    forcePathStyle: pathStyle ?? endpoint !== null,
    credentials: accessKeyId !== null && secretAccessKey !== null ? { accessKeyId, secretAccessKey } : null,
  };
}
