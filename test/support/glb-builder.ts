// Builds GLB (glTF 2.0 binary) files by hand for the capture reader tests: a JSON chunk and a BIN chunk.

/** Packs a glTF JSON object and binary data into GLB bytes (chunks padded to 4 bytes). */
export function assembleGlb(json: unknown, bin: Uint8Array | null): Uint8Array {
  const jsonBytes = new TextEncoder().encode(JSON.stringify(json));
  const jsonPadded = Math.ceil(jsonBytes.length / 4) * 4;
  const binPadded = bin === null ? 0 : Math.ceil(bin.length / 4) * 4;
  const total = 12 + 8 + jsonPadded + (bin === null ? 0 : 8 + binPadded);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonPadded, true);
  view.setUint32(16, 0x4e4f534a, true);
  out.fill(0x20, 20, 20 + jsonPadded);
  out.set(jsonBytes, 20);
  if (bin !== null) {
    const at = 20 + jsonPadded;
    view.setUint32(at, binPadded, true);
    view.setUint32(at + 4, 0x004e4942, true);
    out.set(bin, at + 8);
  }
  return out;
}

export interface PrimitiveSpec {
  positions: Float32Array;
  indices?: Uint8Array | Uint16Array | Uint32Array;
  normals?: Float32Array;
  /** RGB or RGBA floats (linear), or normalized unsigned bytes. */
  colors?: { values: Float32Array | Uint8Array; components: 3 | 4 };
  mode?: number;
  /** Put POSITION and NORMAL in one bufferView with byteStride 24 (needs normals). */
  interleave?: boolean;
}

export interface GlbSpec {
  meshes: PrimitiveSpec[][];
  nodes?: Record<string, unknown>[];
  scenes?: { nodes: number[] }[];
  scene?: number;
}

/** accessor.min / accessor.max of xyz positions, as the glTF specification requires for POSITION. */
function bounds(positions: Float32Array): { min: number[]; max: number[] } {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i++) {
    min[i % 3] = Math.min(min[i % 3], positions[i]);
    max[i % 3] = Math.max(max[i % 3], positions[i]);
  }
  return { min, max };
}

/** Builds a GLB from meshes of primitives plus an optional node hierarchy and scenes. */
export function buildGlb(spec: GlbSpec): Uint8Array {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const bufferViews: Record<string, unknown>[] = [];
  const accessors: Record<string, unknown>[] = [];
  const addView = (bytes: Uint8Array, byteStride?: number): number => {
    const padding = (4 - (length % 4)) % 4;
    if (padding > 0) { chunks.push(new Uint8Array(padding)); length += padding; }
    bufferViews.push({ buffer: 0, byteOffset: length, byteLength: bytes.length, ...(byteStride && { byteStride }) });
    chunks.push(bytes);
    length += bytes.length;
    return bufferViews.length - 1;
  };
  const addAccessor = (view: number, componentType: number, count: number, type: string, extra: Record<string, unknown> = {}): number => {
    accessors.push({ bufferView: view, componentType, count, type, ...extra });
    return accessors.length - 1;
  };
  const asBytes = (a: ArrayBufferView): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const meshes = spec.meshes.map((primitives) => ({
    primitives: primitives.map((p) => {
      const count = p.positions.length / 3;
      const attributes: Record<string, number> = {};
      if (p.interleave && p.normals) {
        const interleaved = new Float32Array(count * 6);
        for (let i = 0; i < count; i++) {
          interleaved.set(p.positions.subarray(i * 3, i * 3 + 3), i * 6);
          interleaved.set(p.normals.subarray(i * 3, i * 3 + 3), i * 6 + 3);
        }
        const view = addView(asBytes(interleaved), 24);
        attributes.POSITION = addAccessor(view, 5126, count, 'VEC3', bounds(p.positions));
        attributes.NORMAL = addAccessor(view, 5126, count, 'VEC3', { byteOffset: 12 });
      } else {
        attributes.POSITION = addAccessor(addView(asBytes(p.positions)), 5126, count, 'VEC3', bounds(p.positions));
        if (p.normals) attributes.NORMAL = addAccessor(addView(asBytes(p.normals)), 5126, count, 'VEC3');
      }
      if (p.colors) {
        const isFloat = p.colors.values instanceof Float32Array;
        attributes.COLOR_0 = addAccessor(addView(asBytes(p.colors.values)), isFloat ? 5126 : 5121, count,
          p.colors.components === 3 ? 'VEC3' : 'VEC4', isFloat ? {} : { normalized: true });
      }
      const primitive: Record<string, unknown> = { attributes };
      if (p.indices) {
        const componentType = p.indices instanceof Uint8Array ? 5121 : p.indices instanceof Uint16Array ? 5123 : 5125;
        primitive.indices = addAccessor(addView(asBytes(p.indices)), componentType, p.indices.length, 'SCALAR');
      }
      if (p.mode !== undefined) primitive.mode = p.mode;
      return primitive;
    }),
  }));
  const bin = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) { bin.set(chunk, at); at += chunk.length; }
  const json: Record<string, unknown> = {
    asset: { version: '2.0', generator: 'bodyscan test glb-builder' },
    buffers: [{ byteLength: length }], bufferViews, accessors, meshes,
  };
  if (spec.nodes) json.nodes = spec.nodes;
  if (spec.scenes) json.scenes = spec.scenes;
  if (spec.scene !== undefined) json.scene = spec.scene;
  return assembleGlb(json, bin);
}
