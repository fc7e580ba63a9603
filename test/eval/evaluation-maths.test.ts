// Checks the accuracy evaluation's statistics (Student t CI as ISO 20685-1 uses it), surface
// sampling and the yaw registration that maps a measurer's canonical frame onto the truth frame.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { studentTQuantile, summarizeMeanError } from '../../src/processing/evaluation/error-statistics.ts';
import { seededRandom } from '../../src/processing/evaluation/seeded-random.ts';
import { addGaussianNoise, sampleSurface } from '../../src/processing/evaluation/surface-sampling.ts';
import { applyRigidTransform, registerByCorrespondence, registerRigid, rotateVector, rotateYaw } from '../../src/processing/evaluation/rigid-registration.ts';

/** Closed box [0,a]x[0,b]x[0,c] as 12 triangles (outward). */
function box(a: number, b: number, c: number): { positions: Float64Array; triangles: Uint32Array } {
  const positions = Float64Array.from([0, 0, 0, a, 0, 0, a, b, 0, 0, b, 0, 0, 0, c, a, 0, c, a, b, c, 0, b, c]);
  const triangles = Uint32Array.from([0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 2, 3, 7, 2, 7, 6, 1, 2, 6, 1, 6, 5, 0, 4, 7, 0, 7, 3]);
  return { positions, triangles };
}

describe('error statistics', () => {
  it('matches published two-sided 95% t quantiles', () => {
    for (const [dof, t] of [[1, 12.7062], [4, 2.7764], [9, 2.2622], [29, 2.0452], [120, 1.9799]]) {
      assert.ok(Math.abs(studentTQuantile(0.975, dof) - t) < 1e-4, `dof ${dof}`);
    }
  });

  it('gives mean, sample SD and the t-based CI of the mean', () => {
    const s = summarizeMeanError([1, 2, 3, 4, 5]);
    assert.equal(s.n, 5);
    assert.equal(s.mean, 3);
    assert.ok(Math.abs(s.sd - Math.sqrt(2.5)) < 1e-12);
    const half = 2.7764451 * Math.sqrt(2.5) / Math.sqrt(5);
    assert.ok(Math.abs(s.ciHigh - (3 + half)) < 1e-5 && Math.abs(s.ciLow - (3 - half)) < 1e-5);
  });
});

describe('surface sampling', () => {
  it('spreads points over faces in proportion to their area', () => {
    const { positions, triangles } = box(1, 2, 3);
    const points = sampleSurface(positions, triangles, 60000, seededRandom(1));
    // Faces z = 0 and z = 3 have area 2 each, out of a total of 22.
    let onZFaces = 0;
    for (let i = 2; i < points.length; i += 3) if (points[i] < 1e-9 || points[i] > 3 - 1e-9) onZFaces++;
    assert.ok(Math.abs(onZFaces / 60000 - 4 / 22) < 0.01, `${onZFaces / 60000}`);
  });

  it('adds noise with the requested standard deviation', () => {
    const noise = addGaussianNoise(new Float64Array(200000), 0.002, seededRandom(2));
    const sd = Math.sqrt(noise.reduce((s, v) => s + v * v, 0) / noise.length);
    assert.ok(Math.abs(sd / 0.002 - 1) < 0.01, `${sd}`);
  });
});

describe('yaw registration', () => {
  it('recovers a yaw, a small tilt and a translation applied to a noisy sample of an asymmetric body', () => {
    const { positions, triangles } = box(0.6, 1.7, 0.25);
    // An "arm" makes the shape asymmetric so the four quarter turns are distinguishable.
    const reference = sampleSurface(positions, triangles, 40000, seededRandom(3));
    const source = sampleSurface(positions, triangles, 20000, seededRandom(4));
    for (let i = 0; i < source.length; i += 3) if (source[i + 1] > 1.2) source[i] += 0.2 * (source[i + 1] - 1.2);
    for (let i = 0; i < reference.length; i += 3) if (reference[i + 1] > 1.2) reference[i] += 0.2 * (reference[i + 1] - 1.2);
    addGaussianNoise(source, 0.002, seededRandom(5));
    // Yaw 2.1 rad, then a 1 degree tilt about x (a measurer's up axis slightly off).
    const yawRad = 2.1, tilt = Math.PI / 180, shift = [0.3, -0.01, -0.2];
    const tiltX = [1, 0, 0, 0, Math.cos(tilt), -Math.sin(tilt), 0, Math.sin(tilt), Math.cos(tilt)];
    const moved = new Float64Array(source.length);
    for (let i = 0; i < source.length; i += 3) {
      const q = rotateVector(tiltX, rotateYaw(yawRad, [source[i], source[i + 1], source[i + 2]]));
      moved.set([q[0] + shift[0], q[1] + shift[1], q[2] + shift[2]], i);
    }
    const registration = registerRigid(moved, reference);
    // Mapping the moved points back must land them where they were (within 2 mm).
    for (const k of [0, 1000, 7777]) {
      const back = applyRigidTransform(registration, [moved[3 * k], moved[3 * k + 1], moved[3 * k + 2]]);
      const d = Math.hypot(back[0] - source[3 * k], back[1] - source[3 * k + 1], back[2] - source[3 * k + 2]);
      assert.ok(d < 0.002, `point ${k} off by ${d} m`);
    }
  });

  it('solves vertex-to-vertex correspondences in closed form and refuses a mismatch', () => {
    const { positions, triangles } = box(0.5, 1.6, 0.3);
    const reference = sampleSurface(positions, triangles, 2000, seededRandom(6));
    const rotation = [Math.cos(0.4), 0, Math.sin(0.4), 0, 1, 0, -Math.sin(0.4), 0, Math.cos(0.4)];
    const moved = new Float64Array(reference.length);
    for (let i = 0; i < reference.length; i += 3) {
      const q = rotateVector(rotation, [reference[i], reference[i + 1], reference[i + 2]]);
      moved.set([q[0] - 0.1, q[1] + 0.02, q[2] + 0.3], i);
    }
    const registration = registerByCorrespondence(moved, reference);
    assert.ok(registration !== null && registration.rmsM < 1e-9, `${registration?.rmsM}`);
    assert.equal(registerByCorrespondence(moved.slice(3), reference), null);
    assert.equal(registerByCorrespondence(moved.map((v, i) => (i < 300 ? v + 0.05 : v)), reference), null);
  });
});
