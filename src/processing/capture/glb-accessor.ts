import { malformed, truncatedAt, unsupported } from './capture-failures.ts';
import { integerAt, isObject, objectAt, optionalArray, type JsonObject } from './glb-json.ts';
import { readPlyColumn } from './ply-binary-values.ts';
import type { PlyScalarType } from './ply-header.ts';

/**
 * glTF 2.0 accessors over the GLB BIN chunk (specification section 3.6): component types,
 * element types, byteStride, normalized integers. Every accessor's byte range is checked against its
 * bufferView and the BIN chunk before reading. Sparse accessors and external buffers are rejected.
 */
export interface AccessorInfo {
  count: number;
  componentCount: number;
  type: PlyScalarType;
  normalized: boolean;
  /** Byte offset of element 0 within the BIN chunk. */
  firstByte: number;
  strideBytes: number;
}

const COMPONENT_TYPES: Readonly<Record<number, PlyScalarType>> = {
  5120: 'int8', 5121: 'uint8', 5122: 'int16', 5123: 'uint16', 5125: 'uint32', 5126: 'float32',
};
const COMPONENT_SIZES: Readonly<Record<PlyScalarType, number>> = {
  int8: 1, uint8: 1, int16: 2, uint16: 2, int32: 4, uint32: 4, float32: 4, float64: 8,
};
const ELEMENT_COMPONENTS: Readonly<Record<string, number>> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };

/** Validates accessor `index` and locates its data in the BIN chunk. */
export function accessorInfo(gltf: JsonObject, index: number, bin: Uint8Array | null): AccessorInfo {
  const accessors = optionalArray(gltf, 'accessors', 'root');
  const path = `accessors[${index}]`;
  const accessor = objectAt(accessors[index], path);
  if (accessor.sparse !== undefined) throw unsupported(`The GLB uses a sparse accessor (${path}); export without sparse accessors.`);
  const type = COMPONENT_TYPES[accessor.componentType as number];
  if (type === undefined) throw malformed(`The GLB JSON ${path}.componentType is not a glTF component type.`);
  const componentCount = ELEMENT_COMPONENTS[accessor.type as string];
  if (componentCount === undefined) throw malformed(`The GLB JSON ${path}.type is not a glTF element type.`);
  const count = integerAt(accessor, 'count', path, 2 ** 32);
  if (accessor.bufferView === undefined) throw malformed(`The GLB accessor ${index} has no bufferView, so it holds no data.`);
  const viewIndex = integerAt(accessor, 'bufferView', path, 2 ** 32);
  const viewPath = `bufferViews[${viewIndex}]`;
  const bufferView = objectAt(optionalArray(gltf, 'bufferViews', 'root')[viewIndex], viewPath);
  const bufferIndex = integerAt(bufferView, 'buffer', viewPath, 2 ** 32);
  const buffer = optionalArray(gltf, 'buffers', 'root')[bufferIndex];
  if (isObject(buffer) && buffer.uri !== undefined) {
    throw unsupported(`The GLB refers to an external buffer (buffers[${bufferIndex}].uri); embed all data in the GLB binary chunk.`);
  }
  if (bufferIndex !== 0 || !isObject(buffer)) throw malformed(`The GLB JSON ${viewPath}.buffer must be 0, the GLB binary chunk.`);
  if (bin === null) throw malformed('The GLB has accessors but no binary chunk.');
  const viewOffset = integerAt(bufferView, 'byteOffset', viewPath, 2 ** 53, 0);
  const viewLength = integerAt(bufferView, 'byteLength', viewPath, 2 ** 53);
  if (viewOffset + viewLength > bin.length) {
    throw truncatedAt(bin.length, `${viewPath} spans bytes ${viewOffset} to ${viewOffset + viewLength} of a binary chunk of ${bin.length} bytes (offsets within the chunk)`);
  }
  const elementBytes = componentCount * COMPONENT_SIZES[type];
  const strideBytes = integerAt(bufferView, 'byteStride', viewPath, 252, elementBytes);
  if (strideBytes < elementBytes) throw malformed(`The GLB JSON ${viewPath}.byteStride (${strideBytes}) is smaller than one element of ${path} (${elementBytes} bytes).`);
  const accessorOffset = integerAt(accessor, 'byteOffset', path, 2 ** 53, 0);
  const needed = count === 0 ? 0 : accessorOffset + (count - 1) * strideBytes + elementBytes;
  if (needed > viewLength) {
    throw malformed(`The GLB ${path} needs ${needed} bytes but its bufferView holds ${viewLength}.`);
  }
  return {
    count, componentCount, type, normalized: accessor.normalized === true,
    firstByte: viewOffset + accessorOffset, strideBytes,
  };
}

function normalizationScale(type: PlyScalarType): number {
  switch (type) {
    case 'int8': return 1 / 127;
    case 'uint8': return 1 / 255;
    case 'int16': return 1 / 32767;
    case 'uint16': return 1 / 65535;
    default: return 1;
  }
}

/** All components of an accessor as floats (normalized integers mapped to 0..1 or -1..1). */
export function readAccessorFloats(info: AccessorInfo, bin: Uint8Array): Float32Array {
  const view = new DataView(bin.buffer, bin.byteOffset, bin.byteLength);
  const size = COMPONENT_SIZES[info.type];
  const out = new Float32Array(info.count * info.componentCount);
  for (let c = 0; c < info.componentCount; c++) {
    readPlyColumn(view, info.firstByte + c * size, info.strideBytes, info.count, info.type, true, out, c, info.componentCount);
  }
  if (info.normalized) {
    const scale = normalizationScale(info.type);
    for (let i = 0; i < out.length; i++) out[i] = Math.max(out[i] * scale, -1);
  }
  return out;
}

/** An index accessor (unsigned byte, short or int scalars) as vertex indices. */
export function readAccessorIndices(info: AccessorInfo, bin: Uint8Array, path: string): Uint32Array {
  if (info.componentCount !== 1 || (info.type !== 'uint8' && info.type !== 'uint16' && info.type !== 'uint32')) {
    throw malformed(`The GLB ${path} indices must be unsigned byte, short or int scalars.`);
  }
  const view = new DataView(bin.buffer, bin.byteOffset, bin.byteLength);
  const out = new Uint32Array(info.count);
  const stride = info.strideBytes;
  let p = info.firstByte;
  if (info.type === 'uint8') for (let i = 0; i < info.count; i++, p += stride) out[i] = view.getUint8(p);
  else if (info.type === 'uint16') for (let i = 0; i < info.count; i++, p += stride) out[i] = view.getUint16(p, true);
  else for (let i = 0; i < info.count; i++, p += stride) out[i] = view.getUint32(p, true);
  return out;
}
