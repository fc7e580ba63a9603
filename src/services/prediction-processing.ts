import type { CaptureProcessor } from './scan-pipeline.ts';
import { ProcessingFailure } from '../domain/processing-failure.ts';
import { predictForScan } from './prediction-service.ts';
import { objectKeys, type ServiceContext } from './service-context.ts';
import { AppError } from '../domain/error-catalog.ts';
import type { BodyShapePrediction, ScanFailure } from '../domain/scan.ts';
import { predictionEvent } from '../domain/webhook-event.ts';
import type { PredictionResult, Tenant } from './ports.ts';
import { commitWithEvent, recordWebhookEvent, wakeWorkersIf } from './webhook-outbox.ts';

/** A prediction with what its webhook events need: its tenant and the token of its scan's user. */
interface PredictionOwner {
  prediction: BodyShapePrediction;
  tenant: Tenant;
  /** The prediction's user (the user of its scan), as its webhook events name it. */
  user: { userId: string; userToken: string };
}

/**
 * The process-prediction job: CREATED -> PROCESSING -> READY with the predicted weight, girths,
 * composition and the deformed body mesh. Idempotent: a deleted or finished prediction is left alone.
 * Each transition commits with its webhook event.
 */
export async function processPrediction(context: ServiceContext, processor: CaptureProcessor, predictionId: string): Promise<void> {
  const owned = await context.db.predictions.findOwnedPrediction(predictionId);
  if (!owned || owned.prediction.status === 'READY' || owned.prediction.status === 'FAILED') return;
  const owner: PredictionOwner = owned;
  const { prediction, tenant } = owned;
  const started = await context.db.transaction(async (tx) => {
    const now = context.clock.now();
    if (!(await tx.predictions.markPredictionProcessing(predictionId, now))) return null;
    // A retry finds it PROCESSING already: "started" was told on the first attempt.
    if (prediction.status !== 'CREATED') return false;
    return recordWebhookEvent(tx, tenant, predictionEvent(prediction, owner.user, 'PROCESSING', null), now);
  });
  if (started === null) return;
  wakeWorkersIf(context, started);
  try {
    // Read inside the try: a scan whose stored record cannot be decoded fails the prediction (below).
    const scan = await context.db.scans.findScan(tenant, prediction.scanId);
    if (!scan) return; // deleted meanwhile: its predictions went with it
    const predicted = await predictForScan(context, scan, prediction);
    // Decoded (version, every field typed), or internal_error: a body is never drawn from a guess.
    const processing = await context.db.scans.findProcessingRecord(scan.id);
    if (!processing) throw new AppError('internal_error', `The READY scan ${scan.id} has no processing record.`);
    // Null only on scans processed before the posable body model (migration 0005): numbers, no body.
    const file = processing.fittedBody ? await processor.predictedBody(processing.fittedBody, predicted.measurements) : null;
    if (!file) context.logger.info({ predictionId, scanId: scan.id }, 'the scan kept no fitted body; the prediction has no body');
    if (file) {
      const objectKey = objectKeys.predictionAsset(scan.id, predictionId, file.fileName);
      const { byteSize } = await context.store.put(objectKey, file.bytes, { contentType: file.contentType });
      await context.db.files.recordStoredFile({ ownerId: predictionId, assetKey: 'bodyShapePrediction', objectKey, contentType: file.contentType, byteSize });
    }
    await succeedPrediction(context, owner, {
      predictedWeightKg: predicted.predictedWeightKg,
      predictedMeasurements: predicted.measurements,
      predictedBodyfat: predicted.composition,
      extra: { change: predicted.change, ...(file ? { predictedBody: file.diagnostics } : {}) },
    });
    context.logger.info({ predictionId, scanId: scan.id, predictedWeightKg: predicted.predictedWeightKg }, 'prediction ready');
  } catch (error) {
    if (error instanceof AppError && error.code === 'invalid_prediction_target') {
      await failPrediction(context, owner, { code: error.code, message: error.message });
      return;
    }
    // An unreadable record, or one fitted by another body model: the same on every attempt, so the
    // prediction fails now and says why (retrying could not help).
    if ((error instanceof AppError && error.code === 'internal_error') || error instanceof ProcessingFailure) {
      await failPrediction(context, owner, { code: error.code, message: error.message });
      context.logger.error({ predictionId, scanId: prediction.scanId, code: error.code, reason: error.message }, 'prediction failed');
      return;
    }
    throw error;
  }
}

/** PROCESSING -> READY and body_shape_prediction.processing.succeeded, in one transaction. */
async function succeedPrediction(context: ServiceContext, owner: PredictionOwner, result: PredictionResult): Promise<void> {
  await commitWithEvent(context, owner.tenant, predictionEvent(owner.prediction, owner.user, 'READY', null),
    (tx, now) => tx.predictions.markPredictionReady(owner.prediction.id, result, now));
}

/** -> FAILED and body_shape_prediction.processing.failed, in one transaction. */
async function failPrediction(context: ServiceContext, owner: PredictionOwner, failure: ScanFailure): Promise<void> {
  await commitWithEvent(context, owner.tenant, predictionEvent(owner.prediction, owner.user, 'FAILED', failure),
    (tx, now) => tx.predictions.markPredictionFailed(owner.prediction.id, failure, now));
}

export async function failPredictionAfterRetries(context: ServiceContext, predictionId: string, attempts: number): Promise<void> {
  const owned = await context.db.predictions.findOwnedPrediction(predictionId);
  if (!owned) return; // deleted meanwhile (or with its scan): nothing left to fail or to tell
  await failPrediction(context, owned, {
    code: 'internal_error',
    message: `Prediction failed ${attempts} times on an internal error.`,
  });
}
