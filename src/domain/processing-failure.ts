/**
 * Why processing a capture or prediction failed: a stable machine code and a sentence for a person.
 * Thrown by processing code; the scan job records it on the scan (status FAILED).
 */
export const PROCESSING_FAILURE_CODES = [
  'capture_empty',
  'capture_format_unknown',
  'capture_truncated',
  'capture_malformed',
  'capture_too_large',
  'capture_invalid_numbers',
  'capture_bundle_invalid',
  'capture_feature_unsupported',
  'capture_units_implausible',
  'no_person_found',
  'pose_unsupported',
  'limbs_touching_torso',
  'body_incomplete',
  'recording_invalid',
  'recording_motion_unsupported',
  'recording_person_cut_off',
  'measurement_failed',
  'processing_timeout',
  'internal_error',
] as const;

export type ProcessingFailureCode = (typeof PROCESSING_FAILURE_CODES)[number];

export class ProcessingFailure extends Error {
  readonly code: ProcessingFailureCode;
  constructor(code: ProcessingFailureCode, message: string) {
    super(message);
    this.name = 'ProcessingFailure';
    this.code = code;
  }
}
