import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { silhouetteSizeShifts, type SilhouetteSizeOptions } from '../../../src/processing/recording-reconstruction/silhouette-size.ts';

// Boundary rays as silhouetteOffsets reports them: 300 passing a leg at (0.1, 0.3, 0) that read
// +3 mm, 300 passing the trunk at (0, 1.2, 0.1) that read +0.5 mm; the whole body's median +1 mm.
// The person is 1.75 m tall, y is the height above the floor.
const touches: number[] = [], offsets: number[] = [];
for (let i = 0; i < 300; i++) { touches.push(0.1 + 0.0001 * i, 0.3, 0); offsets.push(0.003); }
for (let i = 0; i < 300; i++) { touches.push(0, 1.2, 0.1 + 0.0001 * i); offsets.push(0.0005); }
const test = { offsetsM: Float32Array.from(offsets), touchesM: Float32Array.from(touches), count: offsets.length, skipped: 0 };
const options: SilhouetteSizeOptions = { frameStride: 6, biasM: -0.001, gain: 0.5, cellM: 0.06, minSamples: 200, localBelowFraction: 0.36 };
const heightOf = (_x: number, y: number) => y;
// A point on the leg, one on the trunk, one low on the body where no ray passed.
const points = Float32Array.from([0.11, 0.31, 0.01, 0.0, 1.21, 0.11, -0.3, 0.2, -0.3]);

describe("a turn's surface sized by its silhouettes", () => {
  it("moves a leg by its own offset, the trunk by the whole body's, and a leg without rays by the whole body's", () => {
    const shifts = silhouetteSizeShifts(points, test, 0.001, heightOf, 1.75, options);
    assert.ok(Math.abs(shifts[0] - 0.5 * (0.003 + 0.001)) < 1e-9, `leg ${shifts[0]}`);
    assert.ok(Math.abs(shifts[1] - 0.5 * (0.001 + 0.001)) < 1e-9, `trunk ${shifts[1]}`);
    assert.ok(Math.abs(shifts[2] - 0.5 * (0.001 + 0.001)) < 1e-9, `no rays ${shifts[2]}`);
  });

  it("moves every point by the whole body's offset when the cells are off", () => {
    const shifts = silhouetteSizeShifts(points, test, 0.001, heightOf, 1.75, { ...options, cellM: 0 });
    for (const s of shifts) assert.ok(Math.abs(s - 0.001) < 1e-9);
  });

  it("blends the local and the whole body's offsets over 5 cm at the top of the legs", () => {
    const at = (y: number) => silhouetteSizeShifts(Float32Array.from([0.11, y, 0.01]), { ...test, touchesM: Float32Array.from(touches.map((v, i) => (i % 3 === 1 && i < 900 ? y : v))) }, 0.001, heightOf, 1.75, options)[0];
    const top = 0.36 * 1.75;
    assert.ok(Math.abs(at(top - 0.06) - 0.002) < 1e-9);
    assert.ok(Math.abs(at(top - 0.025) - 0.5 * (0.5 * 0.003 + 0.5 * 0.001 + 0.001)) < 1e-6);
    assert.ok(Math.abs(at(top + 0.01) - 0.001) < 1e-9);
  });
});
