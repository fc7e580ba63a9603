import type { CaptureGeometry } from '../../domain/capture-geometry.ts';
import { malformed, tooManyTriangles, truncatedAt } from './capture-failures.ts';
import type { CaptureReadLimits } from './capture-limits.ts';
import { assertCountsWithinLimits } from './geometry-checks.ts';
import { PLY_TYPE_SIZE, type PlyElement, type PlyHeader, type PlyScalarType } from './ply-header.ts';
import { readPlyColumn, readPlyScalar } from './ply-binary-values.ts';
import { colorChannelToByte, type PlyLayout } from './ply-layout.ts';

/**
 * Reads the data section of a binary PLY (either byte order) into file-unit, file-axis geometry.
 * Every element's byte extent is checked against the file before anything is allocated for it;
 * polygons are fan-triangulated (v0 v1 v2, v0 v2 v3, ...); faces of fewer than 3 vertices are skipped.
 */

const PLATFORM_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

interface VertexParts {
  positions: Float32Array;
  normals: Float32Array | null;
  colors: Uint8Array | null;
}

function fixedStride(element: PlyElement): number {
  let stride = 0;
  for (const p of element.properties) stride += PLY_TYPE_SIZE[p.type];
  return stride;
}

/** Fewest bytes one row can take: scalars plus list counts with empty lists. */
function minimumRowBytes(element: PlyElement): number {
  let size = 0;
  for (const p of element.properties) size += PLY_TYPE_SIZE[p.countType ?? p.type];
  return size;
}

/**
 * Walks the rows of an element that has list properties. For each row, fills propertyOffsets (byte
 * offset of each scalar or first list item) and listLengths, then calls onRow. Returns the end offset.
 */
function walkRows(
  view: DataView, start: number, element: PlyElement, littleEndian: boolean,
  propertyOffsets: Float64Array, listLengths: Float64Array, onRow: (row: number) => void,
): number {
  const fileEnd = view.byteLength;
  const props = element.properties;
  let p = start;
  for (let row = 0; row < element.count; row++) {
    for (let k = 0; k < props.length; k++) {
      const prop = props[k];
      if (prop.countType === null) {
        propertyOffsets[k] = p;
        p += PLY_TYPE_SIZE[prop.type];
      } else {
        const countSize = PLY_TYPE_SIZE[prop.countType];
        if (p + countSize > fileEnd) throw truncatedAt(fileEnd, `the PLY data ends inside ${element.name} ${row}`);
        const length = readPlyScalar(view, p, prop.countType, littleEndian);
        if (length < 0) throw malformed(`The PLY ${element.name} ${row} has a negative list length (${length}) at byte ${p}.`);
        p += countSize;
        propertyOffsets[k] = p;
        listLengths[k] = length;
        p += length * PLY_TYPE_SIZE[prop.type];
      }
      if (p > fileEnd) throw truncatedAt(fileEnd, `the PLY data ends inside ${element.name} ${row}`);
    }
    onRow(row);
  }
  return p;
}

function readFixedVertices(view: DataView, bytes: Uint8Array, start: number, element: PlyElement, layout: PlyLayout, le: boolean): VertexParts {
  const count = element.count;
  const stride = fixedStride(element);
  const propertyOffset: number[] = [];
  let o = 0;
  for (const p of element.properties) { propertyOffset.push(o); o += PLY_TYPE_SIZE[p.type]; }
  const props = element.properties;
  const [ix, iy, iz] = layout.position;
  let positions: Float32Array;
  const plainXyz = stride === 12 && ix === 0 && iy === 1 && iz === 2 && props[0].type === 'float32'
    && props[1].type === 'float32' && props[2].type === 'float32';
  if (plainXyz && le && PLATFORM_LITTLE_ENDIAN) {
    // Fast path: the data already is xyz float32 little-endian; one aligned copy.
    positions = new Float32Array(bytes.slice(start, start + count * 12).buffer);
  } else {
    positions = new Float32Array(count * 3);
    layout.position.forEach((k, axis) => readPlyColumn(view, start + propertyOffset[k], stride, count, props[k].type, le, positions, axis, 3));
  }
  let normals: Float32Array | null = null;
  if (layout.normal !== null) {
    const out = new Float32Array(count * 3);
    layout.normal.forEach((k, axis) => readPlyColumn(view, start + propertyOffset[k], stride, count, props[k].type, le, out, axis, 3));
    normals = out;
  }
  let colors: Uint8Array | null = null;
  if (layout.color !== null) {
    const channel = new Float32Array(count);
    const out = new Uint8Array(count * 3);
    layout.color.forEach((k, axis) => {
      const type = props[k].type;
      readPlyColumn(view, start + propertyOffset[k], stride, count, type, le, channel, 0, 1);
      if (type === 'uint8') for (let i = 0; i < count; i++) out[i * 3 + axis] = channel[i];
      else for (let i = 0; i < count; i++) out[i * 3 + axis] = colorChannelToByte(channel[i], type);
    });
    colors = out;
  }
  return { positions, normals, colors };
}

