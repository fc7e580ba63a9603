import { ProcessingFailure } from '../domain/processing-failure.ts';
import { readCapture } from '../processing/capture/read-capture.ts';
import { toCanonical } from '../processing/measure/canonical-frame.ts';
import { simulateRecording, type SimulateRecordingOptions } from '../processing/recording-simulator/simulate-recording.ts';
import { writeStrayRecording, type OdometryVariant } from '../processing/recording-simulator/write-stray-recording.ts';

/**
 * `bodyscan simulate-recording MESH --mode walk|turn --out FILE.zip`: renders a Stray Scanner
 * recording of any body mesh the service reads (PLY, OBJ, GLB or a bundle with triangles). The
 * mesh is put in the canonical frame first (metres, y up, facing +z, feet on the floor, body axis
 * at the origin) by the same code that measures uploads, so files in cm or z-up work too.
 */
export interface SimulateRecordingFileOptions extends Omit<SimulateRecordingOptions, 'seed'> {
  seed?: number;
  odometry?: OdometryVariant;
  depthFormat?: 'png' | 'npy';
}

export interface SimulatedRecordingFile {
  zip: Uint8Array;
  frames: number;
  statureM: number;
}

export function simulateRecordingFile(meshBytes: Uint8Array, options: SimulateRecordingFileOptions): SimulatedRecordingFile {
  const capture = readCapture(meshBytes);
  if (capture.sandboxDescriptor || capture.recording) {
    throw new ProcessingFailure('capture_feature_unsupported', 'The simulator renders a body mesh; this file is a sandbox descriptor or already a recording.');
  }
  const geometry = capture.geometry;
  if (geometry.indices === null || geometry.indices.length < 3) {
    throw new ProcessingFailure('capture_feature_unsupported', 'The simulator renders triangles; this capture is a point cloud without faces.');
  }
  const canonical = toCanonical(geometry.positions, geometry.positions.length / 3, geometry, capture.hints);
  if (canonical.mesh === null) throw new ProcessingFailure('capture_feature_unsupported', 'The capture lost its triangles when put upright.');
  const simulated = simulateRecording(
    { positionsM: canonical.mesh.positions, indices: canonical.mesh.indices },
    { ...options, seed: options.seed ?? 1 },
  );
  const zip = writeStrayRecording(simulated.recording, { odometry: options.odometry, depthFormat: options.depthFormat });
  return { zip, frames: simulated.recording.frames.length, statureM: simulated.truth.statureM };
}
