// Derived numbers: BRI (with the parenthesis trap), the lung-gas and density model behind
// bmiPredicted, and bmiPredicted / bmiConfidence on synthetic captures.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bmiConfidence, bodyDensityKgPerL, bodyGasLitres, bodyRoundnessIndex, massFromVolume } from '../../../src/processing/measure/derived-measures.ts';
import { measureBody } from '../../../src/processing/measure/measure-body.ts';
import { generateSyntheticBody, sampleSyntheticCloud } from '../../../src/processing/synthetic-body/generate.ts';

describe('bodyRoundnessIndex (Thomas 2013)', () => {
  it('matches golden values computed by hand from the published equations', () => {
    assert.ok(Math.abs(bodyRoundnessIndex(0.88, 1.75) - 3.413) < 0.0015);
    assert.ok(Math.abs(bodyRoundnessIndex(0.78, 1.65) - 2.862) < 0.0015);
    assert.ok(Math.abs(bodyRoundnessIndex(1.02, 1.78) - 4.832) < 0.0015);
  });

  it('uses (0.5·H)², not the buggy 0.5·H² form that gives 1.049 for waist 88 cm, height 175 cm', () => {
    const buggy = 364.2 - 365.5 * Math.sqrt(1 - (88 / (2 * Math.PI)) ** 2 / (0.5 * 175 ** 2));
    assert.ok(Math.abs(buggy - 1.049) < 0.002, 'the trap itself is reproduced');
    assert.ok(Math.abs(bodyRoundnessIndex(0.88, 1.75) - buggy) > 2);
  });

  it('is unitless: the same in metres and in centimetres', () => {
    assert.ok(Math.abs(bodyRoundnessIndex(0.88, 1.75) - bodyRoundnessIndex(88, 175)) < 1e-9);
  });
});

describe('mass model behind bmiPredicted', () => {
  it('lung gas follows Crapo 1982 FRC plus half a tidal volume plus 0.1 L gut gas', () => {
    assert.ok(Math.abs(bodyGasLitres(1.8, 'male', 40) - (0.0472 * 180 + 0.009 * 40 - 5.29 + 0.35)) < 1e-9);
    assert.ok(Math.abs(bodyGasLitres(1.6, 'female', 30) - (0.036 * 160 + 0.0031 * 30 - 3.182 + 0.35)) < 1e-9);
  });

  it('density is Siri-consistent: Db = 495 / (%BF + 450)', () => {
    // Relative Fat Mass for a man, H 1.8 m, waist 0.9 m: 64 − 20·2 = 24 %BF.
    assert.ok(Math.abs(bodyDensityKgPerL(1.8, 0.9, 'male') - 495 / 474) < 1e-12);
  });

  it('mass is density × (volume − gas)', () => {
    const mass = massFromVolume({ volumeM3: 0.08, heightM: 1.8, waistM: 0.9, sex: 'male', ageYears: 40 });
    assert.ok(Math.abs(mass - (495 / 474) * (80 - bodyGasLitres(1.8, 'male', 40))) < 1e-9);
  });

  it('confidence is 0.95 for a perfect scan and falls with poor coverage, noise or disagreement', () => {
    const perfect = bmiConfidence({ coverage: 1, residualM: 0, volumeM3: 0.08, girthVolumeM3: 0.08 }).confidence;
    assert.ok(Math.abs(perfect - 0.95) < 1e-12);
    assert.ok(bmiConfidence({ coverage: 0.7, residualM: 0, volumeM3: 0.08, girthVolumeM3: 0.08 }).confidence < perfect);
    assert.ok(bmiConfidence({ coverage: 1, residualM: 0.006, volumeM3: 0.08, girthVolumeM3: 0.08 }).confidence < 0.4);
    assert.equal(bmiConfidence({ coverage: 1, residualM: 0, volumeM3: 0.08, girthVolumeM3: 0.1 }).confidence, 0);
  });
});

describe('derived measurements of a sandbox capture (male, 1.80 m, 80 kg)', () => {
  const body = generateSyntheticBody({ sex: 'male', heightM: 1.8, weightKg: 80, seed: 21 });
  const mesh = measureBody(body.geometry, {}, { heightM: 1.8, sex: 'male' });
  const cloud = measureBody(sampleSyntheticCloud(body, { count: 200000, noiseSigmaM: 0.003, seed: 5 }), {}, { heightM: 1.8, sex: 'male' });

  it('waistToHipRatio is waistFit / hipsFit and bodyRoundnessIndex uses the given height', () => {
    const m = mesh.measurements;
    assert.equal(m.waistToHipRatio, m.waistFit / m.hipsFit);
    assert.equal(m.bodyRoundnessIndex, bodyRoundnessIndex(m.waistFit, 1.8));
  });

  it('bmiPredicted is within 10% of the BMI the body was built for (80 / 1.8² = 24.7)', () => {
    for (const r of [mesh, cloud]) assert.ok(Math.abs(r.measurements.bmiPredicted / (80 / 1.8 ** 2) - 1) < 0.1, String(r.measurements.bmiPredicted));
  });

  it('bmiConfidence lies in [0, 1] and is lower for a noisy cloud than for a clean mesh', () => {
    for (const r of [mesh, cloud]) assert.ok(r.measurements.bmiConfidence >= 0 && r.measurements.bmiConfidence <= 1);
    assert.ok(cloud.measurements.bmiConfidence < mesh.measurements.bmiConfidence);
  });
});
