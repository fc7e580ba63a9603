import { ProcessingFailure } from '../../domain/processing-failure.ts';
import { malformed, noVertices, tooManyTriangles, tooManyVertices } from './capture-failures.ts';
import type { CaptureReadLimits } from './capture-limits.ts';

/**
 * Final checks every reader applies to what it built (file units and axes, xyz interleaved):
 * finite coordinates, triangle indices inside the vertex range, counts within the limits.
 */

/**
 * Throws `capture_invalid_numbers` naming the first vertex whose x, y or z is NaN or infinite;
 * `firstVertex` is the number of the vertex at positions[0] (for parts of a larger list).
 */
export function assertFinitePositions(positions: Float32Array, formatName: string, firstVertex = 0): void {
  if (allFinite(positions)) return;
  for (let i = 0; i < positions.length; i++) {
    const value = positions[i];
    // value - value is 0 for finite numbers and NaN for NaN and +/-Infinity.
    if (value - value !== 0) {
      const vertex = firstVertex + Math.floor(i / 3);
      const axis = 'xyz'[i % 3];
      throw new ProcessingFailure(
        'capture_invalid_numbers',
        `The ${formatName} capture has a coordinate that is not a finite number (${value}) at vertex ${vertex}, ${axis}.`,
      );
    }
  }
}

/** True when every normal component is finite; readers drop normals otherwise (they are optional). */
export function allFinite(values: Float32Array): boolean {
  // x * 0 is 0 for finite x and NaN for NaN and +/-Infinity; a NaN anywhere makes the sum NaN.
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i] * 0;
  return sum === 0;
}

/** Throws `capture_malformed` naming the first triangle index not below the vertex count. */
export function assertIndicesInRange(indices: Uint32Array, vertexCount: number, formatName: string): void {
  let max = 0;
  for (let i = 0; i < indices.length; i++) if (indices[i] > max) max = indices[i];
  if (indices.length === 0 || max < vertexCount) return;
  for (let i = 0; i < indices.length; i++) {
    if (indices[i] >= vertexCount) {
      throw malformed(
        `The ${formatName} capture has face ${Math.floor(i / 3)} referring to vertex ${indices[i]}, but only ${vertexCount} vertices exist.`,
      );
    }
  }
}

/** Count checks done before allocating: no vertices is `capture_empty`, too many is `capture_too_large`. */
export function assertCountsWithinLimits(
  vertexCount: number,
  triangleCount: number,
  limits: CaptureReadLimits,
  formatName: string,
): void {
  if (vertexCount > limits.maxVertices) throw tooManyVertices(vertexCount, limits.maxVertices);
  if (triangleCount > limits.maxTriangles) throw tooManyTriangles(triangleCount, limits.maxTriangles);
  if (vertexCount === 0) throw noVertices(formatName);
}
