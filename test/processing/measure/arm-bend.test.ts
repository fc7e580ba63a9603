// Elbow finding on an arm centreline of three segments (upper arm, forearm, turned hand).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findArmBend } from '../../../src/processing/measure/arm-bend.ts';
import type { Loop, SliceStack } from '../../../src/processing/measure/slices.ts';

const T = 0.008;

/** A slice stack holding only per-slice loop centroids along a polyline (no points needed). */
function centrelineLoops(vertices: [number, number, number][]): { stack: SliceStack; loops: (Loop | null)[] } {
  const top = vertices[0][1];
  const sliceCount = Math.ceil((top + 0.1) / T);
  const stack: SliceStack = {
    thicknessM: T, cellM: 0.01, sliceCount, start: new Uint32Array(sliceCount + 1), order: new Uint32Array(0),
    labels: new Int32Array(0), loops: [], points: new Float32Array(0),
  };
  const loops: (Loop | null)[] = new Array(sliceCount).fill(null);
  for (let s = 0; s < sliceCount; s++) {
    const y = (s + 0.5) * T;
    for (let k = 0; k + 1 < vertices.length; k++) {
      const [a, b] = [vertices[k], vertices[k + 1]];
      if (y > a[1] || y < b[1]) continue;
      const t = (a[1] - y) / (a[1] - b[1]);
      const cx = a[0] + t * (b[0] - a[0]), cz = a[2] + t * (b[2] - a[2]);
      loops[s] = { count: 300, cx, cz, minX: cx - 0.04, maxX: cx + 0.04, minZ: cz - 0.04, maxZ: cz + 0.04, label: 0 };
      break;
    }
  }
  return { stack, loops };
}

describe('arm bend', () => {
  it('finds the elbow, not the wrist, when the arm below a low armpit is mostly forearm and a turned hand', () => {
    // Armpit at 1.16 m: 8 cm of upper arm, then a forearm turned forward, then a hand turned again.
    const armpit: [number, number, number] = [0.26, 1.16, -0.09];
    const elbow: [number, number, number] = [0.33, 1.075, -0.065];
    const wrist: [number, number, number] = [0.445, 0.965, 0.11];
    const tip: [number, number, number] = [0.54, 0.83, 0.16];
    const { stack, loops } = centrelineLoops([armpit, elbow, wrist, tip]);
    const bend = findArmBend(stack, loops, tip[1], armpit[1] + 0.02);
    assert.ok(bend, 'bend found');
    const miss = Math.hypot(bend.elbow[0] - elbow[0], bend.elbow[1] - elbow[1], bend.elbow[2] - elbow[2]);
    assert.ok(miss < 0.02, `elbow ${bend.elbow.map((v) => v.toFixed(3))} is ${(miss * 100).toFixed(1)} cm from the true elbow`);
    // The upper-arm line runs along the upper arm (within 10°), so the acromion walk stays on the body.
    const d = [elbow[0] - armpit[0], elbow[1] - armpit[1], elbow[2] - armpit[2]];
    const len = Math.hypot(d[0], d[1], d[2]);
    const cos = Math.abs(d[0] * bend.upper.dir[0] + d[1] * bend.upper.dir[1] + d[2] * bend.upper.dir[2]) / len;
    assert.ok(cos > Math.cos((10 * Math.PI) / 180), `upper-arm line off by ${(Math.acos(cos) * 180 / Math.PI).toFixed(1)}°`);
  });
});
