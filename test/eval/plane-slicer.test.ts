// The accuracy evaluation's exact plane slicer, checked on analytic meshes (prisms, an ellipsoid),
// and its classification of measurement fields by body part. Needs no data set.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { meshSignedVolume } from '../../src/processing/evaluation/mesh-metrics.ts';
import { slicePlane } from '../../src/processing/evaluation/plane-slice.ts';
import { cutMesh } from '../../src/processing/evaluation/cut-components.ts';
import { loopLength3d } from '../../src/processing/evaluation/plane-polygon.ts';
import { fieldKind } from '../../scripts/eval-accuracy/body-axes.ts';
import { CIRCUMFERENCE_FIELDS } from '../../src/domain/measurements.ts';

/** Closed prism: `sides`-gon of radius r (x,y), rings at the given z levels, fan caps. */
function prismMesh(sides: number, radius: number, ringZ: number[]): { positions: Float64Array; triangles: Uint32Array } {
  const positions: number[] = [];
  for (const z of ringZ) for (let k = 0; k < sides; k++) positions.push(radius * Math.cos((2 * Math.PI * k) / sides), radius * Math.sin((2 * Math.PI * k) / sides), z);
  const bottom = positions.length / 3; positions.push(0, 0, ringZ[0]);
  const top = bottom + 1; positions.push(0, 0, ringZ[ringZ.length - 1]);
  const triangles: number[] = [];
  for (let r = 0; r + 1 < ringZ.length; r++) {
    for (let k = 0; k < sides; k++) {
      const a = r * sides + k, b = r * sides + ((k + 1) % sides), c = a + sides, d = b + sides;
      triangles.push(a, b, d, a, d, c);
    }
  }
  const last = (ringZ.length - 1) * sides;
  for (let k = 0; k < sides; k++) {
    triangles.push(bottom, (k + 1) % sides, k);
    triangles.push(top, last + k, last + ((k + 1) % sides));
  }
  return { positions: Float64Array.from(positions), triangles: Uint32Array.from(triangles) };
}

/** UV ellipsoid with semi-axes (a, b, c); `stacks` even so a vertex ring lies on z = 0. */
function ellipsoidMesh(a: number, b: number, c: number, slices: number, stacks: number): { positions: Float64Array; triangles: Uint32Array } {
  const positions: number[] = [0, 0, -c];
  for (let s = 1; s < stacks; s++) {
    const phi = -Math.PI / 2 + (Math.PI * s) / stacks;
    for (let k = 0; k < slices; k++) {
      const theta = (2 * Math.PI * k) / slices;
      positions.push(a * Math.cos(phi) * Math.cos(theta), b * Math.cos(phi) * Math.sin(theta), c * Math.sin(phi));
    }
  }
  positions.push(0, 0, c);
  const top = positions.length / 3 - 1;
  const ring = (s: number, k: number): number => 1 + (s - 1) * slices + (k % slices);
  const triangles: number[] = [];
  for (let k = 0; k < slices; k++) triangles.push(0, ring(1, k + 1), ring(1, k));
  for (let s = 1; s + 1 < stacks; s++) {
    for (let k = 0; k < slices; k++) triangles.push(ring(s, k), ring(s, k + 1), ring(s + 1, k + 1), ring(s, k), ring(s + 1, k + 1), ring(s + 1, k));
  }
  for (let k = 0; k < slices; k++) triangles.push(top, ring(stacks - 1, k), ring(stacks - 1, k + 1));
  return { positions: Float64Array.from(positions), triangles: Uint32Array.from(triangles) };
}

describe('measurement fields by body part', () => {
  it('classifies every field by body part', () => {
    const kinds = Object.fromEntries(CIRCUMFERENCE_FIELDS.map((f) => [f, fieldKind(f)]));
    assert.equal(kinds.thighLeftFit, 'thigh');
    assert.equal(kinds.upperThighRightFit, 'thigh');
    assert.equal(kinds.lowerThighLeftFit, 'thigh');
    assert.equal(kinds.calfRightFit, 'shank');
    assert.equal(kinds.ankleLeftFit, 'shank');
    assert.equal(kinds.midArmLeftFit, 'upperArm');
    assert.equal(kinds.wristRightFit, 'forearm');
    assert.equal(kinds.neckFit, 'neck');
    assert.equal(kinds.shoulderFit, 'shoulder');
    for (const f of ['chestFit', 'waistFit', 'hipsFit', 'stomachFit'] as const) assert.equal(kinds[f], 'torso');
  });

});

