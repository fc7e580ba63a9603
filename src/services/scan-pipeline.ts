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
