// A capture whose arms moved while it was taken (CaptureHints.armsMoved: a phone recording of a
// person turning in place) has blurred arms; measuring then reads the arm girths on the fitted body
// model's arm (model-arm-girths.ts) and leaves every other girth as the capture's.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import type { BodyMeasurementResult } from '../../../src/domain/body-scan-result.ts';
import type { Measurements } from '../../../src/domain/measurements.ts';
import { measureBody } from '../../../src/processing/measure/measure-body.ts';
import { posableModelFitter } from '../../../src/processing/measure/model-fitter.ts';
import { ARM_GIRTH_FIELDS } from '../../../src/processing/measure/model-arm-girths.ts';
import { displaceableModelBody } from '../../support/surface-displacement.ts';

/** How far the arms' surface is pushed out along its normals (m): a blur of ±4 mm about one arm. */
const ARM_BLUR_M = 0.004;

describe('arm girths of a capture whose arms moved', () => {
  let truth: BodyMeasurementResult, asCaptured: BodyMeasurementResult, armsMoved: BodyMeasurementResult;
  before(() => {
    const body = displaceableModelBody();
    // The arms (upper arm, forearm, hand) thickened: what a turn's fusion of a swinging arm gives.
    const blurred = body.displaced(['upperArmLeft', 'forearmLeft', 'handLeft', 'upperArmRight', 'forearmRight', 'handRight'], () => ARM_BLUR_M);
    truth = measureBody(body.mesh, {}, {}, { fitter: posableModelFitter({}) });
    asCaptured = measureBody(blurred, {}, {}, { fitter: posableModelFitter({}) });
    armsMoved = measureBody(blurred, { armsMoved: true }, {}, { fitter: posableModelFitter({}) });
  });

  it('reads the blurred arms large when measured as captured', () => {
    assert.equal(asCaptured.diagnostics.armGirthSource, 'capture');
    for (const field of ARM_GIRTH_FIELDS) {
      const grownMm = 1000 * (asCaptured.measurements[field] - truth.measurements[field]);
      assert.ok(grownMm > 15, `${field} +${grownMm.toFixed(1)} mm`);
    }
  });

  it('reads every arm girth on the fitted model: the forearm and wrist within 40 % of the blur\'s excess, the upper arm within 75 %', () => {
    assert.equal(armsMoved.diagnostics.armGirthSource, 'fitted-model');
    for (const field of ARM_GIRTH_FIELDS) {
      const errorMm = 1000 * (armsMoved.measurements[field] - truth.measurements[field]);
      const capturedMm = 1000 * (asCaptured.measurements[field] - truth.measurements[field]);
      // The fit follows a thickened upper arm part of the way (its shape is held by the whole body), the forearm much less.
      const share = field.startsWith('midArm') ? 0.75 : 0.4;
      assert.ok(Math.abs(errorMm) < share * capturedMm, `${field}: model ${errorMm.toFixed(1)} mm, capture ${capturedMm.toFixed(1)} mm from the true arm`);
      const quality = armsMoved.siteQuality!.find((q) => q.field === field)!;
      assert.deepEqual([quality.observedFraction, quality.filledFraction], [0, 1], `${field}: the whole tape is the model's`);
    }
  });

  it('leaves the torso and leg girths as the capture reads them', () => {
    for (const [field, value] of Object.entries(asCaptured.measurements)) {
      if (ARM_GIRTH_FIELDS.has(field as never) || field === 'fullBodyVolume' || field === 'bmiPredicted' || field === 'bmiConfidence') continue;
      assert.equal(armsMoved.measurements[field as keyof Measurements], value, field);
    }
  });
});
