/**
 * How much a capture reader is willing to build from one upload. Every limit is checked before the
 * memory it guards is allocated; a capture over a limit fails with `capture_too_large`.
 */
export interface CaptureReadLimits {
  /** Most vertices (points) a capture may hold. */
  maxVertices: number;
  /** Most triangles a capture may hold (after fan-triangulating polygons). */
  maxTriangles: number;
  /** Most bytes a ZIP bundle may inflate to, all entries together (declared and actual). */
  maxUncompressedBytes: number;
  /** Highest uncompressed:compressed ratio allowed for a ZIP entry larger than 1 MiB. */
  maxCompressionRatio: number;
  /**
   * Most depth frames kept from a phone recording; longer recordings are thinned to this many,
   * evenly spaced (about 150 kB of memory per 256 x 192 frame with its confidence map).
   */
  maxRecordingFrames: number;
}

export const DEFAULT_CAPTURE_READ_LIMITS: Readonly<CaptureReadLimits> = Object.freeze({
  maxVertices: 20_000_000,
  maxTriangles: 40_000_000,
  maxUncompressedBytes: 1024 * 1024 * 1024,
  maxCompressionRatio: 200,
  maxRecordingFrames: 900,
});

/** Entries smaller than this (uncompressed bytes) are exempt from the ratio check. */
export const RATIO_CHECK_MIN_BYTES = 1024 * 1024;

/** Fills the limits a caller left out with the defaults. */
export function resolveCaptureLimits(partial?: Partial<CaptureReadLimits>): CaptureReadLimits {
  return { ...DEFAULT_CAPTURE_READ_LIMITS, ...partial };
}
