import type { CaptureGeometry } from '../../domain/capture-geometry.ts';

/**
 * Writes geometry as a PLY file (for test fixtures, benchmarks and exported assets). Positions and
 * normals are written as given (units and axes untouched) as float or double; colours as uchar
 * red/green/blue; triangles as `element face` with `property list uchar int vertex_indices`.
 * Follows the PLY 1.0 format (Turk 1994) as read by readCapture.
 */
export interface WritePlyOptions {
  /** Default 'binary_little_endian'. */
  encoding?: 'ascii' | 'binary_little_endian' | 'binary_big_endian';
  /** Type of x/y/z and nx/ny/nz; default 'float'. */
  coordinateType?: 'float' | 'double';
  /** Lines written as `comment ...` in the header. */
  comments?: readonly string[];
}

/** The geometry to write; indices, colors and normals may be left out. */
export type PlyGeometry = Pick<CaptureGeometry, 'positions'> & Partial<Pick<CaptureGeometry, 'indices' | 'colors' | 'normals'>>;

/** Shortest decimal text that reads back as the same float32 value. */
export function formatFloat32(value: number): string {
  const target = Math.fround(value);
  if (!Number.isFinite(target)) return String(target).toLowerCase();
  for (let digits = 6; digits < 9; digits++) {
    const text = target.toPrecision(digits);
    if (Math.fround(Number(text)) === target) return String(Number(text));
  }
  return String(Number(target.toPrecision(9)));
}

function headerText(geometry: PlyGeometry, options: Required<WritePlyOptions>, vertexCount: number, faceCount: number): string {
  const t = options.coordinateType;
  const lines = ['ply', `format ${options.encoding} 1.0`, ...options.comments.map((c) => `comment ${c}`)];
  lines.push(`element vertex ${vertexCount}`, `property ${t} x`, `property ${t} y`, `property ${t} z`);
  if (geometry.normals) lines.push(`property ${t} nx`, `property ${t} ny`, `property ${t} nz`);
  if (geometry.colors) lines.push('property uchar red', 'property uchar green', 'property uchar blue');
  if (geometry.indices) lines.push(`element face ${faceCount}`, 'property list uchar int vertex_indices');
  lines.push('end_header', '');
  return lines.join('\n');
}

function writeAsciiBody(geometry: PlyGeometry, vertexCount: number, faceCount: number, double: boolean): string {
  const { positions, normals, colors, indices } = geometry;
  const format = double ? (v: number) => String(v) : formatFloat32;
  const lines: string[] = [];
  for (let i = 0; i < vertexCount; i++) {
    let line = `${format(positions[i * 3])} ${format(positions[i * 3 + 1])} ${format(positions[i * 3 + 2])}`;
    if (normals) line += ` ${format(normals[i * 3])} ${format(normals[i * 3 + 1])} ${format(normals[i * 3 + 2])}`;
    if (colors) line += ` ${colors[i * 3]} ${colors[i * 3 + 1]} ${colors[i * 3 + 2]}`;
    lines.push(line);
  }
  for (let f = 0; f < faceCount && indices; f++) lines.push(`3 ${indices[f * 3]} ${indices[f * 3 + 1]} ${indices[f * 3 + 2]}`);
  lines.push('');
  return lines.join('\n');
}

function writeBinaryBody(geometry: PlyGeometry, vertexCount: number, faceCount: number, double: boolean, littleEndian: boolean): Uint8Array {
  const { positions, normals, colors, indices } = geometry;
  const coordinateSize = double ? 8 : 4;
  const vertexStride = coordinateSize * (normals ? 6 : 3) + (colors ? 3 : 0);
  const out = new Uint8Array(vertexCount * vertexStride + faceCount * 13);
  const view = new DataView(out.buffer);
  let p = 0;
  const putCoordinate = (value: number): void => {
    if (double) view.setFloat64(p, value, littleEndian);
    else view.setFloat32(p, value, littleEndian);
    p += coordinateSize;
  };
  for (let i = 0; i < vertexCount; i++) {
    for (let a = 0; a < 3; a++) putCoordinate(positions[i * 3 + a]);
    if (normals) for (let a = 0; a < 3; a++) putCoordinate(normals[i * 3 + a]);
    if (colors) for (let a = 0; a < 3; a++) out[p++] = colors[i * 3 + a];
  }
  for (let f = 0; f < faceCount && indices; f++) {
    out[p++] = 3;
    for (let a = 0; a < 3; a++) { view.setInt32(p, indices[f * 3 + a], littleEndian); p += 4; }
  }
  return out;
}

/** Encodes geometry (xyz interleaved, triangles, rgb 0..255) as PLY bytes. */
export function writePly(geometry: PlyGeometry, options: WritePlyOptions = {}): Uint8Array {
  const resolved: Required<WritePlyOptions> = {
    encoding: options.encoding ?? 'binary_little_endian',
    coordinateType: options.coordinateType ?? 'float',
    comments: options.comments ?? [],
  };
  const vertexCount = Math.floor(geometry.positions.length / 3);
  const faceCount = geometry.indices ? Math.floor(geometry.indices.length / 3) : 0;
  const header = new TextEncoder().encode(headerText(geometry, resolved, vertexCount, faceCount));
  const double = resolved.coordinateType === 'double';
  const body = resolved.encoding === 'ascii'
    ? new TextEncoder().encode(writeAsciiBody(geometry, vertexCount, faceCount, double))
    : writeBinaryBody(geometry, vertexCount, faceCount, double, resolved.encoding === 'binary_little_endian');
  const out = new Uint8Array(header.length + body.length);
  out.set(header, 0);
  out.set(body, header.length);
  return out;
}
