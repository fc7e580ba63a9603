// The cloud volume from the fitted model (fitted-volume.ts): the model's volume plus the capture's
// mean normal offset over its surface, calibrated for curvature on the model itself. Closed forms:
// spheres.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { meshVolume } from '../../../src/processing/geometry/mesh-volume.ts';
import { makeGaussian, makeRandom } from '../../../src/processing/geometry/prng.ts';
import { sampleSurface } from '../../../src/processing/geometry/surface-sample.ts';
import { fittedCloudVolume } from '../../../src/processing/measure/fitted-volume.ts';
import { sphereMesh } from '../../support/sphere-mesh.ts';

const NO_PART = 255;

/** `count` points uniform on a sphere of radius `radiusM` about the origin, with Gaussian noise. */
function sphereCloud(radiusM: number, count: number, noiseM: number, seed: number): Float32Array {
  const random = makeRandom(seed);
  const gauss = makeGaussian(random);
  const out = new Float32Array(3 * count);
  for (let i = 0; i < count; i++) {
    const z = 2 * random() - 1, phi = 2 * Math.PI * random(), s = Math.sqrt(1 - z * z);
    out[3 * i] = radiusM * s * Math.cos(phi) + noiseM * gauss();
    out[3 * i + 1] = radiusM * z + noiseM * gauss();
    out[3 * i + 2] = radiusM * s * Math.sin(phi) + noiseM * gauss();
  }
  return out;
}

describe('fittedCloudVolume', () => {
  const model = sphereMesh(0.1, [0, 0, 0], 32, 64);

  it('reads a noisy sphere 2 mm outside the model within 0.3% of its volume', () => {
    const count = 120_000;
    const cloud = sphereCloud(0.102, count, 0.002, 7);
    const result = fittedCloudVolume(model.positionsM, model.indices, cloud, count, new Uint8Array(count), NO_PART);
    const truthM3 = (4 / 3) * Math.PI * 0.102 ** 3;
    const errorPct = ((result.volumeM3 - truthM3) / truthM3) * 100;
    assert.ok(Math.abs(errorPct) < 0.3, `error ${errorPct.toFixed(2)}%`);
    assert.ok(result.observedAreaFraction > 0.99);
  });

  it('gives the model its own volume for a cloud of its surface with a third of it missing', () => {
    const all = sampleSurface(model.positionsM, model.indices, 90_000, 3);
    const kept: number[] = [];
    for (let i = 0; i < all.length; i += 3) if (all[i + 1] < 0.033) kept.push(all[i], all[i + 1], all[i + 2]);
    const count = kept.length / 3;
    const result = fittedCloudVolume(model.positionsM, model.indices, Float32Array.from(kept), count, new Uint8Array(count), NO_PART);
    const modelM3 = meshVolume(model.positionsM, model.indices).volume;
    assert.ok(Math.abs(result.volumeM3 - modelM3) / modelM3 < 0.001, `${result.volumeM3} vs ${modelM3}`);
    assert.ok(result.observedAreaFraction > 0.6 && result.observedAreaFraction < 0.72, `observed ${result.observedAreaFraction}`);
  });

  it("keeps the model's surface where a reconstruction made the capture's surface up (a flat cap on top, a floor-blended bottom)", () => {
    // The sphere stands on the floor (lowest point y = 0); its capture is the true surface, except that
    // everything facing up more than 30° from vertical is flattened to a cap and the lowest 2 cm are pulled in.
    const standing = Float32Array.from(model.positionsM, (v, i) => (i % 3 === 1 ? v + 0.1 : v));
    const all = sampleSurface(standing, model.indices, 90_000, 5);
    const capY = 0.1 + 0.1 * Math.sin(Math.PI / 3);
    for (let i = 0; i < all.length; i += 3) {
      if (all[i + 1] > capY) all[i + 1] = capY;
      else if (all[i + 1] < 0.02) { all[i] *= 0.8; all[i + 2] *= 0.8; }
    }
    const count = all.length / 3;
    const modelM3 = meshVolume(standing, model.indices).volume;
    const unseen = { upFacingNormalY: 0.5, feetBelowM: 0.03 };
    const withUnseen = fittedCloudVolume(standing, model.indices, all, count, new Uint8Array(count), NO_PART, unseen);
    const asSeen = fittedCloudVolume(standing, model.indices, all, count, new Uint8Array(count), NO_PART);
    assert.ok(Math.abs(withUnseen.volumeM3 - modelM3) / modelM3 < 0.002, `${withUnseen.volumeM3} vs ${modelM3}`);
    assert.ok((modelM3 - asSeen.volumeM3) / modelM3 > 0.01, `as seen ${asSeen.volumeM3} vs ${modelM3}`);
  });

  it('leaves out points labelled with no part (a floor under the body)', () => {
    const count = 60_000;
    const body = sphereCloud(0.1, count, 0.001, 11);
    const floor = new Float32Array(3 * 20_000);
    const random = makeRandom(5);
    for (let i = 0; i < 20_000; i++) { floor[3 * i] = 0.4 * random() - 0.2; floor[3 * i + 1] = -0.095; floor[3 * i + 2] = 0.4 * random() - 0.2; }
    const points = new Float32Array(3 * (count + 20_000));
    points.set(body); points.set(floor, 3 * count);
    const parts = new Uint8Array(count + 20_000);
    parts.fill(NO_PART, count);
    const withFloorLabelled = fittedCloudVolume(model.positionsM, model.indices, points, count + 20_000, parts, NO_PART);
    const bodyOnly = fittedCloudVolume(model.positionsM, model.indices, body, count, new Uint8Array(count), NO_PART);
    assert.equal(withFloorLabelled.volumeM3, bodyOnly.volumeM3);
  });
});
