// Checks the per-set reports of the accuracy evaluation (refusals, field-group errors, left-right
// differences) and the per-set bounds file, on hand-made run records.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CIRCUMFERENCE_FIELDS, type CircumferenceField } from '../../src/domain/measurements.ts';
import type { FieldRecord, RunRecord } from '../../scripts/eval-accuracy/evaluate-run.ts';
import { formatRefusals, groupMae, leftRight, refusals } from '../../scripts/eval-accuracy/set-report.ts';
import { boundsFromSummary, checkBounds, readBoundsFile, writeBoundsFile } from '../../scripts/eval-accuracy/bounds.ts';
import { summarize } from '../../scripts/eval-accuracy/iso-table.ts';

/** A measured run: every girth 500 mm plus `measuredOffset(field)`, truth 500 mm, error = offset. */
function measured(variant: string, measuredOffset: (field: CircumferenceField) => number, volumeErrorPct = 0.5): RunRecord {
  const fields = CIRCUMFERENCE_FIELDS.map((field): FieldRecord => ({
    field, measuredMm: 500 + measuredOffset(field), truthOnPlaneMm: 500, siteAgnosticErrorMm: measuredOffset(field),
    truthSiteMm: 500, siteDefinitionDiffMm: measuredOffset(field), planeCenterM: [0, 1, 0], planeNormal: [0, 1, 0],
    truthSiteCenterM: [0, 1, 0], sideMismatch: false, planeMissesPart: false,
  }));
  return {
    set: 'arms-down', body: 'b', variant, note: '', capturePath: 'test', measureMs: 1, registration: null,
    volumeErrorPct, statureErrorMm: 0, fields, failure: null, failureCode: null,
  };
}

function refused(variant: string, code: string): RunRecord {
  return { ...measured(variant, () => 0), fields: [], volumeErrorPct: null, statureErrorMm: null, failure: `ProcessingFailure: ${code}`, failureCode: code };
}

describe('per-set reports', () => {
  const runs = [
    measured('mesh', (f) => (f === 'forearmLeftFit' ? 8 : f === 'forearmRightFit' ? 1 : f === 'chestFit' ? -3 : 0)),
    measured('cloud', (f) => (f === 'forearmLeftFit' ? 2 : f === 'chestFit' ? 3 : 0)),
    refused('mesh', 'limbs_touching_torso'),
    refused('cloud', 'limbs_touching_torso'),
    refused('cloud', 'measurement_failed'),
  ];

  it('counts refusals by failure code and by variant', () => {
    const r = refusals(runs);
    assert.equal(r.runs, 5);
    assert.equal(r.refused, 3);
    assert.deepEqual(r.byCode, { limbs_touching_torso: 2, measurement_failed: 1 });
    assert.deepEqual(r.byVariant, { mesh: { runs: 2, refused: 1 }, cloud: { runs: 3, refused: 2 } });
    assert.equal(formatRefusals(r), 'refused: 3 of 5 (limbs_touching_torso 2, measurement_failed 1); by variant: mesh 1/2, cloud 2/3');
  });

  it('averages absolute errors per field group over the measured runs only', () => {
    const mae = groupMae(runs);
    // torso: 8 fields x 2 runs, |-3| + |3| on the chest: 6 / 16.
    assert.equal(mae.torso.n, 16);
    assert.ok(Math.abs(mae.torso.maeMm - 6 / 16) < 1e-12);
    // arms: 8 fields x 2 runs; 8 + 1 + 2 = 11.
    assert.ok(Math.abs(mae.arms.maeMm - 11 / 16) < 1e-12);
    assert.equal(mae.neck.maeMm, 0);
  });

  it('reports left - right of the measured girths and how many runs pass the 5 mm goal', () => {
    const forearm = leftRight(runs).find((row) => row.stem === 'forearm')!;
    assert.equal(forearm.n, 2);
    assert.equal(forearm.meanMm, 4.5); // (8 - 1 + 2 - 0) / 2
    assert.equal(forearm.maxAbsMm, 7);
    assert.equal(forearm.beyondGoal, 1);
    assert.equal(forearm.truthMaxAbsMm, 0);
  });

  it('fails the bounds when a set refuses more captures than when the bounds were set', () => {
    const baseline = summarize(runs.slice(0, 3));
    const bounds = boundsFromSummary(baseline, 'test');
    assert.equal(bounds.maxFailedRuns, 1);
    assert.deepEqual(checkBounds(baseline, bounds), []);
    assert.ok(checkBounds(summarize(runs), bounds).some((v) => /3 failed runs > bound 1/.test(v)));
  });
});

describe('bounds file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bounds-'));
  const block = { description: 'd', girths: { chestFit: { ciMaxAbsMm: 3, maxMissing: 0 } }, volumeErrorPctMaxAbs: 1.2, maxFailedRuns: 0 };

  it('reads a single-set file of the older form as the apose set', () => {
    const path = join(dir, 'legacy.json');
    writeFileSync(path, JSON.stringify(block));
    const file = readBoundsFile(path);
    assert.deepEqual(Object.keys(file.sets), ['apose']);
    assert.equal(file.sets.apose.girths.chestFit.ciMaxAbsMm, 3);
  });

  it('keeps one block per set through a write and a read', () => {
    const path = join(dir, 'sets.json');
    writeBoundsFile(path, { description: 'per set', sets: { apose: block, heavy: { ...block, maxFailedRuns: 2 } } });
    const file = readBoundsFile(path);
    assert.equal(file.description, 'per set');
    assert.deepEqual(Object.keys(file.sets).sort(), ['apose', 'heavy']);
    assert.equal(file.sets.heavy.maxFailedRuns, 2);
  });
});
