// Mesh captures are labelled from the posed model with their own oriented normals: torso skin
// under a resting arm faces the arm, and must not take the arm's label even where the fitted
// model's arm lies nearer to it than the model's torso does.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { labelOrientedVertices } from '../../../src/processing/body-model/fit-segmentation.ts';

const TORSO = 0, ARM = 3;

/**
 * A square sheet (side m, n x n vertices) in the plane x = x0, wound so its normal is +x (facing
 * +1) or −x (facing −1).
 */
function sheet(x0: number, facing: 1 | -1, side = 0.1, n = 11): { positions: number[]; triangles: number[] } {
  const positions: number[] = [], triangles: number[] = [];
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) positions.push(x0, (i / (n - 1) - 0.5) * side, (j / (n - 1) - 0.5) * side);
  for (let i = 0; i + 1 < n; i++) {
    for (let j = 0; j + 1 < n; j++) {
      const a = i * n + j, b = a + 1, c = a + n, d = c + 1;
      // (b - a) is +z, (c - a) is +y: z x y = -x, so this order faces -x.
      if (facing === -1) triangles.push(a, b, c, b, d, c); else triangles.push(a, c, b, b, c, d);
    }
  }
  return { positions, triangles };
}

function merge(parts: { positions: number[]; triangles: number[] }[]): { positions: Float32Array; triangles: Uint32Array } {
  const positions: number[] = [], triangles: number[] = [];
  for (const p of parts) {
    const base = positions.length / 3;
    positions.push(...p.positions);
    triangles.push(...p.triangles.map((t) => t + base));
  }
  return { positions: Float32Array.from(positions), triangles: Uint32Array.from(triangles) };
}

describe('oriented labels of a mesh capture', () => {
  // The model: torso skin at x = -4 mm facing +x (the torso lies at x < 0), the arm's inner skin
  // at x = -1 mm facing -x: the fit pressed the arm 1 mm into the torso's place.
  const torso = sheet(-0.004, 1), arm = sheet(-0.001, -1);
  const model = merge([torso, arm]);
  const vertexCount = model.positions.length / 3;
  const vertexPart = new Uint8Array(vertexCount);
  vertexPart.fill(ARM, torso.positions.length / 3);
  const modelMesh = { vertexCount, triangles: model.triangles, vertexPart };
  // The capture: torso skin at x = 0 facing +x, the arm's skin 3 mm away at x = 3 mm facing -x.
  const capture = merge([sheet(0, 1), sheet(0.003, -1)]);
  const n = capture.positions.length / 3, half = n / 2;
  const normals = new Float32Array(3 * n);
  for (let i = 0; i < n; i++) normals[3 * i] = i < half ? 1 : -1;

  it('gives the torso skin under the arm the torso, and the arm skin the arm', () => {
    const parts = labelOrientedVertices(modelMesh, model.positions, capture.positions, normals, n, 0.05);
    const torsoAsArm = parts.subarray(0, half).filter((p) => p !== TORSO).length;
    const armAsTorso = parts.subarray(half).filter((p) => p !== ARM).length;
    assert.equal(torsoAsArm, 0, `${torsoAsArm} of ${half} torso vertices labelled arm`);
    assert.equal(armAsTorso, 0, `${armAsTorso} of ${half} arm vertices labelled torso`);
  });

  it('labels by distance alone where the normals do not tell the surfaces apart', () => {
    // Normals all along +y, square to both model sheets: the nearest point decides.
    const up = new Float32Array(3 * n);
    for (let i = 0; i < n; i++) up[3 * i + 1] = 1;
    const parts = labelOrientedVertices(modelMesh, model.positions, capture.positions, up, n, 0.05);
    assert.equal(parts.subarray(0, half).filter((p) => p === ARM).length, half, 'the capture torso skin is nearer the model arm (1 mm) than the model torso (4 mm)');
  });
});
