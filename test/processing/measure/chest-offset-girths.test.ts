// A capture whose chest scatters between captures of one body (CaptureHints.chestScattered: a walk's
// reconstruction, one cut of its fused surface near the bust) reads the chest and upper chest as the
// fitted model's tape plus the capture's mean offset from the model on five planes 1 cm apart
// (model-offset-girths.ts CHEST_OFFSET_GIRTH_FIELDS), and every other girth as one cut of the capture.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import type { BodyMeasurementResult } from '../../../src/domain/body-scan-result.ts';
import { CIRCUMFERENCE_FIELDS } from '../../../src/domain/measurements.ts';
import { CHEST_OFFSET_GIRTH_FIELDS } from '../../../src/processing/measure/model-offset-girths.ts';
import { measureScatteredCaptures, twoRipples } from '../../support/surface-displacement.ts';

describe('the chest girths of a capture whose chest scatters', () => {
  let truth: BodyMeasurementResult, asCaptured: BodyMeasurementResult[], scattered: BodyMeasurementResult[];
  before(() => {
    ({ truth, asCaptured, scattered } = measureScatteredCaptures(['torso'], twoRipples(), { chestScattered: true }));
  });

  it('reads two rippled captures\' chest and upper chest nearer each other than their own cuts, each within the ripple of the true girth', () => {
    let capturedDiffMm = 0, offsetDiffMm = 0;
    for (const field of CHEST_OFFSET_GIRTH_FIELDS) {
      capturedDiffMm += Math.abs(1000 * (asCaptured[0].measurements[field] - asCaptured[1].measurements[field]));
      offsetDiffMm += Math.abs(1000 * (scattered[0].measurements[field] - scattered[1].measurements[field]));
      for (const result of scattered) {
        const errorMm = 1000 * (result.measurements[field] - truth.measurements[field]);
        assert.ok(Math.abs(errorMm) < 6, `${field}: ${errorMm.toFixed(1)} mm from the unrippled body's girth`);
      }
    }
    assert.ok(offsetDiffMm < 0.5 * capturedDiffMm, `chest and upper chest: ${offsetDiffMm.toFixed(1)} mm apart, the captures' own cuts ${capturedDiffMm.toFixed(1)} mm`);
    assert.equal(scattered[0].diagnostics.chestGirthSource, "fitted model plus the capture's offset");
    assert.equal(scattered[0].diagnostics.torsoLegGirthSource, 'capture');
    assert.equal(asCaptured[0].diagnostics.chestGirthSource, 'capture');
  });

  it('reads every other girth as the capture does', () => {
    for (const field of CIRCUMFERENCE_FIELDS) {
      if (CHEST_OFFSET_GIRTH_FIELDS.has(field)) continue;
      assert.equal(scattered[0].measurements[field], asCaptured[0].measurements[field], field);
    }
  });
});
