import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bodyCompositionForInput, BodyCompositionInputError } from '../../../src/processing/body-composition/batch.ts';
import { computeBodyfat } from '../../../src/processing/body-composition/compute-bodyfat.ts';

const valid = { sex: 'male', ageYears: 40, heightM: 1.78, weightKg: 80, measurements: { waistNavyFit: 0.9, neckFit: 0.39 } };

function problemsOf(method: string, input: unknown): readonly string[] {
  try {
    bodyCompositionForInput(method, input);
  } catch (error) {
    assert.ok(error instanceof BodyCompositionInputError);
    return error.problems;
  }
  assert.fail('expected a BodyCompositionInputError');
}

describe('body-composition batch input', () => {
  it('maps a valid object to the same Bodyfat as computeBodyfat', () => {
    assert.deepEqual(bodyCompositionForInput('coco2', valid),
      computeBodyfat('coco2', { sex: 'male', ageYears: 40, heightM: 1.78, weightKg: 80 }, valid.measurements));
  });
  it('rejects an unknown method, naming the allowed ones', () => {
    assert.match(problemsOf('navy', valid)[0], /method must be one of adam, army/);
  });
  it('reports every problem at once: bad sex, unit slips in cm, unknown keys', () => {
    const problems = problemsOf('coco2', { ...valid, sex: 'man', heightM: 178, extra: 1, measurements: { waistNavyFit: 90, hips: 1 } });
    assert.ok(problems.some((p) => p.startsWith('sex must be one of male, female, neutral, undefined')));
    assert.ok(problems.some((p) => p === 'heightM = 178 is outside 1–2.5 m'));
    assert.ok(problems.some((p) => p === 'unknown key "extra" (allowed: sex, ageYears, heightM, weightKg, measurements)'));
    assert.ok(problems.some((p) => p === 'measurements.waistNavyFit = 90 is outside 0.05–3 m'));
    assert.ok(problems.some((p) => p === 'unknown measurement "hips"'));
  });
  it('rejects a non-object line and a missing number', () => {
    assert.deepEqual(problemsOf('coco2', [1, 2]), ['input must be a JSON object']);
    assert.ok(problemsOf('coco2', { ...valid, weightKg: '80' }).includes('weightKg must be a finite number (kg)'));
  });
});
