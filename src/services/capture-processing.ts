import { ProcessingFailure } from '../domain/processing-failure.ts';
import type { CaptureInput, CaptureProcessor, ProcessedCapture, ProcessingStage, ScanPipeline } from './scan-pipeline.ts';

/** Lets the event loop run between stages when processing in process (requests, lease renewals). */
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * One capture through the pipeline's stages: read -> measure -> fit -> assets. The same code runs
 * in process and inside a processing thread. A sandbox descriptor outside the sandbox is refused.
 */
export async function processCaptureWith(
  pipeline: ScanPipeline, input: CaptureInput, onStage: (stage: ProcessingStage) => void,
): Promise<ProcessedCapture> {
  onStage('captureData');
  const capture = pipeline.read(input.bytes);
  if (capture.sandboxDescriptor && !input.allowSandbox) {
    throw new ProcessingFailure('capture_format_unknown', 'A synthetic sandbox descriptor is accepted only in the sandbox environment; upload a real capture.');
  }
  await yieldToEventLoop();
  onStage('body');
  const measured = pipeline.measure(capture, input.context);
  await yieldToEventLoop();
  onStage('fittedBody');
  const fitted = pipeline.fit(measured);
  await yieldToEventLoop();
  onStage('measurement');
  const files = pipeline.assets(measured, fitted, capture, input.assetConfigId);
  const { canonical: _canonical, ...kept } = measured;
  return { captureFormat: capture.format, pointCount: capture.geometry.positions.length / 3, measured: kept, fitted, files };
}

/** The pipeline run on the calling thread (tests, and pipelines that cannot cross to a thread). */
export function inProcessCaptureProcessor(pipeline: ScanPipeline): CaptureProcessor {
  return {
    processCapture: (input, onStage) => processCaptureWith(pipeline, input, onStage),
    predictedBody: async (fitted, predicted) => pipeline.predictedBody(fitted, predicted),
    close: async () => undefined,
  };
}
