import { inflateRawSync } from 'node:zlib';
import { Inflate } from 'fflate';
import { ProcessingFailure } from '../../domain/processing-failure.ts';
import { crc32 } from './crc32.ts';
import { bundleInvalid, entryData, type ZipEntry } from './zip-archive.ts';

/**
 * The one way a ZIP entry is extracted (capture bundles and phone recordings alike), never past the
 * size a cap allows. The cap is either known before inflating (a recording's depth map: what a map
 * of that size can need) or decided from the entry's first inflated bytes (a bundle's body: what the
 * detected format can plausibly take), so an entry is never inflated whole before its content is
 * checked. An entry is refused as soon as:
 * - its first bytes say it is not what the caller accepts (the cap rule throws);
 * - its declared size is above the cap (checked before inflating, or right after the first bytes);
 * - it inflates to more than it declared (a lying header).
 * The first bytes come from fflate's streaming Inflate, fed in small steps so one step can never
 * produce much more than asked for; the entry itself is then inflated by Node's native zlib (about
 * 3-5x faster than fflate here: docs/capture-format.md), told the declared size, which is at most
 * the cap, as its maxOutputLength (zlib stops as soon as the output would pass it) and as its chunk
 * size (one output buffer: the peak is the entry once, no chunk list to concatenate). The head is
 * inflated twice (at most SNIFF_BYTES plus a step), which costs nothing measurable.
 */
export interface EntryCap {
  /** Most bytes the entry may hold. */
  maxBytes: number;
  /** What the entry is, for the refusal sentence ("a 256x192 depth map"). */
  what: string;
}

/** A cap known before inflating, or one decided from the first `headBytes` inflated bytes. */
export type EntryCapRule = EntryCap | {
  headBytes: number;
  /** The cap for an entry starting with `head` that declares `declaredBytes`; throws to refuse it. */
  capFor(head: Uint8Array, declaredBytes: number): EntryCap;
};

/** Reports how many bytes were inflated (also when the entry is refused). */
export interface InflateMeter {
  inflatedBytes: number;
}

/**
 * DEFLATE's largest expansion: a 258-byte match costs at least 2 bits (RFC 1951), so one input byte
 * yields at most 1032 output bytes. Sizing each step's input by it bounds the output of one step.
 */
const MAX_DEFLATE_RATIO = 1032;
/** Input bytes per step while reading the head: at least 1 KiB (at most ~1 MiB out), at most 64 KiB. */
const MIN_STEP_BYTES = 1024;
const MAX_STEP_BYTES = 64 * 1024;
/** zlib's smallest output chunk. */
const MIN_CHUNK_BYTES = 64;

function overCap(entry: ZipEntry, cap: EntryCap): ProcessingFailure {
  return new ProcessingFailure('capture_too_large', `The ZIP entry ${entry.name} declares ${entry.uncompressedSize} bytes; ${cap.what} needs at most ${cap.maxBytes}, so it is refused as a possible zip bomb.`);
}

function overDeclared(entry: ZipEntry): ProcessingFailure {
  return new ProcessingFailure('capture_too_large', `The ZIP bundle entry ${entry.name} inflates to more than the ${entry.uncompressedSize} bytes it declares, so it is refused as a possible zip bomb.`);
}

function damaged(entry: ZipEntry): ProcessingFailure {
  return bundleInvalid(`The ZIP bundle entry ${entry.name} holds damaged compressed data.`);
}

function checkCap(entry: ZipEntry, cap: EntryCap): EntryCap {
  if (entry.uncompressedSize > cap.maxBytes) throw overCap(entry, cap);
  return cap;
}

/** Extracts one entry under `rule`, verifying its size and CRC-32. `meter` learns the bytes inflated. */
export function extractZipEntry(zip: Uint8Array, entry: ZipEntry, rule: EntryCapRule, meter: InflateMeter = { inflatedBytes: 0 }): Uint8Array {
  const data = entryData(zip, entry);
  if ('maxBytes' in rule) {
    checkCap(entry, rule);
  } else {
    const headBytes = Math.min(rule.headBytes, entry.uncompressedSize);
    const head = entry.method === 0 ? data.subarray(0, headBytes) : inflateHead(data, entry, headBytes, meter);
    checkCap(entry, rule.capFor(head, entry.uncompressedSize));
  }
  const out = entry.method === 0 ? data.slice() : inflateWhole(data, entry, meter);
  if (crc32(out) !== entry.crc32) throw bundleInvalid(`The ZIP bundle entry ${entry.name} fails its CRC-32 check (the file is damaged).`);
  return out;
}

/** The first `headBytes` of a deflated entry (fewer when it ends sooner), streamed in small steps. */
function inflateHead(data: Uint8Array, entry: ZipEntry, headBytes: number, meter: InflateMeter): Uint8Array {
  const chunks: Uint8Array[] = [];
  let produced = 0;
  const inflater = new Inflate((chunk) => {
    produced += chunk.length;
    meter.inflatedBytes = produced;
    if (produced > entry.uncompressedSize) throw overDeclared(entry);
    chunks.push(chunk);
  });
  for (let offset = 0; produced < headBytes && (offset < data.length || offset === 0);) {
    const step = Math.min(MAX_STEP_BYTES, Math.max(MIN_STEP_BYTES, Math.ceil((headBytes - produced) / MAX_DEFLATE_RATIO)));
    const end = Math.min(data.length, offset + step);
    try {
      inflater.push(data.subarray(offset, end), end === data.length);
    } catch (error) {
      if (error instanceof ProcessingFailure) throw error;
      throw damaged(entry);
    }
    offset = end;
    if (end === data.length) break;
  }
  const head = new Uint8Array(produced);
  let at = 0;
  for (const chunk of chunks) { head.set(chunk, at); at += chunk.length; }
  return head.subarray(0, Math.min(headBytes, produced));
}

function inflateWhole(data: Uint8Array, entry: ZipEntry, meter: InflateMeter): Uint8Array {
  const declared = entry.uncompressedSize;
  let out: Buffer;
  try {
    out = inflateRawSync(data, { maxOutputLength: Math.max(1, declared), chunkSize: Math.max(MIN_CHUNK_BYTES, declared) });
  } catch (error) {
    if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      meter.inflatedBytes = Math.max(meter.inflatedBytes, declared);
      throw overDeclared(entry);
    }
    throw damaged(entry);
  }
  meter.inflatedBytes = Math.max(meter.inflatedBytes, out.length);
  if (out.length !== declared) throw bundleInvalid(`The ZIP bundle entry ${entry.name} inflates to ${out.length} bytes, not the ${declared} it declares.`);
  // A plain Uint8Array view: readers rely on slice() copying, which a Buffer's does not.
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}
