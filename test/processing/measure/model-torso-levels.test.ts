// The bust, under-bust and navel levels come from the fitted body model's own vertices
// (model-torso-levels.ts): they must be those anatomical points on the shipped model, and
// measuring a body must put its chest, under-bust and navel-waist tapes at them. The stomach reads
// the model's front profile on a grid of its own (torso-sites.ts stomachOnModel).
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import type { BodyMeasurementResult } from '../../../src/domain/body-scan-result.ts';
import { canonicalBody } from '../../../src/processing/body-model/canonical-body.ts';
import { loadPosableBodyModel } from '../../../src/processing/body-model/load-posable-model.ts';
import { measureBody } from '../../../src/processing/measure/measure-body.ts';
import { posableModelFitter } from '../../../src/processing/measure/model-fitter.ts';
import { MODEL_TORSO_VERTICES, modelTorsoLevels } from '../../../src/processing/measure/model-torso-levels.ts';
import { modelFrontProfile } from '../../../src/processing/measure/torso-sites.ts';
import { measureModelBody, modelParams, type ModelMeasurement } from '../../support/model-measurement.ts';

describe('the model\'s torso landmark vertices', () => {
  it('are the nipples (mirror images, the torso\'s front-most points at their height), the lower sternum and the navel on the front midline', () => {
    const model = loadPosableBodyModel();
    const body = canonicalBody(model, new Float32Array(model.shapeCount));
    const p = body.positionsM;
    let statureM = 0;
    for (let i = 1; i < p.length; i += 3) statureM = Math.max(statureM, p[i]);
    const at = (v: number) => [p[3 * v], p[3 * v + 1], p[3 * v + 2]];
    const left = at(MODEL_TORSO_VERTICES.nippleLeft), right = at(MODEL_TORSO_VERTICES.nippleRight);
    assert.ok(left[0] > 0.05 && Math.abs(left[0] + right[0]) < 1e-4 && Math.abs(left[1] - right[1]) < 1e-4, `nipples at x ${left[0].toFixed(3)} / ${right[0].toFixed(3)} m`);
    // Front-most: no vertex within 2 cm of the nipple's height, within 12 cm of the midline, stands
    // more than 2 mm further forward (the mean body's chest is nearly flat around the nipple).
    for (let v = 0; v < model.vertexCount; v++) {
      if (Math.abs(p[3 * v + 1] - left[1]) < 0.02 && Math.abs(p[3 * v]) < 0.12) assert.ok(p[3 * v + 2] <= left[2] + 0.002, `vertex ${v} ahead of the nipples`);
    }
    const sternum = at(MODEL_TORSO_VERTICES.lowerSternum), navel = at(MODEL_TORSO_VERTICES.navel);
    for (const point of [sternum, navel]) assert.ok(Math.abs(point[0]) < 1e-3, 'on the midline');
    assert.ok(navel[1] < sternum[1] && sternum[1] < left[1], 'navel below the under-bust below the bust');
    assert.ok(left[1] > 0.69 * statureM && left[1] < 0.75 * statureM, `bust at ${(left[1] / statureM).toFixed(3)} of stature`);
    assert.ok(navel[1] > 0.57 * statureM && navel[1] < 0.63 * statureM, `navel at ${(navel[1] / statureM).toFixed(3)} of stature`);
  });

  it('gives no levels for a model with fewer vertices than the base mesh', () => {
    assert.equal(modelTorsoLevels(new Float32Array(3 * 5000)), undefined);
  });

  it('move with the body: raised by 7 mm, every level rises by 7 mm', () => {
    const model = loadPosableBodyModel();
    const p = canonicalBody(model, new Float32Array(model.shapeCount)).positionsM;
    const raised = Float32Array.from(p, (v, i) => (i % 3 === 1 ? v + 0.007 : v));
    const a = modelTorsoLevels(p)!, b = modelTorsoLevels(raised)!;
    for (const key of ['bustY', 'underBustY', 'navelY'] as const) assert.ok(Math.abs(b[key] - a[key] - 0.007) < 1e-5, key);
  });
});

describe('measuring a model body with the fitted model', () => {
  const bodies: { name: string; shape: Record<number, number> }[] = [
    { name: 'the mean body', shape: {} },
    { name: 'a heavier body', shape: { 0: 1.2, 1: 0.6, 2: -0.4 } },
  ];
  const runs: { name: string; body: ModelMeasurement; result: BodyMeasurementResult }[] = [];
  before(() => {
    for (const { name, shape } of bodies) {
      const body = measureModelBody(modelParams(undefined, shape, 0.15));
      const mesh = { positions: body.result.canonical.positions, indices: body.model.triangles, colors: null, normals: null };
      runs.push({ name, body, result: measureBody(mesh, {}, {}, { fitter: posableModelFitter({}) }) });
    }
  });

  it('puts the chest, under-bust and navel-waist tapes within 3 mm of the body\'s own nipples, lower sternum and navel', () => {
    for (const { name, body, result } of runs) {
      assert.equal(result.diagnostics.torsoLevelSource, 'fitted-model', name);
      const truth = modelTorsoLevels(body.fit.posed.positionsM)!;
      const planeY = (field: string) => result.sites.find((s) => s.field === field)!.centerM[1];
      for (const [field, y] of [['chestFit', truth.bustY], ['lowerChestFit', truth.underBustY], ['waistNavyFit', truth.navelY]] as const) {
        assert.ok(Math.abs(planeY(field) - y) < 0.003, `${name} ${field}: plane at ${(1000 * planeY(field)).toFixed(1)} mm, the body's point at ${(1000 * y).toFixed(1)} mm`);
      }
    }
  });
});

describe('a mesh\'s front profile', () => {
  it('reads a sloping front plane\'s depth at each level, and leaves the back out', () => {
    // A front plane z = 0.1 + 0.05·y and a back plane z = −0.1, x in [−0.1, 0.1], y in [0, 1] m.
    const positions: number[] = [], triangles: number[] = [];
    for (const back of [false, true]) {
      const base = positions.length / 3;
      for (let j = 0; j <= 20; j++) for (let i = 0; i <= 10; i++) {
        const x = -0.1 + 0.02 * i, y = 0.05 * j;
        positions.push(x, y, back ? -0.1 : 0.1 + 0.05 * y);
      }
      for (let j = 0; j < 20; j++) for (let i = 0; i < 10; i++) {
        const k = base + j * 11 + i;
        triangles.push(k, k + 1, k + 12, k, k + 12, k + 11);
      }
    }
    const y0 = 0.2013, stepM = 0.004, count = 150;
    const cx = new Float64Array(count).fill(0.01), cz = new Float64Array(count);
    const profile = modelFrontProfile(Float32Array.from(positions), Uint32Array.from(triangles), y0, stepM, cx, cz);
    for (let k = 0; k < count; k++) {
      const expected = 0.1 + 0.05 * (y0 + k * stepM);
      assert.ok(Math.abs(profile[k] - expected) < 1e-6, `level ${k}: ${profile[k]} vs ${expected}`);
    }
    const beyond = modelFrontProfile(Float32Array.from(positions), Uint32Array.from(triangles), 1.1, stepM, cx, cz);
    assert.ok(beyond.every((z) => Number.isNaN(z)), 'above the mesh: no profile');
  });
});
