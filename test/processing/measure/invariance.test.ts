// Girths must not depend on how the capture was posed in its file: rotation about the vertical,
// translation, length unit, up axis, point density and sensor noise each move every girth by less
// than its ISO 20685-1 limit.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import type { CaptureGeometry, CaptureHints } from '../../../src/domain/capture-geometry.ts';
import type { BodyMeasurementResult } from '../../../src/domain/body-scan-result.ts';
import { CIRCUMFERENCE_FIELDS } from '../../../src/domain/measurements.ts';
import { measureBody } from '../../../src/processing/measure/measure-body.ts';
import { makeGaussian, makeRandom } from '../../../src/processing/geometry/prng.ts';
import { sampleSyntheticCloud } from '../../../src/processing/synthetic-body/generate.ts';
import { bodySet, isoLimitM } from './support.ts';

function transformed(g: CaptureGeometry, map: (x: number, y: number, z: number) => [number, number, number]): CaptureGeometry {
  const p = new Float32Array(g.positions.length);
  for (let i = 0; i < p.length; i += 3) {
    const [x, y, z] = map(g.positions[i], g.positions[i + 1], g.positions[i + 2]);
    p[i] = x; p[i + 1] = y; p[i + 2] = z;
  }
  return { ...g, positions: p };
}

function assertGirthsClose(base: BodyMeasurementResult, other: BodyMeasurementResult, scale = 1): void {
  const moved = CIRCUMFERENCE_FIELDS
    .map((f) => ({ f, d: other.measurements[f] * scale - base.measurements[f] }))
    .filter(({ f, d }) => Math.abs(d) >= isoLimitM(f))
    .map(({ f, d }) => `${f} moved ${(d * 1000).toFixed(2)} mm`);
  assert.deepEqual(moved, []);
}

describe('girths are invariant to the capture pose, units, density and noise', () => {
  let cloud: CaptureGeometry;
  let base: BodyMeasurementResult;
  const measure = (g: CaptureGeometry, hints: CaptureHints = {}) => measureBody(g, hints, {});
  before(() => {
    cloud = sampleSyntheticCloud(bodySet()[0], { count: 300000, noiseSigmaM: 0.001, seed: 11 });
    base = measure(cloud);
  });

  it('rotating 37° about the vertical and translating by metres changes no girth beyond its ISO limit', () => {
    const c = Math.cos(0.65), s = Math.sin(0.65);
    assertGirthsClose(base, measure(transformed(cloud, (x, y, z) => [c * x + s * z + 1.2, y - 0.4, -s * x + c * z - 2.0])));
  });

  it('a capture facing away (rotated 180°) is turned to face +Z and keeps left and right', () => {
    const rotated = measure(transformed(cloud, (x, y, z) => [-x, y, -z]));
    assertGirthsClose(base, rotated);
    assert.ok(rotated.landmarks.elbowLeft[0] > 0, 'the body\'s left elbow is on +X');
  });

  it('a capture in millimetres without a unit hint gives the same girths in metres', () => {
    const mm = measure(transformed(cloud, (x, y, z) => [1000 * x, 1000 * y, 1000 * z]));
    assert.equal(mm.diagnostics.unit, 'mm');
    assertGirthsClose(base, mm);
  });

  it('a Z-up capture in centimetres is normalised with or without hints', () => {
    const zUp = transformed(cloud, (x, y, z) => [100 * x, -100 * z, 100 * y]);
    assertGirthsClose(base, measure(zUp, { unit: 'cm', upAxis: '+z' }));
    assertGirthsClose(base, measure(zUp));
  });

  it('keeping every second point (50% subsampling) changes no girth beyond its ISO limit', () => {
    const half = new Float32Array(3 * Math.floor(cloud.positions.length / 6));
    for (let i = 0; i < half.length / 3; i++) half.set(cloud.positions.subarray(6 * i, 6 * i + 3), 3 * i);
    assertGirthsClose(base, measure({ ...cloud, positions: half }));
  });

  it('adding Gaussian noise of σ = 2 mm changes no girth beyond its ISO limit', () => {
    const gauss = makeGaussian(makeRandom(99));
    assertGirthsClose(base, measure(transformed(cloud, (x, y, z) => [x + 0.002 * gauss(), y + 0.002 * gauss(), z + 0.002 * gauss()])));
  });
});
