import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ProcessingFailure } from '../../../src/domain/processing-failure.ts';
import { readCapture } from '../../../src/processing/capture/read-capture.ts';
import { writePly } from '../../../src/processing/capture/write-ply.ts';
import { writeObj } from '../../../src/processing/capture/write-obj.ts';
import { buildGlb } from '../../support/glb-builder.ts';
import { buildZip, jsonBytes } from '../../support/zip-builder.ts';
import { assertCaptureFailure, concatBytes, text } from '../../support/capture-assertions.ts';

const positions = new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0.5, 0.5, 1]);
const indices = new Uint32Array([0, 1, 2, 0, 2, 3, 0, 1, 4]);
const colors = new Uint8Array(15).fill(200);

/** Small valid files of every binary format, each readable as is. */
const binarySamples: Record<string, Uint8Array> = {
  'binary LE PLY mesh': writePly({ positions, indices, colors }),
  'binary BE double PLY mesh': writePly({ positions, indices }, { encoding: 'binary_big_endian', coordinateType: 'double' }),
  'GLB mesh': buildGlb({ meshes: [[{ positions, indices: new Uint16Array(indices) }]], nodes: [{ mesh: 0, translation: [1, 2, 3] }] }),
  'ZIP bundle': buildZip([
    { name: 'manifest.json', data: jsonBytes({ format: 'bodyscan-capture', version: 1, units: 'mm', body: 'body.ply' }) },
    { name: 'body.ply', data: writePly({ positions, indices }) },
  ]),
};
const textSamples: Record<string, Uint8Array> = {
  'ascii PLY mesh': writePly({ positions, indices, colors }, { encoding: 'ascii' }),
  'OBJ mesh': writeObj({ positions, indices, colors }),
  'sandbox descriptor': jsonBytes({ sandbox: true, sex: 'male', heightM: 1.8, weightKg: 80, seed: 7 }),
};

