import type { PlyScalarType } from './ply-header.ts';

/**
 * Typed reads of PLY binary values through a DataView (either byte order). `readPlyColumn` reads one
 * property of every row of a fixed-stride element in a tight loop (the type switch sits outside it).
 */

export function readPlyScalar(view: DataView, offset: number, type: PlyScalarType, littleEndian: boolean): number {
  switch (type) {
    case 'int8': return view.getInt8(offset);
    case 'uint8': return view.getUint8(offset);
    case 'int16': return view.getInt16(offset, littleEndian);
    case 'uint16': return view.getUint16(offset, littleEndian);
    case 'int32': return view.getInt32(offset, littleEndian);
    case 'uint32': return view.getUint32(offset, littleEndian);
    case 'float32': return view.getFloat32(offset, littleEndian);
    case 'float64': return view.getFloat64(offset, littleEndian);
  }
}

/**
 * out[outStart + i * outStep] = value of row i, for rows at `firstByte + i * strideBytes`.
 * The caller has checked that every row lies inside the view.
 */
export function readPlyColumn(
  view: DataView, firstByte: number, strideBytes: number, rowCount: number, type: PlyScalarType,
  littleEndian: boolean, out: Float32Array, outStart: number, outStep: number,
): void {
  let p = firstByte;
  let o = outStart;
  const le = littleEndian;
  switch (type) {
    case 'float32': for (let i = 0; i < rowCount; i++, p += strideBytes, o += outStep) out[o] = view.getFloat32(p, le); break;
    case 'float64': for (let i = 0; i < rowCount; i++, p += strideBytes, o += outStep) out[o] = view.getFloat64(p, le); break;
    case 'int8': for (let i = 0; i < rowCount; i++, p += strideBytes, o += outStep) out[o] = view.getInt8(p); break;
    case 'uint8': for (let i = 0; i < rowCount; i++, p += strideBytes, o += outStep) out[o] = view.getUint8(p); break;
    case 'int16': for (let i = 0; i < rowCount; i++, p += strideBytes, o += outStep) out[o] = view.getInt16(p, le); break;
    case 'uint16': for (let i = 0; i < rowCount; i++, p += strideBytes, o += outStep) out[o] = view.getUint16(p, le); break;
    case 'int32': for (let i = 0; i < rowCount; i++, p += strideBytes, o += outStep) out[o] = view.getInt32(p, le); break;
    case 'uint32': for (let i = 0; i < rowCount; i++, p += strideBytes, o += outStep) out[o] = view.getUint32(p, le); break;
  }
}
