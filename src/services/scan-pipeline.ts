import type { BodyMeasurementResult, MeasureContext, ReadCapture } from '../domain/body-scan-result.ts';
import type { Measurements } from '../domain/measurements.ts';
import type { AssetKey } from '../domain/scan.ts';

/** One file the asset stage produced for a scan. */
export interface AssetFile {
  assetKey: AssetKey | 'bodyShapePrediction';
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

/** A body shape prediction's body, with how closely it reached the prediction (for the prediction's record). */
export interface PredictedBodyFile extends AssetFile {
  diagnostics: Record<string, unknown>;
}

/** The fitted body model as the scan keeps it (parameters for predictions, errors for support). */
export interface FittedBody {
  parameters: unknown;
  fitErrorMmBySite: Record<string, number>;
}

/**
 * The processing stages a scan goes through, each a pure function of the previous stage's output
 * (src/processing). Injected so the job can be exercised stage by stage.
 */
export interface ScanPipeline {
  read(bytes: Uint8Array): ReadCapture;
  measure(capture: ReadCapture, context: MeasureContext): BodyMeasurementResult;
  fit(result: BodyMeasurementResult): FittedBody;
  assets(result: BodyMeasurementResult, fitted: FittedBody, capture: ReadCapture, assetConfigId: string): AssetFile[];
  /**
   * The fitted body re-shaped to predicted girths (GLB), for a body shape prediction; null when the
   * scan's fitted body cannot be read (fitted by an earlier body model): the prediction has no body then.
   */
  predictedBody(fitted: FittedBody, predicted: Measurements): PredictedBodyFile | null;
}

/** The stages a capture goes through, as the scan's asset stages report them. */
export type ProcessingStage = 'captureData' | 'body' | 'fittedBody' | 'measurement';

/** What processing one capture needs: its bytes and what measuring is told about the person. */
export interface CaptureInput {
  bytes: Uint8Array;
  context: MeasureContext;
  assetConfigId: string;
  /** False in production: a sandbox descriptor is then refused (capture_format_unknown). */
  allowSandbox: boolean;
}

/**
 * Everything the scan job stores of a processed capture: plain data and byte arrays, so it can come
 * back from a worker thread (the canonical geometry, the bulk of a measurement, stays behind).
 */
export interface ProcessedCapture {
  captureFormat: string;
  pointCount: number;
  measured: Omit<BodyMeasurementResult, 'canonical'>;
  fitted: FittedBody;
  files: AssetFile[];
}

/**
 * Runs the CPU-heavy stages: a capture from bytes to stored results, and a prediction's body. The
 * production implementation runs them on worker threads so the event loop (API requests, other
 * jobs) never waits for them; tests may run a ScanPipeline in process. `onStage` is told when each
 * stage starts. Processing failures come back as ProcessingFailure; anything else (a thread that
 * crashed or ran out of memory included) as an ordinary error, which the job queue retries.
 */
export interface CaptureProcessor {
  processCapture(input: CaptureInput, onStage: (stage: ProcessingStage) => void): Promise<ProcessedCapture>;
  /** The fitted body re-shaped to predicted girths; null when the scan's fitted body cannot be read (ScanPipeline.predictedBody). */
  predictedBody(fitted: FittedBody, predicted: Measurements): Promise<PredictedBodyFile | null>;
  close(): Promise<void>;
}
