import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { buildScanAssets } from '../../../src/processing/assets/build-scan-assets.ts';
import { encodePng } from '../../../src/processing/assets/png-encoder.ts';
import { generatedSkinTexture } from '../../../src/processing/assets/texture-bake.ts';
import {
  DEFAULT_NATIVE_CONFIG_ID, DEFAULT_WEB_CONFIG_ID, LEGACY_NATIVE_CONFIG_ID, assetKindsOf,
} from '../../../src/processing/assets/asset-configs.ts';
import { scanAvatar } from '../../../src/processing/body-model/scan-avatar.ts';
import { readCapture } from '../../../src/processing/capture/read-capture.ts';
import { measureModelBody, modelParams } from '../../support/model-measurement.ts';
import { samplePointCloud } from '../../support/sample-surface.ts';
import { glbJson, validateGlb } from '../../support/validate-glb.ts';
import { readObjMinimal } from '../../support/read-obj-minimal.ts';
import { countNonBackground } from '../../support/mesh-checks.ts';

// A model body with the arms lowered towards the torso, measured; its exact fit stands in for the model fit.
const body = measureModelBody(modelParams(undefined, { 0: 0.8, 1: -0.4, 2: 0.3 }, 0.4));
const meshScan = body.result;
const cloud = samplePointCloud(meshScan.canonical.positions, meshScan.canonical.indices as Uint32Array, 60_000);
const pointScan = { ...meshScan, canonical: { positions: cloud.positions, indices: null, colors: cloud.colors, normals: null } };
const fit = { model: body.model, fit: body.fit, record: scanAvatar(body.model, body.fit, pointScan).record };
const poorFit = { ...fit, fit: { ...fit.fit, residualRmsMm: 40 } };

function decodePng(bytes: Uint8Array): PNG {
  return PNG.sync.read(Buffer.from(bytes));
}

