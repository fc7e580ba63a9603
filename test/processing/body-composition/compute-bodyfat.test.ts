import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BODYFAT_METHODS, type PersonAtScan } from '../../../src/domain/body-composition.ts';
import type { Measurements } from '../../../src/domain/measurements.ts';
import { computeBodyfat } from '../../../src/processing/body-composition/compute-bodyfat.ts';
import { cunBaePercent } from '../../../src/processing/body-composition/cun-bae.ts';

const man: PersonAtScan = { sex: 'male', ageYears: 40, heightM: 1.778, weightKg: 80 };
const manScan: Partial<Measurements> = {
  neckFit: 15 * 0.0254, waistNavyFit: 34 * 0.0254, waistFit: 0.84, hipsFit: 0.98, chestFit: 1.0, fullBodyVolume: 0.077,
};
const woman: PersonAtScan = { sex: 'female', ageYears: 35, heightM: 65 * 0.0254, weightKg: 63 };
const womanScan: Partial<Measurements> = {
  neckFit: 13 * 0.0254, waistFit: 30 * 0.0254, hipsFit: 38 * 0.0254, waistNavyFit: 0.8, chestFit: 0.92, fullBodyVolume: 0.061,
};
const near = (actual: number | null, expected: number, tolerance: number) => {
  assert.ok(actual !== null, 'value is null');
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} is not within ${tolerance} of ${expected}`);
};

describe('computeBodyfat', () => {
  it('fills every Bodyfat field for all ten methods when the scan has the girths they need', () => {
    for (const method of BODYFAT_METHODS) {
      for (const [person, scan] of [[man, manScan], [woman, womanScan]] as const) {
        const result = computeBodyfat(method, person, scan);
        assert.equal(result.bodyfatMethod, method);
        for (const [key, value] of Object.entries(result)) {
          if (key === 'bodyfatMethod' || key === 'methodUsed') continue;
          assert.ok(typeof value === 'number' && Number.isFinite(value), `${method} ${person.sex}: ${key} = ${value}`);
        }
      }
    }
  });

  it('converts metres to inches for army_athlete (Navy inch form): 17.51 %BF for 70 in / 34 in / 15 in', () => {
    near(computeBodyfat('army_athlete', { ...man, heightM: 70 * 0.0254 }, manScan).bodyfatPercentage, 17.51, 0.01);
  });

  it('converts kg to lb and m to in for army: 23.07 %BF for 180 lb, abdomen 36 in', () => {
    const result = computeBodyfat('army', { ...man, weightKg: 180 * 0.45359237 }, { waistNavyFit: 36 * 0.0254 });
    near(result.bodyfatPercentage, 23.07, 0.005);
  });

  it('uses waistNavyFit as the RFM waist (NHANES site): 24.23 for 175 cm, 88 cm', () => {
    near(computeBodyfat('coco', { ...man, heightM: 1.75 }, { waistNavyFit: 0.88, waistFit: 0.8 }).bodyfatPercentage, 24.23, 0.01);
  });

  it('tina_fit is CUN-BAE of BMI, age and sex and needs no girth', () => {
    const person: PersonAtScan = { sex: 'female', ageYears: 40, heightM: 1.6, weightKg: 64 };
    near(computeBodyfat('tina_fit', person, {}).bodyfatPercentage, cunBaePercent('female', 40, 25), 1e-9);
  });

  it('derives fat mass, fat-free mass and lean % from %BF and weight', () => {
    const result = computeBodyfat('coco2', man, manScan);
    near(result.fatMass, (man.weightKg * result.bodyfatPercentage!) / 100, 1e-9);
    near(result.leanMass, man.weightKg - result.fatMass!, 1e-9);
    near(result.leanMassPercentage, 100 - result.bodyfatPercentage!, 1e-9);
    near(result.vatPercentage, (100 * result.vatMass!) / man.weightKg, 1e-9);
    near(result.skeletalMuscleMass, 1.13 * result.appendicularLeanMass! - 0.02 * 40 + 0.61 + 0.97, 1e-9);
  });

  it('gives a neutral or undefined sex the mean of the male and female results, field by field', () => {
    for (const method of BODYFAT_METHODS) {
      const scan = { ...manScan, hipsFit: 1.0 };
      const male = computeBodyfat(method, { ...man, sex: 'male' }, scan);
      const female = computeBodyfat(method, { ...man, sex: 'female' }, scan);
      for (const sex of ['neutral', 'undefined'] as const) {
        const neutral = computeBodyfat(method, { ...man, sex }, scan);
        for (const key of ['bodyfatPercentage', 'fatMass', 'vatMass', 'appendicularLeanMass', 'skeletalMuscleMass'] as const) {
          near(neutral[key], (male[key]! + female[key]!) / 2, 1e-9);
        }
      }
    }
  });

  it('returns null %BF (and the fat-dependent fields) when a required girth is missing, keeping ALM', () => {
    const result = computeBodyfat('army_athlete', man, { waistNavyFit: 0.9 });
    assert.equal(result.bodyfatPercentage, null);
    assert.equal(result.fatMass, null);
    assert.equal(result.vatMass, null);
    assert.ok(result.appendicularLeanMass !== null && result.appendicularLeanMass > 15);
  });

  it('coco2 rises with waist at fixed height, weight, age and sex', () => {
    const values = [0.8, 0.9, 1.0, 1.1].map((w) => computeBodyfat('coco2', man, { waistNavyFit: w }).bodyfatPercentage!);
    for (let i = 1; i < values.length; i++) assert.ok(values[i] > values[i - 1], `${values}`);
  });

  it('coco2_oc equals coco2 without a volume, and moves toward the volume estimate with one', () => {
    const noVolume = { ...manScan, fullBodyVolume: undefined };
    near(computeBodyfat('coco2_oc', man, noVolume).bodyfatPercentage, computeBodyfat('coco2', man, noVolume).bodyfatPercentage!, 1e-9);
    const coco2 = computeBodyfat('coco2', man, manScan).bodyfatPercentage!;
    const blended = computeBodyfat('coco2_oc', man, manScan).bodyfatPercentage!;
    assert.notEqual(blended, coco2);
  });

  it('extended_navy_thinboost equals the Navy result above the lean threshold and lifts very lean results', () => {
    near(computeBodyfat('extended_navy_thinboost', man, manScan).bodyfatPercentage,
      computeBodyfat('army_athlete', man, manScan).bodyfatPercentage!, 1e-9);
    const lean = { ...manScan, waistNavyFit: 0.7, neckFit: 0.41 };
    const navy = computeBodyfat('army_athlete', man, lean).bodyfatPercentage!;
    assert.ok(navy < 10);
    assert.ok(computeBodyfat('extended_navy_thinboost', man, lean).bodyfatPercentage! > navy);
  });

  it('adam reports coco2 for an average build and army_athlete for a muscular one', () => {
    assert.equal(computeBodyfat('adam', man, manScan).methodUsed, 'coco2');
    const athlete: PersonAtScan = { sex: 'male', ageYears: 28, heightM: 1.8, weightKg: 92 };
    const athleteScan = { neckFit: 0.42, waistNavyFit: 0.84, waistFit: 0.8, hipsFit: 1.0, chestFit: 1.12 };
    const result = computeBodyfat('adam', athlete, athleteScan);
    assert.equal(result.methodUsed, 'army_athlete');
    near(result.bodyfatPercentage, computeBodyfat('army_athlete', athlete, athleteScan).bodyfatPercentage!, 1e-9);
  });

  it('rejects a person without positive weight or height', () => {
    assert.throws(() => computeBodyfat('coco2', { ...man, weightKg: 0 }, manScan), RangeError);
  });
});
