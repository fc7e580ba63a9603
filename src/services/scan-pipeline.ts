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
  /** The fitted body deformed to predicted girths (GLB), for a body shape prediction. */
  predictedBody(fitted: FittedBody, predicted: Measurements): AssetFile;
}
