import type { JobHandler, JobKind } from '../services/ports.ts';
import type { ScanPipeline } from '../services/scan-pipeline.ts';
import { failScanAfterRetries, processScan } from '../services/scan-processing.ts';
import type { ServiceContext } from '../services/service-context.ts';
import { failPredictionAfterRetries, processPrediction } from '../services/prediction-processing.ts';

/** Each job kind's handler: the use case to run, and how a scan/prediction learns its attempts ran out. */
export function jobHandlers(context: ServiceContext, pipeline: ScanPipeline): Record<JobKind, JobHandler> {
  return {
    'process-scan': {
      run: (job) => processScan(context, pipeline, job.payload.id),
      exhausted: (job) => failScanAfterRetries(context, job.payload.id, job.attempts),
    },
    'process-prediction': {
      run: (job) => processPrediction(context, pipeline, job.payload.id),
      exhausted: (job) => failPredictionAfterRetries(context, job.payload.id, job.attempts),
    },
  };
}
