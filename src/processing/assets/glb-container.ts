/**
 * Binary glTF 2.0 (GLB) container: collects buffer views into one binary chunk, keeps the JSON
 * document, and writes the 12-byte header, the JSON chunk and the BIN chunk, each 4-byte aligned.
 * Units and frame are the caller's; glTF itself means metres, Y up, front +Z.
 */

/** glTF component types and buffer view targets used here. */
export const GL_UNSIGNED_BYTE = 5121;
export const GL_UNSIGNED_SHORT = 5123;
export const GL_UNSIGNED_INT = 5125;
export const GL_FLOAT = 5126;
export const GL_ARRAY_BUFFER = 34962;
export const GL_ELEMENT_ARRAY_BUFFER = 34963;

/** The parts of the glTF JSON document this project writes. */
export interface GltfDocument {
  asset: { version: '2.0'; generator: string };
  scene: number;
  scenes: { name?: string; nodes: number[] }[];
  nodes: Record<string, unknown>[];
  meshes: Record<string, unknown>[];
  materials?: Record<string, unknown>[];
  textures?: Record<string, unknown>[];
  images?: Record<string, unknown>[];
  samplers?: Record<string, unknown>[];
  skins?: Record<string, unknown>[];
  accessors: Record<string, unknown>[];
  bufferViews: Record<string, unknown>[];
  buffers: { byteLength: number }[];
  extras?: Record<string, unknown>;
}

export interface GlbBuilder {
  document: GltfDocument;
  chunks: Uint8Array[];
  binaryLength: number;
}

/** A new, empty glTF document with one scene. */
export function createGlbBuilder(generator: string): GlbBuilder {
  return {
    document: {
      asset: { version: '2.0', generator },
      scene: 0,
      scenes: [{ nodes: [] }],
      nodes: [],
      meshes: [],
      accessors: [],
      bufferViews: [],
      buffers: [],
    },
    chunks: [],
    binaryLength: 0,
  };
}

/** Appends bytes as a buffer view (start aligned to 4 bytes); returns the buffer view index. */
export function addBufferView(builder: GlbBuilder, bytes: Uint8Array, target?: number, byteStride?: number): number {
  const padding = (4 - (builder.binaryLength % 4)) % 4;
  if (padding > 0) {
    builder.chunks.push(new Uint8Array(padding));
    builder.binaryLength += padding;
  }
  const view: Record<string, unknown> = { buffer: 0, byteOffset: builder.binaryLength, byteLength: bytes.byteLength };
  if (target !== undefined) view.target = target;
  if (byteStride !== undefined) view.byteStride = byteStride;
  builder.chunks.push(bytes);
  builder.binaryLength += bytes.byteLength;
  builder.document.bufferViews.push(view);
  return builder.document.bufferViews.length - 1;
}

/** Adds an accessor over a whole buffer view; returns the accessor index. */
export function addAccessor(builder: GlbBuilder, accessor: Record<string, unknown>): number {
  builder.document.accessors.push(accessor);
  return builder.document.accessors.length - 1;
}

/** Adds a tightly packed float VEC3 vertex attribute; min/max are written (POSITION needs them). */
export function addVec3Attribute(builder: GlbBuilder, values: Float32Array, withBounds: boolean): number {
  const view = addBufferView(builder, bytesOf(values), GL_ARRAY_BUFFER);
  const accessor: Record<string, unknown> = { bufferView: view, componentType: GL_FLOAT, count: values.length / 3, type: 'VEC3' };
  if (withBounds) {
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < values.length; i += 3) {
      for (let k = 0; k < 3; k++) {
        const v = values[i + k];
        if (v < min[k]) min[k] = v;
        if (v > max[k]) max[k] = v;
      }
    }
    accessor.min = min;
    accessor.max = max;
  }
  return addAccessor(builder, accessor);
}

/** Adds triangle or line indices, as UNSIGNED_SHORT when every index fits, else UNSIGNED_INT. */
export function addIndices(builder: GlbBuilder, indices: Uint32Array, vertexCount: number): number {
  const small = vertexCount <= 65535;
  const data = small ? Uint16Array.from(indices) : indices;
  const view = addBufferView(builder, bytesOf(data), GL_ELEMENT_ARRAY_BUFFER);
  return addAccessor(builder, {
    bufferView: view,
    componentType: small ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT,
    count: indices.length,
    type: 'SCALAR',
  });
}

/** The bytes of a typed array (a view, no copy). */
export function bytesOf(array: Float32Array | Uint16Array | Uint32Array | Uint8Array): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

/** Serialises the document and binary chunk into one GLB file. */
export function finishGlb(builder: GlbBuilder): Uint8Array {
  const binaryLength = align4(builder.binaryLength);
  if (binaryLength > 0) builder.document.buffers = [{ byteLength: builder.binaryLength }];
  // glTF forbids empty top-level arrays: leave out the ones nothing was added to.
  const document: Record<string, unknown> = { ...builder.document };
  for (const key of Object.keys(document)) {
    const value = document[key];
    if (Array.isArray(value) && value.length === 0) delete document[key];
  }
  const json = new TextEncoder().encode(JSON.stringify(document));
  const jsonLength = align4(json.byteLength);
  const total = 12 + 8 + jsonLength + (binaryLength > 0 ? 8 + binaryLength : 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true); // 'glTF'
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, 0x4e4f534a, true); // 'JSON'
  out.set(json, 20);
  out.fill(0x20, 20 + json.byteLength, 20 + jsonLength); // JSON pads with spaces
  if (binaryLength > 0) {
    let offset = 20 + jsonLength;
    view.setUint32(offset, binaryLength, true);
    view.setUint32(offset + 4, 0x004e4942, true); // 'BIN\0'
    offset += 8;
    for (const chunk of builder.chunks) {
      out.set(chunk, offset);
      offset += chunk.byteLength;
    }
  }
  return out;
}

function align4(length: number): number {
  return (length + 3) & ~3;
}
