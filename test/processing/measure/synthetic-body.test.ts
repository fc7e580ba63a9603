// The synthetic body generator: deterministic, watertight, analytic truth consistent with its mesh.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CIRCUMFERENCE_FIELDS } from '../../../src/domain/measurements.ts';
import { meshVolume } from '../../../src/processing/geometry/mesh-volume.ts';
import { SYNTHETIC_BODY_DENSITY_KG_M3, generateSyntheticBody, makeSyntheticBody, sampleSyntheticCloud } from '../../../src/processing/synthetic-body/generate.ts';
import { bodySet } from './support.ts';

describe('synthetic body generator', () => {
  it('is deterministic: the same parameters give the same mesh, truth and cloud', () => {
    const a = makeSyntheticBody({ sex: 'female', heightM: 1.66, fatness: 0.3, seed: 9 });
    const b = makeSyntheticBody({ sex: 'female', heightM: 1.66, fatness: 0.3, seed: 9 });
    assert.deepEqual(a.mesh.positions, b.mesh.positions);
    assert.deepEqual(a.truth, b.truth);
    assert.deepEqual(sampleSyntheticCloud(a, { count: 1000, noiseSigmaM: 0.002, seed: 3 }).positions, sampleSyntheticCloud(b, { count: 1000, noiseSigmaM: 0.002, seed: 3 }).positions);
  });

  it('builds closed, outward-oriented meshes whose volume is within 0.3% of the analytic volume', () => {
    for (const body of bodySet()) {
      const v = meshVolume(body.mesh.positions, body.mesh.indices);
      assert.equal(v.closed, true);
      assert.ok(v.signedVolume > 0);
      assert.ok(Math.abs(v.volume / body.truth.volumeM3 - 1) < 0.003);
    }
  });

  it('gives truth for all 27 girths, symmetric left/right, growing with fatness', () => {
    const lean = makeSyntheticBody({ sex: 'male', heightM: 1.8, fatness: 0.1, seed: 1 });
    const heavy = makeSyntheticBody({ sex: 'male', heightM: 1.8, fatness: 0.9, seed: 1 });
    for (const f of CIRCUMFERENCE_FIELDS) {
      assert.ok(lean.truth.girthsM[f] > 0.1 && lean.truth.girthsM[f] < 1.6, f);
      assert.ok(heavy.truth.girthsM[f] >= lean.truth.girthsM[f], f);
    }
    assert.ok(Math.abs(lean.truth.girthsM.thighLeftFit - lean.truth.girthsM.thighRightFit) < 1e-9);
    assert.ok(heavy.truth.girthsM.waistFit > lean.truth.girthsM.waistFit + 0.2);
  });

  it('sandbox bodies match the requested weight through their volume (985 kg/m³)', () => {
    const body = generateSyntheticBody({ sex: 'female', heightM: 1.62, weightKg: 58, seed: 4 });
    assert.ok(Math.abs(body.truth.volumeM3 * SYNTHETIC_BODY_DENSITY_KG_M3 - 58) < 0.01);
    assert.ok(Math.abs(body.truth.statureM - 1.62) < 1e-12);
  });
});
