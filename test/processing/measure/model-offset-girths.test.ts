// A capture whose fused surface scatters from plane to plane (CaptureHints.surfaceScattered: a phone
// recording of a person turning in place) reads a girth a few millimetres off on one cut, differently
// on each capture of one body; measuring then reads the torso girths below the armpits, the lower
// thighs and the calves as the fitted model's tape plus the capture's mean offset from the model on
// five planes 1 cm apart (model-offset-girths.ts), and leaves every other girth as it was.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import type { BodyMeasurementResult } from '../../../src/domain/body-scan-result.ts';
import { CIRCUMFERENCE_FIELDS } from '../../../src/domain/measurements.ts';
import { SCATTERED_ANKLE_GIRTH_FIELDS } from '../../../src/processing/measure/model-ankle-girths.ts';
import { SCATTERED_NECK_GIRTH_FIELDS } from '../../../src/processing/measure/model-neck-girths.ts';
import { MODEL_OFFSET_GIRTH_FIELDS } from '../../../src/processing/measure/model-offset-girths.ts';
import { ringLengthM } from '../../support/ring-length.ts';
import { measureScatteredCaptures, twoRipples } from '../../support/surface-displacement.ts';

const PARTS = ['torso', 'thighLeft', 'thighRight', 'shinLeft', 'shinRight'] as const;

describe('torso and lower-leg girths of a capture whose surface scatters from plane to plane', () => {
  let truth: BodyMeasurementResult, asCaptured: BodyMeasurementResult[], scattered: BodyMeasurementResult[];
  before(() => {
    ({ truth, asCaptured, scattered } = measureScatteredCaptures(PARTS, twoRipples()));
  });

  it('reads two rippled captures nearer each other than their own cuts, and each within the ripple of the true girth', () => {
    let capturedDiffMm = 0, offsetDiffMm = 0;
    for (const field of MODEL_OFFSET_GIRTH_FIELDS) {
      capturedDiffMm += Math.abs(1000 * (asCaptured[0].measurements[field] - asCaptured[1].measurements[field]));
      offsetDiffMm += Math.abs(1000 * (scattered[0].measurements[field] - scattered[1].measurements[field]));
      for (const [i, result] of scattered.entries()) {
        // A 2 mm ripple moves one cut by up to 2π·2 ≈ 12.6 mm; the five planes' mean by a fifth of it.
        const errorMm = 1000 * (result.measurements[field] - truth.measurements[field]);
        assert.ok(Math.abs(errorMm) < 6, `${field}: ${errorMm.toFixed(1)} mm from the unrippled body's girth`);
        const quality = result.siteQuality!.find((q) => q.field === field)!;
        const own = asCaptured[i].siteQuality!.find((q) => q.field === field)!;
        // The size is the capture's, the ring's shape the model's: half the capture's observed share.
        assert.ok(Math.abs(quality.observedFraction - 0.5 * own.observedFraction) < 0.05, `${field}: observed ${quality.observedFraction} against the capture's ${own.observedFraction}`);
        const site = result.sites.find((s) => s.field === field)!;
        assert.ok(Math.abs(ringLengthM(site.ringM) - site.perimeterM) < 1e-5, `${field}: ring ${ringLengthM(site.ringM)} m, girth ${site.perimeterM} m`);
      }
    }
    assert.ok(offsetDiffMm < 0.5 * capturedDiffMm, `summed over the ${MODEL_OFFSET_GIRTH_FIELDS.size} girths: ${offsetDiffMm.toFixed(1)} mm apart, the captures' own cuts ${capturedDiffMm.toFixed(1)} mm`);
    assert.equal(scattered[0].diagnostics.torsoLegGirthSource, "fitted model plus the capture's offset");
    assert.equal(asCaptured[0].diagnostics.torsoLegGirthSource, 'capture');
  });

  it('leaves the shoulder, thighs and arms as the capture reads them (the ankles and the neck: model-ankle-girths.test.ts, model-neck-girths.test.ts)', () => {
    // (Ratios and estimates derived from the girths, such as the waist-to-hip ratio, follow them.)
    for (const field of CIRCUMFERENCE_FIELDS) {
      if (MODEL_OFFSET_GIRTH_FIELDS.has(field) || SCATTERED_ANKLE_GIRTH_FIELDS.has(field) || SCATTERED_NECK_GIRTH_FIELDS.has(field)) continue;
      assert.equal(scattered[0].measurements[field], asCaptured[0].measurements[field], field);
    }
  });
});