/** Runs the reader; returns the failure, null on success; any other exception fails the test. */
function readOrFailure(bytes: Uint8Array, label: string): ProcessingFailure | null {
  try {
    readCapture(bytes);
    return null;
  } catch (error) {
    if (error instanceof ProcessingFailure) return error;
    assert.fail(`${label}: threw ${String(error)} instead of a ProcessingFailure`);
  }
}

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('hostile capture input', () => {
  it('reads every sample intact (the fixtures below are valid)', () => {
    for (const [label, bytes] of Object.entries({ ...binarySamples, ...textSamples })) assert.equal(readOrFailure(bytes, label), null, label);
  });

  it('rejects an empty file, a whitespace file and unknown bytes', () => {
    assertCaptureFailure(() => readCapture(new Uint8Array(0)), 'capture_empty', /empty \(0 bytes\)/);
    assertCaptureFailure(() => readCapture(text(' \n\t\r\n')), 'capture_empty', /only whitespace/);
    assertCaptureFailure(() => readCapture(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8])), 'capture_format_unknown', /first bytes are 00 01 02 03 04 05 06 07/);
    assertCaptureFailure(() => readCapture(new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0])), 'capture_format_unknown', /gzip/);
    assertCaptureFailure(() => readCapture(concatBytes(new Uint8Array([0, 0, 0, 0x18]), text('ftypisom'))), 'capture_format_unknown', /video/);
    assertCaptureFailure(() => readCapture(text('solid body\nfacet normal 0 0 1\n')), 'capture_format_unknown', /STL/);
    assertCaptureFailure(() => readCapture(text('hello world, this is not a mesh\n')), 'capture_format_unknown', /not a PLY, OBJ, GLB or ZIP/);
  });

  it('rejects a header that claims 10^12 vertices in a 1 KB file without allocating', () => {
    for (const format of ['binary_little_endian', 'binary_big_endian', 'ascii']) {
      const header = text(`ply\nformat ${format} 1.0\nelement vertex 1000000000000\nproperty float x\nproperty float y\nproperty float z\nend_header\n`);
      const file = concatBytes(header, new Uint8Array(1024 - header.length).fill(0x31));
      const before = process.memoryUsage().arrayBuffers;
      assertCaptureFailure(() => readCapture(file), 'capture_truncated', /^Capture truncated at byte 1024: the PLY header declares 1000000000000 "vertex" elements/);
      assert.ok(process.memoryUsage().arrayBuffers - before < 64 * 1024 * 1024, 'no large allocation');
    }
  });

  it('rejects 10^12 faces or list rows in a small file before walking them', () => {
    const header = text('ply\nformat binary_little_endian 1.0\nelement vertex 1\nproperty float x\nproperty float y\nproperty float z\nelement face 1000000000000\nproperty list uchar int vertex_indices\nend_header\n');
    assertCaptureFailure(() => readCapture(concatBytes(header, new Uint8Array(12 + 100))), 'capture_truncated', /declares 1000000000000 "face" elements of at least 1 bytes/);
  });

  it('skips an element without properties at once, whatever count it claims', () => {
    for (const format of ['ascii', 'binary_little_endian']) {
      const header = text(`ply\nformat ${format} 1.0\nelement nothing 1000000000000000\nelement vertex 1\nproperty uchar x\nproperty uchar y\nproperty uchar z\nend_header\n`);
      const data = format === 'ascii' ? text('1 2 3\n') : new Uint8Array([1, 2, 3]);
      const started = performance.now();
      assert.deepEqual(readCapture(concatBytes(header, data)).geometry.positions, new Float32Array([1, 2, 3]));
      assert.ok(performance.now() - started < 100);
    }
  });

  it('refuses more vertices than the limit even when the file backs them', () => {
    const file = writePly({ positions });
    assertCaptureFailure(() => readCapture(file, { maxVertices: 4 }), 'capture_too_large', /holds 5 vertices, more than the 4 this server accepts/);
    assertCaptureFailure(() => readCapture(file, { maxVertices: 4 }), 'capture_too_large');
    assertCaptureFailure(() => readCapture(writePly({ positions, indices }, { encoding: 'ascii' }), { maxTriangles: 2 }), 'capture_too_large', /triangles/);
    assertCaptureFailure(() => readCapture(writePly({ positions, indices }), { maxTriangles: 2 }), 'capture_too_large', /3 triangles, more than the 2/);
  });

  it('names the byte offset where a binary PLY was cut', () => {
    const file = writePly({ positions: new Float32Array(3 * 1000) });
    const cut = file.subarray(0, file.length - 100);
    assertCaptureFailure(() => readCapture(cut), 'capture_truncated', new RegExp(`^Capture truncated at byte ${cut.length}:`));
  });

  for (const [label, bytes] of Object.entries(binarySamples)) {
    it(`gives a ProcessingFailure at every truncation point of a ${label}`, () => {
      for (let length = 0; length < bytes.length; length++) {
        assert.notEqual(readOrFailure(bytes.slice(0, length), `${label} cut at ${length}`), null, `${label} cut at ${length} must fail`);
      }
    });
  }

  for (const [label, bytes] of Object.entries(textSamples)) {
    it(`gives a ProcessingFailure or a shorter valid read at every truncation point of a ${label}`, () => {
      let failures = 0;
      for (let length = 0; length < bytes.length; length++) {
        if (readOrFailure(bytes.slice(0, length), `${label} cut at ${length}`) !== null) failures++;
      }
      assert.ok(failures >= 1, 'at least the empty cut fails');
    });
  }

  it('truncated binary files say capture_truncated, not something vaguer', () => {
    for (const label of ['binary LE PLY mesh', 'binary BE double PLY mesh']) {
      const bytes = binarySamples[label];
      const dataStart = new TextDecoder().decode(bytes).indexOf('end_header\n') + 'end_header\n'.length;
      for (let length = dataStart; length < bytes.length; length++) {
        assertCaptureFailure(() => readCapture(bytes.slice(0, length)), 'capture_truncated', new RegExp(`at byte ${length}:`));
      }
    }
    const glb = binarySamples['GLB mesh'];
    for (let length = 12; length < glb.length; length += 7) assertCaptureFailure(() => readCapture(glb.slice(0, length)), 'capture_truncated', new RegExp(`at byte ${length}:`));
  });

  it('survives 6000 randomly mutated small files with only ProcessingFailures', () => {
    const next = random(20240611);
    const samples = Object.entries({ ...binarySamples, ...textSamples });
    const outcomes = new Map<string, number>();
    for (let round = 0; round < 6000; round++) {
      const [label, original] = samples[round % samples.length];
      const bytes = original.slice();
      const mutations = 1 + Math.floor(next() * 8);
      for (let m = 0; m < mutations; m++) {
        const at = Math.floor(next() * bytes.length);
        const kind = next();
        if (kind < 0.5) bytes[at] = Math.floor(next() * 256);
        else if (kind < 0.7) bytes[at] ^= 1 << Math.floor(next() * 8);
        else if (kind < 0.85) bytes[at] = [0, 0xff, 0x7f, 0x80, 0x30, 0x2d][Math.floor(next() * 6)];
        else bytes.copyWithin(at, Math.floor(next() * bytes.length));
      }
      const cut = next() < 0.2 ? bytes.subarray(0, Math.floor(next() * bytes.length)) : bytes;
      const failure = readOrFailure(cut, `${label} mutation round ${round}`);
      const key = failure === null ? 'read' : failure.code;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      if (failure !== null) assert.match(failure.message, /^[A-Z].*\.$/s, `round ${round}: ${failure.message}`);
    }
    assert.ok((outcomes.get('read') ?? 0) > 0, 'some mutations still read');
    assert.ok(outcomes.size >= 5, `many different failures: ${JSON.stringify(Object.fromEntries(outcomes))}`);
  });
});