describe('exact plane slicer', () => {
  const sides = 48, radius = 0.12;
  const prism = prismMesh(sides, radius, [0, 0.2, 0.5, 0.8]);
  const polygonPerimeter = 2 * sides * radius * Math.sin(Math.PI / sides);

  it('cuts a prism perpendicular to its axis into its exact polygon (1e-6 relative)', () => {
    const { loops, openChains } = slicePlane(prism.positions, prism.triangles, { point: [0, 0, 0.37], normal: [0, 0, 1] });
    assert.equal(openChains, 0);
    assert.equal(loops.length, 1);
    assert.ok(Math.abs(loopLength3d(loops[0]) / polygonPerimeter - 1) < 1e-6);
  });

  it('handles a plane through a ring of vertices (on-plane vertices) and closes the loop', () => {
    const { loops, openChains } = slicePlane(prism.positions, prism.triangles, { point: [0, 0, 0.5], normal: [0, 0, 1] });
    assert.equal(openChains, 0);
    assert.equal(loops.length, 1);
    assert.ok(Math.abs(loopLength3d(loops[0]) / polygonPerimeter - 1) < 1e-6);
  });

  it('cuts a prism obliquely: loop through the side edges at z = z0 + s x', () => {
    const slope = 0.6, z0 = 0.4;
    const cut = cutMesh(prism.positions, prism.triangles, { point: [0, 0, z0], normal: [-slope, 0, 1] });
    assert.equal(cut.components.length, 1);
    let expected = 0;
    for (let k = 0; k < sides; k++) {
      const t0 = (2 * Math.PI * k) / sides, t1 = (2 * Math.PI * (k + 1)) / sides;
      const p0 = [radius * Math.cos(t0), radius * Math.sin(t0), z0 + slope * radius * Math.cos(t0)];
      const p1 = [radius * Math.cos(t1), radius * Math.sin(t1), z0 + slope * radius * Math.cos(t1)];
      expected += Math.hypot(p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2]);
    }
    // The oblique section of a convex prism is convex: its hull perimeter is the polygon's.
    assert.ok(Math.abs(cut.components[0].hullPerimeter / expected - 1) < 1e-6, `${cut.components[0].hullPerimeter} vs ${expected}`);
  });

  it('cuts an ellipsoid mesh at its equator ring (exact polygon of the ring vertices)', () => {
    const a = 0.16, b = 0.11, slices = 72;
    const mesh = ellipsoidMesh(a, b, 0.3, slices, 40);
    const cut = cutMesh(mesh.positions, mesh.triangles, { point: [0, 0, 0], normal: [0, 0, 1] });
    let expected = 0;
    for (let k = 0; k < slices; k++) {
      const t0 = (2 * Math.PI * k) / slices, t1 = (2 * Math.PI * (k + 1)) / slices;
      expected += Math.hypot(a * (Math.cos(t1) - Math.cos(t0)), b * (Math.sin(t1) - Math.sin(t0)));
    }
    assert.equal(cut.components.length, 1);
    assert.ok(Math.abs(cut.components[0].hullPerimeter / expected - 1) < 1e-6);
    assert.ok(Math.abs(meshSignedVolume(mesh.positions, mesh.triangles) / ((4 / 3) * Math.PI * a * b * 0.3) - 1) < 0.01);
  });

  it('takes the convex hull of a concave section (tape bridges the concavity)', () => {
    // Two overlapping prisms would not be manifold; use one prism with a dented ring instead.
    const ring: number[] = [];
    const n = 8;
    for (let k = 0; k < n; k++) {
      const r = k === 2 ? 0.05 : 0.1;
      ring.push(r * Math.cos((2 * Math.PI * k) / n), r * Math.sin((2 * Math.PI * k) / n));
    }
    const positions: number[] = [];
    for (const z of [0, 1]) for (let k = 0; k < n; k++) positions.push(ring[2 * k], ring[2 * k + 1], z);
    positions.push(0, 0, 0, 0, 0, 1);
    const triangles: number[] = [];
    for (let k = 0; k < n; k++) {
      const a = k, b = (k + 1) % n;
      triangles.push(a, b, b + n, a, b + n, a + n, 2 * n, b, a, 2 * n + 1, a + n, b + n);
    }
    const cut = cutMesh(Float64Array.from(positions), Uint32Array.from(triangles), { point: [0, 0, 0.5], normal: [0, 0, 1] });
    const regular = 2 * n * 0.1 * Math.sin(Math.PI / n);
    const side = 0.1 * Math.hypot(Math.cos((2 * Math.PI) / n) - Math.cos((6 * Math.PI) / n), Math.sin((2 * Math.PI) / n) - Math.sin((6 * Math.PI) / n));
    const expected = regular - 2 * 2 * 0.1 * Math.sin(Math.PI / n) + side;
    assert.ok(Math.abs(cut.components[0].hullPerimeter / expected - 1) < 1e-9);
  });
});
