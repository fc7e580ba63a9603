import { ProcessingFailure } from '../domain/processing-failure.ts';
import type { AssetStage } from '../domain/scan.ts';
import type { PersonAtScan } from '../domain/body-composition.ts';
import type { MeasureContext } from '../domain/body-scan-result.ts';
import { computeBodyfat } from '../processing/body-composition/compute-bodyfat.ts';
import type { ScanPipeline } from './scan-pipeline.ts';
import { personAtScan } from './scan-results-service.ts';
import { objectKeys, type ServiceContext } from './service-context.ts';
import type { ScanFailure } from '../domain/scan.ts';
import { scanEvent } from '../domain/webhook-event.ts';
import type { Tenant } from './ports.ts';
import { commitWithEvent } from './webhook-outbox.ts';

/**
 * The process-scan job: capture bytes -> geometry -> measured body -> fitted model -> measurements,
 * body composition and asset files -> READY. Idempotent: a scan no longer PROCESSING (deleted,
 * already done) is left alone, and every write overwrites what an earlier attempt wrote.
 * A ProcessingFailure (bad capture, no person) fails the scan at once: retrying cannot help.
 * Any other error is thrown to the queue, which retries it.
 */
export async function processScan(context: ServiceContext, pipeline: ScanPipeline, scanId: string): Promise<void> {
  const owned = await context.db.scans.findOwnedScan(scanId);
  if (!owned) {
    // Deleted before (or while an earlier attempt of) this job ran: files an attempt wrote after the
    // delete would otherwise stay on disk for good, unreachable.
    await dropFilesOfDeletedScan(context, scanId);
    return;
  }
  if (owned.scan.status !== 'PROCESSING') return;
  const { scan, user, tenant } = owned;
  const log = (message: string, fields: Record<string, unknown> = {}): void =>
    context.logger.info({ scanId, providerScanId: scan.providerScanId, ...fields }, message);
  let stage: AssetStage = 'captureData';
  const begin = async (next: AssetStage): Promise<void> => {
    stage = next;
    await context.db.scans.setScanStage(scanId, next, 'started', context.clock.now());
  };
  const succeed = (done: AssetStage): Promise<void> => context.db.scans.setScanStage(scanId, done, 'succeeded', context.clock.now());

  try {
    await begin('captureData');
    const bytes = await context.store.get(objectKeys.capture(scanId));
    const capture = pipeline.read(bytes);
    if (capture.sandboxDescriptor && tenant.environment !== 'sandbox') {
      throw new ProcessingFailure('capture_format_unknown', 'A synthetic sandbox descriptor is accepted only in the sandbox environment; upload a real capture.');
    }
    log('capture read', { format: capture.format, bytes: bytes.byteLength, points: capture.geometry.positions.length / 3 });
    await succeed('captureData');

    await begin('body');
    const measured = pipeline.measure(capture, measureContextOf(personAtScan(user, scan)));
    log('body measured', { statureM: measured.statureM, ...measured.diagnostics });
    await succeed('body');

    await begin('fittedBody');
    const fitted = pipeline.fit(measured);
    log('body model fitted', { fitErrorMmBySite: fitted.fitErrorMmBySite });
    await succeed('fittedBody');

    await begin('measurement');
    const bodyfat = computeBodyfat(scan.bodyfatMethod, personAtScan(user, scan), measured.measurements);
    const files = pipeline.assets(measured, fitted, capture, scan.assetConfigId);
    for (const file of files) {
      const objectKey = objectKeys.scanAsset(scanId, file.fileName);
      const { byteSize } = await context.store.put(objectKey, file.bytes, { contentType: file.contentType });
      await context.db.files.recordStoredFile({ ownerId: scanId, assetKey: file.assetKey, objectKey, contentType: file.contentType, byteSize });
    }
    const processing = {
      captureFormat: capture.format,
      statureM: measured.statureM,
      diagnostics: measured.diagnostics,
      landmarks: measured.landmarks,
      fittedBody: fitted,
      bodyfatMethodUsed: bodyfat.methodUsed ?? scan.bodyfatMethod,
    };
    const ready = await commitWithEvent(context, tenant, scanEvent(scan, 'READY', null), async (tx, now) => {
      if (!(await tx.scans.markScanReady(scanId, measured.measurements, bodyfat, processing, now))) return false;
      await tx.scans.setScanStage(scanId, 'measurement', 'succeeded', now);
      return true;
    });
    if (!ready) {
      await dropFilesOfDeletedScan(context, scanId);
      log('scan deleted while it processed; its files were removed');
      return;
    }
    log('scan ready', { assets: files.map((file) => file.fileName) });
  } catch (error) {
    await context.db.scans.setScanStage(scanId, stage, 'failed', context.clock.now());
    if (error instanceof ProcessingFailure) {
      await failScan(context, tenant, scan, { code: error.code, message: error.message });
      log('scan failed', { stage, code: error.code, reason: error.message });
      return;
    }
    throw error;
  }
}

/**
 * What measuring is told about the person (SI): height and weight to cross-check the scan, sex and
 * age for the density and lung-gas model of bmiPredicted. 'neutral'/'undefined' sex is left unknown
 * (the model then averages the sexes).
 */
export function measureContextOf(person: PersonAtScan): MeasureContext {
  return {
    heightM: person.heightM,
    weightKg: person.weightKg,
    ageYears: person.ageYears,
    ...(person.sex === 'male' || person.sex === 'female' ? { sex: person.sex } : {}),
  };
}

/** The files of a scan that no longer exists (a delete raced the job): removed, if the scan is really gone. */
async function dropFilesOfDeletedScan(context: ServiceContext, scanId: string): Promise<void> {
  if (await context.db.scans.findOwnedScan(scanId)) return;
  await context.db.scans.deleteScan(scanId); // the scan row is gone: this removes the file records the job made after it
  await context.store.deletePrefix(objectKeys.scanFolder(scanId));
}

/** PROCESSING -> FAILED and the scan.processing.failed webhook, in one transaction. */
async function failScan(context: ServiceContext, tenant: Tenant, scan: { id: string; userId: string; userToken: string }, failure: ScanFailure): Promise<void> {
  await commitWithEvent(context, tenant, scanEvent(scan, 'FAILED', failure), (tx, now) => tx.scans.markScanFailed(scan.id, failure, now));
}

/** When every attempt failed on an unexpected error: the scan says so instead of staying PROCESSING. */
export async function failScanAfterRetries(context: ServiceContext, scanId: string, attempts: number): Promise<void> {
  const owned = await context.db.scans.findOwnedScan(scanId);
  if (!owned) return; // deleted meanwhile: nothing left to fail or to tell
  await failScan(context, owned.tenant, owned.scan, {
    code: 'internal_error',
    message: `Processing failed ${attempts} times on an internal error; support can trace it by providerScanId.`,
  });
}
