import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildScanAssets } from '../../../src/processing/assets/build-scan-assets.ts';
import { DEFAULT_NATIVE_CONFIG_ID } from '../../../src/processing/assets/asset-configs.ts';
import { canonicalBody } from '../../../src/processing/body-model/canonical-body.ts';
import { boneWorldTransforms, skinVertices } from '../../../src/processing/body-model/pose-body.ts';
import { scanAvatar } from '../../../src/processing/body-model/scan-avatar.ts';
import { measureModelBody, modelParams } from '../../support/model-measurement.ts';
import { validateGlb } from '../../support/validate-glb.ts';

const body = measureModelBody(modelParams(undefined, { 0: 0.5, 1: 0.8 }, 0.3));
const files = buildScanAssets(body.result, DEFAULT_NATIVE_CONFIG_ID, { model: body.model, fit: body.fit, record: scanAvatar(body.model, body.fit, body.result).record });
const bytes = files.canonicalBody!.bytes;

/** The JSON and binary chunks of a GLB, and a typed view of an accessor's data. */
function readGlb(glb: Uint8Array): { json: Record<string, any>; accessor: (index: number) => Float32Array | Uint8Array } {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength)));
  const binStart = 20 + jsonLength + 8;
  const accessor = (index: number): Float32Array | Uint8Array => {
    const a = json.accessors[index];
    const bv = json.bufferViews[a.bufferView];
    const size = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT4: 16 }[a.type as string]!;
    const offset = binStart + (bv.byteOffset ?? 0) + (a.byteOffset ?? 0);
    return a.componentType === 5126 ? new Float32Array(glb.slice(offset, offset + 4 * size * a.count).buffer) : glb.slice(offset, offset + size * a.count);
  };
  return { json, accessor };
}

describe('the canonical body GLB is posable', () => {
  it('passes the Khronos validator with a 20-joint skin', async () => {
    const report = await validateGlb(bytes);
    assert.deepEqual(report.errors, []);
    const { json } = readGlb(bytes);
    assert.equal(json.skins.length, 1);
    assert.equal(json.skins[0].joints.length, body.model.boneCount);
    assert.deepEqual(json.skins[0].joints.map((j: number) => json.nodes[j].name), [...body.model.boneNames]);
  });

  it('posed through its joints as a glTF viewer does, moves its vertices exactly as the body model poses the body', () => {
    const { json, accessor } = readGlb(bytes);
    const primitive = json.meshes[0].primitives[0];
    const positions = accessor(primitive.attributes.POSITION) as Float32Array;
    const joints = accessor(primitive.attributes.JOINTS_0) as Uint8Array;
    const weights = accessor(primitive.attributes.WEIGHTS_0) as Float32Array;
    const inverseBind = accessor(json.skins[0].inverseBindMatrices) as Float32Array;
    // A pose: the left arm lowered and the elbow bent, the spine turned, the right thigh raised.
    const pose = new Float32Array(3 * body.model.boneCount);
    const set = (name: string, v: [number, number, number]): void => pose.set(v, 3 * body.model.boneNames.indexOf(name));
    set('upperArmLeft', [0, 0, -0.6]); set('forearmLeft', [-0.5, 0.2, 0]); set('spineMiddle', [0, 0.3, 0]); set('thighRight', [-0.7, 0, 0.1]);
    // glTF: global joint matrix = parent global * T(translation) * R(rotation); skin matrix = global * inverse bind.
    const global: Float64Array[] = [];
    const jointNodes: number[] = json.skins[0].joints;
    const parentOf = new Map<number, number>();
    json.nodes.forEach((node: { children?: number[] }, index: number) => node.children?.forEach((child) => parentOf.set(child, index)));
    for (let b = 0; b < jointNodes.length; b++) {
      const node = json.nodes[jointNodes[b]];
      const local = mat4(node.translation, pose.subarray(3 * b, 3 * b + 3));
      const parentNode = parentOf.get(jointNodes[b]);
      global[b] = parentNode === undefined ? local : mul(global[jointNodes.indexOf(parentNode)], local);
    }
    const skinMatrix = global.map((g, b) => mul(g, Float64Array.from(inverseBind.subarray(16 * b, 16 * b + 16))));
    const canonical = canonicalBody(body.model, body.params.shape);
    const transforms = new Float64Array(12 * body.model.boneCount);
    boneWorldTransforms(body.model, { pose, rootRotation: new Float32Array(3), rootTranslationM: new Float32Array(3) }, canonical.boneHeadM, transforms);
    const expected = new Float32Array(canonical.positionsM.length);
    skinVertices(body.model, transforms, canonical.positionsM, expected);
    let worst = 0;
    for (let v = 0; v < body.model.vertexCount; v++) {
      for (let k = 0; k < 3; k++) {
        let value = 0;
        for (let j = 0; j < 4; j++) {
          const m = skinMatrix[joints[4 * v + j]], w = weights[4 * v + j];
          value += w * (m[k] * positions[3 * v] + m[4 + k] * positions[3 * v + 1] + m[8 + k] * positions[3 * v + 2] + m[12 + k]);
        }
        worst = Math.max(worst, Math.abs(value - expected[3 * v + k]));
      }
    }
    assert.ok(worst < 2e-5, `largest difference ${worst} m`);
  });
});

/** Column-major 4x4 of T(translation) * R(rotation vector). */
function mat4(translation: number[], rv: Float32Array): Float64Array {
  const angle = Math.hypot(rv[0], rv[1], rv[2]);
  const [x, y, z] = angle > 0 ? [rv[0] / angle, rv[1] / angle, rv[2] / angle] : [1, 0, 0];
  const c = Math.cos(angle), s = Math.sin(angle), C = 1 - c;
  const r = [c + x * x * C, x * y * C - z * s, x * z * C + y * s, y * x * C + z * s, c + y * y * C, y * z * C - x * s, z * x * C - y * s, z * y * C + x * s, c + z * z * C];
  return Float64Array.from([r[0], r[3], r[6], 0, r[1], r[4], r[7], 0, r[2], r[5], r[8], 0, translation[0], translation[1], translation[2], 1]);
}

function mul(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(16);
  for (let col = 0; col < 4; col++) for (let row = 0; row < 4; row++) {
    let v = 0;
    for (let k = 0; k < 4; k++) v += a[k * 4 + row] * b[col * 4 + k];
    out[col * 4 + row] = v;
  }
  return out;
}
