import type { JobHandler, JobKind } from '../services/ports.ts';
import type { CaptureProcessor } from '../services/scan-pipeline.ts';
import { failScanAfterRetries, processScan } from '../services/scan-processing.ts';
import type { ServiceContext } from '../services/service-context.ts';
import { failPredictionAfterRetries, processPrediction } from '../services/prediction-processing.ts';

/**
 * The processing job kinds' handlers: the use case to run, and how a scan/prediction learns its
 * attempts ran out. Webhook deliveries have their own (webhook-job-handlers.ts) and their own workers.
 */
export function jobHandlers(context: ServiceContext, processor: CaptureProcessor): Record<Exclude<JobKind, 'deliver-webhook'>, JobHandler> {
  return {
    'process-scan': {
      run: (job) => processScan(context, processor, job.payload.id),
      exhausted: (job) => failScanAfterRetries(context, job.payload.id, job.attempts),
    },
    'process-prediction': {
      run: (job) => processPrediction(context, processor, job.payload.id),
      exhausted: (job) => failPredictionAfterRetries(context, job.payload.id, job.attempts),
    },
  };
}
