import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bulgeIndex } from '../../../src/processing/measure/torso-sites.ts';

describe('bulgeIndex (the stomach level)', () => {
  it('takes the belly bulge, not a rise at the waist end of the range that is a millimetre higher', () => {
    // Front protrusion (m) from the hips up to the waist: a bulge at index 6, rising again at the top end.
    const front = Float64Array.from([0.031, 0.037, 0.043, 0.05, 0.055, 0.058, 0.0603, 0.058, 0.056, 0.0563, 0.058, 0.0612]);
    const i = bulgeIndex(front, 0, front.length - 1);
    assert.ok(Math.abs(i - 6) <= 0.5, `stomach at index ${i}`);
  });

  it('takes the range maximum when the profile has no bulge (still rising to the waist)', () => {
    const front = Float64Array.from([0.03, 0.032, 0.034, 0.036, 0.038, 0.04, 0.042, 0.044]);
    assert.equal(Math.round(bulgeIndex(front, 0, front.length - 1)), front.length - 1);
  });
});
