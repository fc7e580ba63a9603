import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  bodyFatBands, classify, waistBands, waistToHeightBands, waistToHipBands, fatMassBands, skeletalMuscleIndexBands,
} from '../../../src/processing/health-report/health-bands.ts';

const groupOf = (bands: Parameters<typeof classify>[0], value: number) => classify(bands, value).group;

describe('Gallagher 2000 body-fat bands', () => {
  it('puts a man of 30 at 7.9 % underfat, 8 % healthy, 20 % overfat and 25 % obese (lower edge inclusive)', () => {
    const bands = bodyFatBands('male', 30);
    assert.equal(groupOf(bands, 7.9), 'underfat');
    assert.equal(groupOf(bands, 8), 'healthy');
    assert.equal(groupOf(bands, 19.99), 'healthy');
    assert.equal(groupOf(bands, 20), 'overfat');
    assert.equal(groupOf(bands, 25), 'obese');
  });
  it('switches to the 40–59 row at 40 years (men healthy from 11 %) and the 60–79 row for women at 60 (obese from 42 %)', () => {
    assert.equal(groupOf(bodyFatBands('male', 39), 10), 'healthy');
    assert.equal(groupOf(bodyFatBands('male', 40), 10), 'underfat');
    assert.deepEqual(bodyFatBands('male', 40).ageRange, { min: 40, max: 59 });
    assert.equal(groupOf(bodyFatBands('female', 59), 41), 'obese');
    assert.equal(groupOf(bodyFatBands('female', 60), 41), 'overfat');
    assert.equal(groupOf(bodyFatBands('female', 85), 42), 'obese');
  });
  it('lists the groups with their ranges, open at both ends', () => {
    assert.deepEqual(bodyFatBands('female', 25).groups, [
      { name: 'underfat', min: null, max: 21 }, { name: 'healthy', min: 21, max: 33 },
      { name: 'overfat', min: 33, max: 39 }, { name: 'obese', min: 39, max: null },
    ]);
  });
});

describe('WHO waist circumference (metres)', () => {
  it('counts exactly 94 cm (men) as low risk and anything above as increased, since WHO says "> 94"', () => {
    assert.equal(groupOf(waistBands('male'), 0.94), 'low risk');
    assert.equal(groupOf(waistBands('male'), 0.9401), 'increased risk');
    assert.equal(groupOf(waistBands('male'), 1.02), 'increased risk');
    assert.equal(groupOf(waistBands('male'), 1.0201), 'substantially increased risk');
  });
  it('uses 80 and 88 cm for women', () => {
    assert.equal(groupOf(waistBands('female'), 0.8), 'low risk');
    assert.equal(groupOf(waistBands('female'), 0.85), 'increased risk');
    assert.equal(groupOf(waistBands('female'), 0.89), 'substantially increased risk');
  });
});

describe('WHO waist-to-hip ratio', () => {
  it('flags ≥ 0.90 for men and ≥ 0.85 for women', () => {
    assert.equal(groupOf(waistToHipBands('male'), 0.899), 'not increased');
    assert.equal(groupOf(waistToHipBands('male'), 0.9), 'substantially increased risk');
    assert.equal(groupOf(waistToHipBands('female'), 0.849), 'not increased');
    assert.equal(groupOf(waistToHipBands('female'), 0.85), 'substantially increased risk');
  });
});

describe('Ashwell waist-to-height ratio', () => {
  it('labels 0.399 take care, 0.4 OK, 0.5 consider action, 0.6 take action', () => {
    const bands = waistToHeightBands();
    assert.equal(groupOf(bands, 0.399), 'take care');
    assert.equal(groupOf(bands, 0.4), 'OK');
    assert.equal(groupOf(bands, 0.499), 'OK');
    assert.equal(groupOf(bands, 0.5), 'consider action');
    assert.equal(groupOf(bands, 0.6), 'take action');
  });
});

describe('mass bands scaled to height', () => {
  it('turns the fat mass index edge 6 kg/m² into 6·H² kg (men, 1.8 m: 19.44 kg)', () => {
    const bands = fatMassBands('male', 1.8);
    assert.ok(Math.abs(bands.groups[1].max! - 19.44) < 1e-9);
    assert.equal(groupOf(bands, 19.43), 'normal');
    assert.equal(groupOf(bands, 19.45), 'excess fat');
  });
  it('classifies the skeletal muscle index of women at 22 % as class I and 28 % as normal', () => {
    assert.equal(groupOf(skeletalMuscleIndexBands('female'), 21.9), 'class II sarcopenia');
    assert.equal(groupOf(skeletalMuscleIndexBands('female'), 22), 'class I sarcopenia');
    assert.equal(groupOf(skeletalMuscleIndexBands('female'), 28), 'normal');
  });
});
