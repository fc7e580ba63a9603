/**
 * The interfaces the use cases depend on. Adapters (src/persistence, src/object-storage, src/queue)
 * implement them; only src/composition constructs the adapters.
 */
import type { Bodyfat, BodyfatMethod } from '../domain/body-composition.ts';
import type { Measurements } from '../domain/measurements.ts';
import type { ProcessingRecord } from '../domain/processing-record.ts';
import type {
  AssetConfigId, AssetStage, AssetStageState, BodyShapePrediction, DeviceConfigName, PredictionType, Scan, ScanFailure, ScanStatus,
} from '../domain/scan.ts';
import type { Height, TermsAcceptance, User, Weight } from '../domain/user.ts';
import type { WebhookEventType, WebhookSignatureStyle } from '../domain/webhook-event.ts';

export const ENVIRONMENTS = ['sandbox', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Who owns a row: every query is scoped to one (partner, environment). */
export interface Tenant {
  partnerId: string;
  environment: Environment;
}

export type UserFields = Omit<User, 'id' | 'createdAt' | 'updatedAt'>;

export interface UserRepository {
  /** Inserts the user or, when (tenant, token) exists, overwrites its fields. */
  upsertUserByToken(tenant: Tenant, id: string, fields: UserFields, now: Date): Promise<{ user: User; created: boolean }>;
  findUserByToken(tenant: Tenant, token: string): Promise<User | null>;
  /** Keyset page of the tenant's users by id (creation order, UUIDv7); optional token substring, case-insensitive. */
  listUsers(tenant: Tenant, query: UserListQuery): Promise<User[]>;
  updateUser(tenant: Tenant, userId: string, fields: UserFields, now: Date): Promise<User>;
  deleteUser(tenant: Tenant, userId: string): Promise<void>;
  insertTermsAcceptance(id: string, user: User, accepted: boolean, version: string, now: Date): Promise<TermsAcceptance>;
  listTermsAcceptances(user: User): Promise<TermsAcceptance[]>;
}

export interface NewScan {
  id: string;
  scanAssetsId: string;
  providerScanId: string;
  userId: string;
  deviceConfigName: DeviceConfigName;
  assetConfigId: AssetConfigId;
  bodyfatMethod: BodyfatMethod;
  weight: Weight;
  height: Height;
}

/** A scan with its owner, for work that starts without a request (jobs, uploads). */
export interface OwnedScan {
  scan: Scan;
  tenant: Tenant;
  user: User;
}

export interface UserListQuery {
  tokenContains?: string;
  /** Keyset pagination: only ids after (asc) or before (desc) this one. */
  afterId?: string;
  order: 'asc' | 'desc';
  limit: number;
}

export interface ScanListQuery {
  userId?: string;
  /** Keyset pagination: only ids after (asc) or before (desc) this one. */
  afterId?: string;
  order: 'asc' | 'desc';
  limit: number;
}


export interface ScanRepository {
  insertScan(tenant: Tenant, scan: NewScan, now: Date): Promise<Scan>;
  findScan(tenant: Tenant, scanId: string): Promise<Scan | null>;
  findOwnedScan(scanId: string): Promise<OwnedScan | null>;
  listScans(tenant: Tenant, query: ScanListQuery): Promise<Scan[]>;
  listScanIdsOfUser(userId: string): Promise<string[]>;
  /** CREATED -> PROCESSING; false when the scan was not CREATED (someone else got there first). */
  markScanProcessing(scanId: string, now: Date): Promise<boolean>;
  setScanStage(scanId: string, stage: AssetStage, state: AssetStageState, now: Date): Promise<void>;
  /** PROCESSING -> READY; false when the scan is gone or no longer PROCESSING (deleted meanwhile). */
  markScanReady(scanId: string, measurements: Measurements, bodyfat: Bodyfat, processing: ProcessingRecord, now: Date): Promise<boolean>;
  /** CREATED or PROCESSING -> FAILED; false when the scan is gone or already READY/FAILED. */
  markScanFailed(scanId: string, failure: ScanFailure, now: Date): Promise<boolean>;
  /** The scan's status, its row locked until the transaction ends (an upload and a delete serialise on it); null when gone. */
  lockScanStatus(scanId: string): Promise<ScanStatus | null>;
  /** The scan's processing record, decoded (AppError internal_error when unreadable); null before READY. */
  findProcessingRecord(scanId: string): Promise<ProcessingRecord | null>;
  updateScanBodyfat(scanId: string, method: BodyfatMethod, bodyfat: Bodyfat, now: Date): Promise<void>;
  /** An upload address for the scan, valid until `expiresAt`, was handed out (the sweep checks such scans). */
  recordUploadAddress(scanId: string, expiresAt: Date): Promise<void>;
  /**
   * Scans still CREATED whose latest upload address expires after `addressExpiresAfter` (only they
   * can still receive a direct upload), by id after `afterId` (keyset pages): the sweep's candidates.
   */
  listScansAwaitingUpload(addressExpiresAfter: Date, afterId: string | null, limit: number): Promise<string[]>;
  deleteScan(scanId: string): Promise<void>;
}

export interface NewPrediction {
  id: string;
  scanId: string;
  predictionType: PredictionType;
  targetWeight: number | null;
  targetBodyfat: number | null;
}

export interface PredictionResult {
  predictedWeightKg: number;
  predictedMeasurements: Measurements;
  predictedBodyfat: Bodyfat;
  extra: Record<string, unknown>;
}

export interface PredictionRepository {
  insertPrediction(tenant: Tenant, prediction: NewPrediction, now: Date): Promise<BodyShapePrediction>;
  findPrediction(tenant: Tenant, predictionId: string): Promise<BodyShapePrediction | null>;
  /** A prediction with its tenant and its scan's user (whom its webhook events name). */
  findOwnedPrediction(predictionId: string): Promise<{ prediction: BodyShapePrediction; tenant: Tenant; user: { userId: string; userToken: string } } | null>;
  listPredictionsOfScan(tenant: Tenant, scanId: string, order: 'asc' | 'desc'): Promise<BodyShapePrediction[]>;
  listPredictionIdsOfScan(scanId: string): Promise<string[]>;
  markPredictionProcessing(predictionId: string, now: Date): Promise<boolean>;
  markPredictionReady(predictionId: string, result: PredictionResult, now: Date): Promise<void>;
  markPredictionFailed(predictionId: string, failure: ScanFailure, now: Date): Promise<void>;
  deletePrediction(predictionId: string): Promise<void>;
}

export interface StoredFile {
  ownerId: string;
  assetKey: string;
  objectKey: string;
  contentType: string;
  byteSize: number;
}

export interface StoredFileRepository {
  recordStoredFile(file: StoredFile): Promise<void>;
  listStoredFiles(ownerId: string): Promise<StoredFile[]>;
}

export interface ApiKeyRecord {
  id: string;
  partnerId: string;
  environment: Environment;
  createdAt: Date;
  revokedAt: Date | null;
}

export interface ApiKeyRepository {
  insertApiKey(record: ApiKeyRecord): Promise<void>;
  findApiKey(keyId: string): Promise<ApiKeyRecord | null>;
  revokeApiKey(keyId: string, now: Date): Promise<boolean>;
  listApiKeys(): Promise<ApiKeyRecord[]>;
}

export interface SecretRepository {
  /** The named secret, created with `generate()` the first time (race-safe). */
  getOrCreateSecret(name: string, generate: () => string): Promise<string>;
}

/** Where a tenant's webhook events go, and the secret that signs them: one per (partner, environment). */
export interface WebhookEndpoint {
  tenant: Tenant;
  url: string;
  signingSecret: string;
  /** Which headers and timestamp format deliveries use (WEBHOOK_SIGNATURE_STYLES). */
  signatureStyle: WebhookSignatureStyle;
  createdAt: Date;
}

export const WEBHOOK_DELIVERY_STATES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** One event for one tenant: the outbox row its delivery job works from, and its line in the delivery log. */
export interface WebhookDelivery {
  /** The event id (sent as x-bodyscan-event-id and payload.eventId). */
  id: string;
  tenant: Tenant;
  eventType: WebhookEventType;
  /** The exact JSON text sent and signed on every attempt. */
  body: string;
  state: WebhookDeliveryState;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  deliveredAt: Date | null;
}

export interface NewWebhookDelivery {
  id: string;
  tenant: Tenant;
  eventType: WebhookEventType;
  body: string;
}

export interface WebhookRepository {
  /** Stores the tenant's endpoint, replacing an earlier one (URL and secret). */
  upsertWebhookEndpoint(endpoint: WebhookEndpoint): Promise<void>;
  /** False when the tenant had no endpoint. */
  deleteWebhookEndpoint(tenant: Tenant): Promise<boolean>;
  findWebhookEndpoint(tenant: Tenant): Promise<WebhookEndpoint | null>;
  insertWebhookDelivery(delivery: NewWebhookDelivery, now: Date): Promise<void>;
  findWebhookDelivery(deliveryId: string): Promise<WebhookDelivery | null>;
  /** An attempt that did not deliver: its HTTP status (null when none came back) and what went wrong. */
  recordFailedAttempt(deliveryId: string, status: number | null, error: string, now: Date): Promise<void>;
  markDeliveryDelivered(deliveryId: string, status: number, now: Date): Promise<void>;
  /** PENDING -> FAILED; `reason` replaces the last error when given (null keeps the last attempt's). */
  markDeliveryFailed(deliveryId: string, reason: string | null, now: Date): Promise<void>;
  /** The tenant's delivery log, newest first. */
  listWebhookDeliveries(tenant: Tenant, limit: number): Promise<WebhookDelivery[]>;
}

/** Sends one webhook request; the adapter lives in src/composition (fetch). */
export interface WebhookSender {
  /** Resolves with the HTTP status of the answer; rejects on a network error or after `timeoutMs`. */
  post(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<number>;
}

export const JOB_KINDS = ['process-scan', 'process-prediction', 'deliver-webhook'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export interface NewJob {
  kind: JobKind;
  payload: { id: string };
  maxAttempts: number;
}

export interface ClaimedJob {
  id: number;
  kind: JobKind;
  payload: { id: string };
  attempts: number;
  maxAttempts: number;
}

export interface JobRepository {
  enqueueJob(job: NewJob): Promise<void>;
  /**
   * Takes the next due job (queued, or running with an expired lease) for `leaseMs`; null when none.
   * With `kinds`, only jobs of those kinds (so webhook deliveries can have workers of their own).
   */
  claimJob(workerId: string, leaseMs: number, now: Date, kinds?: readonly JobKind[]): Promise<ClaimedJob | null>;
  /**
   * The three ends of an attempt. Each applies only while `workerId` still holds the job (running,
   * locked by it): a worker that lost its lease (paused past it, another worker retook the job)
   * changes nothing and gets false.
   */
  completeJob(jobId: number, workerId: string, now: Date): Promise<boolean>;
  retryJob(jobId: number, workerId: string, error: string, runAfter: Date): Promise<boolean>;
  failJob(jobId: number, workerId: string, error: string, now: Date): Promise<boolean>;
  /** Deletes up to `limit` done or failed jobs that finished before `finishedBefore`; returns how many. */
  pruneFinishedJobs(finishedBefore: Date, limit: number): Promise<number>;
  extendJobLease(jobId: number, workerId: string, until: Date): Promise<void>;
  countJobs(state: 'queued' | 'running' | 'done' | 'failed'): Promise<number>;
}

/** How a job kind runs, and what happens when its attempts run out. */
export interface JobHandler {
  run(job: ClaimedJob): Promise<void>;
  exhausted(job: ClaimedJob, error: unknown): Promise<void>;
}

export interface Repositories {
  users: UserRepository;
  scans: ScanRepository;
  predictions: PredictionRepository;
  files: StoredFileRepository;
  apiKeys: ApiKeyRepository;
  secrets: SecretRepository;
  jobs: JobRepository;
  /** The webhook endpoints and delivery log: an event commits with the state change it reports. */
  webhooks: WebhookRepository;
}

/** The repositories plus a transaction: inside `work`, every repository shares one transaction. */
export interface Database extends Repositories {
  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /**
   * Calls `onEnqueued` when any process enqueues a job (PostgreSQL LISTEN/NOTIFY); absent where the
   * database cannot tell other processes (PGlite: one process, which wakes its own workers).
   * Resolves to a function that stops listening.
   */
  subscribeToJobs?(onEnqueued: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Byte storage for captures and generated assets (local disk or S3-compatible). */
export interface ObjectStore {
  /** Streams `body` to `key`; beyond `maxBytes` it stops, keeps nothing and throws payload_too_large. */
  put(key: string, body: Uint8Array | AsyncIterable<Uint8Array>, options: { contentType: string; maxBytes?: number }): Promise<{ byteSize: number }>;
  get(key: string): Promise<Uint8Array>;
  exists(key: string): Promise<boolean>;
  /** The object's size in bytes; null when it does not exist (an upload that bypassed the API is checked with it). */
  sizeOf(key: string): Promise<number | null>;
  /** Deletes every object whose key starts with `prefix`. */
  deletePrefix(prefix: string): Promise<void>;
  /** An address a client PUTs the object to until `expiresAt`. */
  presignUpload(key: string, expiresAt: Date, maxBytes: number): Promise<string>;
  /** An address a client GETs the object from until `expiresAt`. */
  presignDownload(key: string, expiresAt: Date): Promise<string>;
}

/** Wakes workers after an enqueue so they need not wait for their next poll. */
export interface JobNotifier {
  jobEnqueued(): void;
}

export interface Clock {
  now(): Date;
}

/** Progress and decisions worth a line in the logs (pino in production). */
export interface Logger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

/**
 * Embedded mode: the service itself serves the signed upload/download addresses of the local
 * store. The API checks a request's signature and streams bytes through this port.
 */
/** Upload bytes held aside (not yet visible under their key) until the scan they belong to accepts them. */
export interface StagedUpload {
  byteSize: number;
  /** Moves the bytes under their key, replacing what was there. */
  commit(): Promise<void>;
  /** Drops the bytes; a no-op after commit. */
  discard(): Promise<void>;
}

export interface SignedLocalStorage {
  /** Streams an upload aside; beyond `maxBytes` it stops, keeps nothing and throws payload_too_large. */
  stageUpload(key: string, body: AsyncIterable<Uint8Array>, maxBytes: number): Promise<StagedUpload>;
  checkSignature(method: 'GET' | 'PUT', key: string, query: Record<string, string | undefined>, now: Date): { check: SignatureCheck; maxBytes: number };
  openDownload(key: string): Promise<{ stream: AsyncIterable<Uint8Array>; byteSize: number } | null>;
}
