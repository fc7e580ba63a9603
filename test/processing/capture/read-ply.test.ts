import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readCapture } from '../../../src/processing/capture/read-capture.ts';
import { writePly } from '../../../src/processing/capture/write-ply.ts';
import { assertCaptureFailure, concatBytes, text } from '../../support/capture-assertions.ts';

const positions = new Float32Array([0, 0, 0, 1.5, -2.25, 3.125, 0.1, 0.2, 0.3, -1e-7, 12345.678, 1e6]);
const normals = new Float32Array([0, 0, 1, 0, 1, 0, 1, 0, 0, 0.6, 0.8, 0]);
const colors = new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 255, 12, 34, 56]);
const indices = new Uint32Array([0, 1, 2, 0, 2, 3]);

/** A binary PLY from a header (lines) and little-endian data written by `fill`. */
function binaryPly(headerLines: string[], dataBytes: number, fill: (view: DataView) => void): Uint8Array {
  const data = new Uint8Array(dataBytes);
  fill(new DataView(data.buffer));
  return concatBytes(text(`${headerLines.join('\n')}\nend_header\n`), data);
}

describe('PLY reader', () => {
  for (const encoding of ['ascii', 'binary_little_endian', 'binary_big_endian'] as const) {
    for (const coordinateType of ['float', 'double'] as const) {
      it(`round-trips a ${encoding} ${coordinateType} mesh with normals and colours`, () => {
        const bytes = writePly({ positions, normals, colors, indices }, { encoding, coordinateType });
        const read = readCapture(bytes);
        assert.equal(read.format, { ascii: 'ply-ascii', binary_little_endian: 'ply-binary-le', binary_big_endian: 'ply-binary-be' }[encoding]);
        assert.deepEqual(read.geometry.positions, positions);
        assert.deepEqual(read.geometry.normals, normals);
        assert.deepEqual(read.geometry.colors, colors);
        assert.deepEqual(read.geometry.indices, indices);
        assert.deepEqual(read.hints, {});
      });
    }
  }

  it('reads a big-endian double PLY point cloud', () => {
    const bytes = writePly({ positions }, { encoding: 'binary_big_endian', coordinateType: 'double' });
    const read = readCapture(bytes);
    assert.equal(read.format, 'ply-binary-be');
    assert.deepEqual(read.geometry.positions, positions);
    assert.equal(read.geometry.indices, null);
    assert.equal(read.geometry.colors, null);
    assert.equal(read.geometry.normals, null);
  });

  it('reads coordinates stored as every PLY numeric type, by classic and sized names', () => {
    const types: [string, number, (v: DataView, o: number, x: number) => void][] = [
      ['char', 1, (v, o, x) => v.setInt8(o, x)], ['uchar', 1, (v, o, x) => v.setUint8(o, x)],
      ['short', 2, (v, o, x) => v.setInt16(o, x, true)], ['ushort', 2, (v, o, x) => v.setUint16(o, x, true)],
      ['int', 4, (v, o, x) => v.setInt32(o, x, true)], ['uint', 4, (v, o, x) => v.setUint32(o, x, true)],
      ['int8', 1, (v, o, x) => v.setInt8(o, x)], ['uint8', 1, (v, o, x) => v.setUint8(o, x)],
      ['int16', 2, (v, o, x) => v.setInt16(o, x, true)], ['uint16', 2, (v, o, x) => v.setUint16(o, x, true)],
      ['int32', 4, (v, o, x) => v.setInt32(o, x, true)], ['uint32', 4, (v, o, x) => v.setUint32(o, x, true)],
      ['float32', 4, (v, o, x) => v.setFloat32(o, x, true)], ['float64', 8, (v, o, x) => v.setFloat64(o, x, true)],
    ];
    for (const [name, size, set] of types) {
      const bytes = binaryPly(['ply', 'format binary_little_endian 1.0', 'element vertex 2', `property ${name} x`, `property ${name} y`, `property ${name} z`],
        size * 6, (v) => [1, 2, 3, 4, 5, 6].forEach((x, i) => set(v, i * size, x)));
      assert.deepEqual(readCapture(bytes).geometry.positions, new Float32Array([1, 2, 3, 4, 5, 6]), name);
    }
  });

  it('skips other elements and properties, including lists, wherever they sit', () => {
    const header = ['ply', 'format binary_little_endian 1.0', 'comment made by a scanner', 'obj_info device x',
      'element camera 1', 'property float view_px', 'property list uchar float extra',
      'element vertex 2', 'property uchar flags', 'property float x', 'property double confidence', 'property float y', 'property float z',
      'property list ushort uint neighbours',
      'element face 1', 'property uchar kind', 'property list uint int16 vertex_index', 'property list uchar float texcoord',
      'element trailer 2', 'property int value'];
    const bytes = binaryPly(header, 200, (v) => {
      let o = 0;
      v.setFloat32(o, 9, true); o += 4; v.setUint8(o, 2); o += 1; v.setFloat32(o, 7, true); o += 4; v.setFloat32(o, 7, true); o += 4;
      for (const [x, y, z] of [[1, 2, 3], [4, 5, 6]]) {
        v.setUint8(o, 1); o += 1; v.setFloat32(o, x, true); o += 4; v.setFloat64(o, 0.5, true); o += 8;
        v.setFloat32(o, y, true); o += 4; v.setFloat32(o, z, true); o += 4;
        v.setUint16(o, 1, true); o += 2; v.setUint32(o, 99, true); o += 4;
      }
      v.setUint8(o, 0); o += 1; v.setUint32(o, 3, true); o += 4;
      for (const index of [1, 0, 1]) { v.setInt16(o, index, true); o += 2; }
      v.setUint8(o, 0); o += 1; v.setInt32(o, 5, true); o += 4; v.setInt32(o, 6, true);
    });
    const read = readCapture(bytes);
    assert.deepEqual(read.geometry.positions, new Float32Array([1, 2, 3, 4, 5, 6]));
    assert.deepEqual(read.geometry.indices, new Uint32Array([1, 0, 1]));
  });

  it('fan-triangulates polygons and skips faces of fewer than three vertices', () => {
    const ascii = ['ply', 'format ascii 1.0', 'element vertex 5', 'property float x', 'property float y', 'property float z',
      'element face 3', 'property list uchar uint vertex_indices', 'end_header',
      '0 0 0', '1 0 0', '1 1 0', '0 1 0', '0.5 1.5 0', '5 0 1 2 4 3', '2 0 1', '3 0 1 2', ''].join('\n');
    const read = readCapture(text(ascii));
    assert.deepEqual(read.geometry.indices, new Uint32Array([0, 1, 2, 0, 2, 4, 0, 4, 3, 0, 1, 2]));
  });

  it('reads float colours in 0..1 and ushort colours in 0..65535 as bytes', () => {
    const ascii = ['ply', 'format ascii 1.0', 'element vertex 2', 'property float x', 'property float y', 'property float z',
      'property float red', 'property float green', 'property float blue', 'end_header',
      '0 0 0 1 0.5 0', '1 1 1 2 -1 0.2', ''].join('\n');
    assert.deepEqual(readCapture(text(ascii)).geometry.colors, new Uint8Array([255, 128, 0, 255, 0, 51]));
    const bytes = binaryPly(['ply', 'format binary_little_endian 1.0', 'element vertex 1', 'property float x', 'property float y',
      'property float z', 'property ushort red', 'property ushort green', 'property ushort blue'], 18, (v) => {
      v.setUint16(12, 65535, true); v.setUint16(14, 257 * 10, true); v.setUint16(16, 0, true);
    });
    assert.deepEqual(readCapture(bytes).geometry.colors, new Uint8Array([255, 10, 0]));
  });

  it('accepts a CRLF header and CRLF ascii data with exponents and signs', () => {
    const ascii = ['ply', 'format ascii 1.0', 'element vertex 2', 'property float x', 'property float y', 'property float z',
      'end_header', '1e2 -2.5E-1 +3.', '-.5 0.000123 7', ''].join('\r\n');
    assert.deepEqual(readCapture(text(ascii)).geometry.positions, new Float32Array([100, -0.25, 3, -0.5, 0.000123, 7]));
  });

  it('drops normals that hold NaN but keeps the positions', () => {
    const ascii = ['ply', 'format ascii 1.0', 'element vertex 1', 'property float x', 'property float y', 'property float z',
      'property float nx', 'property float ny', 'property float nz', 'end_header', '1 2 3 nan 0 1', ''].join('\n');
    const read = readCapture(text(ascii));
    assert.equal(read.geometry.normals, null);
    assert.deepEqual(read.geometry.positions, new Float32Array([1, 2, 3]));
  });

  it('rejects NaN and infinite coordinates in ascii and binary files', () => {
    const ascii = (value: string) => text(['ply', 'format ascii 1.0', 'element vertex 2', 'property float x', 'property float y',
      'property float z', 'end_header', '0 0 0', `1 ${value} 3`, ''].join('\n'));
    for (const value of ['nan', 'NaN', 'inf', '-Infinity', '1.#INF', '-nan(ind)', '1e39']) {
      assertCaptureFailure(() => readCapture(ascii(value)), 'capture_invalid_numbers', /vertex 1, y/);
    }
    for (const value of [NaN, Infinity, -Infinity, 1e300]) {
      const bytes = writePly({ positions: new Float32Array([0, 0, 0]) }, { coordinateType: 'double', encoding: 'binary_big_endian' });
      new DataView(bytes.buffer).setFloat64(bytes.length - 8, value, false);
      assertCaptureFailure(() => readCapture(bytes), 'capture_invalid_numbers', /vertex 0, z/);
    }
  });

  it('rejects face indices beyond the vertex count or negative', () => {
    const bytes = writePly({ positions, indices: new Uint32Array([0, 1, 4]) });
    assertCaptureFailure(() => readCapture(bytes), 'capture_malformed', /face 0 referring to vertex 4, but only 4 vertices exist/);
    const ascii = ['ply', 'format ascii 1.0', 'element vertex 3', 'property float x', 'property float y', 'property float z',
      'element face 1', 'property list uchar int vertex_indices', 'end_header', '0 0 0', '1 0 0', '0 1 0', '3 0 -1 2', ''].join('\n');
    assertCaptureFailure(() => readCapture(text(ascii)), 'capture_malformed', /invalid vertex index/);
  });

  it('rejects a header without x, y and z, with an unknown type, or an unknown format', () => {
    const header = (lines: string[]) => text(['ply', ...lines, 'end_header', ''].join('\n'));
    assertCaptureFailure(() => readCapture(header(['format ascii 1.0', 'element vertex 1', 'property float x', 'property float y'])), 'capture_malformed', /x, y and z/);
    assertCaptureFailure(() => readCapture(header(['format ascii 1.0', 'element vertex 1', 'property quad x'])), 'capture_malformed', /unknown property type "quad"/);
    assertCaptureFailure(() => readCapture(header(['format binary_middle_endian 1.0'])), 'capture_malformed', /unknown format/);
    assertCaptureFailure(() => readCapture(header(['element vertex 1', 'property float x'])), 'capture_malformed', /no format line/);
    assertCaptureFailure(() => readCapture(header(['format ascii 1.0', 'element face 0'])), 'capture_empty', /no vertices/);
    assertCaptureFailure(() => readCapture(header(['format ascii 1.0', 'element vertex 0', 'property float x', 'property float y', 'property float z'])), 'capture_empty');
  });

  it('rejects an ascii value that is not a number, naming its byte offset', () => {
    const ascii = ['ply', 'format ascii 1.0', 'element vertex 1', 'property float x', 'property float y', 'property float z', 'end_header', '1 2 abc', ''].join('\n');
    assertCaptureFailure(() => readCapture(text(ascii)), 'capture_malformed', /"abc" at byte \d+ where a number was expected in vertex 0/);
  });
});
