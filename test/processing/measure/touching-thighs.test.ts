// Touching thighs: the legs' loops merge below the crotch; the crotch must follow the contact up.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { measureBody } from '../../../src/processing/measure/measure-body.ts';
import { makeSyntheticBody } from '../../../src/processing/synthetic-body/generate.ts';
import { assertStandingPerson, findCrotch } from '../../../src/processing/measure/segment-body.ts';
import { buildSlices } from '../../../src/processing/measure/slices.ts';

describe('touching thighs', () => {
  it('keeps the crotch at the top of the thighs when they press together over 10 cm below it', () => {
    const body = makeSyntheticBody({ sex: 'male', heightM: 1.8, fatness: 0.5, seed: 3 });
    const apart = measureBody(body.geometry, {}, {});
    const crotchY = apart.landmarks.crotch[1];
    // Thighs pressed together over the 10 cm under the crotch: each thigh moved toward x = 0 until
    // the inner surfaces overlap (beyond any gap between them).
    const positions = Float32Array.from(body.geometry.positions);
    let gap = Infinity;
    for (let i = 0; i < positions.length; i += 3) {
      const y = positions[i + 1];
      if (y > crotchY - 0.1 && y < crotchY - 0.01) gap = Math.min(gap, Math.abs(positions[i]));
    }
    for (let i = 0; i < positions.length; i += 3) {
      const y = positions[i + 1];
      if (y > crotchY - 0.1 && y < crotchY) positions[i] -= Math.sign(positions[i]) * (gap + 0.006);
    }
    const together = measureBody({ ...body.geometry, positions }, {}, {});
    const moved = together.landmarks.crotch[1] - crotchY;
    assert.ok(Math.abs(moved) < 0.025, `crotch moved ${(moved * 100).toFixed(1)} cm with the thighs pressed together`);
  });
});

describe('the crotch of a body standing off the frame\'s midline', () => {
  /**
   * Points on elliptic cylinders (centre x at y1, moving by `slope` m of x per m down; semi-axes a, b;
   * heights y0..y1), every 5 mm of height.
   */
  function cylinders(parts: { x: number; slope?: number; a: number; b: number; y0: number; y1: number }[]): Float32Array {
    const out: number[] = [];
    for (const p of parts) {
      for (let y = p.y0; y < p.y1; y += 0.005) {
        const x = p.x + (p.slope ?? 0) * (p.y1 - y);
        for (let k = 0; k < 90; k++) {
          const t = (2 * Math.PI * k) / 90;
          out.push(x + p.a * Math.cos(t), y, p.b * Math.sin(t));
        }
      }
    }
    return Float32Array.from(out);
  }

  it('finds the top of the legs when a thigh crosses x = 0 (the legs\' midline 5 cm off it)', () => {
    const midX = -0.05;
    const points = cylinders([
      // Legs apart (A-pose): 11 cm from the midline at the crotch, 19.5 cm at the floor; the left
      // thigh's inner side reaches x = -1 cm at the top.
      { x: midX + 0.11, slope: 0.1, a: 0.07, b: 0.07, y0: 0, y1: 0.85 },
      { x: midX - 0.11, slope: -0.1, a: 0.07, b: 0.07, y0: 0, y1: 0.85 },
      { x: midX, a: 0.17, b: 0.11, y0: 0.85, y1: 1.45 },
      { x: midX, a: 0.06, b: 0.07, y0: 1.45, y1: 1.75 },
    ]);
    const count = points.length / 3;
    const stack = buildSlices(points, count, 1.75);
    const person = assertStandingPerson(stack, 1.75);
    const { crotchY } = findCrotch(stack, 1.75, person.torsoLoop, person.legSlice);
    assert.ok(Math.abs(crotchY - 0.85) < 0.02, `crotch at ${crotchY.toFixed(3)} m, legs end at 0.850 m`);
  });
});