function readVariableVertices(view: DataView, start: number, element: PlyElement, layout: PlyLayout, le: boolean): { parts: VertexParts; end: number } {
  const count = element.count;
  const props = element.properties;
  const positions = new Float32Array(count * 3);
  const normals = layout.normal === null ? null : new Float32Array(count * 3);
  const colors = layout.color === null ? null : new Uint8Array(count * 3);
  const offsets = new Float64Array(props.length);
  const lengths = new Float64Array(props.length);
  const end = walkRows(view, start, element, le, offsets, lengths, (row) => {
    for (let axis = 0; axis < 3; axis++) {
      const k = layout.position[axis];
      positions[row * 3 + axis] = readPlyScalar(view, offsets[k], props[k].type, le);
      if (normals !== null && layout.normal !== null) {
        const n = layout.normal[axis];
        normals[row * 3 + axis] = readPlyScalar(view, offsets[n], props[n].type, le);
      }
      if (colors !== null && layout.color !== null) {
        const c = layout.color[axis];
        colors[row * 3 + axis] = colorChannelToByte(readPlyScalar(view, offsets[c], props[c].type, le), props[c].type);
      }
    }
  });
  return { parts: { positions, normals, colors }, end };
}

/** Reads an integer-typed value at a byte offset (closure chosen once per element, so calls stay monomorphic). */
function integerReader(view: DataView, type: PlyScalarType, le: boolean): (at: number) => number {
  switch (type) {
    case 'uint8': return (at) => view.getUint8(at);
    case 'int8': return (at) => view.getInt8(at);
    case 'uint16': return (at) => view.getUint16(at, le);
    case 'int16': return (at) => view.getInt16(at, le);
    case 'uint32': return (at) => view.getUint32(at, le);
    case 'int32': return (at) => view.getInt32(at, le);
    default: return (at) => readPlyScalar(view, at, type, le);
  }
}

