import type { ReadCapture } from '../../domain/body-scan-result.ts';
import { AsciiNumberScanner } from './ascii-number-scanner.ts';
import { malformed, tooManyTriangles, tooManyVertices } from './capture-failures.ts';
import type { CaptureReadLimits } from './capture-limits.ts';
import { assertCountsWithinLimits, assertFinitePositions, assertIndicesInRange } from './geometry-checks.ts';
import { GrowableFloat32, GrowableUint32 } from './growable-arrays.ts';
import { colorChannelToByte } from './ply-layout.ts';

/**
 * Reads a Wavefront OBJ capture: `v x y z [w]` or `v x y z r g b` (colour 0..1), and `f` lines whose
 * corners are `v`, `v/vt`, `v//vn` or `v/vt/vn` with 1-based or negative (relative) indices.
 * Colours in 0..255 are recognised (any value above 1). Polygons are fan-triangulated. Every other statement (vn, vt, g, o, s, mtllib, usemtl, l, p, ...)
 * is ignored. Positions stay in file units and axes; colours are kept only when every vertex has one.
 */

const LF = 0x0a;

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0d;
}

/** Reads the numbers that follow `v` on the current line into `values`; returns how many there were. */
function readLineNumbers(scanner: AsciiNumberScanner, values: Float64Array, what: string): number {
  let n = 0;
  for (;;) {
    scanner.skipSpacesInLine();
    if (scanner.atEnd() || scanner.bytes[scanner.pos] === LF) return n;
    const value = scanner.readNumberHere(what);
    if (n < values.length) values[n] = value;
    n++;
  }
}

/** Vertex colours are 0..1 by convention; some tools write 0..255, recognised by any value above 1. */
function colorsToBytes(values: Float32Array): Uint8Array {
  let max = 0;
  for (let i = 0; i < values.length; i++) if (values[i] > max) max = values[i];
  const type = max > 1 ? 'uint8' : 'float32';
  return Uint8Array.from(values, (value) => colorChannelToByte(value, type));
}

/** Reads an OBJ file; fails on unreadable numbers, bad or out-of-range face indices, and limits. */
export function readObj(bytes: Uint8Array, limits: CaptureReadLimits): ReadCapture {
  const scanner = new AsciiNumberScanner(bytes, 0, 'OBJ');
  const positions = new GrowableFloat32(Math.min(bytes.length / 4, 1 << 20));
  const colorValues = new GrowableFloat32(1024);
  const indices = new GrowableUint32(Math.min(bytes.length / 2, 1 << 20));
  const values = new Float64Array(7);
  const corners = new GrowableUint32(64);
  let coloredVertices = 0;
  let line = 0;
  while (!scanner.atEnd()) {
    line++;
    scanner.skipSpacesInLine();
    const p = scanner.pos;
    const first = bytes[p];
    const second = p + 1 < bytes.length ? bytes[p + 1] : LF;
    const keywordEnds = second === LF || isSpace(second);
    if (first === 0x76 && keywordEnds) {
      scanner.pos = p + 1;
      const vertex = positions.length / 3;
      const n = readLineNumbers(scanner, values, `vertex ${vertex} (line ${line})`);
      if (n < 3) throw malformed(`The OBJ line ${line} has a vertex with ${n} numbers; x, y and z are needed.`);
      if (vertex + 1 > limits.maxVertices) throw tooManyVertices(vertex + 1, limits.maxVertices);
      positions.push3(values[0], values[1], values[2]);
      if (n >= 6) {
        colorValues.push3(values[3], values[4], values[5]);
        coloredVertices++;
      }
    } else if (first === 0x66 && keywordEnds) {
      scanner.pos = p + 1;
      corners.length = 0;
      const vertexCount = positions.length / 3;
      for (;;) {
        scanner.skipSpacesInLine();
        if (scanner.atEnd() || bytes[scanner.pos] === LF) break;
        const raw = scanner.readNumberHere(`face (line ${line})`);
        if (!Number.isInteger(raw) || raw === 0) {
          throw malformed(`The OBJ line ${line} has a face index ${raw}; indices are whole numbers starting at 1 (or negative, counting back).`);
        }
        const index = raw > 0 ? raw - 1 : vertexCount + raw;
        if (index < 0 || index > 0xfffffffe) {
          throw malformed(`The OBJ line ${line} has a face index ${raw} that is out of range.`);
        }
        corners.push3(index, 0, 0);
        // Skip "/vt/vn" parts of the corner.
        while (!scanner.atEnd() && bytes[scanner.pos] > 0x20) scanner.pos++;
      }
      const cornerCount = corners.length / 3;
      for (let j = 2; j < cornerCount; j++) indices.push3(corners.data[0], corners.data[(j - 1) * 3], corners.data[j * 3]);
      if (indices.length > limits.maxTriangles * 3) throw tooManyTriangles(indices.length / 3, limits.maxTriangles);
    }
    scanner.skipLine();
  }
  const vertexCount = positions.length / 3;
  assertCountsWithinLimits(vertexCount, indices.length / 3, limits, 'OBJ');
  const geometry = {
    positions: positions.toArray(),
    indices: indices.length > 0 ? indices.toArray() : null,
    colors: coloredVertices === vertexCount ? colorsToBytes(colorValues.data.subarray(0, colorValues.length)) : null,
    normals: null,
  };
  assertFinitePositions(geometry.positions, 'OBJ');
  if (geometry.indices !== null) assertIndicesInRange(geometry.indices, vertexCount, 'OBJ');
  return { format: 'obj', geometry, hints: {} };
}
