import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { writeMeshGlb } from '../../../src/processing/assets/glb-mesh-writer.ts';
import { writeStripesGlb } from '../../../src/processing/assets/glb-stripes-writer.ts';
import { writeMtl, writeObj } from '../../../src/processing/assets/obj-writer.ts';
import { encodePng } from '../../../src/processing/assets/png-encoder.ts';
import { cylinderFrameOf, unwrapCylindrical } from '../../../src/processing/assets/cylindrical-uv.ts';
import { generatedSkinTexture } from '../../../src/processing/assets/texture-bake.ts';
import { computeSmoothNormals } from '../../../src/processing/assets/smooth-normals.ts';
import { readCapture } from '../../../src/processing/capture/read-capture.ts';
import { sphereMesh } from '../../support/sphere-mesh.ts';
import { glbJson, validateGlb } from '../../support/validate-glb.ts';
import { readObjMinimal } from '../../support/read-obj-minimal.ts';
import { measureModelBody, modelParams } from '../../support/model-measurement.ts';

const sphere = sphereMesh(0.25, [0.1, 1.0, -0.05]);

describe('GLB mesh writer', () => {
  it('writes a plain mesh with computed normals that passes the Khronos validator', async () => {
    const bytes = writeMeshGlb({ positionsM: sphere.positionsM, indices: sphere.indices, normals: null, colors: null, uvs: null }, { name: 'sphere' });
    const { errors, warnings } = await validateGlb(bytes);
    assert.deepEqual(errors, []);
    assert.deepEqual(warnings, []);
    const json = glbJson(bytes);
    assert.deepEqual(Object.keys(json.meshes[0].primitives[0].attributes).sort(), ['NORMAL', 'POSITION']);
    assert.equal(json.accessors[json.meshes[0].primitives[0].attributes.POSITION].count, sphere.positionsM.length / 3);
    assert.equal(json.materials[0].pbrMetallicRoughness.metallicFactor, 0);
  });

  it('writes vertex colours, uvs and an embedded PNG texture that pass the validator', async () => {
    const unwrapped = unwrapCylindrical(sphere.positionsM, sphere.indices, cylinderFrameOf(sphere.positionsM));
    const colors = new Uint8Array(unwrapped.positionsM.length).map((_, i) => (i * 37) % 256);
    const bytes = writeMeshGlb(
      { positionsM: unwrapped.positionsM, indices: unwrapped.indices, normals: null, colors, uvs: unwrapped.uvs },
      { name: 'sphere', texturePng: encodePng(generatedSkinTexture(64, 64), true) },
    );
    const { errors, warnings } = await validateGlb(bytes);
    assert.deepEqual(errors, []);
    assert.deepEqual(warnings, []);
    const json = glbJson(bytes);
    assert.deepEqual(Object.keys(json.meshes[0].primitives[0].attributes).sort(), ['COLOR_0', 'NORMAL', 'POSITION', 'TEXCOORD_0']);
    assert.equal(json.images[0].mimeType, 'image/png');
    assert.deepEqual(json.materials[0].pbrMetallicRoughness.baseColorTexture, { index: 0 });
  });

  it('switches to 32-bit indices above 65535 vertices and stays valid', async () => {
    const big = sphereMesh(0.3, [0, 1, 0], 300, 240);
    assert.ok(big.positionsM.length / 3 > 65535);
    const bytes = writeMeshGlb({ positionsM: big.positionsM, indices: big.indices, normals: null, colors: null, uvs: null }, { name: 'big' });
    assert.deepEqual((await validateGlb(bytes)).errors, []);
    const json = glbJson(bytes);
    assert.equal(json.accessors[json.meshes[0].primitives[0].indices].componentType, 5125);
  });

  it('reads back through the capture reader with the same vertex and triangle counts', () => {
    const bytes = writeMeshGlb({ positionsM: sphere.positionsM, indices: sphere.indices, normals: null, colors: null, uvs: null }, { name: 'sphere' });
    const read = readCapture(bytes);
    assert.equal(read.geometry.positions.length, sphere.positionsM.length);
    assert.equal(read.geometry.indices?.length, sphere.indices.length);
  });
});