function readFaces(view: DataView, start: number, element: PlyElement, listProperty: number, le: boolean, limits: CaptureReadLimits): { indices: Uint32Array; end: number } {
  const prop = element.properties[listProperty];
  const fileEnd = view.byteLength;
  const itemSize = PLY_TYPE_SIZE[prop.type];
  const countSize = PLY_TYPE_SIZE[prop.countType as PlyScalarType];
  const readCount = integerReader(view, prop.countType as PlyScalarType, le);
  const readItem = integerReader(view, prop.type, le);
  const onlyList = element.properties.length === 1;
  const offsets = new Float64Array(element.properties.length);
  const lengths = new Float64Array(element.properties.length);
  // Pass 1: walk (bounds-checked) and count triangles, so the index array is allocated once.
  let triangles = 0;
  let end: number;
  if (onlyList) {
    let p = start;
    for (let face = 0; face < element.count; face++) {
      if (p + countSize > fileEnd) throw truncatedAt(fileEnd, `the PLY data ends inside face ${face}`);
      const n = readCount(p);
      if (n < 0) throw malformed(`The PLY face ${face} has a negative list length (${n}) at byte ${p}.`);
      p += countSize + n * itemSize;
      if (n >= 3) triangles += n - 2;
    }
    if (p > fileEnd) throw truncatedAt(fileEnd, `the PLY data ends inside face ${element.count - 1}`);
    end = p;
  } else {
    end = walkRows(view, start, element, le, offsets, lengths, () => {
      if (lengths[listProperty] >= 3) triangles += lengths[listProperty] - 2;
    });
  }
  if (triangles > limits.maxTriangles) throw tooManyTriangles(triangles, limits.maxTriangles);
  const indices = new Uint32Array(triangles * 3);
  let t = 0;
  const readIndex = (face: number, at: number): number => {
    const value = readItem(at);
    if (!(value >= 0) || !Number.isInteger(value)) {
      throw malformed(`The PLY face ${face} has an invalid vertex index (${value}) at byte ${at}.`);
    }
    return value;
  };
  const emitFace = (face: number, first: number, n: number): void => {
    if (n < 3) return;
    const v0 = readIndex(face, first);
    let previous = readIndex(face, first + itemSize);
    for (let j = 2; j < n; j++) {
      const current = readIndex(face, first + j * itemSize);
      indices[t++] = v0;
      indices[t++] = previous;
      indices[t++] = current;
      previous = current;
    }
  };
  // Pass 2: the walk is known to stay inside the file.
  if (onlyList && countSize === 1 && (prop.type === 'int32' || prop.type === 'uint32')) {
    // Fast path for the common `list uchar int|uint`: whole triangles read inline.
    let p = start;
    for (let face = 0; face < element.count; face++) {
      const n = view.getUint8(p);
      if (n === 3) {
        const a = view.getInt32(p + 1, le), b = view.getInt32(p + 5, le), c = view.getInt32(p + 9, le);
        if ((a | b | c) < 0) { emitFace(face, p + 1, n); } else { indices[t++] = a; indices[t++] = b; indices[t++] = c; }
      } else emitFace(face, p + 1, n);
      p += 1 + n * 4;
    }
  } else if (onlyList) {
    let p = start;
    for (let face = 0; face < element.count; face++) {
      const n = readCount(p);
      emitFace(face, p + countSize, n);
      p += countSize + n * itemSize;
    }
  } else {
    walkRows(view, start, element, le, offsets, lengths, (face) => emitFace(face, offsets[listProperty], lengths[listProperty]));
  }
  return { indices, end };
}

/** Reads all elements of a binary PLY; returns geometry still to be checked (finite, index range). */
export function readPlyBinaryBody(bytes: Uint8Array, header: PlyHeader, layout: PlyLayout, limits: CaptureReadLimits): CaptureGeometry {
  const le = header.encoding === 'binary_little_endian';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fileEnd = bytes.length;
  let offset = header.dataOffset;
  let vertices: VertexParts | null = null;
  let indices: Uint32Array | null = null;
  header.elements.forEach((element, index) => {
    const hasLists = element.properties.some((p) => p.countType !== null);
    const rowBytes = hasLists ? minimumRowBytes(element) : fixedStride(element);
    const needed = element.count * rowBytes;
    if (offset + needed > fileEnd) {
      throw truncatedAt(fileEnd, `the PLY header declares ${element.count} "${element.name}" elements of at least ${rowBytes} bytes each from byte ${offset}, but the file ends there`);
    }
    if (index === layout.vertexElement) {
      assertCountsWithinLimits(element.count, 0, limits, 'PLY');
      if (hasLists) {
        const read = readVariableVertices(view, offset, element, layout, le);
        vertices = read.parts;
        offset = read.end;
      } else {
        vertices = readFixedVertices(view, bytes, offset, element, layout, le);
        offset += needed;
      }
    } else if (index === layout.faceElement && layout.faceIndexProperty >= 0) {
      const read = readFaces(view, offset, element, layout.faceIndexProperty, le, limits);
      indices = read.indices;
      offset = read.end;
    } else if (hasLists) {
      offset = walkRows(view, offset, element, le, new Float64Array(element.properties.length), new Float64Array(element.properties.length), () => {});
    } else {
      offset += needed;
    }
  });
  const parts = vertices as VertexParts | null;
  if (parts === null) throw malformed('The PLY file has no vertex element.');
  return { positions: parts.positions, normals: parts.normals, colors: parts.colors, indices };
}
