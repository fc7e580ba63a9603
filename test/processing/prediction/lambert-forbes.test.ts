import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lambertW0, lambertW0OfExp } from '../../../src/processing/prediction/lambert-w.ts';
import { forbesFatMassKg, forbesFatShareOfChange, forbesWeightForPercentFat } from '../../../src/processing/prediction/forbes-hall.ts';

const near = (actual: number, expected: number, tolerance: number) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} is not within ${tolerance} of ${expected}`);

describe('Lambert W0', () => {
  it('knows its landmarks: W(0) = 0, W(e) = 1, W(−1/e) = −1, W(1) = Ω = 0.5671432904097838', () => {
    assert.equal(lambertW0(0), 0);
    near(lambertW0(Math.E), 1, 1e-14);
    assert.equal(lambertW0(-1 / Math.E), -1);
    near(lambertW0(1), 0.5671432904097838, 1e-15);
  });
  it('satisfies w·e^w = x across negative, small and huge arguments', () => {
    for (const x of [-0.36, -0.2, 1e-8, 0.5, 3, 10, 1e3, 1e12]) {
      const w = lambertW0(x);
      near(w * Math.exp(w), x, 1e-12 * Math.max(1, Math.abs(x)));
    }
  });
  it('solves from the logarithm for arguments beyond double range (e^800)', () => {
    const w = lambertW0OfExp(800);
    near(w + Math.log(w), 800, 1e-10);
    near(lambertW0OfExp(5), lambertW0(Math.exp(5)), 1e-12);
  });
  it('refuses arguments below −1/e', () => assert.throws(() => lambertW0(-0.5), RangeError));
});

describe('Forbes/Hall fat–lean partition', () => {
  const start = { fatMassKg: 25, fatFreeMassKg: 65 };
  it('reproduces the worked example for FM 25, FFM 65, BW 90 (docs/body-shape-prediction.md)', () => {
    for (const [bw, fm] of [[85, 21.55], [80, 18.26], [75, 15.19], [95, 28.6]]) near(forbesFatMassKg(start, bw), fm, 0.01);
  });
  it('returns the current fat mass at the current weight', () => near(forbesFatMassKg(start, 90), 25, 1e-10));
  it('gives 10.4/(10.4 + FM) as the lean share of a small change: 29 % lean at FM 25 kg (Forbes 1987)', () => {
    near(1 - forbesFatShareOfChange(25), 0.294, 0.001);
    const dFm = forbesFatMassKg(start, 90.001) - forbesFatMassKg(start, 89.999);
    near(dFm / 0.002, forbesFatShareOfChange(25), 1e-6);
  });
  it('finds the weight for a target %BF on the same curve (20.2 % at 75 kg)', () => {
    near(forbesWeightForPercentFat(start, (100 * 15.19) / 75), 75, 0.02);
  });
});
