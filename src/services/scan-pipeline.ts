import type { BodyMeasurementResult, MeasureContext, ReadCapture } from '../domain/body-scan-result.ts';
import type { CircumferenceField, Measurements } from '../domain/measurements.ts';
import type { AssetKey } from '../domain/scan.ts';
import type { FittedBodyRecord } from '../domain/fitted-body-record.ts';

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

/** The fitted body model as the scan keeps it (the record for predictions, errors for support). */
export interface FittedBody {
  record: FittedBodyRecord;
  fitErrorMmBySite: Partial<Record<CircumferenceField, number>>;
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
   * The fitted body re-shaped to predicted girths (GLB), for a body shape prediction. A record made
   * with another body model is refused with ProcessingFailure internal_error (its coefficients mean
   * nothing on this model), never re-fitted or read as if it fitted.
   */
  predictedBody(fitted: FittedBodyRecord, predicted: Measurements): PredictedBodyFile;
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
  /** The fitted body re-shaped to predicted girths (ScanPipeline.predictedBody). */
  predictedBody(fitted: FittedBodyRecord, predicted: Measurements): Promise<PredictedBodyFile>;
  close(): Promise<void>;
}
