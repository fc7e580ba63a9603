// A capture whose fused surface scatters between recordings (CaptureHints.surfaceScattered: a phone
// recording of a person turning in place) blurs a turn's neck, seen from below by a phone at chest
// height, by a different amount on each recording; measuring then reads the neck girth as the mean
// of the fitted body model's tape and the capture's own on the neck's plane (model-neck-girths.ts).
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import type { BodyMeasurementResult } from '../../../src/domain/body-scan-result.ts';
import { SCATTERED_NECK_GIRTH_FIELDS } from '../../../src/processing/measure/model-neck-girths.ts';
import { assertMeanOfTwoTapes } from '../../support/mean-of-two-tapes.ts';
import { measureScatteredCaptures } from '../../support/surface-displacement.ts';

/** Two recordings' neck blurs (m, direction): the neck widened along the direction the poses scatter in. */
const BLURS = [{ widenM: 0.001, directionRad: 0 }, { widenM: 0.004, directionRad: Math.PI / 3 }];
/** Half the height (m) of the band about the neck's site that blurs (the head and shoulders stay as they are). */
const BAND_M = 0.03;

/** The mean height (m) of a ring's points (xyz interleaved). */
function meanHeightM(ringM: ArrayLike<number>): number {
  let sumM = 0;
  for (let i = 1; i < ringM.length; i += 3) sumM += ringM[i];
  return sumM / (ringM.length / 3);
}

describe('the neck girth of a capture whose surface scatters', () => {
  let truth: BodyMeasurementResult, asCaptured: BodyMeasurementResult[], scattered: BodyMeasurementResult[];
  before(() => {
    ({ truth, asCaptured, scattered } = measureScatteredCaptures(['torso', 'head'], BLURS.map(({ widenM, directionRad }) => (measured: BodyMeasurementResult) => {
      const neckY = meanHeightM(measured.sites.find((s) => s.field === 'neckFit')!.ringM);
      return (nx: number, _ny: number, nz: number, yM: number) => (Math.abs(yM - neckY) < BAND_M ? widenM * Math.abs(nx * Math.cos(directionRad) + nz * Math.sin(directionRad)) : 0);
    })));
  });

  it('reads the neck as the mean of the fitted model and the capture: two captures nearer each other, each nearer the true neck', () => {
    for (const field of SCATTERED_NECK_GIRTH_FIELDS) {
      const { capturedDiffMm, meanDiffMm } = assertMeanOfTwoTapes(field, truth, asCaptured, scattered);
      assert.ok(meanDiffMm < 0.9 * capturedDiffMm, `${field}: the mean's readings ${meanDiffMm.toFixed(1)} mm apart, the captures' ${capturedDiffMm.toFixed(1)} mm`);
    }
    assert.equal(scattered[0].diagnostics.neckGirthSource, 'mean of fitted model and capture');
    assert.equal(asCaptured[0].diagnostics.neckGirthSource, 'capture');
  });
});
