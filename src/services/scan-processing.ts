import { ProcessingFailure } from '../domain/processing-failure.ts';
import { AppError } from '../domain/error-catalog.ts';
import { PROCESSING_RECORD_VERSION, encodeProcessingRecord, type ProcessingRecord } from '../domain/processing-record.ts';
import { bodyFitReportOf, type AssetStage } from '../domain/scan.ts';
import type { PersonAtScan } from '../domain/body-composition.ts';
import type { MeasureContext } from '../domain/body-scan-result.ts';
import { computeBodyfat } from '../processing/body-composition/compute-bodyfat.ts';
import type { CaptureProcessor } from './scan-pipeline.ts';
import { personAtScan } from './scan-results-service.ts';
import { objectKeys, type ServiceContext } from './service-context.ts';
import type { ScanFailure } from '../domain/scan.ts';
import { scanEvent } from '../domain/webhook-event.ts';
import type { Tenant } from './ports.ts';
import { commitWithEvent } from './webhook-outbox.ts';

/**
 * The process-scan job: capture bytes -> (processor: geometry -> measured body -> fitted model ->
 * asset files) -> body composition, stored files -> READY. Idempotent: a scan no longer PROCESSING (deleted,
 * already done) is left alone, and every write overwrites what an earlier attempt wrote.
 * A ProcessingFailure (bad capture, no person) fails the scan at once: retrying cannot help.
 * Any other error is thrown to the queue, which retries it.
 */
export async function processScan(context: ServiceContext, processor: CaptureProcessor, scanId: string): Promise<void> {
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
  // Stage reports arrive while processing runs (on a thread): written in order, awaited before the outcome.
  let stageWrites: Promise<void> = Promise.resolve();
  const report = (state: 'started' | 'succeeded' | 'failed', at: AssetStage): void => {
    const now = context.clock.now();
    stageWrites = stageWrites.then(() => context.db.scans.setScanStage(scanId, at, state, now));
  };

  try {
    const bytes = await context.store.get(objectKeys.capture(scanId));
    const person = personAtScan(user, scan);
    const processed = await processor.processCapture(
      { bytes, context: measureContextOf(person), assetConfigId: scan.assetConfigId, allowSandbox: tenant.environment === 'sandbox' },
      (next) => {
        if (next !== 'captureData') report('succeeded', stage);
        stage = next;
        report('started', next);
      },
    );
    await stageWrites;
    const { measured, fitted, files } = processed;
    log('capture processed', {
      format: processed.captureFormat, bytes: bytes.byteLength, points: processed.pointCount, statureM: measured.statureM,
      ...measured.diagnostics, fitErrorMmBySite: fitted.fitErrorMmBySite,
    });
    const bodyfat = computeBodyfat(scan.bodyfatMethod, person, measured.measurements);
    const processing: ProcessingRecord = {
      version: PROCESSING_RECORD_VERSION,
      captureFormat: processed.captureFormat,
      statureM: measured.statureM,
      diagnostics: measured.diagnostics,
      landmarks: measured.landmarks,
      fittedBody: fitted.record,
      fitErrorMmBySite: fitted.fitErrorMmBySite,
      bodyFit: bodyFitReportOf(measured.diagnostics, measured.siteQuality),
      bodyfatMethodUsed: bodyfat.methodUsed ?? scan.bodyfatMethod,
    };
    try {
      encodeProcessingRecord(processing, scanId); // what markScanReady will store, checked by the readers' decoder
    } catch (error) {
      // The same on every attempt (a non-finite number, a field of the wrong type): fail now, loudly,
      // rather than make a READY scan whose record no reader accepts.
      if (error instanceof AppError) throw new ProcessingFailure('internal_error', error.message);
      throw error;
    }
    for (const file of files) {
      const objectKey = objectKeys.scanAsset(scanId, file.fileName);
      const { byteSize } = await context.store.put(objectKey, file.bytes, { contentType: file.contentType });
      await context.db.files.recordStoredFile({ ownerId: scanId, assetKey: file.assetKey, objectKey, contentType: file.contentType, byteSize });
    }
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
    await stageWrites.catch(() => undefined);
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
