import { DEFAULT_BODYFAT_METHOD, type BodyfatMethod } from '../domain/body-composition.ts';
import { AppError } from '../domain/error-catalog.ts';
import {
  ASSET_CONFIGS, DEFAULT_ASSET_CONFIG_ID, isAssetConfigId, type DeviceConfigName, type Scan, type ScanAssets,
} from '../domain/scan.ts';
import { uuidV7 } from '../domain/uuid-v7.ts';
import { decodeCursor, encodeCursor } from './page-cursor.ts';
import type { Repositories, StagedUpload, Tenant } from './ports.ts';
import { objectKeys, type ServiceContext } from './service-context.ts';
import { recordWebhookEvent } from './webhook-outbox.ts';
import { scanEvent } from '../domain/webhook-event.ts';
import { requireUser } from './user-service.ts';

export interface CreateScanInput {
  userToken: string;
  deviceConfigName: DeviceConfigName;
  assetConfigId?: string;
  bodyfatMethod?: BodyfatMethod;
}

export async function requireScan(context: ServiceContext, tenant: Tenant, scanId: string): Promise<Scan> {
  const scan = await context.db.scans.findScan(tenant, scanId);
  if (!scan) throw new AppError('scan_not_found', `No scan with id "${scanId}".`);
  return scan;
}

export async function requireReadyScan(context: ServiceContext, tenant: Tenant, scanId: string): Promise<Scan> {
  const scan = await requireScan(context, tenant, scanId);
  if (scan.status !== 'READY') {
    throw new AppError('scan_not_ready', `The scan is ${scan.status}; results exist only once it is READY.`);
  }
  return scan;
}

/** POST /scans: the user's weight and height at this moment are copied onto the scan. */
export async function createScan(context: ServiceContext, tenant: Tenant, input: CreateScanInput): Promise<Scan> {
  const assetConfigId = input.assetConfigId ?? DEFAULT_ASSET_CONFIG_ID;
  if (!isAssetConfigId(assetConfigId)) {
    const known = Object.entries(ASSET_CONFIGS).map(([id, name]) => `${id} (${name})`).join(', ');
    throw new AppError('unknown_asset_config', `Unknown assetConfigId "${assetConfigId}"; known configurations: ${known}.`, [
      { path: '/body/assetConfigId', message: `must be one of ${Object.keys(ASSET_CONFIGS).join(', ')}` },
    ]);
  }
  const user = await requireUser(context, tenant, input.userToken);
  const now = context.clock.now();
  const id = uuidV7(now.getTime());
  return context.db.scans.insertScan(tenant, {
    id,
    scanAssetsId: uuidV7(now.getTime()),
    providerScanId: `run-${id}`,
    userId: user.id,
    deviceConfigName: input.deviceConfigName,
    assetConfigId,
    bodyfatMethod: input.bodyfatMethod ?? DEFAULT_BODYFAT_METHOD,
    weight: user.weight,
    height: user.height,
  }, now);
}

export interface ListScansInput {
  limit: number;
  cursor?: string;
  order?: 'asc' | 'desc';
  userToken?: string;
}

/** GET /scans: keyset pages by creation (UUIDv7 order); cursor null on the last page. */
export async function listScans(context: ServiceContext, tenant: Tenant, input: ListScansInput): Promise<{ results: Scan[]; cursor: string | null }> {
  const order = input.order ?? 'desc';
  const userToken = input.userToken ?? null;
  const afterId = input.cursor === undefined ? undefined : decodeCursor(context.cursorSecret, input.cursor, order, userToken);
  let userId: string | undefined;
  if (userToken !== null) {
    const user = await context.db.users.findUserByToken(tenant, userToken);
    if (!user) return { results: [], cursor: null };
    userId = user.id;
  }
  // One row more than asked tells whether another page exists, so every page but the last is full.
  const rows = await context.db.scans.listScans(tenant, { userId, afterId, order, limit: input.limit + 1 });
  const results = rows.slice(0, input.limit);
  const cursor = rows.length > input.limit
    ? encodeCursor(context.cursorSecret, { lastId: results[results.length - 1].id, order, userToken })
    : null;
  return { results, cursor };
}

/**
 * GET /scans/{id}: a read, and nothing else. An upload is noticed where it ends: by our PUT route, or
 * for direct uploads to the bucket by the workers' sweep (upload-detection.ts), never by a read.
 */
export async function getScan(context: ServiceContext, tenant: Tenant, scanId: string): Promise<Scan> {
  return requireScan(context, tenant, scanId);
}

export async function getScanAssets(context: ServiceContext, tenant: Tenant, scanId: string): Promise<ScanAssets> {
  return (await requireScan(context, tenant, scanId)).scanAssets;
}

/** DELETE /scans/{id}: the scan, its predictions (cascade) and every stored file. */
export async function deleteScan(context: ServiceContext, tenant: Tenant, scanId: string): Promise<Scan> {
  const scan = await requireScan(context, tenant, scanId);
  // Under the row lock an upload takes (acceptStagedCapture): an upload either lands before and is
  // deleted with the folder below, or finds the scan gone and keeps nothing.
  await context.db.transaction(async (tx) => {
    if ((await tx.scans.lockScanStatus(scan.id)) === null) return;
    await tx.scans.deleteScan(scan.id);
  });
  await context.store.deletePrefix(objectKeys.scanFolder(scan.id));
  return scan;
}

