// Checks the ISO 20685-1 verdicts and the regression-bound gate of the accuracy evaluation on
// hand-made run records (errors in mm).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CIRCUMFERENCE_FIELDS, type CircumferenceField } from '../../src/domain/measurements.ts';
import { isoLimitMm, summarize } from '../../scripts/eval-accuracy/iso-table.ts';
import { boundsFromSummary, checkBounds } from '../../scripts/eval-accuracy/bounds.ts';
import type { FieldRecord, RunRecord } from '../../scripts/eval-accuracy/evaluate-run.ts';

function run(errorOf: (field: CircumferenceField) => number | null, volumeErrorPct = 0.5): RunRecord {
  const fields: FieldRecord[] = CIRCUMFERENCE_FIELDS.map((field) => {
    const error = errorOf(field);
    return {
      field, measuredMm: 500 + (error ?? 0), truthOnPlaneMm: error === null ? null : 500, siteAgnosticErrorMm: error,
      truthSiteMm: 505, siteDefinitionDiffMm: (error ?? 0) - 5, sideMismatch: false, planeMissesPart: error === null,
      planeCenterM: [0, 1, 0], planeNormal: [0, 1, 0], truthSiteCenterM: [0, 1, 0],
    };
  });
  return {
    set: 'apose', body: 'b', variant: 'mesh', note: '', capturePath: 'test', measureMs: 1, registration: null,
    volumeErrorPct, statureErrorMm: 0, fields, failure: null, failureCode: null,
  };
}

describe('ISO table', () => {
  it('uses ±9 mm for trunk and thigh girths and ±4 mm for neck and limb girths', () => {
    for (const f of ['chestFit', 'shoulderFit', 'stomachFit', 'upperChestFit', 'lowerChestFit', 'hipsFit', 'thighLeftFit', 'upperThighRightFit'] as const) assert.equal(isoLimitMm(f), 9, f);
    for (const f of ['neckFit', 'midArmLeftFit', 'forearmRightFit', 'lowerArmLeftFit', 'wristLeftFit', 'calfRightFit', 'ankleLeftFit'] as const) assert.equal(isoLimitMm(f), 4, f);
  });

  it('passes a field only when the whole 95% CI of the mean lies inside the limit', () => {
    // Errors 1..5 mm: mean 3, CI [1.04, 4.96]: inside ±9, outside ±4.
    const records = [1, 2, 3, 4, 5].map((e) => run(() => e));
    const summary = summarize(records);
    const chest = summary.fields.find((f) => f.field === 'chestFit')!;
    const neck = summary.fields.find((f) => f.field === 'neckFit')!;
    assert.equal(chest.verdict, 'PASS');
    assert.equal(neck.verdict, 'FAIL');
    assert.ok(Math.abs(chest.ciMaxAbsMm - 4.9632) < 1e-3);
  });

  it('counts planes that miss the body part and keeps them out of n', () => {
    const records = [1, 2, 3].map((e) => run((f) => (f === 'wristLeftFit' && e === 2 ? null : e)));
    const wrist = summarize(records).fields.find((f) => f.field === 'wristLeftFit')!;
    assert.equal(wrist.siteAgnostic.n, 2);
    assert.equal(wrist.planeMisses, 1);
  });
});

describe('regression bounds', () => {
  const baseline = summarize([1, 2, 3, 4, 5].map((e) => run(() => e)));
  const bounds = boundsFromSummary(baseline, 'test');

  it('accepts the run the bounds were made from, with a margin of at least 2 mm', () => {
    assert.deepEqual(checkBounds(baseline, bounds), []);
    assert.ok(bounds.girths.chestFit.ciMaxAbsMm >= 4.9632 + 2);
  });

  it('flags a field whose CI grows beyond its bound, a new plane miss and a worse volume', () => {
    const worse = summarize([1, 2, 3, 4, 5].map((e) => run((f) => (f === 'waistFit' ? 4 * e : f === 'calfLeftFit' && e === 3 ? null : e), 3)));
    const violations = checkBounds(worse, bounds);
    assert.ok(violations.some((v) => v.startsWith('waistFit: CI')), violations.join('\n'));
    assert.ok(violations.some((v) => v.startsWith('calfLeftFit:') && v.includes('missing the body part')), violations.join('\n'));
    assert.ok(violations.some((v) => v.startsWith('fullBodyVolume')), violations.join('\n'));
  });
});
