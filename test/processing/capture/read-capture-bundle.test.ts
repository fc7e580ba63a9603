import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readCapture } from '../../../src/processing/capture/read-capture.ts';
import { writePly } from '../../../src/processing/capture/write-ply.ts';
import { writeObj } from '../../../src/processing/capture/write-obj.ts';
import { buildGlb } from '../../support/glb-builder.ts';
import { buildZip, jsonBytes } from '../../support/zip-builder.ts';
import { assertCaptureFailure } from '../../support/capture-assertions.ts';

const positions = new Float32Array([0, 0, 0, 100, 0, 0, 0, 100, 0, 0, 0, 100]);
const indices = new Uint32Array([0, 1, 2, 0, 2, 3]);
const manifest = (extra: Record<string, unknown> = {}) => jsonBytes({
  format: 'bodyscan-capture', version: 1, units: 'cm', upAxis: '+z',
  device: { manufacturer: 'Apple', model: 'iPhone 15 Pro', os: 'iOS 18.1', app: 'Scan 2.3' }, body: 'body.ply', ...extra,
});

describe('ZIP capture bundle', () => {
  it('reads manifest.json plus a PLY body, and the manifest wins for units and up axis', () => {
    const zip = buildZip([{ name: 'manifest.json', data: manifest() }, { name: 'body.ply', data: writePly({ positions, indices }) }]);
    const read = readCapture(zip);
    assert.equal(read.format, 'bundle+ply-binary-le');
    assert.deepEqual(read.geometry.positions, positions);
    assert.deepEqual(read.geometry.indices, indices);
    assert.deepEqual(read.hints, { unit: 'cm', upAxis: '+z', device: 'Apple / iPhone 15 Pro / iOS 18.1 / Scan 2.3' });
  });

  it('detects the body format by content whatever its name, and overrides the GLB metre/+Y hints', () => {
    const glb = buildGlb({ meshes: [[{ positions }]] });
    const zip = buildZip([{ name: 'manifest.json', data: manifest({ body: 'scan.data' }) }, { name: 'scan.data', data: glb, method: 0 }]);
    const read = readCapture(zip);
    assert.equal(read.format, 'bundle+glb');
    assert.deepEqual(read.hints, { unit: 'cm', upAxis: '+z', device: 'Apple / iPhone 15 Pro / iOS 18.1 / Scan 2.3' });
    const objZip = buildZip([{ name: 'manifest.json', data: jsonBytes({ format: 'bodyscan-capture', version: 1, body: 'b.obj' }) }, { name: 'b.obj', data: writeObj({ positions }) }]);
    const obj = readCapture(objZip);
    assert.equal(obj.format, 'bundle+obj');
    assert.deepEqual(obj.hints, {});
  });

  it('accepts a bundle zipped from a folder, ignoring directory and macOS metadata entries', () => {
    const zip = buildZip([
      { name: 'scan/', data: new Uint8Array(0), method: 0 },
      { name: 'scan/manifest.json', data: manifest() },
      { name: 'scan/body.ply', data: writePly({ positions }, { encoding: 'ascii' }) },
      { name: '__MACOSX/scan/._body.ply', data: new Uint8Array(10) },
      { name: 'scan/.DS_Store', data: new Uint8Array(10) },
    ]);
    assert.equal(readCapture(zip).format, 'bundle+ply-ascii');
  });

  it('rejects a bundle without manifest, without its body, with extra files, or with a nested bundle', () => {
    const body = writePly({ positions });
    assertCaptureFailure(() => readCapture(buildZip([{ name: 'body.ply', data: body }])), 'capture_bundle_invalid', /no manifest\.json/);
    assertCaptureFailure(() => readCapture(buildZip([{ name: 'manifest.json', data: manifest() }])), 'capture_bundle_invalid', /no file body\.ply/);
    assertCaptureFailure(() => readCapture(buildZip([{ name: 'manifest.json', data: manifest() }, { name: 'body.ply', data: body }, { name: 'frames/0.depth', data: body }])),
      'capture_bundle_invalid', /extra files \(frames\/0\.depth\)/);
    const inner = buildZip([{ name: 'manifest.json', data: manifest() }, { name: 'body.ply', data: body }]);
    assertCaptureFailure(() => readCapture(buildZip([{ name: 'manifest.json', data: manifest() }, { name: 'body.ply', data: inner }])), 'capture_bundle_invalid', /not PLY, OBJ or GLB/);
  });

  it('validates the manifest strictly, one sentence per problem', () => {
    const body = writePly({ positions });
    const bundle = (m: Uint8Array) => buildZip([{ name: 'manifest.json', data: m }, { name: 'body.ply', data: body }]);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ unit: 'cm' }, /unknown field\(s\) unit; allowed: format, version, body/],
      [{ version: 2 }, /has version 2; this server reads version 1/],
      [{ format: 'other' }, /format must be "bodyscan-capture"/],
      [{ units: 'inch' }, /units must be one of m, dm, cm, mm; got "inch"/],
      [{ upAxis: 'y' }, /upAxis must be one of \+x, -x, \+y, -y, \+z, -z/],
      [{ device: { model: 7 } }, /device must be an object of at most 20 strings/],
      [{ capturedAt: 'yesterday' }, /capturedAt must be an ISO 8601/],
      [{ body: '' }, /body must name the body file/],
    ];
    for (const [change, message] of cases) assertCaptureFailure(() => readCapture(bundle(manifest(change))), 'capture_bundle_invalid', message);
    assertCaptureFailure(() => readCapture(bundle(new TextEncoder().encode('{nope'))), 'capture_bundle_invalid', /not valid UTF-8 JSON/);
  });

  it('refuses a bundle whose declared sizes exceed the inflate limit before inflating anything', () => {
    const body = writePly({ positions });
    const zip = buildZip([{ name: 'manifest.json', data: manifest() }, { name: 'body.ply', data: body, declaredSize: 2 ** 31 }]);
    assertCaptureFailure(() => readCapture(zip), 'capture_too_large', /declares \d+ bytes uncompressed, more than the 1073741824 bytes/);
    const small = buildZip([{ name: 'manifest.json', data: manifest() }, { name: 'body.ply', data: body }]);
    assertCaptureFailure(() => readCapture(small, { maxUncompressedBytes: 100 }), 'capture_too_large', /more than the 100 bytes/);
  });

  it('refuses a zip bomb by its compression ratio', () => {
    const zeros = new Uint8Array(8 * 1024 * 1024);
    const zip = buildZip([{ name: 'manifest.json', data: manifest() }, { name: 'body.ply', data: zeros }]);
    assert.ok(zip.length < 20_000, `the bomb is small (${zip.length} bytes)`);
    assertCaptureFailure(() => readCapture(zip), 'capture_too_large', /compression ratio of \d+:1, above the 200:1 allowed/);
  });

  it('stops inflating a zip bomb that lies about its size, as soon as it passes the declared size', () => {
    const zeros = new Uint8Array(16 * 1024 * 1024);
    const zip = buildZip([{ name: 'manifest.json', data: manifest() }, { name: 'body.ply', data: zeros, declaredSize: 1000, crc: 0 }]);
    const started = performance.now();
    assertCaptureFailure(() => readCapture(zip), 'capture_too_large', /inflates to more than the 1000 bytes it declares/);
    assert.ok(performance.now() - started < 1000, 'stops early instead of inflating 16 MiB');
  });

  it('rejects damaged entries: CRC mismatch, deflate garbage and an unsupported method', () => {
    const body = writePly({ positions });
    assertCaptureFailure(() => readCapture(buildZip([{ name: 'manifest.json', data: manifest() }, { name: 'body.ply', data: body, crc: 12345 }])),
      'capture_bundle_invalid', /fails its CRC-32 check/);
    const garbage = buildZip([{ name: 'manifest.json', data: manifest() }, { name: 'body.ply', data: new Uint8Array([0xff, 0xff, 0xff, 0xff]), method: 0 }]);
    new DataView(garbage.buffer).setUint16(8, 8, true);
    const centralAt = garbage.length - 22 - (46 + 'manifest.json'.length) - (46 + 'body.ply'.length);
    new DataView(garbage.buffer).setUint16(centralAt + 46 + 'manifest.json'.length + 10, 8, true);
    assertCaptureFailure(() => readCapture(garbage), 'capture_bundle_invalid', /damaged compressed data|inflates to|CRC/);
    const bzip2 = buildZip([{ name: 'manifest.json', data: manifest() }, { name: 'body.ply', data: body, method: 0 }]);
    new DataView(bzip2.buffer).setUint16(bzip2.length - 22 - (46 + 'body.ply'.length) + 10, 12, true);
    assertCaptureFailure(() => readCapture(bzip2), 'capture_feature_unsupported', /compression method 12/);
  });

  it('rejects a manifest uploaded on its own with a hint to upload the bundle', () => {
    assertCaptureFailure(() => readCapture(manifest()), 'capture_bundle_invalid', /bundle manifest on its own/);
  });
});
