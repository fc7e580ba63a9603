import type { FittedBody, ScanPipeline } from './scan-pipeline.ts';
import { predictForScan } from './prediction-service.ts';
import { objectKeys, type ServiceContext } from './service-context.ts';
import { AppError } from '../domain/error-catalog.ts';

/**
 * The process-prediction job: CREATED -> PROCESSING -> READY with the predicted weight, girths,
 * composition and the deformed body mesh. Idempotent: a deleted or finished prediction is left alone.
 */
export async function processPrediction(context: ServiceContext, pipeline: ScanPipeline, predictionId: string): Promise<void> {
  const owned = await context.db.predictions.findOwnedPrediction(predictionId);
  if (!owned || owned.prediction.status === 'READY' || owned.prediction.status === 'FAILED') return;
  const { prediction, tenant } = owned;
  if (!(await context.db.predictions.markPredictionProcessing(predictionId, context.clock.now()))) return;
  const scan = await context.db.scans.findScan(tenant, prediction.scanId);
  if (!scan) return;
  try {
    const predicted = await predictForScan(context, scan, prediction);
    const processing = await context.db.scans.findProcessingRecord(scan.id);
    const fitted = processing?.fittedBody as FittedBody | undefined;
    if (fitted) {
      const file = pipeline.predictedBody(fitted, predicted.measurements);
      const objectKey = objectKeys.predictionAsset(scan.id, predictionId, file.fileName);
      const { byteSize } = await context.store.put(objectKey, file.bytes, { contentType: file.contentType });
      await context.db.files.recordStoredFile({ ownerId: predictionId, assetKey: 'bodyShapePrediction', objectKey, contentType: file.contentType, byteSize });
    }
    await context.db.predictions.markPredictionReady(predictionId, {
      predictedWeightKg: predicted.predictedWeightKg,
      predictedMeasurements: predicted.measurements,
      predictedBodyfat: predicted.composition,
      extra: { change: predicted.change },
    }, context.clock.now());
    context.logger.info({ predictionId, scanId: scan.id, predictedWeightKg: predicted.predictedWeightKg }, 'prediction ready');
  } catch (error) {
    if (error instanceof AppError && error.code === 'invalid_prediction_target') {
      await context.db.predictions.markPredictionFailed(predictionId, { code: error.code, message: error.message }, context.clock.now());
      return;
    }
    throw error;
  }
}

export async function failPredictionAfterRetries(context: ServiceContext, predictionId: string, attempts: number): Promise<void> {
  await context.db.predictions.markPredictionFailed(predictionId, {
    code: 'internal_error',
    message: `Prediction failed ${attempts} times on an internal error.`,
  }, context.clock.now());
}
