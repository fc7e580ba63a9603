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
  jobMaxAttempts: number;
  logLevel: string;
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

  const port = integer('PORT', 8080, 0, 65535);
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  const publicBaseUrl = (env.PUBLIC_BASE_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(publicBaseUrl)) problems.push(`PUBLIC_BASE_URL must be an http(s) address (got "${publicBaseUrl}")`);

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
    jobMaxAttempts: integer('JOB_MAX_ATTEMPTS', 3, 1, 20),
    logLevel: oneOf('LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
  };
  return { config, problems };
}
