// Shoulder-like sections (torso with both arms' tops): a ring fit must keep the corners that set
// the convex hull. An order-3 fit misfits such a section by centimetres; read as noise, that
// misfit would hold the order at 3 and round the arms away.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ellipsePerimeter } from '../../../src/processing/geometry/ellipse-perimeter.ts';
import { hullPerimeter } from '../../../src/processing/geometry/convex-hull.ts';
import { makeGaussian, makeRandom } from '../../../src/processing/geometry/prng.ts';
import { fitRing, makeRingScratch } from '../../../src/processing/geometry/ring-fit.ts';

/** Boundary of the union of an ellipse (torso) and two circles (arm tops), uniform by length. */
function shoulderSection(count: number, sigma: number, seed: number): { xy: Float64Array; truth: number } {
  const random = makeRandom(seed);
  const gauss = makeGaussian(random);
  const parts = [
    { cx: 0, cz: 0, a: 0.16, b: 0.1 },
    { cx: 0.16, cz: 0, a: 0.06, b: 0.06 },
    { cx: -0.16, cz: 0, a: 0.06, b: 0.06 },
  ];
  const inside = (x: number, z: number, skip: number) => parts.some((p, i) => i !== skip && ((x - p.cx) / p.a) ** 2 + ((z - p.cz) / p.b) ** 2 < 1);
  const exact: number[] = [];
  const noisy: number[] = [];
  while (noisy.length < 2 * count) {
    const i = random() < 0.6 ? 0 : random() < 0.5 ? 1 : 2;
    const t = 2 * Math.PI * random();
    const p = parts[i];
    const x = p.cx + p.a * Math.cos(t), z = p.cz + p.b * Math.sin(t);
    if (inside(x, z, i)) continue;
    exact.push(x, z);
    noisy.push(x + sigma * gauss(), z + sigma * gauss());
  }
  return { xy: Float64Array.from(noisy), truth: hullPerimeter(Float64Array.from(exact), exact.length / 2) };
}

describe('ring fit of a section with corners', () => {
  it('keeps the arms on a shoulder section when the noise is estimated at a high order', () => {
    const { xy, truth } = shoulderSection(1200, 0.002, 7);
    const scratch = makeRingScratch();
    const high = fitRing(xy, xy.length / 2, scratch, 0.015, 24, undefined, 24)!;
    const low = fitRing(xy, xy.length / 2, scratch, 0.015, 24)!;
    const errHigh = high.perimeterM - truth, errLow = low.perimeterM - truth;
    assert.ok(Math.abs(errHigh) < 0.009, `order-24 noise estimate: perimeter error ${(errHigh * 1000).toFixed(1)} mm`);
    assert.ok(errLow < -0.015, `order-3 noise estimate rounds the arms away (${(errLow * 1000).toFixed(1)} mm)`);
  });

  it('does not lengthen a smooth noisy section (few points, σ = 3 mm) with the high-order noise estimate', () => {
    const random = makeRandom(11);
    const gauss = makeGaussian(random);
    for (const n of [300, 1500]) {
      const xy = new Float64Array(2 * n);
      for (let i = 0; i < n; i++) {
        const t = 2 * Math.PI * random();
        xy[2 * i] = 0.09 * Math.cos(t) + 0.003 * gauss();
        xy[2 * i + 1] = 0.06 * Math.sin(t) + 0.003 * gauss();
      }
      const fit = fitRing(xy, n, makeRingScratch(), 0.015, 24, undefined, 24)!;
      const err = fit.perimeterM - ellipsePerimeter(0.09, 0.06);
      assert.ok(Math.abs(err) < 0.002, `n ${n}: perimeter error ${(err * 1000).toFixed(2)} mm`);
    }
  });
});
