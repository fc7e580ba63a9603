// The fit's nearest-neighbour grid and capture thinning, checked against brute force.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildPointGrid, hasPointInSlab, nearestInGrid } from '../../../src/processing/body-model/point-grid.ts';
import { sampleIndexAt, subsampleCapture } from '../../../src/processing/body-model/capture-subsample.ts';
import { makeRandom } from '../../../src/processing/geometry/prng.ts';

function randomPoints(n: number, seed: number, spreadM: number): Float32Array {
  const random = makeRandom(seed);
  const out = new Float32Array(3 * n);
  for (let i = 0; i < out.length; i++) out[i] = (random() - 0.5) * spreadM;
  return out;
}

function bruteNearest(points: Float32Array, x: number, y: number, z: number, radius: number, accept: (j: number) => boolean): number {
  let best = -1, bestD = radius * radius;
  for (let j = 0; j < points.length / 3; j++) {
    const d = (points[3 * j] - x) ** 2 + (points[3 * j + 1] - y) ** 2 + (points[3 * j + 2] - z) ** 2;
    if (d < bestD && accept(j)) { bestD = d; best = j; }
  }
  return best;
}

describe('nearestInGrid', () => {
  const points = randomPoints(3000, 1, 0.6);
  const random = makeRandom(2);
  const normals = new Float32Array(points.length);
  for (let j = 0; j < 3000; j++) {
    const a = 2 * Math.PI * random(), z = 2 * random() - 1, r = Math.sqrt(1 - z * z);
    normals.set([r * Math.cos(a), r * Math.sin(a), z], 3 * j);
  }
  const queries = randomPoints(400, 3, 0.8);

  it('finds the same nearest point as brute force, within any radius and cell size', () => {
    for (const cell of [0.01, 0.03, 0.1]) {
      const grid = buildPointGrid(points, 3000, cell);
      for (const radius of [0.02, 0.05, 0.3]) {
        for (let q = 0; q < 400; q++) {
          const [x, y, z] = [queries[3 * q], queries[3 * q + 1], queries[3 * q + 2]];
          const found = nearestInGrid(grid, x, y, z, radius);
          assert.equal(found, bruteNearest(points, x, y, z, radius, () => true), `cell ${cell} radius ${radius} query ${q}`);
        }
      }
    }
  });

  it('skips points whose normal disagrees (signed, or by |cos| for unoriented normals)', () => {
    const grid = buildPointGrid(points, 3000, 0.03);
    for (let q = 0; q < 400; q++) {
      const [x, y, z] = [queries[3 * q], queries[3 * q + 1], queries[3 * q + 2]];
      const dot = (j: number): number => normals[3 * j] * 0.6 + normals[3 * j + 1] * 0.8;
      assert.equal(nearestInGrid(grid, x, y, z, 0.2, normals, 0.6, 0.8, 0, 0.3), bruteNearest(points, x, y, z, 0.2, (j) => dot(j) >= 0.3));
      assert.equal(nearestInGrid(grid, x, y, z, 0.2, normals, 0.6, 0.8, 0, 0.5, true), bruteNearest(points, x, y, z, 0.2, (j) => Math.abs(dot(j)) >= 0.5));
    }
  });

  it('rebuilds into the same grid object for a new point set', () => {
    const first = buildPointGrid(points, 3000, 0.03);
    const moved = points.map((v) => v + 0.01);
    const again = buildPointGrid(moved, 3000, 0.03, first);
    assert.equal(again, first);
    assert.equal(nearestInGrid(again, moved[0], moved[1], moved[2], 0.001), 0);
  });
});

describe('hasPointInSlab', () => {
  // A surface sampled every 5 mm in x and z at y = 10 mm: the edge of a hole below it.
  const layer: number[] = [];
  for (let i = -10; i <= 10; i++) for (let k = -10; k <= 10; k++) layer.push(0.005 * i, 0.01, 0.005 * k);
  const grid = buildPointGrid(layer, layer.length / 3, 0.02);

  it('finds no point on a plane 10 mm below the surface, though points lie within the 20 mm radius', () => {
    assert.ok(nearestInGrid(grid, 0, 0, 0, 0.02) >= 0, 'the isotropic query finds the surface above');
    assert.equal(hasPointInSlab(grid, 0, 0, 0, 0.02, 0, 1, 0, 0.006), false);
  });

  it('finds the points on the plane itself, and with a slab reaching the surface', () => {
    assert.equal(hasPointInSlab(grid, 0.001, 0.01, 0.002, 0.02, 0, 1, 0, 0.006), true);
    assert.equal(hasPointInSlab(grid, 0, 0, 0, 0.02, 0, 1, 0, 0.011), true);
  });

  it('honours the radius within the plane (a vertical plane through the layer, 30 mm beyond its edge)', () => {
    assert.equal(hasPointInSlab(grid, 0.08, 0.01, 0, 0.02, 1, 0, 0, 0.006), false);
    assert.equal(hasPointInSlab(grid, 0.05, 0.01, 0, 0.02, 1, 0, 0, 0.006), true);
  });
});

describe('subsampleCapture', () => {
  it('keeps one mean point per occupied voxel and finds each input point\'s voxel again', () => {
    const points = randomPoints(20000, 4, 0.3);
    const sample = subsampleCapture(points, 20000, null, 0.05);
    // 0.3 m / 0.05 m = 6 voxels a side (7 with the edge): every voxel of the cube is occupied.
    assert.ok(sample.count >= 216 && sample.count <= 343, `voxels ${sample.count}`);
    for (let i = 0; i < 20000; i += 97) {
      const j = sampleIndexAt(sample, points[3 * i], points[3 * i + 1], points[3 * i + 2]);
      assert.ok(j >= 0);
      // The voxel's mean lies within the voxel's diagonal of the point.
      const d = Math.hypot(sample.points[3 * j] - points[3 * i], sample.points[3 * j + 1] - points[3 * i + 1], sample.points[3 * j + 2] - points[3 * i + 2]);
      assert.ok(d < 0.05 * Math.sqrt(3), `distance ${d}`);
    }
    assert.equal(sampleIndexAt(sample, 5, 5, 5), -1);
  });

  it('estimates the normal of a flat patch as its perpendicular', () => {
    const random = makeRandom(5);
    const n = 5000, plane = new Float32Array(3 * n);
    for (let i = 0; i < n; i++) plane.set([random() * 0.4, 1 + 0.0005 * (random() - 0.5), random() * 0.4], 3 * i);
    const sample = subsampleCapture(plane, n, null, 0.02);
    assert.equal(sample.oriented, false);
    for (let j = 0; j < sample.count; j++) assert.ok(Math.abs(sample.normals[3 * j + 1]) > 0.99, `normal ${sample.normals.subarray(3 * j, 3 * j + 3)}`);
  });
});
