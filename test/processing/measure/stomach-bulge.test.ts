import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { stomachIndex } from '../../../src/processing/measure/torso-sites.ts';

// Front profiles (m of forward protrusion per 5 mm slice, from the hips up to the waist).
describe('stomachIndex (the stomach level)', () => {
  it('takes the belly bulge, not a rise at the waist end of the range that is a millimetre higher', () => {
    // A MakeHuman body's profile every 15 mm (rounded): a bulge at the 7th value, rising again at
    // the top end; in 5 mm slices (each value 3 times). The navel is put elsewhere (slice 10).
    const every15 = [0.031, 0.037, 0.043, 0.05, 0.055, 0.058, 0.0603, 0.058, 0.056, 0.0563, 0.058, 0.0612];
    const front = Float64Array.from(every15.flatMap((v) => [v, v, v]));
    const i = stomachIndex(front, 0, front.length - 1, 10);
    assert.ok(Math.abs(i - 19) <= 2, `stomach at slice ${i} (the bulge is at 18-20)`);
  });

  it('takes the navel\'s level when the profile has no bulge and still rises to the waist', () => {
    const front = Float64Array.from({ length: 24 }, (_, i) => 0.03 + 0.001 * i);
    assert.equal(stomachIndex(front, 0, front.length - 1, 14.5), 14.5);
  });

  it('reads a hollow belly at its hips\' end whichever end is a fraction of a millimetre higher', () => {
    // High at the hips end and at the ribcage end, 4 mm lower between; the ends differ by 0.4 mm,
    // one way on one recording and the other way on the next (the range's maximum flipped 29
    // slices). The ribcage's end is never the stomach; the hips' end stands 4 mm above the hollow.
    const hollow = (tilt: number) => Float64Array.from({ length: 30 }, (_, i) => 0.05 - 0.004 * Math.sin((Math.PI * i) / 29) + tilt * (i / 29 - 0.5));
    const a = stomachIndex(hollow(0.0004), 0, 29, 17), b = stomachIndex(hollow(-0.0004), 0, 29, 17);
    assert.ok(a <= 1 && b <= 1, `levels ${a} and ${b}`);
  });

  it('moves continuously from the navel to a bulge as the bulge grows', () => {
    // A bump at slice 8 on a flat belly, the navel at slice 20.
    const levels = [0, 0.0005, 0.001, 0.0015, 0.002, 0.003, 0.006].map((heightM) =>
      stomachIndex(Float64Array.from({ length: 30 }, (_, i) => 0.05 + heightM * Math.exp(-((i - 8) ** 2) / 8)), 0, 29, 20));
    assert.equal(levels[0], 20);
    for (let k = 1; k < levels.length; k++) {
      assert.ok(levels[k] <= levels[k - 1] + 1e-9, `level ${levels[k]} after ${levels[k - 1]}: moves toward the bulge as it grows`);
      assert.ok(levels[k - 1] - levels[k] <= 7, `a step of ${(levels[k - 1] - levels[k]).toFixed(1)} slices for 0.5-3 mm more bulge`);
    }
    assert.ok(Math.abs(levels[levels.length - 1] - 8) <= 1, `a 6 mm bulge read at slice ${levels[levels.length - 1]}`);
  });

  it('keeps a thin body\'s belly bulge when its groin at the hips\' end stands level with it, a tenth of a millimetre either way', () => {
    // A simulated turn's fitted model every 4 mm (rounded, m): the groin at the hips' end, a dip,
    // the belly 20 slices up, falling to the navel (slice 35). On the next turn the groin stood
    // 0.1 mm in front of the belly, and the stomach dropped 106 mm to the hips.
    const profile = (groinM: number) => Float64Array.from({ length: 37 }, (_, i) =>
      i < 6 ? groinM - 0.0002 * i : 0.0066 - Math.min(0.0012, 0.00006 * (i - 21) ** 2) - (i > 26 ? 0.0004 * (i - 26) : 0));
    for (const groinM of [0.0065, 0.0067]) {
      const level = stomachIndex(profile(groinM), 0, 36, 35);
      assert.ok(level > 18, `groin ${groinM * 1000} mm: stomach at slice ${level.toFixed(1)} (the belly is at 21, the navel at 35)`);
    }
  });

  // A thin man's (M-young-thin-short) fitted model on two simulated turns, its front every 4 mm from
  // the hips' level up to the waist (mm, rounded): a groin just above the hips, a dip, his belly
  // 2–3 mm in front of his navel, the navel's hollow under the waist.
  const mm = (values: number[]) => Float64Array.from(values, (v) => v / 1000);

  it('reads a thin body\'s belly, not the groin 0.2 mm higher just above the hips\' level', () => {
    const front = mm([35.7, 35.9, 36.1, 36.3, 36.0, 35.8, 35.5, 35.2, 35.0, 34.8, 34.8, 35.0, 35.1, 35.3, 35.4, 35.5, 35.6, 35.6, 35.7, 35.8,
      35.9, 35.9, 36.0, 36.1, 35.9, 35.8, 35.7, 35.6, 35.4, 35.3, 35.1, 35.0, 34.8, 34.7, 34.6, 34.5, 34.1, 33.8, 33.6]);
    const level = stomachIndex(front, 0, front.length - 1, 38.2, 0.004);
    assert.ok(Math.abs(level - 23) <= 3, `stomach at slice ${level.toFixed(1)} (the belly's top is at 23, the groin at 3, the navel at 38)`);
  });

  it('counts a belly fully by how far it stands out toward the waist, though a groin below it is higher', () => {
    // The hips' end descends from a groin below the range; between it and the belly the profile
    // dips 1.2 mm, toward the waist 2.9 mm.
    const front = mm([12.3, 12.0, 11.8, 11.5, 11.5, 11.6, 11.8, 12.0, 12.1, 12.2, 12.4, 12.5, 12.5, 12.5, 12.5, 12.6, 12.6, 12.7, 12.7,
      12.5, 12.4, 12.2, 11.9, 11.8, 11.6, 11.4, 11.2, 11.1, 11.0, 10.9, 10.7, 10.3, 10.0, 9.8]);
    const level = stomachIndex(front, 0, front.length - 1, 33.2, 0.004);
    assert.ok(Math.abs(level - 17.5) <= 2, `stomach at slice ${level.toFixed(1)} (the belly's top is at 17-18, the navel at 33)`);
  });

  it('still reads a pendulous belly at the hips\' end when it stands clear in front of everything above', () => {
    const front = Float64Array.from({ length: 30 }, (_, i) => 0.08 - 0.0005 * i);
    assert.ok(stomachIndex(front, 0, 29, 20) <= 1);
  });
});
