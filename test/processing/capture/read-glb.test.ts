import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readCapture } from '../../../src/processing/capture/read-capture.ts';
import { assembleGlb, buildGlb } from '../../support/glb-builder.ts';
import { assertCaptureFailure } from '../../support/capture-assertions.ts';
import { validateGlb } from '../../support/validate-glb.ts';

const triangle = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);

function close(actual: Float32Array | null, expected: number[], tolerance = 1e-6): void {
  assert.ok(actual !== null);
  assert.equal(actual.length, expected.length);
  actual.forEach((value, i) => assert.ok(Math.abs(value - expected[i]) <= tolerance, `index ${i}: ${value} vs ${expected[i]}`));
}

describe('GLB reader', () => {
  it('round-trips an indexed triangle mesh and says metres, +Y up', async () => {
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]);
    const indices = new Uint16Array([0, 1, 2, 0, 2, 3]);
    const glb = buildGlb({ meshes: [[{ positions, indices }]], nodes: [{ mesh: 0 }], scenes: [{ nodes: [0] }], scene: 0 });
    assert.deepEqual((await validateGlb(glb)).errors, []);
    const read = readCapture(glb);
    assert.equal(read.format, 'glb');
    assert.deepEqual(read.geometry.positions, positions);
    assert.deepEqual(read.geometry.indices, new Uint32Array(indices));
    assert.deepEqual(read.hints, { unit: 'm', upAxis: '+y' });
  });

  it('applies nested node transforms: matrix, translation, rotation and scale', () => {
    // root: translate (10, 0, 0); child: rotate 90 degrees about +Z; grandchild: matrix scaling by 2, carrying the mesh.
    const s = Math.SQRT1_2;
    const glb = buildGlb({
      meshes: [[{ positions: triangle }]],
      nodes: [
        { translation: [10, 0, 0], children: [1] },
        { rotation: [0, 0, s, s], children: [2] },
        { matrix: [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1], mesh: 0 },
      ],
      scenes: [{ nodes: [0] }],
    });
    const read = readCapture(glb);
    // (1,0,0) -> scale (2,0,0) -> rotate (0,2,0) -> translate (10,2,0); (0,1,0) -> (0,2,0) -> (-2,0,0) -> (8,0,0).
    close(read.geometry.positions, [10, 0, 0, 10, 2, 0, 8, 0, 0], 1e-5);
    assert.equal(read.geometry.indices?.length, 3);
  });

  it('draws a mesh once per node that instances it, and every primitive of it', () => {
    const glb = buildGlb({
      meshes: [[{ positions: triangle }, { positions: triangle, indices: new Uint8Array([2, 1, 0]) }]],
      nodes: [{ mesh: 0 }, { mesh: 0, translation: [0, 0, 5] }],
    });
    const read = readCapture(glb);
    assert.equal(read.geometry.positions.length, 4 * 9);
    assert.deepEqual(read.geometry.indices, new Uint32Array([0, 1, 2, 5, 4, 3, 6, 7, 8, 11, 10, 9]));
    close(read.geometry.positions.subarray(27), [0, 0, 5, 1, 0, 5, 0, 1, 5]);
  });

  it('reads uint32 indices, interleaved attributes with byteStride, and transforms normals', () => {
    const normals = new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1]);
    const glb = buildGlb({
      meshes: [[{ positions: triangle, normals, indices: new Uint32Array([0, 1, 2]), interleave: true }]],
      nodes: [{ mesh: 0, scale: [1, 1, -3] }],
    });
    const read = readCapture(glb);
    close(read.geometry.positions, [0, 0, 0, 1, 0, 0, 0, 1, 0]);
    close(read.geometry.normals, [0, 0, -1, 0, 0, -1, 0, 0, -1]);
  });

  it('reads COLOR_0 as float RGB and normalized RGBA bytes, converting linear to sRGB', () => {
    const floatColors = buildGlb({ meshes: [[{ positions: triangle, colors: { values: new Float32Array([1, 0, 0, 0.5, 0.5, 0.5, 0, 0, 0.0031308]), components: 3 } }]] });
    assert.deepEqual(readCapture(floatColors).geometry.colors, new Uint8Array([255, 0, 0, 188, 188, 188, 0, 0, 10]));
    const byteColors = buildGlb({ meshes: [[{ positions: triangle, colors: { values: new Uint8Array([255, 0, 0, 9, 0, 255, 0, 0, 0, 0, 0, 0]), components: 4 } }]] });
    assert.deepEqual(readCapture(byteColors).geometry.colors, new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 0]));
  });

  it('reads triangle strips and fans, and point primitives as vertices only', () => {
    const quad = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0]);
    assert.deepEqual(readCapture(buildGlb({ meshes: [[{ positions: quad, mode: 5 }]] })).geometry.indices, new Uint32Array([0, 1, 2, 1, 3, 2]));
    assert.deepEqual(readCapture(buildGlb({ meshes: [[{ positions: quad, mode: 6 }]] })).geometry.indices, new Uint32Array([0, 1, 2, 0, 2, 3]));
    const points = readCapture(buildGlb({ meshes: [[{ positions: quad, mode: 0 }]] }));
    assert.equal(points.geometry.indices, null);
    assert.equal(points.geometry.positions.length, 12);
  });

  it('rejects sparse accessors, external buffers, compression extensions and lines with capture_feature_unsupported', () => {
    const bin = new Uint8Array(triangle.buffer.slice(0));
    const json = (): Record<string, any> => ({
      asset: { version: '2.0' }, buffers: [{ byteLength: 36 }], bufferViews: [{ buffer: 0, byteLength: 36 }],
      accessors: [{ bufferView: 0, componentType: 5126, count: 3, type: 'VEC3' }],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
    });
    const sparse = json(); sparse.accessors[0].sparse = { count: 1 };
    assertCaptureFailure(() => readCapture(assembleGlb(sparse, bin)), 'capture_feature_unsupported', /sparse accessor/);
    const external = json(); external.buffers[0].uri = 'body.bin';
    assertCaptureFailure(() => readCapture(assembleGlb(external, bin)), 'capture_feature_unsupported', /external buffer/);
    const draco = json(); draco.extensionsRequired = ['KHR_draco_mesh_compression'];
    assertCaptureFailure(() => readCapture(assembleGlb(draco, bin)), 'capture_feature_unsupported', /KHR_draco_mesh_compression/);
    const lines = json(); lines.meshes[0].primitives[0].mode = 1;
    assertCaptureFailure(() => readCapture(assembleGlb(lines, bin)), 'capture_feature_unsupported', /lines/);
    const ok = json(); ok.extensionsRequired = ['KHR_materials_unlit'];
    assert.equal(readCapture(assembleGlb(ok, bin)).geometry.positions.length, 9);
  });

  it('rejects accessors that overrun their bufferView, out-of-range indices and node cycles', () => {
    const bin = new Uint8Array(48);
    bin.set(new Uint8Array(triangle.buffer), 0);
    new Uint16Array(bin.buffer, 36, 3).set([0, 1, 3]);
    const json = (): Record<string, any> => ({
      asset: { version: '2.0' }, buffers: [{ byteLength: 48 }],
      bufferViews: [{ buffer: 0, byteLength: 36 }, { buffer: 0, byteOffset: 36, byteLength: 6 }],
      accessors: [{ bufferView: 0, componentType: 5126, count: 3, type: 'VEC3' }, { bufferView: 1, componentType: 5123, count: 3, type: 'SCALAR' }],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
    });
    const overrun = json(); overrun.accessors[0].count = 4;
    assertCaptureFailure(() => readCapture(assembleGlb(overrun, bin)), 'capture_malformed', /needs 48 bytes but its bufferView holds 36/);
    const viewOverrun = json(); viewOverrun.bufferViews[0].byteLength = 4000;
    assertCaptureFailure(() => readCapture(assembleGlb(viewOverrun, bin)), 'capture_truncated');
    const badIndex = json(); badIndex.meshes[0].primitives[0].indices = 1;
    assertCaptureFailure(() => readCapture(assembleGlb(badIndex, bin)), 'capture_malformed', /index 3 but only 3 vertices/);
    const cycle = json(); cycle.nodes = [{ children: [1] }, { children: [0], mesh: 0 }]; cycle.scenes = [{ nodes: [0] }];
    assertCaptureFailure(() => readCapture(assembleGlb(cycle, bin)), 'capture_malformed', /reaches node 0 twice/);
    const badMatrix = json(); badMatrix.nodes = [{ mesh: 0, matrix: [1, 2, 3] }];
    assertCaptureFailure(() => readCapture(assembleGlb(badMatrix, bin)), 'capture_malformed', /matrix must be an array of 16 finite numbers/);
    const nanPosition = new Uint8Array(bin);
    new DataView(nanPosition.buffer).setFloat32(16, NaN, true);
    assertCaptureFailure(() => readCapture(assembleGlb(json(), nanPosition)), 'capture_invalid_numbers', /vertex 1, y/);
  });

  it('rejects glTF version 1 and a GLB whose mesh has no vertices', () => {
    const v1 = assembleGlb({ asset: { version: '1.0' } }, null);
    new DataView(v1.buffer).setUint32(4, 1, true);
    assertCaptureFailure(() => readCapture(v1), 'capture_feature_unsupported', /version 1/);
    assertCaptureFailure(() => readCapture(assembleGlb({ asset: { version: '2.0' } }, null)), 'capture_empty', /GLB capture contains no vertices/);
  });

  it('refuses instancing that multiplies vertices past the limit before allocating', () => {
    const nodes = Array.from({ length: 1000 }, () => ({ mesh: 0 }));
    const glb = buildGlb({ meshes: [[{ positions: triangle }]], nodes });
    assertCaptureFailure(() => readCapture(glb, { maxVertices: 2999 }), 'capture_too_large', /3000 vertices/);
  });
});
