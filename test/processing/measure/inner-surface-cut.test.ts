// A tape goes around the outside of the body: surface a cloud has inside the section (the mouth's
// interior under the chin on a tilted neck plane, stray points inside the body) must not pull a
// labelled girth's ring inward. Closed form: the perimeter of an elliptical neck section.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BODY_PARTS } from '../../../src/processing/body-model/posable-model-types.ts';
import { ellipsePerimeter } from '../../../src/processing/geometry/ellipse-perimeter.ts';
import { insideConvexPolygon } from '../../../src/processing/geometry/convex-hull.ts';
import { makeGaussian, makeRandom } from '../../../src/processing/geometry/prng.ts';
import { makeCutContext, measureGirth } from '../../../src/processing/measure/girth-cut.ts';
import { partMask } from '../../../src/processing/measure/girth-sites.ts';
import { buildSlices, pointDensity } from '../../../src/processing/measure/slices.ts';

const NECK_A_M = 0.065, NECK_B_M = 0.056, NOISE_M = 0.002, STATURE_M = 1.7;

/**
 * A vertical elliptical neck (semi-axes NECK_A_M × NECK_B_M, y 1.3–1.5 m) sampled uniformly with
 * 2 mm noise, and, when `inner`, a smaller, as densely sampled elliptical tube 2.5-3 cm inside it (a mouth's interior).
 */
function neckCloud(inner: boolean, seed: number): { points: Float32Array; count: number } {
  const random = makeRandom(seed);
  const gauss = makeGaussian(random);
  const xyz: number[] = [];
  const tube = (a: number, b: number, cz: number, n: number, bottomY = 1.3) => {
    for (let i = 0; i < n; i++) {
      const t = 2 * Math.PI * random(), y = bottomY + 0.2 * random();
      xyz.push(a * Math.cos(t) + NOISE_M * gauss(), y + NOISE_M * gauss(), cz + b * Math.sin(t) + NOISE_M * gauss());
    }
  };
  tube(NECK_A_M, NECK_B_M, 0, 40_000);
  if (inner) tube(0.035, 0.028, 0.01, 40_000);
  // The rest of a body's worth of points elsewhere sets the slicing density as on a real capture.
  tube(0.15, 0.1, 0, 60_000, 0.7);
  return { points: Float32Array.from(xyz), count: xyz.length / 3 };
}

function neckGirthM(inner: boolean, seed: number): number {
  const { points, count } = neckCloud(inner, seed);
  const stack = buildSlices(points, count, STATURE_M);
  const head = BODY_PARTS.indexOf('head');
  const pointPart = new Uint8Array(stack.start[stack.sliceCount]).fill(head);
  const ctx = makeCutContext(stack, null, pointDensity(count, STATURE_M), { pointPart, vertexPart: null });
  const cut = measureGirth(ctx, { field: 'neckFit', point: [0, 1.4, 0], normal: [0, 1, 0], select: 'nearest', maxRadiusM: 0.15, partMask: partMask(['head', 'torso']) });
  assert.ok(cut);
  return cut.site.perimeterM;
}

describe('girths of clouds with surface inside the section', () => {
  const truthM = ellipsePerimeter(NECK_A_M, NECK_B_M);

  it('reads the outer surface of a neck whose section holds inner surface, within 3 mm', () => {
    for (const seed of [1, 2, 3]) {
      const errorMm = (neckGirthM(true, seed) - truthM) * 1000;
      assert.ok(Math.abs(errorMm) < 3, `seed ${seed}: error ${errorMm.toFixed(1)} mm`);
    }
  });

  it('reads the same girth with and without the inner surface, within 2 mm', () => {
    const withMm = neckGirthM(true, 4) * 1000, withoutMm = neckGirthM(false, 4) * 1000;
    assert.ok(Math.abs(withMm - withoutMm) < 2, `with ${withMm.toFixed(1)} mm, without ${withoutMm.toFixed(1)} mm`);
  });
});

describe('insideConvexPolygon', () => {
  // Counter-clockwise unit square.
  const square = Float64Array.from([0, 0, 1, 0, 1, 1, 0, 1]);
  it('holds a point deeper than the margin from every edge', () => {
    assert.equal(insideConvexPolygon(square, 4, 0.5, 0.5, 0.4), true);
  });
  it('refuses a point inside but nearer an edge than the margin', () => {
    assert.equal(insideConvexPolygon(square, 4, 0.5, 0.05, 0.1), false);
  });
  it('refuses a point outside', () => {
    assert.equal(insideConvexPolygon(square, 4, 1.5, 0.5, 0), false);
  });
});
