import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bulgeIndex } from '../../../src/processing/measure/torso-sites.ts';

describe('bulgeIndex (the stomach level)', () => {
  it('takes the belly bulge, not a rise at the waist end of the range that is a millimetre higher', () => {
    // Front protrusion (m) every 15 mm from the hips up to the waist (a MakeHuman body's, rounded):
    // a bulge at the 7th value, rising again at the top end; in 5 mm slices (each value 3 times).
    const every15 = [0.031, 0.037, 0.043, 0.05, 0.055, 0.058, 0.0603, 0.058, 0.056, 0.0563, 0.058, 0.0612];
    const front = Float64Array.from(every15.flatMap((v) => [v, v, v]));
    const i = bulgeIndex(front, 0, front.length - 1);
    assert.ok(Math.abs(i - 19) <= 2, `stomach at slice ${i} (the bulge is at 18-20)`);
  });

  it('takes the range maximum when the profile has no bulge (still rising to the waist)', () => {
    const front = Float64Array.from({ length: 24 }, (_, i) => 0.03 + 0.001 * i);
    assert.equal(Math.round(bulgeIndex(front, 0, front.length - 1)), front.length - 1);
  });
});
