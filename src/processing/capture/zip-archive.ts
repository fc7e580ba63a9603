import { ProcessingFailure } from '../../domain/processing-failure.ts';
import { truncatedAt, unsupported } from './capture-failures.ts';
import { RATIO_CHECK_MIN_BYTES, type CaptureReadLimits } from './capture-limits.ts';

/**
 * A guarded ZIP reader (PKWARE APPNOTE 6.3): the central directory is read first and the declared
 * uncompressed sizes are checked against the limits (total size, compression ratio) before anything
 * is inflated. Entries are extracted by zip-entry-inflate.ts (streamed, capped per entry, sniffed
 * from their first bytes). Stored (0) and deflated (8) entries; no ZIP64, encryption or multi-disk
 * archives.
 */
export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** Most entries a capture bundle may list (a phone recording lists more: see listZipEntries). */
export const MAX_BUNDLE_ENTRIES = 64;

export function bundleInvalid(sentence: string): ProcessingFailure {
  return new ProcessingFailure('capture_bundle_invalid', sentence);
}

/** True when the bytes start with a ZIP local file header or an empty archive's end record. */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b
    && ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6));
}

function findEndRecord(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let p = view.byteLength - 22; p >= lowest; p--) {
    if (view.getUint32(p, true) === EOCD_SIGNATURE) return p;
  }
  return -1;
}

/**
 * Lists the entries from the central directory, checking every offset against the file. More than
 * `maxEntries` entries fail before any is read (a capture bundle: 64; a phone recording, which holds
 * two files per frame, passes the ZIP format's own 65535).
 */
export function listZipEntries(bytes: Uint8Array, maxEntries = MAX_BUNDLE_ENTRIES): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndRecord(view);
  if (end < 0) throw truncatedAt(bytes.length, 'the ZIP bundle has no end-of-central-directory record');
  if (view.getUint16(end + 4, true) !== 0 || view.getUint16(end + 6, true) !== 0) {
    throw unsupported('The ZIP bundle is split across several files; upload a single-file ZIP.');
  }
  const entryCount = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (entryCount === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    throw unsupported('The ZIP bundle uses ZIP64 records; capture bundles must be plain ZIP files under 4 GiB.');
  }
  if (entryCount > maxEntries) throw bundleInvalid(`The ZIP bundle lists ${entryCount} files; a capture bundle holds manifest.json and one body file.`);
  if (directoryOffset + directorySize > end) throw bundleInvalid('The ZIP bundle central directory lies outside the file.');
  const entries: ZipEntry[] = [];
  let p = directoryOffset;
  for (let i = 0; i < entryCount; i++) {
    if (p + 46 > end || view.getUint32(p, true) !== CENTRAL_SIGNATURE) throw bundleInvalid(`The ZIP bundle central directory entry ${i} is damaged.`);
    const nameLength = view.getUint16(p + 28, true);
    const nameEnd = p + 46 + nameLength;
    if (nameEnd > end) throw bundleInvalid(`The ZIP bundle central directory entry ${i} is damaged.`);
    const entry: ZipEntry = {
      name: new TextDecoder().decode(bytes.subarray(p + 46, nameEnd)),
      flags: view.getUint16(p + 8, true),
      method: view.getUint16(p + 10, true),
      crc32: view.getUint32(p + 16, true),
      compressedSize: view.getUint32(p + 20, true),
      uncompressedSize: view.getUint32(p + 24, true),
      localHeaderOffset: view.getUint32(p + 42, true),
    };
    if (entry.compressedSize === 0xffffffff || entry.uncompressedSize === 0xffffffff || entry.localHeaderOffset === 0xffffffff) {
      throw unsupported('The ZIP bundle uses ZIP64 records; capture bundles must be plain ZIP files under 4 GiB.');
    }
    entries.push(entry);
    p = nameEnd + view.getUint16(p + 30, true) + view.getUint16(p + 32, true);
  }
  return entries;
}

/** Checks declared sizes before inflating: the total against the limit, each large entry's ratio. */
export function checkDeclaredSizes(entries: readonly ZipEntry[], limits: CaptureReadLimits): void {
  const total = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (total > limits.maxUncompressedBytes) {
    throw new ProcessingFailure('capture_too_large', `The ZIP bundle declares ${total} bytes uncompressed, more than the ${limits.maxUncompressedBytes} bytes this server inflates.`);
  }
  for (const entry of entries) {
    if (entry.uncompressedSize > RATIO_CHECK_MIN_BYTES
      && entry.uncompressedSize > limits.maxCompressionRatio * Math.max(entry.compressedSize, 1)) {
      const ratio = Math.round(entry.uncompressedSize / Math.max(entry.compressedSize, 1));
      throw new ProcessingFailure('capture_too_large', `The ZIP bundle entry ${entry.name} declares a compression ratio of ${ratio}:1, above the ${limits.maxCompressionRatio}:1 allowed, so it is refused as a possible zip bomb.`);
    }
  }
}

/**
 * The compressed bytes of one entry (stored or deflated), after checking its local header, that it
 * lies inside the file and that it is neither encrypted nor compressed by another method.
 */
export function entryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if ((entry.flags & 1) !== 0) throw unsupported(`The ZIP bundle entry ${entry.name} is encrypted; upload an unencrypted ZIP.`);
  const local = entry.localHeaderOffset;
  if (local + 30 > bytes.length) throw truncatedAt(bytes.length, `the ZIP entry ${entry.name} starts at byte ${local}`);
  if (view.getUint32(local, true) !== LOCAL_SIGNATURE) throw bundleInvalid(`The ZIP bundle entry ${entry.name} has no local header where the directory says.`);
  const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  const dataEnd = dataStart + entry.compressedSize;
  if (dataEnd > bytes.length) throw truncatedAt(bytes.length, `the ZIP entry ${entry.name} needs bytes up to ${dataEnd}`);
  if (entry.method !== 0 && entry.method !== 8) {
    throw unsupported(`The ZIP bundle entry ${entry.name} uses compression method ${entry.method}; use deflate or store.`);
  }
  if (entry.method === 0 && entry.compressedSize !== entry.uncompressedSize) throw bundleInvalid(`The ZIP bundle entry ${entry.name} is stored but its two sizes differ.`);
  return bytes.subarray(dataStart, dataEnd);
}
