import { ProcessingFailure } from '../../domain/processing-failure.ts';

/**
 * Builders for the capture failures that carry numbers in their sentence, so every reader words them
 * the same way. Byte offsets are 0-based offsets into the uploaded file (or bundle entry).
 */

/** The data ran out at `fileEndByte` while `what` still needed bytes. */
export function truncatedAt(fileEndByte: number, what: string): ProcessingFailure {
  return new ProcessingFailure('capture_truncated', `Capture truncated at byte ${fileEndByte}: ${what}.`);
}

export function malformed(sentence: string): ProcessingFailure {
  return new ProcessingFailure('capture_malformed', sentence);
}

/** A vertex count over the configured limit. */
export function tooManyVertices(count: number, limit: number): ProcessingFailure {
  return new ProcessingFailure(
    'capture_too_large',
    `The capture holds ${count} vertices, more than the ${limit} this server accepts.`,
  );
}

/** A triangle count over the configured limit. */
export function tooManyTriangles(count: number, limit: number): ProcessingFailure {
  return new ProcessingFailure(
    'capture_too_large',
    `The capture holds ${count} triangles, more than the ${limit} this server accepts.`,
  );
}

export function noVertices(formatName: string): ProcessingFailure {
  return new ProcessingFailure('capture_empty', `The ${formatName} capture contains no vertices.`);
}

export function unsupported(sentence: string): ProcessingFailure {
  return new ProcessingFailure('capture_feature_unsupported', sentence);
}
