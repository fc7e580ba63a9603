// The body-model build's own steps, on small made-up inputs (no MakeHuman data: tests never read it).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { symmetricEigen } from '../../scripts/build-body-model/symmetric-eigen.ts';
import { orthogonalise, principalSpace } from '../../scripts/build-body-model/shape-space.ts';
import { bodyTargets, breastTargetWeights, sampleSettings, seededRandom, type BodySettings } from '../../scripts/build-body-model/sample-bodies.ts';
import { compactSkin, type ReducedSkeleton } from '../../scripts/build-body-model/reduced-skeleton.ts';

const average: BodySettings = {
  gender: 0, age: 0.5, muscle: 0.5, weight: 0.5, height: 0.5, proportions: 0.5,
  african: 1, asian: 1, caucasian: 1, breastSize: 0.5, breastFirmness: 0.5,
};

describe('symmetric eigen-decomposition', () => {
  it('finds orthonormal eigenvectors with A v = lambda v, eigenvalues descending', () => {
    const random = seededRandom(3);
    const n = 40;
    const a = Array.from({ length: n }, () => new Float64Array(n));
    for (let i = 0; i < n; i++) for (let j = i; j < n; j++) a[i][j] = a[j][i] = random() - 0.5;
    const { values, vectors } = symmetricEigen(a);
    for (let k = 0; k < n; k++) {
      if (k > 0) assert.ok(values[k] <= values[k - 1]);
      for (let i = 0; i < n; i++) {
        let av = 0;
        for (let j = 0; j < n; j++) av += a[i][j] * vectors[k][j];
        assert.ok(Math.abs(av - values[k] * vectors[k][i]) < 1e-10);
      }
      for (let l = 0; l < n; l++) {
        let dot = 0;
        for (let i = 0; i < n; i++) dot += vectors[k][i] * vectors[l][i];
        assert.ok(Math.abs(dot - (k === l ? 1 : 0)) < 1e-10);
      }
    }
  });
});

describe('principal space', () => {
  it('finds the plane the samples lie in, with one population standard deviation per basis row', () => {
    const random = seededRandom(11);
    const along = [Float64Array.from([1, 2, 0, 0, 2]).map((v) => v / 3), Float64Array.from([0, 0, 3, 4, 0]).map((v) => v / 5)];
    const spread = [0.3, 0.1];
    const rows = Array.from({ length: 150 }, () => {
      const gauss = (): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
      const c = [gauss() * spread[0], gauss() * spread[1]];
      return Float64Array.from({ length: 5 }, (_, j) => 7 + c[0] * along[0][j] + c[1] * along[1][j]);
    });
    const space = principalSpace(rows, 2);
    assert.ok(space.explained[0] + space.explained[1] > 0.999999);
    for (let k = 0; k < 2; k++) {
      const length = Math.hypot(...space.basis[k]);
      assert.ok(Math.abs(length - spread[k]) < 0.2 * spread[k], `component ${k}: ${length} vs ${spread[k]}`);
      // The direction is the generating one (up to sign): nothing left after projecting it out.
      assert.ok(Math.hypot(...orthogonalise(along[k], space.directions)) < 1e-6);
    }
  });
});

describe('population sampling', () => {
  it('is reproducible from its seed and stays within the adult slider ranges', () => {
    const a = seededRandom(5);
    const b = seededRandom(5);
    for (let i = 0; i < 200; i++) {
      const s = sampleSettings(a);
      assert.deepEqual(s, sampleSettings(b));
      assert.ok(s.age >= 0.5 && s.age <= 1 && s.height >= 0.3 && s.height <= 0.7 && s.weight >= 0 && s.weight <= 1.3);
    }
  });

  it('gives women breast targets whose weights sum to 1 less the identity corner, and men none', () => {
    const sum = breastTargetWeights({ ...average, breastSize: 0.8, breastFirmness: 0.3 }).reduce((total, t) => total + t.weight, 0);
    // cup: average 0.4, max 0.6; firmness: min 0.4, average 0.6 -> identity corner (average, average) = 0.24.
    assert.ok(Math.abs(sum - (1 - 0.4 * 0.6)) < 1e-12);
    assert.deepEqual(breastTargetWeights({ ...average, gender: 1 }), []);
  });

  it('continues the max-weight half linearly past the slider end', () => {
    const weightOf = (list: { path: string; weight: number }[], path: string): number => list.filter((t) => t.path === path).reduce((s, t) => s + t.weight, 0);
    const heavy = bodyTargets({ ...average, weight: 1.15 });
    // max-weight category weight 2w - 1 = 1.3, average-weight 1 - 1.3 = -0.3 (average muscle, female, young).
    assert.ok(Math.abs(weightOf(heavy, 'macrodetails/universal-female-young-averagemuscle-maxweight.target') - 1.3) < 1e-12);
    assert.ok(Math.abs(weightOf(heavy, 'macrodetails/universal-female-young-averagemuscle-averageweight.target') + 0.3) < 1e-12);
  });
});

describe('skin compaction', () => {
  it('keeps the 4 largest weights renormalised, drops ties at the cut together, and labels by the heaviest part', () => {
    // Bones: 0 torso, 1 head, 2 upperArmLeft, 3 upperArmRight, 4 forearmLeft (part indices from BODY_PARTS).
    const bonePart = Uint8Array.from([0, 1, 2, 5, 3]);
    const weights = new Map<number, Map<number, number>>([
      [10, new Map([[0, 0.5], [1, 0.3], [2, 0.1], [3, 0.05], [4, 0.05]])], // 4th and 5th tie: both go
      [11, new Map([[2, 0.4], [4, 0.25], [0, 0.35]])], // upper arm 0.4 outweighs torso 0.35 and forearm 0.25
    ]);
    const skeleton = { bonePart, foldedWeights: weights } as unknown as ReducedSkeleton;
    const skin = compactSkin(skeleton, Uint32Array.from([10, 11, 12]), (v) => (v === 2 ? [1] : []));
    assert.deepEqual([...skin.skinBones.subarray(0, 4)], [0, 1, 2, 0]);
    assert.deepEqual([...skin.skinWeights.subarray(0, 4)].map((w) => Math.round(w * 1e6) / 1e6), [0.555556, 0.333333, 0.111111, 0]);
    assert.equal(skin.vertexPart[0], 0);
    assert.equal(skin.vertexPart[1], 2, 'upper arm, not the torso');
    // Vertex 2 had no weights: it copies its weighted neighbour.
    assert.deepEqual([...skin.skinBones.subarray(8, 12)], [...skin.skinBones.subarray(4, 8)]);
    assert.equal(skin.unweighted, 1);
  });
});
