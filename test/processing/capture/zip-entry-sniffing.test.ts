// A ZIP capture entry is sniffed from its first inflated bytes and inflated no further than the
// plausible size of the format found there (docs/capture-format.md, "ZIP entries").
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { constants, crc32 as zlibCrc32, deflateRawSync } from 'node:zlib';
import { bodyFileCapRule } from '../../../src/processing/capture/body-file-caps.ts';
import { DEFAULT_CAPTURE_READ_LIMITS } from '../../../src/processing/capture/capture-limits.ts';
import { readCapture } from '../../../src/processing/capture/read-capture.ts';
import { writeObj } from '../../../src/processing/capture/write-obj.ts';
import { listZipEntries } from '../../../src/processing/capture/zip-archive.ts';
import { extractZipEntry } from '../../../src/processing/capture/zip-entry-inflate.ts';
import { assertCaptureFailure, concatBytes, text } from '../../support/capture-assertions.ts';
import { buildGlb } from '../../support/glb-builder.ts';
import { buildZip, jsonBytes } from '../../support/zip-builder.ts';

const manifest = (body: string) => jsonBytes({ format: 'bodyscan-capture', version: 1, units: 'cm', upAxis: '+z', body });

const BLOCK_BYTES = 16 * 1024 * 1024;
const BLOCKS = 60; // 960 MiB of zeros, under the 1 GiB a bundle may declare
const zerosBlock = new Uint8Array(BLOCK_BYTES);
// DEFLATE blocks ending in a full flush restart at a byte boundary with no back-references, so one
// compressed 16 MiB block of zeros repeated is a valid stream of 960 MiB: built without ever
// holding 960 MiB.
const compressedZeros = new Uint8Array(deflateRawSync(zerosBlock, { finishFlush: constants.Z_FULL_FLUSH }));
const finalBlock = new Uint8Array(deflateRawSync(new Uint8Array(0)));

/** A ZIP whose body entry is `prefix` followed by 960 MiB of zeros, declared truthfully. */
function zipWithZeros(prefix: Uint8Array): { zip: Uint8Array; declaredBytes: number } {
  const parts: Uint8Array[] = [];
  let crc = 0;
  if (prefix.length > 0) {
    parts.push(new Uint8Array(deflateRawSync(prefix, { finishFlush: constants.Z_FULL_FLUSH })));
    crc = zlibCrc32(prefix);
  }
  for (let i = 0; i < BLOCKS; i++) { parts.push(compressedZeros); crc = zlibCrc32(zerosBlock, crc); }
  parts.push(finalBlock);
  const declaredBytes = prefix.length + BLOCKS * BLOCK_BYTES;
  const zip = buildZip([
    { name: 'manifest.json', data: manifest('body.ply') },
    { name: 'body.ply', data: new Uint8Array(0), compressed: concatBytes(...parts), declaredSize: declaredBytes, crc: crc >>> 0 },
  ]);
  return { zip, declaredBytes };
}

function bodyEntryOf(zip: Uint8Array) {
  return listZipEntries(zip).find((entry) => entry.name === 'body.ply')!;
}

