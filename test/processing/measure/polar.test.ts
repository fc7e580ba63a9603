// polar.ts stands in for Math.hypot and Math.atan2 in hot loops: it must agree with them bit for bit.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { angularBin, hypot2, polarBin } from '../../../src/processing/geometry/polar.ts';
import { makeRandom } from '../../../src/processing/geometry/prng.ts';

const BINS = [8, 9, 24, 37, 120, 170];
const SPECIAL = [0, -0, 1, -1, 0.5, 3, 4, 1e-300, -1e-300, 5e-324, 1e300, Infinity, -Infinity, NaN];

function agrees(x: number, y: number): void {
  assert.ok(Object.is(hypot2(x, y), Math.hypot(x, y)), `hypot2(${x}, ${y})`);
  for (const bins of BINS) assert.ok(Object.is(polarBin(x, y, bins), angularBin(Math.atan2(y, x), bins)), `polarBin(${x}, ${y}, ${bins})`);
}

describe('polar', () => {
  it('matches Math.hypot and the atan2 bin on special values (zeros of both signs, infinities, NaN)', () => {
    for (const x of SPECIAL) for (const y of SPECIAL) agrees(x, y);
  });

  it('matches on random offsets of many scales, on the axes and diagonals', () => {
    const random = makeRandom(11);
    for (let i = 0; i < 200_000; i++) {
      const scale = 10 ** (Math.floor(random() * 10) - 6);
      const x = (random() - 0.5) * scale, y = (random() - 0.5) * scale;
      agrees(x, y); agrees(x, 0); agrees(0, y); agrees(x, x); agrees(x, -x);
    }
  });

  it('matches within a hair of every bin edge, where the polynomial arctangent must defer to atan2', () => {
    const random = makeRandom(5);
    for (const bins of BINS) {
      for (let e = 0; e <= bins; e++) {
        for (let j = 0; j < 200; j++) {
          const theta = -Math.PI + (2 * Math.PI * e) / bins + (random() - 0.5) * 1e-9 * (j % 2 === 0 ? 1 : 1e6);
          const r = 10 ** (Math.floor(random() * 6) - 4);
          agrees(r * Math.cos(theta), r * Math.sin(theta));
        }
      }
    }
  });
});
