// Checks the holes of the evaluation's partial captures (soles, crown, armpits, crotch, part of the
// back) on a finely tessellated box standing in for a body (metres, Y up, facing +Z, left = +x).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { HOLE_NAMES, holeTriangles, type HoleLandmarks, type PartialSpec } from '../../scripts/eval-accuracy/partial-capture.ts';

/** Closed box [-w,w] x [0,h] x [-d,d], each face an n x n grid of quads (outward triangles). */
function gridBox(w: number, h: number, d: number, n: number): { positions: Float64Array; triangles: Uint32Array } {
  const positions: number[] = [], triangles: number[] = [];
  // A face: origin o, edge vectors a and b, with a x b pointing outward.
  const face = (o: number[], a: number[], b: number[]): void => {
    const base = positions.length / 3;
    for (let i = 0; i <= n; i++) for (let j = 0; j <= n; j++) positions.push(...[0, 1, 2].map((k) => o[k] + (a[k] * i) / n + (b[k] * j) / n));
    const at = (i: number, j: number): number => base + i * (n + 1) + j;
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) triangles.push(at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i, j + 1));
  };
  face([-w, 0, d], [2 * w, 0, 0], [0, h, 0]); // front (+z)
  face([w, 0, -d], [-2 * w, 0, 0], [0, h, 0]); // back (-z)
  face([w, 0, d], [0, 0, -2 * d], [0, h, 0]); // left (+x)
  face([-w, 0, -d], [0, 0, 2 * d], [0, h, 0]); // right (-x)
  face([-w, h, d], [2 * w, 0, 0], [0, 0, -2 * d]); // top (+y)
  face([-w, 0, -d], [2 * w, 0, 0], [0, 0, 2 * d]); // bottom (-y)
  return { positions: Float64Array.from(positions), triangles: Uint32Array.from(triangles) };
}

const box = gridBox(0.15, 1.7, 0.1, 60);
const landmarks: HoleLandmarks = {
  statureM: 1.7, crotch: [0, 0.8, 0.1], acromionY: 1.45,
  armpits: [[0.15, 1.3, 0], [-0.15, 1.3, 0]], torsoHalfWidthAt: () => 0.2,
};
const centroid = (t: number): number[] => [0, 1, 2].map((k) => (box.positions[3 * box.triangles[3 * t] + k] + box.positions[3 * box.triangles[3 * t + 1] + k] + box.positions[3 * box.triangles[3 * t + 2] + k]) / 3);
const holeOf = (mask: ReturnType<typeof holeTriangles>, name: (typeof HOLE_NAMES)[number]): number[] =>
  [...mask.hole.keys()].filter((t) => mask.hole[t] === HOLE_NAMES.indexOf(name) + 1);
const areaOf = (mask: ReturnType<typeof holeTriangles>, list: number[]): number => list.reduce((s, t) => s + mask.area[t], 0);

describe('partial-capture holes', () => {
  const spec: PartialSpec = { back: { fraction: 1 / 3, where: 'lower' } };
  const mask = holeTriangles(box.positions, box.triangles, landmarks, spec);

  it('opens the soles: the whole down-facing bottom and nothing else near the floor', () => {
    const soles = holeOf(mask, 'soles');
    assert.ok(Math.abs(areaOf(mask, soles) - 0.3 * 0.2) < 1e-9, String(areaOf(mask, soles)));
    for (const t of soles) assert.ok(centroid(t)[1] < 1e-9);
  });

  it('opens the crown: everything within 4 cm of the top', () => {
    const crown = holeOf(mask, 'crown');
    for (const t of crown) assert.ok(centroid(t)[1] > 1.66);
    // top face + a 4 cm band (whole grid rows whose centroids lie above 1.66) of the sides
    assert.ok(areaOf(mask, crown) > 0.3 * 0.2 && areaOf(mask, crown) < 0.3 * 0.2 + 1.0 * 0.06, String(areaOf(mask, crown)));
  });

  it('opens a 4.5 cm disc at each armpit and a 5 cm disc at the crotch', () => {
    const armpits = holeOf(mask, 'armpits'), crotch = holeOf(mask, 'crotch');
    assert.ok(armpits.some((t) => centroid(t)[0] > 0) && armpits.some((t) => centroid(t)[0] < 0));
    for (const t of armpits) {
      const c = centroid(t), q = c[0] > 0 ? landmarks.armpits[0] : landmarks.armpits[1];
      assert.ok(Math.hypot(c[0] - q[0], c[1] - q[1], c[2] - q[2]) < 0.045);
    }
    // Each armpit disc lies on a 0.2 m-wide side: close to pi r^2, the crotch disc likewise on the front.
    assert.ok(Math.abs(areaOf(mask, armpits) / (2 * Math.PI * 0.045 ** 2) - 1) < 0.15, String(areaOf(mask, armpits)));
    assert.ok(Math.abs(areaOf(mask, crotch) / (Math.PI * 0.05 ** 2) - 1) < 0.15, String(areaOf(mask, crotch)));
  });

  it('drops the lower third of the back between crotch and acromion, by area', () => {
    const back = holeOf(mask, 'back');
    const bandArea = 0.3 * (1.45 - 0.8);
    assert.ok(Math.abs(areaOf(mask, back) - bandArea / 3) < 0.3 * (1.7 / 60), String(areaOf(mask, back)));
    for (const t of back) { const c = centroid(t); assert.ok(c[2] < -0.0999 && c[1] > 0.8 && c[1] < 0.8 + 0.65 / 3 + 0.03); }
  });

  it('drops the character\'s left or right part of the back when asked', () => {
    for (const where of ['left', 'right'] as const) {
      const side = holeTriangles(box.positions, box.triangles, landmarks, { back: { fraction: 1 / 6, where } });
      const back = holeOf(side, 'back');
      for (const t of back) assert.ok(where === 'left' ? centroid(t)[0] > 0.09 : centroid(t)[0] < -0.09, `${where} ${centroid(t)[0]}`);
      assert.ok(Math.abs(areaOf(side, back) - (0.3 * 0.65) / 6) < 0.3 * 0.65 / 60 + 1e-9, String(areaOf(side, back)));
    }
  });
});