/** POST /scans/{id}/upload-url: a signed PUT address, valid `uploadUrlTtlS`, while the scan is CREATED. */
export async function createUploadUrl(context: ServiceContext, tenant: Tenant, scanId: string): Promise<{ url: string; expirationTime: Date }> {
  const scan = await requireScan(context, tenant, scanId);
  if (scan.status !== 'CREATED') {
    throw new AppError('scan_not_awaiting_upload', `The scan is ${scan.status}; an upload address is given only while it is CREATED.`);
  }
  const expirationTime = new Date(context.clock.now().getTime() + context.settings.uploadUrlTtlS * 1000);
  const url = await context.store.presignUpload(objectKeys.capture(scan.id), expirationTime, context.settings.maxUploadBytes);
  // Recorded before the address is handed out: the sweep then checks this scan for as long as the
  // address (or a PUT begun just before it expired) can still deliver a capture.
  await context.db.scans.recordUploadAddress(scan.id, expirationTime);
  return { url, expirationTime };
}

/** CREATED -> PROCESSING, its job and its webhook event inside `tx`; false when the scan is not CREATED. */
async function startProcessing(context: ServiceContext, tx: Repositories, scanId: string, now: Date): Promise<{ moved: boolean; queued: boolean }> {
  if (!(await tx.scans.markScanProcessing(scanId, now))) return { moved: false, queued: false };
  await tx.jobs.enqueueJob({ kind: 'process-scan', payload: { id: scanId }, maxAttempts: context.settings.jobMaxAttempts });
  const owned = await tx.scans.findOwnedScan(scanId);
  if (owned) await recordWebhookEvent(tx, owned.tenant, scanEvent(owned.scan, 'PROCESSING', null), now);
  return { moved: true, queued: true };
}

/**
 * The capture of `scanId` is stored (a direct upload to the bucket): CREATED -> PROCESSING, the
 * processing job and the scan.processing.started webhook, in one transaction. Returns false when
 * the scan had already left CREATED (a second upload).
 */
export async function captureArrived(context: ServiceContext, scanId: string): Promise<boolean> {
  const now = context.clock.now();
  const { moved } = await context.db.transaction((tx) => startProcessing(context, tx, scanId, now));
  if (moved) {
    context.logger.info({ scanId }, 'capture arrived; processing queued');
    context.notifier.jobEnqueued();
  }
  return moved;
}

export type StagedCaptureOutcome = 'accepted' | 'empty' | 'not_awaiting_upload';

/**
 * An upload to the signed address, streamed aside (`staged`), becomes the scan's capture only if
 * the scan is CREATED at that moment, decided under the scan's row lock: the bytes are moved into
 * place and the scan starts processing in that one transaction, so a concurrent second PUT (409)
 * never replaces the capture and a scan (or user) deleted during the upload never gets its capture
 * back. An empty upload fails the scan with capture_empty. Bytes not accepted are discarded.
 */
export async function acceptStagedCapture(context: ServiceContext, scanId: string, staged: StagedUpload): Promise<StagedCaptureOutcome> {
  const now = context.clock.now();
  let outcome: StagedCaptureOutcome = 'not_awaiting_upload';
  try {
    const result = await context.db.transaction(async (tx): Promise<{ outcome: StagedCaptureOutcome; queued: boolean }> => {
      if ((await tx.scans.lockScanStatus(scanId)) !== 'CREATED') return { outcome: 'not_awaiting_upload', queued: false };
      if (staged.byteSize === 0) {
        const failure = { code: 'capture_empty', message: 'The uploaded capture was empty (0 bytes); nothing was kept. Create a new scan and upload the capture file.' };
        await tx.scans.markScanFailed(scanId, failure, now);
        await tx.scans.setScanStage(scanId, 'captureData', 'failed', now);
        const owned = await tx.scans.findOwnedScan(scanId);
        const queued = owned ? await recordWebhookEvent(tx, owned.tenant, scanEvent(owned.scan, 'FAILED', failure), now) : false;
        return { outcome: 'empty', queued };
      }
      await staged.commit();
      const { queued } = await startProcessing(context, tx, scanId, now);
      return { outcome: 'accepted', queued };
    });
    outcome = result.outcome;
    if (result.queued) context.notifier.jobEnqueued();
  } finally {
    if (outcome !== 'accepted') await staged.discard();
  }
  if (outcome === 'accepted') context.logger.info({ scanId, bytes: staged.byteSize }, 'capture arrived; processing queued');
  return outcome;
}

/** Scan ids whose capture may be uploaded now: the key layout is the service's, the check is the store's. */
export function captureScanIdOf(objectKey: string): string | null {
  const match = /^scans\/([^/]+)\/capture$/.exec(objectKey);
  return match ? match[1] : null;
}

/** Whether a scan can take an upload right now (CREATED); unknown scans cannot. */
export async function scanAwaitsUpload(context: ServiceContext, scanId: string): Promise<boolean> {
  const owned = await context.db.scans.findOwnedScan(scanId);
  return owned?.scan.status === 'CREATED';
}