describe('ZIP entries: sniffed from their first inflated bytes, capped by the format found', () => {
  const zeros = zipWithZeros(new Uint8Array(0));

  it('refuses a 960 MiB entry of zeros in a 1 MB ZIP after inflating at most 2 MiB of it', () => {
    assert.ok(zeros.zip.length < 2_000_000, `the ZIP is small (${zeros.zip.length} bytes)`);
    const meter = { inflatedBytes: 0 };
    assertCaptureFailure(() => extractZipEntry(zeros.zip, bodyEntryOf(zeros.zip), bodyFileCapRule(DEFAULT_CAPTURE_READ_LIMITS), meter),
      'capture_format_unknown', /not a PLY, OBJ, GLB/);
    assert.ok(meter.inflatedBytes >= 64 * 1024, `it looked at the first 64 KiB (${meter.inflatedBytes} bytes inflated)`);
    assert.ok(meter.inflatedBytes <= 2 * 1024 * 1024, `${meter.inflatedBytes} of ${zeros.declaredBytes} bytes inflated`);
  });

  it('answers an upload of it with capture_too_large by its compression ratio, and with capture_format_unknown when the ratio guard allows it', () => {
    assertCaptureFailure(() => readCapture(zeros.zip), 'capture_too_large', /compression ratio/);
    const rssBefore = process.memoryUsage().rss;
    assertCaptureFailure(() => readCapture(zeros.zip, { maxCompressionRatio: 1e9 }), 'capture_format_unknown', /not a PLY, OBJ, GLB/);
    const grownMiB = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
    assert.ok(grownMiB < 200, `RSS grew ${grownMiB.toFixed(0)} MiB for a 960 MiB entry`);
  });

  it('stops a binary PLY whose header declares 1,000 points at the size those points can take, however much the entry declares', () => {
    const header = text('ply\nformat binary_little_endian 1.0\nelement vertex 1000\nproperty float x\nproperty float y\nproperty float z\nend_header\n');
    const bomb = zipWithZeros(header);
    const meter = { inflatedBytes: 0 };
    assertCaptureFailure(() => extractZipEntry(bomb.zip, bodyEntryOf(bomb.zip), bodyFileCapRule(DEFAULT_CAPTURE_READ_LIMITS), meter),
      'capture_too_large', /body\.ply declares \d+ bytes; a binary PLY with the counts its header declares needs at most \d+/);
    assert.ok(meter.inflatedBytes <= 2 * 1024 * 1024, `${meter.inflatedBytes} bytes inflated`);
  });

  it('refuses a PLY header declaring more points than the server accepts before inflating past its head', () => {
    const header = text('ply\nformat binary_little_endian 1.0\nelement vertex 90000000\nproperty float x\nproperty float y\nproperty float z\nend_header\n');
    const bomb = zipWithZeros(header);
    const meter = { inflatedBytes: 0 };
    assertCaptureFailure(() => extractZipEntry(bomb.zip, bodyEntryOf(bomb.zip), bodyFileCapRule(DEFAULT_CAPTURE_READ_LIMITS), meter),
      'capture_too_large', /90000000 vertices, more than the 20000000/);
    assert.ok(meter.inflatedBytes <= 2 * 1024 * 1024, `${meter.inflatedBytes} bytes inflated`);
  });

  it('detects an entry named .ply that holds OBJ text by its content, and reads it as OBJ', () => {
    const obj = writeObj({ positions: new Float32Array([0, 0, 0, 100, 0, 0, 0, 100, 0]), indices: new Uint32Array([0, 1, 2]) });
    const zip = buildZip([{ name: 'manifest.json', data: manifest('body.ply') }, { name: 'body.ply', data: obj }]);
    const meter = { inflatedBytes: 0 };
    const bytes = extractZipEntry(zip, bodyEntryOf(zip), bodyFileCapRule(DEFAULT_CAPTURE_READ_LIMITS), meter);
    assert.equal(meter.inflatedBytes, obj.length);
    assert.deepEqual(bytes, obj);
    const read = readCapture(zip);
    assert.equal(read.format, 'bundle+obj');
    assert.deepEqual(read.geometry.indices, new Uint32Array([0, 1, 2]));
  });

  it('refuses a GLB entry that declares more bytes than its header states', () => {
    const glb = buildGlb({ meshes: [[{ positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]) }]] });
    const padded = concatBytes(glb, new Uint8Array(4096));
    const zip = buildZip([{ name: 'manifest.json', data: manifest('body.glb') }, { name: 'body.glb', data: padded }]);
    assertCaptureFailure(() => readCapture(zip), 'capture_too_large', new RegExp(`body\\.glb declares ${padded.length} bytes; a GLB whose header states ${glb.length} bytes needs at most ${glb.length}`));
    const exact = buildZip([{ name: 'manifest.json', data: manifest('body.glb') }, { name: 'body.glb', data: glb }]);
    assert.equal(readCapture(exact).format, 'bundle+glb');
  });
});