describe('stripes GLB writer', () => {
  it('writes one named LINE_LOOP node per measurement site and passes the validator', async () => {
    const { result } = measureModelBody(modelParams());
    const bytes = writeStripesGlb(result.sites.map((s) => ({ name: s.field, pointsM: s.ringM, perimeterM: s.perimeterM })));
    const { errors } = await validateGlb(bytes);
    assert.deepEqual(errors, []);
    const json = glbJson(bytes);
    assert.equal(json.nodes.length, 27);
    assert.deepEqual(json.nodes.map((n: { name: string }) => n.name).sort(), result.sites.map((s) => s.field).sort());
    for (const mesh of json.meshes) assert.equal(mesh.primitives[0].mode, 2);
    const waist = json.nodes.find((n: { name: string }) => n.name === 'waistFit');
    assert.ok(Math.abs(waist.extras.perimeterM - result.measurements.waistFit) < 1e-9);
  });

  it('writes a valid file when there are no sites', async () => {
    assert.deepEqual((await validateGlb(writeStripesGlb([]))).errors, []);
  });
});

describe('OBJ + MTL writer', () => {
  const unwrapped = unwrapCylindrical(sphere.positionsM, sphere.indices, cylinderFrameOf(sphere.positionsM));
  const obj = writeObj(
    { positionsM: unwrapped.positionsM, indices: unwrapped.indices, normals: null, colors: null, uvs: unwrapped.uvs },
    { mtlFileName: 'material.mtl', materialName: 'body', objectName: 'body' },
  );

  it('re-parses with v/vt/vn/f, mtllib and usemtl, every index in range', () => {
    const parsed = readObjMinimal(obj);
    const vertexCount = unwrapped.positionsM.length / 3;
    assert.equal(parsed.positions.length, vertexCount);
    assert.equal(parsed.uvs.length, vertexCount);
    assert.equal(parsed.normals.length, vertexCount);
    assert.equal(parsed.faces.length, unwrapped.indices.length / 3);
    assert.equal(parsed.mtllib, 'material.mtl');
    assert.equal(parsed.usemtl, 'body');
    for (const face of parsed.faces) for (const v of face.v) assert.ok(v >= 0 && v < vertexCount);
    // vt is bottom-left based: 1 - glTF v.
    assert.ok(Math.abs(parsed.uvs[5][1] - (1 - unwrapped.uvs[11])) < 1e-5);
    assert.ok(Math.abs(parsed.positions[7][1] - unwrapped.positionsM[22]) < 1e-4);
  });

  it('re-parses with the capture reader', () => {
    const read = readCapture(obj);
    assert.equal(read.geometry.positions.length, unwrapped.positionsM.length);
    assert.equal(read.geometry.indices?.length, unwrapped.indices.length);
  });

  it('writes an MTL naming the texture', () => {
    const text = new TextDecoder().decode(writeMtl('body', 'texture.png'));
    assert.match(text, /^newmtl body$/m);
    assert.match(text, /^map_Kd texture\.png$/m);
  });
});

describe('PNG encoder and smooth normals', () => {
  it('encodes RGBA and RGB images that pngjs decodes to the same pixels', () => {
    const image = generatedSkinTexture(37, 21);
    for (const dropAlpha of [false, true]) {
      const decoded = PNG.sync.read(Buffer.from(encodePng(image, dropAlpha)));
      assert.equal(decoded.width, 37);
      assert.equal(decoded.height, 21);
      assert.deepEqual(new Uint8Array(decoded.data), image.rgba);
    }
  });

  it('gives unit normals pointing away from a sphere centre', () => {
    const normals = computeSmoothNormals(sphere.positionsM, sphere.indices);
    for (let v = 0; v < normals.length / 3; v++) {
      const rx = sphere.positionsM[v * 3] - 0.1, ry = sphere.positionsM[v * 3 + 1] - 1.0, rz = sphere.positionsM[v * 3 + 2] + 0.05;
      assert.ok(Math.abs(Math.hypot(normals[v * 3], normals[v * 3 + 1], normals[v * 3 + 2]) - 1) < 1e-5);
      assert.ok((normals[v * 3] * rx + normals[v * 3 + 1] * ry + normals[v * 3 + 2] * rz) / 0.25 > 0.95);
    }
  });
});
