// Builds ZIP archives by hand for the capture bundle tests, including dishonest ones (wrong sizes or CRCs).
import { deflateRawSync } from 'node:zlib';
import { crc32 } from '../../src/processing/capture/crc32.ts';

export interface ZipEntrySpec {
  name: string;
  data: Uint8Array;
  /** 8 = deflate (default), 0 = store. */
  method?: 0 | 8;
  /** Override the uncompressed size written in both headers (to lie about it). */
  declaredSize?: number;
  /** Override the CRC-32 written in both headers. */
  crc?: number;
  /** The entry's compressed bytes as given (a hand-made DEFLATE stream); `data` is then ignored. */
  compressed?: Uint8Array;
}

/** A ZIP file with local headers, data, central directory and end record (no ZIP64). */
export function buildZip(entries: readonly ZipEntrySpec[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = new TextEncoder().encode(entry.name);
    const method = entry.method ?? 8;
    const payload = entry.compressed ?? (method === 8 ? new Uint8Array(deflateRawSync(entry.data)) : entry.data);
    const crc = entry.crc ?? crc32(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(8, method, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, payload.length, true);
    lv.setUint32(22, size, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const record = new Uint8Array(46 + name.length);
    const cv = new DataView(record.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(10, method, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, payload.length, true);
    cv.setUint32(24, size, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    record.set(name, 46);
    parts.push(local, payload);
    central.push(record);
    offset += local.length + payload.length;
  }
  const centralSize = central.reduce((sum, r) => sum + r.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, centralSize, true);
  ev.setUint32(16, offset, true);
  const all = [...parts, ...central, end];
  const out = new Uint8Array(all.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const p of all) { out.set(p, at); at += p.length; }
  return out;
}

/** JSON as UTF-8 bytes. */
export function jsonBytes(value: unknown): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(value));
}
