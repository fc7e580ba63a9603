import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readCapture } from '../../../src/processing/capture/read-capture.ts';
import { writeObj } from '../../../src/processing/capture/write-obj.ts';
import { assertCaptureFailure, text } from '../../support/capture-assertions.ts';

describe('OBJ reader', () => {
  it('round-trips positions, colours and triangles written by writeObj', () => {
    const positions = new Float32Array([0.1, 0.2, 0.3, -1.5, 2.75, 1e-5, 123.456, 0, -7, 3, 3, 3]);
    const colors = new Uint8Array([255, 0, 0, 0, 128, 0, 1, 2, 3, 40, 50, 60]);
    const indices = new Uint32Array([0, 1, 2, 2, 3, 0]);
    const read = readCapture(writeObj({ positions, colors, indices }));
    assert.equal(read.format, 'obj');
    assert.deepEqual(read.geometry.positions, positions);
    assert.deepEqual(read.geometry.colors, colors);
    assert.deepEqual(read.geometry.indices, indices);
    assert.deepEqual(readCapture(writeObj({ positions, normals: positions, indices })).geometry.indices, indices);
  });

  it('reads v/vt/vn corner forms, negative indices and fan-triangulated polygons', () => {
    const obj = [
      '# exported by a phone app', 'mtllib body.mtl', 'o Body', 'g torso', 's off', 'usemtl skin',
      'v 0 0 0', 'v 1 0 0', 'v 1 1 0', 'v 0 1 0',
      'vt 0 0', 'vt 1 0', 'vn 0 0 1',
      'f 1/1/1 2/2/1 3/1/1 4/2/1',
      'f -4//1 -3//1 -2//1',
      'f 1/1 3/2 4/1',
      'l 1 2', 'p 3', '',
    ].join('\n');
    const read = readCapture(text(obj));
    assert.deepEqual(read.geometry.positions, new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]));
    assert.deepEqual(read.geometry.indices, new Uint32Array([0, 1, 2, 0, 2, 3, 0, 1, 2, 0, 2, 3]));
    assert.equal(read.geometry.colors, null);
    assert.equal(read.geometry.normals, null);
  });

  it('reads vertex colours written as 0..255 instead of 0..1', () => {
    const read = readCapture(text('v 0 0 0 255 128 0\nv 1 1 1 0 0 1\n'));
    assert.deepEqual(read.geometry.colors, new Uint8Array([255, 128, 0, 0, 0, 1]));
  });

  it('reads a point cloud with CRLF lines and w coordinates, and keeps colours only if every vertex has one', () => {
    const read = readCapture(text('v 1 2 3 1\r\nv 4 5 6 0.5 0.5 0.5\r\n'));
    assert.deepEqual(read.geometry.positions, new Float32Array([1, 2, 3, 4, 5, 6]));
    assert.equal(read.geometry.indices, null);
    assert.equal(read.geometry.colors, null);
  });

  it('rejects face index 0, indices beyond the vertices and relative indices before the first vertex', () => {
    assertCaptureFailure(() => readCapture(text('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 0 1 2\n')), 'capture_malformed', /face index 0/);
    assertCaptureFailure(() => readCapture(text('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 9\n')), 'capture_malformed', /vertex 8, but only 3 vertices exist/);
    assertCaptureFailure(() => readCapture(text('v 0 0 0\nv 1 0 0\nv 0 1 0\nf -1 -2 -4\n')), 'capture_malformed', /out of range/);
  });

  it('rejects a vertex with fewer than three numbers, an unreadable number and NaN', () => {
    assertCaptureFailure(() => readCapture(text('v 1 2\n')), 'capture_malformed', /line 1 has a vertex with 2 numbers/);
    assertCaptureFailure(() => readCapture(text('v 1 2 x3\n')), 'capture_malformed', /"x3" at byte 6/);
    assertCaptureFailure(() => readCapture(text('v 1 2 3\nv nan 0 0\n')), 'capture_invalid_numbers', /vertex 1, x/);
  });

  it('treats an OBJ without vertices as empty', () => {
    assertCaptureFailure(() => readCapture(text('# nothing here\no empty\n')), 'capture_empty', /OBJ capture contains no vertices/);
  });

  it('refuses more vertices than the configured limit', () => {
    assertCaptureFailure(() => readCapture(text('v 0 0 0\nv 1 1 1\nv 2 2 2\n'), { maxVertices: 2 }), 'capture_too_large', /3 vertices, more than the 2/);
  });
});