describe('buildScanAssets, GLB pipelines', () => {
  for (const configId of [DEFAULT_NATIVE_CONFIG_ID, DEFAULT_WEB_CONFIG_ID]) {
    it(`writes the documented files for ${configId}, every GLB valid`, async () => {
      const files = buildScanAssets(pointScan, configId, fit);
      assert.deepEqual(Object.keys(files).sort(), [...assetKindsOf(configId)].sort());
      assert.deepEqual(
        Object.fromEntries(Object.entries(files).map(([kind, file]) => [kind, [file.fileName, file.contentType]])),
        {
          model: ['model.glb', 'model/gltf-binary'], canonicalBody: ['canonical-body.glb', 'model/gltf-binary'],
          texture: ['texture.png', 'image/png'], previewImage: ['preview.png', 'image/png'], stripes: ['stripes.glb', 'model/gltf-binary'],
        },
      );
      for (const kind of ['model', 'canonicalBody', 'stripes'] as const) {
        assert.deepEqual((await validateGlb(files[kind]!.bytes)).errors, [], kind);
      }
      const model = glbJson(files.model!.bytes);
      assert.equal(model.extras.source, 'fitted body model posed like the capture');
      const canonical = glbJson(files.canonicalBody!.bytes);
      assert.equal(canonical.accessors[canonical.meshes[0].primitives[0].attributes.POSITION].count, body.model.vertexCount);
      assert.deepEqual(canonical.extras.shape, fit.record.shape);
      assert.deepEqual(Object.keys(canonical.extras.sitePlanes).sort(), meshScan.sites.map((site) => site.field).sort());
    });
  }

  it('gives a coloured capture\'s avatar its colours per vertex (COLOR_0), from the points of the same body part, and no texture', async () => {
    const files = buildScanAssets(pointScan, DEFAULT_NATIVE_CONFIG_ID, fit);
    assert.deepEqual((await validateGlb(files.model!.bytes)).errors, []);
    const model = glbJson(files.model!.bytes);
    assert.ok(model.meshes[0].primitives[0].attributes.COLOR_0 >= 0);
    assert.equal(model.images, undefined);
    assert.equal(files.texture!.contentType, 'image/png', 'the texture asset is still written');
  });

  it('publishes the surface reconstructed from the points when the model fits the capture poorly', async () => {
    const files = buildScanAssets(pointScan, DEFAULT_NATIVE_CONFIG_ID, poorFit);
    assert.deepEqual((await validateGlb(files.model!.bytes)).errors, []);
    assert.equal(glbJson(files.model!.bytes).extras.source, 'reconstructed from points');
  });

  it('draws each measured site as a loop on the avatar: the tape at the measured plane, as long as the measured girth', async () => {
    const files = buildScanAssets(pointScan, DEFAULT_NATIVE_CONFIG_ID, fit);
    const stripes = glbJson(files.stripes!.bytes);
    assert.deepEqual((await validateGlb(files.stripes!.bytes)).errors, []);
    assert.equal(stripes.nodes.length, meshScan.sites.length);
    for (const node of stripes.nodes) {
      const site = meshScan.sites.find((s) => s.field === node.name)!;
      assert.ok(Math.abs(node.extras.perimeterM - site.perimeterM) < 1e-4, `${node.name}: ${node.extras.perimeterM} vs ${site.perimeterM}`);
    }
  });

  it('renders a 512 x 1024 preview with the body in it and the capture colours on it', () => {
    const files = buildScanAssets(pointScan, DEFAULT_NATIVE_CONFIG_ID, fit);
    const preview = decodePng(files.previewImage!.bytes);
    assert.equal(preview.width, 512);
    assert.equal(preview.height, 1024);
    const covered = countNonBackground(new Uint8Array(preview.data), [236, 236, 232]);
    assert.ok(covered > 512 * 1024 * 0.08 && covered < 512 * 1024 * 0.5, `body covers ${covered} px`);
    // The blue top of the synthetic capture shows: bluish pixels, above the middle of the body.
    let blue = 0, blueRows = 0;
    for (let p = 0; p < 512 * 1024; p++) {
      if (preview.data[p * 4 + 2] > preview.data[p * 4] + 40) { blue++; blueRows += Math.floor(p / 512); }
    }
    assert.ok(blue > 5000, `${blue} bluish pixels`);
    assert.ok(blueRows / blue < 512, 'the top is in the upper half');
    const texture = decodePng(files.texture!.bytes);
    assert.equal(texture.width, 1024);
    assert.equal(texture.height, 1024);
  });

  it('publishes a capture mesh itself, with its vertex colours baked', async () => {
    const colors = new Uint8Array(meshScan.canonical.positions.length).fill(90);
    const files = buildScanAssets({ ...meshScan, canonical: { ...meshScan.canonical, colors } }, DEFAULT_WEB_CONFIG_ID, fit);
    assert.deepEqual((await validateGlb(files.model!.bytes)).errors, []);
    assert.equal(glbJson(files.model!.bytes).extras.source, 'capture mesh');
    const texture = decodePng(files.texture!.bytes);
    assert.deepEqual([...texture.data.subarray(0, 3)], [90, 90, 90]);
  });

  it('falls back to the generated skin texture when the capture has no colours, embedded in the avatar GLB', () => {
    const files = buildScanAssets({ ...pointScan, canonical: { ...pointScan.canonical, colors: null } }, DEFAULT_NATIVE_CONFIG_ID, fit);
    assert.ok(glbJson(files.model!.bytes).images[0].bufferView >= 0);
    const texture = decodePng(files.texture!.bytes);
    const [r, g, b] = texture.data.subarray(0, 3);
    assert.ok(r > g && g > b && r > 180, `skin tone ${r},${g},${b}`);
  });

  it('gives every scan without colours the generated texture\'s same PNG bytes (encoded once per process), each scan its own copy', () => {
    const uncoloured = { ...pointScan, canonical: { ...pointScan.canonical, colors: null } };
    const first = buildScanAssets(uncoloured, DEFAULT_NATIVE_CONFIG_ID, fit).texture!.bytes;
    const second = buildScanAssets(uncoloured, DEFAULT_NATIVE_CONFIG_ID, fit).texture!.bytes;
    assert.deepEqual(second, encodePng(generatedSkinTexture(), true));
    assert.notEqual(first.buffer, second.buffer);
    first.fill(0);
    assert.deepEqual(buildScanAssets(uncoloured, DEFAULT_NATIVE_CONFIG_ID, fit).texture!.bytes, second);
  });
});

describe('buildScanAssets, legacy pipeline', () => {
  const files = buildScanAssets(pointScan, LEGACY_NATIVE_CONFIG_ID, fit);

  it('writes OBJ + MTL + PNG texture that reference each other', () => {
    assert.deepEqual(Object.keys(files).sort(), ['canonicalBody', 'material', 'model', 'previewImage', 'stripes', 'texture']);
    const obj = readObjMinimal(files.model!.bytes);
    assert.equal(obj.mtllib, files.material!.fileName);
    assert.match(new TextDecoder().decode(files.material!.bytes), new RegExp(`^map_Kd ${files.texture!.fileName}$`, 'm'));
    assert.equal(obj.uvs.length, obj.positions.length);
    assert.ok(obj.faces.length > 3000);
    const canonical = readObjMinimal(files.canonicalBody!.bytes);
    assert.equal(canonical.positions.length, body.model.vertexCount);
    assert.equal(canonical.mtllib, null);
  });

  it('writes an OBJ that the capture reader reads back', () => {
    const read = readCapture(files.model!.bytes);
    const obj = readObjMinimal(files.model!.bytes);
    assert.equal(read.geometry.positions.length / 3, obj.positions.length);
    assert.equal((read.geometry.indices?.length ?? 0) / 3, obj.faces.length);
  });

  it('writes nothing for an unknown configuration', () => {
    assert.deepEqual(buildScanAssets(pointScan, '00000000-0000-4000-8000-000000000000', fit), {});
  });
});
