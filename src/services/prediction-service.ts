import { AppError } from '../domain/error-catalog.ts';
import type { BodyShapePrediction, PredictionType } from '../domain/scan.ts';
import { uuidV7 } from '../domain/uuid-v7.ts';
import { PredictionInputError } from '../processing/prediction/prediction-error.ts';
import { predictBody, type PredictedBody } from '../processing/prediction/predict-body.ts';
import type { Scan } from '../domain/scan.ts';
import type { Tenant } from './ports.ts';
import { personAtScan } from './scan-results-service.ts';
import { requireReadyScan, requireScan } from './scan-service.ts';
import { objectKeys, type ServiceContext } from './service-context.ts';

export interface CreatePredictionInput {
  scanId: string;
  predictionType: PredictionType;
  targetWeight?: number;
  targetBodyfat?: number;
}

export async function requirePrediction(context: ServiceContext, tenant: Tenant, predictionId: string): Promise<BodyShapePrediction> {
  const prediction = await context.db.predictions.findPrediction(tenant, predictionId);
  if (!prediction) throw new AppError('prediction_not_found', `No body shape prediction with id "${predictionId}".`);
  return prediction;
}

/** Runs the prediction model for a READY scan; a bad target becomes a 400 that says what is wrong. */
export async function predictForScan(context: ServiceContext, scan: Scan, input: { predictionType: PredictionType; targetWeight: number | null; targetBodyfat: number | null }): Promise<PredictedBody> {
  const owned = await context.db.scans.findOwnedScan(scan.id);
  if (!owned || !scan.measurements || !scan.bodyfat) throw new AppError('scan_not_found', `No scan with id "${scan.id}".`);
  try {
    return predictBody({
      person: personAtScan(owned.user, scan),
      measurements: scan.measurements,
      bodyfat: scan.bodyfat,
      predictionType: input.predictionType,
      ...(input.targetWeight === null ? {} : { targetWeightKg: input.targetWeight }),
      ...(input.targetBodyfat === null ? {} : { targetBodyfatPercent: input.targetBodyfat }),
    });
  } catch (error) {
    if (error instanceof PredictionInputError) {
      throw new AppError('invalid_prediction_target', error.message, [{ path: input.targetWeight === null ? '/body/targetBodyfat' : '/body/targetWeight', message: error.message }]);
    }
    throw error;
  }
}

/**
 * POST /body-shape-prediction: exactly one target (interface rule 1), a READY scan, a target the
 * model accepts (checked now, so the caller gets a 400 rather than a FAILED prediction later).
 * The prediction and its job commit together.
 */
export async function createPrediction(context: ServiceContext, tenant: Tenant, input: CreatePredictionInput): Promise<BodyShapePrediction> {
  const hasWeight = input.targetWeight !== undefined;
  const hasBodyfat = input.targetBodyfat !== undefined;
  if (hasWeight === hasBodyfat) {
    const message = hasWeight ? 'Give either targetWeight or targetBodyfat, not both.' : 'Give exactly one of targetWeight (kg) or targetBodyfat (percent).';
    throw new AppError('invalid_prediction_target', message, [{ path: '/body', message }]);
  }
  const scan = await requireReadyScan(context, tenant, input.scanId);
  const targets = { predictionType: input.predictionType, targetWeight: input.targetWeight ?? null, targetBodyfat: input.targetBodyfat ?? null };
  await predictForScan(context, scan, targets);
  const now = context.clock.now();
  const prediction = await context.db.transaction(async (tx) => {
    const created = await tx.predictions.insertPrediction(tenant, { id: uuidV7(now.getTime()), scanId: scan.id, ...targets }, now);
    await tx.jobs.enqueueJob({ kind: 'process-prediction', payload: { id: created.id }, maxAttempts: context.settings.jobMaxAttempts });
    return created;
  });
  context.notifier.jobEnqueued();
  return prediction;
}

export async function listPredictions(context: ServiceContext, tenant: Tenant, scanId: string, order: 'asc' | 'desc' = 'desc'): Promise<BodyShapePrediction[]> {
  const scan = await requireScan(context, tenant, scanId);
  return context.db.predictions.listPredictionsOfScan(tenant, scan.id, order);
}

export async function deletePrediction(context: ServiceContext, tenant: Tenant, predictionId: string): Promise<BodyShapePrediction> {
  const prediction = await requirePrediction(context, tenant, predictionId);
  await context.db.predictions.deletePrediction(prediction.id);
  await context.store.deletePrefix(objectKeys.predictionFolder(prediction.scanId, prediction.id));
  return prediction;
}

export async function getPredictionAssetUrls(context: ServiceContext, tenant: Tenant, predictionId: string): Promise<{ bodyShapePrediction: string | null }> {
  const prediction = await requirePrediction(context, tenant, predictionId);
  if (prediction.status !== 'READY') {
    throw new AppError('prediction_not_ready', `The prediction is ${prediction.status}; its files exist only once it is READY.`);
  }
  const file = (await context.db.files.listStoredFiles(prediction.id)).find((candidate) => candidate.assetKey === 'bodyShapePrediction');
  const expiresAt = new Date(context.clock.now().getTime() + context.settings.downloadUrlTtlS * 1000);
  return { bodyShapePrediction: file ? await context.store.presignDownload(file.objectKey, expiresAt) : null };
}
