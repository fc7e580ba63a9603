// Assertions shared by the tests of girths read as the mean of the fitted model's tape and the
// capture's own (model-ankle-girths.test.ts, model-neck-girths.test.ts): each such reading of a
// blurred capture lies nearer the truth than the capture's own cut, half of its observed share is
// the capture's, and its ring is as long as the girth it reports.
import assert from 'node:assert/strict';
import type { BodyMeasurementResult } from '../../src/domain/body-scan-result.ts';
import type { CircumferenceField } from '../../src/domain/measurements.ts';
import { ringLengthM } from './ring-length.ts';

/**
 * Checks `field` on each pair (scattered[i], asCaptured[i]) against `truth`, and returns how far
 * apart the two captures' readings (mm) and the two means' readings (mm) are.
 */
export function assertMeanOfTwoTapes(
  field: CircumferenceField, truth: BodyMeasurementResult, asCaptured: readonly BodyMeasurementResult[], scattered: readonly BodyMeasurementResult[],
): { capturedDiffMm: number; meanDiffMm: number } {
  for (const [i, result] of scattered.entries()) {
    const errorMm = 1000 * (result.measurements[field] - truth.measurements[field]);
    const capturedMm = 1000 * (asCaptured[i].measurements[field] - truth.measurements[field]);
    assert.ok(Math.abs(errorMm) < Math.abs(capturedMm), `${field}: mean ${errorMm.toFixed(1)} mm, capture ${capturedMm.toFixed(1)} mm from the truth`);
    // Half the reading is the model's: half of the capture tape's observed share counts.
    const quality = result.siteQuality!.find((q) => q.field === field)!;
    const own = asCaptured[i].siteQuality!.find((q) => q.field === field)!;
    assert.ok(Math.abs(quality.observedFraction - 0.5 * own.observedFraction) < 1e-9, `${field}: observed ${quality.observedFraction} against the capture's ${own.observedFraction}`);
    const site = result.sites.find((s) => s.field === field)!;
    assert.ok(Math.abs(ringLengthM(site.ringM) - site.perimeterM) < 1e-5, `${field}: ring ${ringLengthM(site.ringM)} m, girth ${site.perimeterM} m`);
  }
  return {
    capturedDiffMm: Math.abs(1000 * (asCaptured[0].measurements[field] - asCaptured[1].measurements[field])),
    meanDiffMm: Math.abs(1000 * (scattered[0].measurements[field] - scattered[1].measurements[field])),
  };
}
