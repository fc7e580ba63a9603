// Touching thighs: the legs' loops merge below the crotch; the crotch must follow the contact up.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { measureBody } from '../../../src/processing/measure/measure-body.ts';
import { makeSyntheticBody } from '../../../src/processing/synthetic-body/generate.ts';

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
