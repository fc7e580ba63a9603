// A capture whose fused surface scatters between recordings (CaptureHints.surfaceScattered: a phone
// recording of a person turning in place) blurs a turn's ankles, a metre below the turning person's
// centre, by a different amount on each recording; measuring then reads the ankle girths as the mean
// of the fitted body model's tape and the capture's own (model-ankle-girths.ts), as a turn's thighs.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import type { BodyMeasurementResult } from '../../../src/domain/body-scan-result.ts';
import { SCATTERED_ANKLE_GIRTH_FIELDS } from '../../../src/processing/measure/model-ankle-girths.ts';
import { assertMeanOfTwoTapes } from '../../support/mean-of-two-tapes.ts';
import { measureScatteredCaptures } from '../../support/surface-displacement.ts';

/** Two recordings' lower-leg blurs (m, direction): the shins widened along the direction the poses scatter in. */
const BLURS = [{ widenM: 0.001, directionRad: 0 }, { widenM: 0.004, directionRad: Math.PI / 3 }];

describe('ankle girths of a capture whose surface scatters', () => {
  let truth: BodyMeasurementResult, asCaptured: BodyMeasurementResult[], scattered: BodyMeasurementResult[];
  before(() => {
    ({ truth, asCaptured, scattered } = measureScatteredCaptures(['shinLeft', 'shinRight'], BLURS.map(({ widenM, directionRad }) => () =>
      (nx: number, _ny: number, nz: number) => widenM * Math.abs(nx * Math.cos(directionRad) + nz * Math.sin(directionRad)))));
  });

  it('reads the ankles as the mean of the fitted model and the capture: two captures nearer each other, each nearer the true ankle', () => {
    let capturedDiffMm = 0, meanDiffMm = 0;
    for (const field of SCATTERED_ANKLE_GIRTH_FIELDS) {
      const diffs = assertMeanOfTwoTapes(field, truth, asCaptured, scattered);
      capturedDiffMm += diffs.capturedDiffMm;
      meanDiffMm += diffs.meanDiffMm;
    }
    assert.ok(meanDiffMm < 0.9 * capturedDiffMm, `summed over both ankles: the mean's readings ${meanDiffMm.toFixed(1)} mm apart, the captures' ${capturedDiffMm.toFixed(1)} mm`);
    assert.equal(scattered[0].diagnostics.ankleGirthSource, 'mean of fitted model and capture');
    assert.equal(asCaptured[0].diagnostics.ankleGirthSource, 'capture');
  });
});
