import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { stomachIndex } from '../../../src/processing/measure/torso-sites.ts';

// Front profiles (m of forward protrusion per 5 mm slice, from the hips up to the waist).
describe('stomachIndex (the stomach level)', () => {
  it('takes the belly bulge, not a rise at the waist end of the range that is a millimetre higher', () => {
    // After a MakeHuman body's profile every 15 mm (rounded): a bulge at the 7th value, rising again at
    // the top end; in 5 mm slices (each value 3 times). The navel is put elsewhere (slice 10). The
    // bulge is made taller than the body's (12 mm above the dip, 4.3 mm on the body) to count fully.
    const every15 = [0.031, 0.037, 0.043, 0.05, 0.055, 0.06, 0.068, 0.06, 0.056, 0.0563, 0.058, 0.0692];
    const front = Float64Array.from(every15.flatMap((v) => [v, v, v]));
    const i = stomachIndex(front, 0, front.length - 1, 10);
    assert.ok(Math.abs(i - 19) <= 2, `stomach at slice ${i} (the bulge is at 18-20)`);
  });

  it('reads a flat belly at the navel when its bulge stands less than 2.5 mm out, whichever recording', () => {
    // A thin man's fitted model every 4 mm (rounded): a bulge 1.0-1.9 mm prominent over 16 simulated
    // recordings, 15 slices below the navel, where his girth changes 3 mm per mm of height.
    const thin = (bulgeM: number) => Float64Array.from({ length: 37 }, (_, i) => -0.0002 * Math.abs(i - 5) * (i < 5 ? 1 : 0)
      - 0.0019 + bulgeM * Math.exp(-((i - 19) ** 2) / 40) - (i > 30 ? 0.0002 * (i - 30) : 0));
    for (const bulgeM of [0.001, 0.0015, 0.0019]) assert.equal(stomachIndex(thin(bulgeM), 0, 36, 34), 34);
  });

  it('places a belly whose top is a plateau at the plateau\'s middle, whichever slice of it is highest', () => {
    // A heavy belly within half a millimetre of its top over 4 cm (slices 25-36), rising from the
    // hips 30 mm below and falling to the waist; its highest slice moves with a 0.2 mm tilt.
    const plateau = (tiltM: number, wobbleM: number) => Float64Array.from({ length: 60 }, (_, i) => 0.1
      - 0.03 * Math.max(0, (25 - i) / 25) ** 1.2 - (i > 36 ? 0.0006 * (i - 36) : 0) + (tiltM * (i - 30)) / 10 + wobbleM * Math.sin(i * 1.7));
    const levels = [[0.0002, 0.0001], [-0.0002, -0.0001], [0, 0.00015]].map(([t, w]) => stomachIndex(plateau(t, w), 0, 59, 45));
    for (const level of levels) assert.ok(level > 28 && level < 33, `level ${level.toFixed(1)} (the plateau is slices 25-36)`);
    assert.ok(Math.max(...levels) - Math.min(...levels) < 1.5, `levels ${levels.map((l) => l.toFixed(1)).join(', ')}`);
  });

  it('takes the navel\'s level when the profile has no bulge and still rises to the waist', () => {
    const front = Float64Array.from({ length: 24 }, (_, i) => 0.03 + 0.001 * i);
    assert.equal(stomachIndex(front, 0, front.length - 1, 14.5), 14.5);
  });

  it('reads a hollow belly at its hips\' end whichever end is a fraction of a millimetre higher', () => {
    // High at the hips end and at the ribcage end, 8 mm lower between; the ends differ by 0.4 mm,
    // one way on one recording and the other way on the next (the range's maximum flipped 29
    // slices). The ribcage's end is never the stomach; the hips' end stands 8 mm above the hollow.
    const hollow = (tilt: number) => Float64Array.from({ length: 30 }, (_, i) => 0.05 - 0.008 * Math.sin((Math.PI * i) / 29) + tilt * (i / 29 - 0.5));
    const a = stomachIndex(hollow(0.0004), 0, 29, 17), b = stomachIndex(hollow(-0.0004), 0, 29, 17);
    assert.ok(a <= 1 && b <= 1, `levels ${a} and ${b}`);
  });

  it('moves continuously from the navel to a bulge as the bulge grows', () => {
    // A bump at slice 8 on a flat belly, the navel at slice 20.
    const levels = [0, 0.001, 0.002, 0.003, 0.004, 0.005, 0.006, 0.008].map((heightM) =>
      stomachIndex(Float64Array.from({ length: 30 }, (_, i) => 0.05 + heightM * Math.exp(-((i - 8) ** 2) / 8)), 0, 29, 20));
    assert.equal(levels[0], 20);
    for (let k = 1; k < levels.length; k++) {
      assert.ok(levels[k] <= levels[k - 1] + 1e-9, `level ${levels[k]} after ${levels[k - 1]}: moves toward the bulge as it grows`);
      assert.ok(levels[k - 1] - levels[k] <= 7, `a step of ${(levels[k - 1] - levels[k]).toFixed(1)} slices for 1-2 mm more bulge`);
    }
    assert.ok(Math.abs(levels[levels.length - 1] - 8) <= 1, `an 8 mm bulge read at slice ${levels[levels.length - 1]}`);
  });

  it('never drops a thin body\'s stomach to its groin at the hips\' end when the groin stands level with the belly, a tenth of a millimetre either way', () => {
    // A simulated turn's fitted model every 4 mm (rounded, m): the groin at the hips' end, a dip,
    // the belly 20 slices up (1.2 mm prominent: too flat to count), falling to the navel (slice 35).
    // On the next turn the groin stood 0.1 mm in front of the belly, and the stomach dropped 106 mm
    // to the hips. The hips' end must stand out from every maximum above it, bulge or not.
    const profile = (groinM: number) => Float64Array.from({ length: 37 }, (_, i) =>
      i < 6 ? groinM - 0.0002 * i : 0.0066 - Math.min(0.0012, 0.00006 * (i - 21) ** 2) - (i > 26 ? 0.0004 * (i - 26) : 0));
    for (const groinM of [0.0065, 0.0067]) {
      const level = stomachIndex(profile(groinM), 0, 36, 35);
      assert.equal(level, 35, `groin ${groinM * 1000} mm: stomach at slice ${level.toFixed(1)} (the navel is at 35)`);
    }
  });

  it('still reads a pendulous belly at the hips\' end when it stands clear in front of everything above', () => {
    const front = Float64Array.from({ length: 30 }, (_, i) => 0.08 - 0.0005 * i);
    assert.ok(stomachIndex(front, 0, 29, 20) <= 1);
  });
});
