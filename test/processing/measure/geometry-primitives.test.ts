// The geometric primitives the girths rest on, checked against closed forms.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { convexHull, hullPerimeter, makeHullScratch, polygonArea } from '../../../src/processing/geometry/convex-hull.ts';
import { ellipsePerimeter } from '../../../src/processing/geometry/ellipse-perimeter.ts';
import { meshVolume, signedMeshVolume } from '../../../src/processing/geometry/mesh-volume.ts';
import { principalAxes } from '../../../src/processing/geometry/pca.ts';
import { cutMesh, makeFlatBuffer, makePlane } from '../../../src/processing/geometry/plane-cut.ts';
import { fitRing, makeRingScratch } from '../../../src/processing/geometry/ring-fit.ts';
import { makeGaussian, makeRandom } from '../../../src/processing/geometry/prng.ts';

/** Closed unit cube [0,1]³ as 12 outward triangles. */
const CUBE_POSITIONS = new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1]);
const CUBE_INDICES = new Uint32Array([0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4, 3, 4, 7]);

describe('geometry primitives', () => {
  it('ellipse perimeter equals 2πr for a circle and a fine polygon for an ellipse', () => {
    assert.ok(Math.abs(ellipsePerimeter(0.3, 0.3) - 2 * Math.PI * 0.3) < 1e-15);
    let polygon = 0;
    const n = 200000;
    for (let i = 0; i < n; i++) {
      const a = (2 * Math.PI * i) / n, b = (2 * Math.PI * (i + 1)) / n;
      polygon += Math.hypot(0.2 * (Math.cos(b) - Math.cos(a)), 0.1 * (Math.sin(b) - Math.sin(a)));
    }
    assert.ok(Math.abs(ellipsePerimeter(0.2, 0.1) - polygon) < 1e-9);
  });

  it('convex hull of a square with interior points is the square', () => {
    const xy = new Float64Array([0, 0, 1, 0, 1, 1, 0, 1, 0.5, 0.5, 0.2, 0.7, 0.5, 0]);
    const scratch = makeHullScratch(7);
    const h = convexHull(xy, 7, scratch);
    assert.equal(h, 4);
    assert.ok(Math.abs(polygonArea(scratch.hull, h) - 1) < 1e-12);
    assert.ok(Math.abs(hullPerimeter(xy, 7) - 4) < 1e-12);
  });

  it('mesh volume of a closed unit cube is 1 and an open cube is reported open', () => {
    const closed = meshVolume(CUBE_POSITIONS, CUBE_INDICES);
    assert.ok(Math.abs(closed.volume - 1) < 1e-12);
    assert.equal(closed.closed, true);
    const open = meshVolume(CUBE_POSITIONS, CUBE_INDICES.subarray(0, 30));
    assert.equal(open.closed, false);
    assert.ok(open.openEdges > 0);
  });

  it('signed mesh volume is meshVolume\'s signed sum, negative when the triangles face inward', () => {
    assert.equal(signedMeshVolume(CUBE_POSITIONS, CUBE_INDICES), meshVolume(CUBE_POSITIONS, CUBE_INDICES).signedVolume);
    const inward = Uint32Array.from(CUBE_INDICES, (_, i) => CUBE_INDICES[i - (i % 3) + [0, 2, 1][i % 3]]);
    assert.ok(Math.abs(signedMeshVolume(CUBE_POSITIONS, inward) + 1) < 1e-12);
  });

  it('a plane cut of the unit cube at mid-height has perimeter 4', () => {
    const buf = makeFlatBuffer();
    cutMesh(CUBE_POSITIONS, CUBE_INDICES, makePlane([0.5, 0.5, 0.5], [0, 0, 1]), buf);
    assert.ok(Math.abs(hullPerimeter(buf.data, buf.length / 2) - 4) < 1e-12);
  });

  it('PCA finds the long axis of an elongated point set', () => {
    const random = makeRandom(4);
    const p = new Float64Array(3 * 5000);
    for (let i = 0; i < 5000; i++) { p[3 * i] = random() * 0.2; p[3 * i + 1] = random() * 2; p[3 * i + 2] = random() * 0.1; }
    const axes = principalAxes(p, 5000);
    assert.ok(Math.abs(Math.abs(axes.axes[0][1]) - 1) < 0.01);
    assert.ok(axes.variances[0] > axes.variances[1] && axes.variances[1] > axes.variances[2]);
  });

  it('the noise-robust ring recovers an ellipse perimeter within 1 mm under σ = 2 mm noise', () => {
    const random = makeRandom(8), gauss = makeGaussian(random);
    const n = 2000, xy = new Float64Array(2 * n);
    for (let i = 0; i < n; i++) {
      const t = random() * 2 * Math.PI;
      xy[2 * i] = 0.16 * Math.cos(t) + 0.002 * gauss();
      xy[2 * i + 1] = 0.11 * Math.sin(t) + 0.002 * gauss();
    }
    const fit = fitRing(xy, n, makeRingScratch());
    assert.ok(fit);
    assert.ok(Math.abs(fit.perimeterM - ellipsePerimeter(0.16, 0.11)) < 0.001, String(fit.perimeterM - ellipsePerimeter(0.16, 0.11)));
  });
});
