import { ProcessingFailure } from '../../domain/processing-failure.ts';
import { looksLikeGlb } from './glb-container.ts';
import { looksLikePly } from './ply-header.ts';
import { looksLikeZip } from './zip-archive.ts';

/**
 * Decides a capture's container from its bytes alone (never its name or content type):
 * "ply\n" -> PLY, "glTF" -> GLB, "PK\3\4" -> ZIP bundle, text starting with "{" -> JSON (sandbox
 * descriptor), text whose first statement is an OBJ keyword -> OBJ. Anything else is
 * `capture_format_unknown`, with a hint when the bytes are a known non-capture format.
 */
export type CaptureKind = 'ply' | 'glb' | 'zip' | 'json' | 'obj';

/** Bytes examined when sniffing (the longest prefix any rule below reads). */
export const SNIFF_BYTES = 64 * 1024;
const OBJ_KEYWORDS = new Set(['v', 'vt', 'vn', 'vp', 'f', 'o', 'g', 's', 'l', 'p', 'mtllib', 'usemtl', 'cstype', 'deg', 'curv', 'surf']);

function startsWith(bytes: Uint8Array, ascii: string, at = 0): boolean {
  if (bytes.length < at + ascii.length) return false;
  for (let i = 0; i < ascii.length; i++) if (bytes[at + i] !== ascii.charCodeAt(i)) return false;
  return true;
}

/** Names well-known non-capture formats so the failure sentence can say what was uploaded. */
function knownOtherFormat(bytes: Uint8Array): string | null {
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return 'a gzip file';
  if (startsWith(bytes, '\x89PNG') || (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)) return 'an image';
  if (startsWith(bytes, 'ftyp', 4)) return 'a video or HEIF image';
  if (startsWith(bytes, '%PDF')) return 'a PDF document';
  return null;
}

function isText(bytes: Uint8Array, end: number): boolean {
  for (let i = 0; i < end; i++) {
    const b = bytes[i];
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return false;
  }
  return true;
}

/** The first statement keyword of OBJ-like text (skipping blank and # lines), or null. */
function firstKeyword(bytes: Uint8Array, start: number, end: number): string | null {
  let p = start;
  while (p < end) {
    while (p < end && bytes[p] <= 0x20) p++;
    if (p >= end) return null;
    if (bytes[p] === 0x23) {
      const lf = bytes.indexOf(0x0a, p);
      if (lf < 0 || lf >= end) return null;
      p = lf + 1;
      continue;
    }
    let q = p;
    while (q < end && bytes[q] > 0x20 && q - p < 16) q++;
    return String.fromCharCode(...bytes.subarray(p, q));
  }
  return null;
}

function hexPrefix(bytes: Uint8Array): string {
  return Array.from(bytes.subarray(0, 8), (b) => b.toString(16).padStart(2, '0')).join(' ');
}

/**
 * Classifies the capture bytes; throws `capture_empty` or `capture_format_unknown`. `bytes` may be
 * just the first SNIFF_BYTES of a file of `totalBytes` (a ZIP entry sniffed before it is inflated
 * whole): the answer is the same as for the whole file.
 */
export function detectCaptureKind(bytes: Uint8Array, totalBytes = bytes.length): CaptureKind {
  if (totalBytes === 0) throw new ProcessingFailure('capture_empty', 'The capture file is empty (0 bytes).');
  if (looksLikePly(bytes)) return 'ply';
  if (looksLikeGlb(bytes)) return 'glb';
  if (looksLikeZip(bytes)) return 'zip';
  const sniffEnd = Math.min(bytes.length, SNIFF_BYTES);
  if (isText(bytes, sniffEnd)) {
    let p = startsWith(bytes, '\xef\xbb\xbf') ? 3 : 0;
    while (p < sniffEnd && bytes[p] <= 0x20) p++;
    if (p >= totalBytes) throw new ProcessingFailure('capture_empty', 'The capture file contains only whitespace.');
    if (bytes[p] === 0x7b) return 'json';
    const keyword = firstKeyword(bytes, p, sniffEnd);
    if (keyword !== null && OBJ_KEYWORDS.has(keyword)) return 'obj';
    if (startsWith(bytes, 'solid', p)) {
      throw new ProcessingFailure('capture_format_unknown', 'The capture looks like an STL file, which is not accepted; upload PLY, OBJ, GLB or a ZIP capture bundle.');
    }
  }
  const other = knownOtherFormat(bytes);
  const what = other === null ? `its first bytes are ${hexPrefix(bytes)}` : `it looks like ${other}`;
  throw new ProcessingFailure('capture_format_unknown', `The capture is not a PLY, OBJ, GLB or ZIP capture bundle (${what}).`);
}
