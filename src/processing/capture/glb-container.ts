import { malformed, truncatedAt, unsupported } from './capture-failures.ts';

/**
 * The glTF 2.0 binary container (GLB): a 12-byte header ("glTF", version 2, total length), a JSON
 * chunk and an optional BIN chunk (glTF 2.0 specification, section 4.4).
 */
export interface GlbContainer {
  /** The parsed JSON chunk (untrusted: any shape). */
  json: unknown;
  /** The BIN chunk's bytes, or null when there is none. */
  bin: Uint8Array | null;
}

const GLB_MAGIC = 0x46546c67;
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;

/** True when the bytes start with the GLB magic "glTF". */
export function looksLikeGlb(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x67 && bytes[1] === 0x6c && bytes[2] === 0x54 && bytes[3] === 0x46;
}

/** Splits a GLB into its JSON (parsed) and BIN chunks, checking every length against the file. */
export function parseGlbContainer(bytes: Uint8Array): GlbContainer {
  if (bytes.length < 12) throw truncatedAt(bytes.length, 'the GLB header needs 12 bytes');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== GLB_MAGIC) throw malformed('The GLB file does not start with "glTF".');
  const version = view.getUint32(4, true);
  if (version !== 2) throw unsupported(`The GLB file is glTF binary version ${version}; only version 2 is read.`);
  const declaredLength = view.getUint32(8, true);
  if (declaredLength > bytes.length) {
    throw truncatedAt(bytes.length, `the GLB header declares ${declaredLength} bytes`);
  }
  if (declaredLength < 20) throw malformed(`The GLB header declares a total length of ${declaredLength} bytes, too short for a JSON chunk.`);
  if (bytes.length < 20) throw truncatedAt(bytes.length, 'the GLB JSON chunk header needs 8 bytes');
  const jsonLength = view.getUint32(12, true);
  if (view.getUint32(16, true) !== CHUNK_JSON) throw malformed('The first GLB chunk is not the JSON chunk.');
  const jsonEnd = 20 + jsonLength;
  if (jsonEnd > declaredLength) throw truncatedAt(Math.min(declaredLength, bytes.length), `the GLB JSON chunk declares ${jsonLength} bytes`);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(20, jsonEnd)));
  } catch {
    throw malformed('The GLB JSON chunk is not valid UTF-8 JSON.');
  }
  let bin: Uint8Array | null = null;
  const binHeader = jsonEnd + ((4 - (jsonEnd % 4)) % 4);
  if (binHeader + 8 <= declaredLength) {
    const binLength = view.getUint32(binHeader, true);
    const binType = view.getUint32(binHeader + 4, true);
    if (binType === CHUNK_BIN) {
      const binEnd = binHeader + 8 + binLength;
      if (binEnd > declaredLength) throw truncatedAt(declaredLength, `the GLB BIN chunk declares ${binLength} bytes from byte ${binHeader + 8}`);
      bin = bytes.subarray(binHeader + 8, binEnd);
    }
  }
  return { json, bin };
}
