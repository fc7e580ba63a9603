import { bundleInvalid } from './zip-archive.ts';
import { tooManyVertices } from './capture-failures.ts';
import type { CaptureReadLimits } from './capture-limits.ts';
import { detectCaptureKind, SNIFF_BYTES } from './detect-capture-format.ts';
import { parsePlyHeader, PLY_TYPE_SIZE, type PlyElement, type PlyScalarType } from './ply-header.ts';
import type { EntryCap, EntryCapRule } from './zip-entry-inflate.ts';

/**
 * How large a bundle's body file may plausibly be, decided from its first inflated bytes (the rules
 * and their reasons are in docs/capture-format.md, "ZIP entries"):
 * - GLB: the length its 12-byte header states (the container is exactly that long);
 * - PLY: the header's element counts times the largest record each can have (binary: the property
 *   sizes; ASCII: ASCII_BYTES_PER_VALUE per value), a face's index list at most its share of
 *   limits.maxTriangles; a vertex count above limits.maxVertices is refused at once;
 * - OBJ: declares no counts up front, so only limits.maxUncompressedBytes bounds it.
 * Anything else (not PLY, OBJ or GLB) is refused after SNIFF_BYTES.
 */
export function bodyFileCapRule(limits: CaptureReadLimits): EntryCapRule {
  return {
    headBytes: SNIFF_BYTES,
    capFor(head, declaredBytes) {
      const kind = detectCaptureKind(head, declaredBytes);
      if (kind === 'glb') return glbCap(head, declaredBytes);
      if (kind === 'ply') return plyCap(head, declaredBytes, limits);
      if (kind === 'obj') return { maxBytes: limits.maxUncompressedBytes, what: 'an OBJ body (which declares no counts)' };
      throw bundleInvalid('The body file inside the ZIP bundle is not PLY, OBJ or GLB.');
    },
  };
}

/**
 * Longest text of one ASCII PLY value with its separator: a float printed with 17 significant
 * digits, sign and exponent takes 24 characters; the rest is room for padding and CR LF.
 */
export const ASCII_BYTES_PER_VALUE = 40;
/** Trailing whitespace or a final comment-like line some writers leave after the last element. */
const PLY_TRAILING_SLACK_BYTES = 64 * 1024;

function glbCap(head: Uint8Array, declaredBytes: number): EntryCap {
  if (head.length < 12) return { maxBytes: declaredBytes, what: 'a GLB' }; // too short: the reader says what is missing
  const statedBytes = new DataView(head.buffer, head.byteOffset, 12).getUint32(8, true);
  return { maxBytes: statedBytes, what: `a GLB whose header states ${statedBytes} bytes` };
}

/** Largest value a PLY list count of this type can hold. */
function maxListCount(type: PlyScalarType): number {
  return 2 ** (8 * PLY_TYPE_SIZE[type] - (type.startsWith('int') ? 1 : 0)) - 1;
}

function plyCap(head: Uint8Array, declaredBytes: number, limits: CaptureReadLimits): EntryCap {
  // The header always fits in the head (parsePlyHeader reads at most SNIFF_BYTES); a truncated or
  // malformed header is refused here with the reader's own failure.
  const header = parsePlyHeader(head.length < declaredBytes ? head : head.subarray(0, declaredBytes));
  const vertices = header.elements.find((e) => e.name === 'vertex');
  if (vertices && vertices.count > limits.maxVertices) throw tooManyVertices(vertices.count, limits.maxVertices);
  const ascii = header.encoding === 'ascii';
  let bytes = header.dataOffset + PLY_TRAILING_SLACK_BYTES;
  for (const element of header.elements) bytes += elementBytes(element, ascii, limits.maxTriangles);
  return { maxBytes: Math.min(bytes, limits.maxUncompressedBytes), what: `a ${ascii ? 'ASCII' : 'binary'} PLY with the counts its header declares` };
}

/** The most bytes an element's records can take (lists: the face index list by the triangle limit, others by their count type). */
function elementBytes(element: PlyElement, ascii: boolean, maxTriangles: number): number {
  let perRecord = 0;
  let listItems = 0;
  for (const property of element.properties) {
    const valueBytes = ascii ? ASCII_BYTES_PER_VALUE : PLY_TYPE_SIZE[property.type];
    if (property.countType === null) { perRecord += valueBytes; continue; }
    perRecord += ascii ? ASCII_BYTES_PER_VALUE : PLY_TYPE_SIZE[property.countType];
    const isFaceIndices = element.name === 'face' && (property.name === 'vertex_indices' || property.name === 'vertex_index');
    // A face of n indices fans into n - 2 triangles, so all faces together hold at most
    // maxTriangles + 2 * count indices (more and the reader refuses the capture).
    const mostItems = element.count * maxListCount(property.countType);
    listItems += valueBytes * (isFaceIndices ? Math.min(mostItems, maxTriangles + 2 * element.count) : mostItems);
  }
  return element.count * perRecord + listItems;
}
