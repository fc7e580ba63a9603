// A ZIP capture whose body entry is 960 MiB of zeros (a 1 MB ZIP): the production reader, which
// sniffs the entry's first inflated bytes and refuses it, side by side with the previous way
// (inflate the entry whole under its declared size, then look at it). The compression-ratio check,
// which refuses this particular ZIP before inflating anything, is relaxed for both, so what is
// measured is the entry extraction itself. Each run in its own process (peak RSS = VmHWM);
// interleaved rounds, min / median / max.
// Run: node_modules/.bin/node bench/zip-entry-sniffing.bench.ts [rounds]   (default 3)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { constants, crc32 as zlibCrc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { detectCaptureKind } from '../src/processing/capture/detect-capture-format.ts';
import { readCapture } from '../src/processing/capture/read-capture.ts';
import { entryData, listZipEntries } from '../src/processing/capture/zip-archive.ts';
import { buildZip, jsonBytes } from '../test/support/zip-builder.ts';

const BLOCK_BYTES = 16 * 1024 * 1024;
const BLOCKS = 60;

/** The bomb: full-flushed DEFLATE blocks of zeros repeated (never holding 960 MiB to build it). */
function zeroBomb(): Uint8Array {
  const block = new Uint8Array(BLOCK_BYTES);
  const compressed = new Uint8Array(deflateRawSync(block, { finishFlush: constants.Z_FULL_FLUSH }));
  const finalBlock = new Uint8Array(deflateRawSync(new Uint8Array(0)));
  const stream = new Uint8Array(BLOCKS * compressed.length + finalBlock.length);
  let crc = 0;
  for (let i = 0; i < BLOCKS; i++) { stream.set(compressed, i * compressed.length); crc = zlibCrc32(block, crc); }
  stream.set(finalBlock, BLOCKS * compressed.length);
  return buildZip([
    { name: 'manifest.json', data: jsonBytes({ format: 'bodyscan-capture', version: 1, body: 'body.ply' }) },
    { name: 'body.ply', data: new Uint8Array(0), compressed: stream, declaredSize: BLOCKS * BLOCK_BYTES, crc: crc >>> 0 },
  ]);
}

function peakRssMiB(): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

function child(way: string): void {
  const zip = zeroBomb();
  const started = performance.now();
  let outcome = 'accepted';
  try {
    if (way === 'sniffed') {
      readCapture(zip, { maxCompressionRatio: 1e9 });
    } else {
      const entry = listZipEntries(zip).find((e) => e.name === 'body.ply')!;
      const whole = inflateRawSync(entryData(zip, entry), { maxOutputLength: entry.uncompressedSize });
      detectCaptureKind(new Uint8Array(whole.buffer, whole.byteOffset, whole.length));
    }
  } catch (error) {
    outcome = (error as { code?: string }).code ?? String(error);
  }
  const ms = performance.now() - started;
  console.log(JSON.stringify({ ms, peakMiB: peakRssMiB(), outcome, zipBytes: zip.length }));
}

function spread(values: number[], digits = 0): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `${sorted[0].toFixed(digits)} / ${sorted[Math.floor(sorted.length / 2)].toFixed(digits)} / ${sorted[sorted.length - 1].toFixed(digits)}`;
}

if (process.argv[2] === 'child') {
  child(process.argv[3]);
} else {
  const rounds = Number(process.argv[2] ?? 3);
  const ways = ['sniffed', 'whole'] as const;
  const results: Record<string, { ms: number[]; peakMiB: number[]; outcome: string }> = {};
  let zipBytes = 0;
  for (let round = 0; round < rounds; round++) {
    for (const way of round % 2 === 0 ? ways : [...ways].reverse()) {
      const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), 'child', way], { encoding: 'utf8' });
      const line = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { ms: number; peakMiB: number; outcome: string; zipBytes: number };
      zipBytes = line.zipBytes;
      results[way] ??= { ms: [], peakMiB: [], outcome: line.outcome };
      results[way].ms.push(line.ms);
      results[way].peakMiB.push(line.peakMiB);
    }
  }
  console.log(`ZIP of ${zipBytes} bytes, body entry 960 MiB of zeros; ${rounds} rounds, min / median / max`);
  for (const way of ways) {
    const r = results[way];
    console.log(`${way === 'sniffed' ? 'sniffed first (production)' : 'inflated whole (previous)'}: ${spread(r.ms)} ms, peak RSS ${spread(r.peakMiB)} MiB, answer ${r.outcome}`);
  }
}
