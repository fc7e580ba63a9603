import { malformed, truncatedAt } from './capture-failures.ts';

/**
 * The PLY header (Greg Turk's format as written by common scanners and tools): format line,
 * elements with their counts, scalar and list properties. Only the header is parsed here.
 */

export type PlyScalarType = 'int8' | 'uint8' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'float32' | 'float64';
export type PlyEncoding = 'ascii' | 'binary_little_endian' | 'binary_big_endian';

export interface PlyProperty {
  name: string;
  /** Value type for a scalar; item type for a list. */
  type: PlyScalarType;
  /** Count type when this is a list property, else null. */
  countType: PlyScalarType | null;
}

export interface PlyElement {
  name: string;
  count: number;
  properties: PlyProperty[];
}

export interface PlyHeader {
  encoding: PlyEncoding;
  elements: PlyElement[];
  /** Byte offset of the first data byte, just after the `end_header` line. */
  dataOffset: number;
}

export const PLY_TYPE_SIZE: Readonly<Record<PlyScalarType, number>> = {
  int8: 1, uint8: 1, int16: 2, uint16: 2, int32: 4, uint32: 4, float32: 4, float64: 8,
};

const TYPE_ALIASES: Readonly<Record<string, PlyScalarType>> = {
  char: 'int8', int8: 'int8', uchar: 'uint8', uint8: 'uint8',
  short: 'int16', int16: 'int16', ushort: 'uint16', uint16: 'uint16',
  int: 'int32', int32: 'int32', uint: 'uint32', uint32: 'uint32',
  float: 'float32', float32: 'float32', double: 'float64', float64: 'float64',
};

/** Longest header accepted; real headers are well under 4 KiB. */
const MAX_HEADER_BYTES = 64 * 1024;

function scalarType(word: string | undefined, lineNumber: number): PlyScalarType {
  const type = word === undefined ? undefined : TYPE_ALIASES[word];
  if (type === undefined) {
    throw malformed(`The PLY header line ${lineNumber} names an unknown property type "${word ?? ''}".`);
  }
  return type;
}

/** True when the bytes start with the PLY magic line ("ply" then LF or CR LF). */
export function looksLikePly(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x70 && bytes[1] === 0x6c && bytes[2] === 0x79
    && (bytes[3] === 0x0a || (bytes[3] === 0x0d && bytes[4] === 0x0a));
}

/** Parses the header of a file that starts with the PLY magic. */
export function parsePlyHeader(bytes: Uint8Array): PlyHeader {
  const searchEnd = Math.min(bytes.length, MAX_HEADER_BYTES);
  const lines: string[] = [];
  let lineStart = 0;
  let dataOffset = -1;
  for (let i = 0; i < searchEnd; i++) {
    if (bytes[i] !== 0x0a) continue;
    let lineEnd = i;
    if (lineEnd > lineStart && bytes[lineEnd - 1] === 0x0d) lineEnd--;
    const line = String.fromCharCode(...bytes.subarray(lineStart, Math.min(lineEnd, lineStart + 1024))).trim();
    lineStart = i + 1;
    if (line === 'end_header') { dataOffset = i + 1; break; }
    lines.push(line);
  }
  if (dataOffset < 0) {
    if (bytes.length < MAX_HEADER_BYTES) throw truncatedAt(bytes.length, 'the PLY header has no end_header line');
    throw malformed(`The PLY header has no end_header line in its first ${MAX_HEADER_BYTES} bytes.`);
  }

  let encoding: PlyEncoding | null = null;
  const elements: PlyElement[] = [];
  for (let index = 1; index < lines.length; index++) {
    const lineNumber = index + 1;
    const words = lines[index].split(/\s+/);
    const keyword = words[0];
    if (keyword === '' || keyword === 'comment' || keyword === 'obj_info') continue;
    if (keyword === 'format') {
      if (words[1] !== 'ascii' && words[1] !== 'binary_little_endian' && words[1] !== 'binary_big_endian') {
        throw malformed(`The PLY header line ${lineNumber} names an unknown format "${words[1] ?? ''}".`);
      }
      if (words[2] !== '1.0' && words[2] !== '1') {
        throw malformed(`The PLY header declares version "${words[2] ?? ''}"; only version 1.0 exists.`);
      }
      encoding = words[1];
    } else if (keyword === 'element') {
      const count = words[2] === undefined || !/^\d{1,16}$/.test(words[2]) ? NaN : Number(words[2]);
      if (words[1] === undefined || !Number.isSafeInteger(count)) {
        throw malformed(`The PLY header line ${lineNumber} must read "element <name> <count>" with a whole count.`);
      }
      elements.push({ name: words[1], count, properties: [] });
    } else if (keyword === 'property') {
      const element = elements.at(-1);
      if (element === undefined) throw malformed(`The PLY header line ${lineNumber} has a property before any element.`);
      if (words[1] === 'list') {
        const countType = scalarType(words[2], lineNumber);
        if (countType === 'float32' || countType === 'float64') {
          throw malformed(`The PLY header line ${lineNumber} uses a floating-point list count type.`);
        }
        element.properties.push({ name: words[4] ?? '', type: scalarType(words[3], lineNumber), countType });
      } else {
        element.properties.push({ name: words[2] ?? '', type: scalarType(words[1], lineNumber), countType: null });
      }
    } else {
      throw malformed(`The PLY header line ${lineNumber} starts with an unknown keyword "${keyword.slice(0, 40)}".`);
    }
  }
  if (encoding === null) throw malformed('The PLY header has no format line.');
  return { encoding, elements, dataOffset };
}
