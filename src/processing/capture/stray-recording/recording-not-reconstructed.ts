import { ProcessingFailure } from '../../../domain/processing-failure.ts';

/**
 * The failure for a phone recording that reached measuring without being reconstructed into a body
 * surface: reading recordings works, but until reconstruction is wired into a caller, that caller
 * says so plainly instead of measuring an empty surface ("no person found" would be a lie).
 */
export function recordingNotReconstructed(): ProcessingFailure {
  return new ProcessingFailure('capture_feature_unsupported', 'Phone recordings are read but this build cannot yet reconstruct them into a body surface.');
}
