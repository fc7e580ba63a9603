import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { floorRemnantPoints, withoutPoints } from '../../../src/processing/recording-reconstruction/floor-remnants.ts';

/**
 * A foot as the surface points of a 25 cm x 10 cm box 8 cm high standing on the floor (sides every
 * 5 mm, from 2 mm up), with toes in front of it: a 6 cm strip only 12 mm high. Levelled frame: m, y up.
 */
function footPoints(): number[] {
  const points: number[] = [];
  for (let y = 0.002; y <= 0.08; y += 0.005) {
    for (let x = 0; x <= 0.1; x += 0.005) points.push(x, y, 0, x, y, 0.25);
    for (let z = 0; z <= 0.25; z += 0.005) points.push(0, y, z, 0.1, y, z);
  }
  for (let z = 0.255; z <= 0.31; z += 0.005) for (let x = 0; x <= 0.1; x += 0.005) points.push(x, 0.012, z);
  return points;
}

describe('floorRemnantPoints', () => {
  it('marks low points far from any surface above the band and keeps the foot, its toe included', () => {
    const foot = footPoints();
    const footCount = foot.length / 3;
    // A ring of floor readings 10–40 cm from the foot's centre, 5–35 mm high.
    const floor: number[] = [];
    for (let k = 0; k < 400; k++) {
      const angle = (2 * Math.PI * k) / 400, r = 0.1 + 0.3 * ((k * 37) % 100) / 100;
      floor.push(0.05 + r * Math.cos(angle), 0.005 + 0.03 * ((k * 13) % 10) / 10, 0.125 + (r + 0.1) * Math.sin(angle));
    }
    const levelled = Float32Array.from([...foot, ...floor]);
    const remove = floorRemnantPoints(levelled, 0.035, 0.05, 0.15, 0.08);
    for (let i = 0; i < footCount; i++) assert.equal(remove[i], 0, `foot point ${i} kept`);
    // Every floor reading more than radius + one cell from the foot's outline goes.
    let far = 0, farRemoved = 0;
    for (let i = footCount; i < remove.length; i++) {
      const x = levelled[3 * i], z = levelled[3 * i + 2];
      const dx = Math.max(0 - x, 0, x - 0.1), dz = Math.max(0 - z, 0, z - 0.25);
      if (Math.hypot(dx, dz) > 0.08 + 0.03) { far++; farRemoved += remove[i]; }
    }
    assert.ok(far > 200);
    assert.equal(farRemoved, far);
  });

  it('marks nothing on a capture whose low points all stand under higher surface', () => {
    const levelled = Float32Array.from(footPoints());
    assert.equal(floorRemnantPoints(levelled, 0.035, 0.05, 0.15, 0.08).reduce((s, v) => s + v, 0), 0);
    assert.equal(withoutPoints(levelled, new Uint8Array(levelled.length / 3)), levelled);
  });
});

describe('withoutPoints', () => {
  it('drops the marked points and keeps the others in order', () => {
    const out = withoutPoints(Float32Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9]), Uint8Array.from([0, 1, 0]));
    assert.deepEqual(Array.from(out), [1, 2, 3, 7, 8, 9]);
  });
});
