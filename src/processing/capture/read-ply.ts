import type { ReadCapture } from '../../domain/body-scan-result.ts';
import type { CaptureReadLimits } from './capture-limits.ts';
import { allFinite, assertFinitePositions, assertIndicesInRange } from './geometry-checks.ts';
import { parsePlyHeader } from './ply-header.ts';
import { planPlyLayout } from './ply-layout.ts';
import { readPlyAsciiBody } from './read-ply-ascii.ts';
import { readPlyBinaryBody } from './read-ply-binary.ts';

const FORMAT_NAMES = {
  ascii: 'ply-ascii',
  binary_little_endian: 'ply-binary-le',
  binary_big_endian: 'ply-binary-be',
} as const;

/**
 * Reads a PLY capture (ASCII or binary, either byte order; point cloud or mesh). Positions and
 * normals stay in file units and axes; colours 0..255; polygons fan-triangulated. PLY carries no
 * unit or axis, so hints are empty. Normals with a non-finite component are dropped (they are optional).
 */
export function readPly(bytes: Uint8Array, limits: CaptureReadLimits): ReadCapture {
  const header = parsePlyHeader(bytes);
  const layout = planPlyLayout(header);
  const geometry = header.encoding === 'ascii'
    ? readPlyAsciiBody(bytes, header, layout, limits)
    : readPlyBinaryBody(bytes, header, layout, limits);
  assertFinitePositions(geometry.positions, 'PLY');
  if (geometry.indices !== null) assertIndicesInRange(geometry.indices, geometry.positions.length / 3, 'PLY');
  if (geometry.indices !== null && geometry.indices.length === 0) geometry.indices = null;
  if (geometry.normals !== null && !allFinite(geometry.normals)) geometry.normals = null;
  return { format: FORMAT_NAMES[header.encoding], geometry, hints: {} };
}
