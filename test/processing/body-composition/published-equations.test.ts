// Golden vectors computed by hand from the published equations (docs/references.md) and the papers' forms.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { navyInchFormPercent, hodgdonBeckettDensity } from '../../../src/processing/body-composition/navy-circumference.ts';
import { siriPercentFromDensity, brozekPercentFromDensity } from '../../../src/processing/body-composition/density-to-fat.ts';
import { army2023OneSitePercent } from '../../../src/processing/body-composition/army-2023.ts';
import { relativeFatMassPercent } from '../../../src/processing/body-composition/relative-fat-mass.ts';
import { cunBaePercent } from '../../../src/processing/body-composition/cun-bae.ts';
import { bodyRoundnessIndex } from '../../../src/processing/body-composition/body-roundness-index.ts';
import { crapoFunctionalResidualCapacityL } from '../../../src/processing/body-composition/lung-volume.ts';
import { kimSkeletalMuscleMassKg } from '../../../src/processing/body-composition/skeletal-muscle.ts';

const near = (actual: number | null, expected: number, tolerance: number) => {
  assert.ok(actual !== null, 'value is null');
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} is not within ${tolerance} of ${expected}`);
};

describe('Navy/DoD inch form (Hodgdon & Beckett 1984; AR 600-9)', () => {
  it('gives 17.51 %BF for a man of 70 in, abdomen 34 in, neck 15 in', () => {
    near(navyInchFormPercent('male', { heightIn: 70, neckIn: 15, abdomenIn: 34 }), 17.51, 0.01);
  });
  it('gives 28.56 %BF for a woman of 65 in, waist 30, hip 38, neck 13 in', () => {
    near(navyInchFormPercent('female', { heightIn: 65, neckIn: 13, waistIn: 30, hipIn: 38 }), 28.56, 0.01);
  });
  it('inflates %BF by 15.969·log10(2.54) = 6.46 (men) and 65.521·log10(2.54) = 26.5 (women) when fed cm', () => {
    const menInches = navyInchFormPercent('male', { heightIn: 70, neckIn: 15, abdomenIn: 34 })!;
    const menCm = navyInchFormPercent('male', { heightIn: 177.8, neckIn: 38.1, abdomenIn: 86.36 })!;
    near(menCm - menInches, 6.46, 0.01);
    const womenInches = navyInchFormPercent('female', { heightIn: 65, neckIn: 13, waistIn: 30, hipIn: 38 })!;
    const womenCm = navyInchFormPercent('female', { heightIn: 165.1, neckIn: 33.02, waistIn: 76.2, hipIn: 96.52 })!;
    near(womenCm - womenInches, 26.5, 0.05);
  });
  it('returns null when abdomen does not exceed neck', () => {
    assert.equal(navyInchFormPercent('male', { heightIn: 70, neckIn: 15, abdomenIn: 15 }), null);
  });
});

describe('Hodgdon–Beckett density (cm) + Siri', () => {
  it('gives 17.35 %BF for the same man in cm', () => {
    const density = hodgdonBeckettDensity('male', { heightCm: 177.8, neckCm: 38.1, abdomenCm: 86.36 });
    near(siriPercentFromDensity(density!), 17.35, 0.01);
  });
  it('agrees with the DoD metric form for the woman within 0.2 %BF (28.26)', () => {
    const density = hodgdonBeckettDensity('female', { heightCm: 165.1, neckCm: 33.02, waistCm: 76.2, hipCm: 96.52 });
    near(siriPercentFromDensity(density!), 28.26, 0.2);
  });
});

describe('Siri 1956 and Brozek 1963', () => {
  for (const [density, siri, brozek] of [[1.03, 30.58, 29.49], [1.06, 16.98, 16.93], [1.08, 8.33, 8.95]]) {
    it(`maps density ${density} g/cm³ to ${siri} (Siri) and ${brozek} (Brozek) %BF`, () => {
      near(siriPercentFromDensity(density), siri, 0.01);
      near(brozekPercentFromDensity(density), brozek, 0.01);
    });
  }
});

describe('Army 2023 one-site (Taylor 2024) in lb and in', () => {
  it('gives 23.07 %BF for a man of 180 lb, abdomen 36 in', () => near(army2023OneSitePercent('male', 180, 36), 23.07, 0.005));
  it('gives 29.39 %BF for a woman of 140 lb, abdomen 32 in', () => near(army2023OneSitePercent('female', 140, 32), 29.39, 0.005));
});

describe('Relative Fat Mass (Woolcott & Bergman 2018)', () => {
  it('gives 24.23 for a man 175 cm, waist 88 cm', () => near(relativeFatMassPercent('male', 1.75, 0.88), 24.23, 0.01));
  it('gives 33.69 for a woman 165 cm, waist 78 cm', () => near(relativeFatMassPercent('female', 1.65, 0.78), 33.69, 0.01));
});

describe('CUN-BAE (Gómez-Ambrosi 2012)', () => {
  it('gives 23.43 (men) and 35.52 (women) at 40 y, BMI 25', () => {
    near(cunBaePercent('male', 40, 25), 23.43, 0.01);
    near(cunBaePercent('female', 40, 25), 35.52, 0.01);
  });
});

describe('Body Roundness Index (Thomas 2013)', () => {
  for (const [waist, height, bri] of [[0.88, 1.75, 3.413], [0.78, 1.65, 2.862], [1.02, 1.78, 4.832]]) {
    it(`gives ${bri} for waist ${waist} m, height ${height} m`, () => near(bodyRoundnessIndex(waist, height), bri, 0.001));
  }
  it('uses (0.5·H)², not the buggy 0.5·H² which gives 1.049 for waist 88 cm, height 175 cm', () => {
    const buggy = 364.2 - 365.5 * Math.sqrt(1 - (88 / (2 * Math.PI)) ** 2 / (0.5 * 175 ** 2));
    near(buggy, 1.049, 0.001);
    assert.ok(Math.abs(bodyRoundnessIndex(0.88, 1.75)! - buggy) > 2);
  });
  it('is unit-free: the same in cm and m', () => near(bodyRoundnessIndex(88, 175), bodyRoundnessIndex(0.88, 1.75)!, 1e-9));
  it('returns null when the waist makes the eccentricity undefined', () => assert.equal(bodyRoundnessIndex(6, 1.75), null));
});

describe('Crapo 1982 functional residual capacity', () => {
  it('gives 3.47 L (man 178 cm, 40 y) and 2.88 L (woman 165 cm, 40 y)', () => {
    near(crapoFunctionalResidualCapacityL('male', 178, 40), 3.47, 0.01);
    near(crapoFunctionalResidualCapacityL('female', 165, 40), 2.88, 0.01);
  });
});

describe('Kim 2002 skeletal muscle from appendicular lean soft tissue', () => {
  it('gives 1.13·25 − 0.02·40 + 0.61 + 0.97 = 29.03 kg for a man with ALST 25 kg at 40 y', () => {
    near(kimSkeletalMuscleMassKg('male', 25, 40), 29.03, 1e-9);
  });
  it('drops the 0.61 kg sex term for women', () => {
    near(kimSkeletalMuscleMassKg('male', 18, 50) - kimSkeletalMuscleMassKg('female', 18, 50), 0.61, 1e-9);
  });
});
