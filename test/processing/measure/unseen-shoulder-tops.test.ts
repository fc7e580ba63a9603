// A capture whose shoulder tops were never seen (unseen-shoulder-tops.ts): the shoulder's plane is
// read below the fitted model's acromion, and the tape goes around the capture and the model
// together, so the model supplies the tops the capture lacks (moved to the arms' sides the capture saw
// below) and the capture every part of the chest and back it saw wider.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { makeCutContext, type CutRequest } from '../../../src/processing/measure/girth-cut.ts';
import { buildSlices } from '../../../src/processing/measure/slices.ts';
import { armSideShiftsM, shoulderWithUnseenTops, verticalExitAbove } from '../../../src/processing/measure/unseen-shoulder-tops.ts';

const TAU = 2 * Math.PI;
/** Semi-axes of the "shoulders" section (m). */
const A = 0.2, B = 0.12;
const STEPS = 240;

/**
 * A closed prism over an ellipse (semi-axes scale·A, scale·B) from y = 0 to topM, with a flat top (a
 * fan); widenM moves every point beyond the joints (|x| > 0.1) out along x, from height widenFromM up.
 */
function prism(scale: number, topM: number, widenM = 0, widenFromM = 0): { positions: Float32Array; indices: Uint32Array } {
  // Rings 2.5 mm apart: every plane the side shift reads has capture points within its ±3 mm slab.
  const rings = Math.round(topM / 0.0025) + 1;
  const positions = new Float32Array(3 * (STEPS * rings + 1));
  const indices: number[] = [];
  for (let k = 0; k < rings; k++) {
    for (let i = 0; i < STEPS; i++) {
      const t = (TAU * i) / STEPS;
      const x = scale * A * Math.cos(t), y = (k / (rings - 1)) * topM;
      positions.set([Math.abs(x) > 0.1 && y >= widenFromM ? x + Math.sign(x) * widenM : x, y, scale * B * Math.sin(t)], 3 * (k * STEPS + i));
      if (k + 1 < rings) {
        const p = k * STEPS + i, q = k * STEPS + ((i + 1) % STEPS);
        indices.push(p, q, p + STEPS, q, q + STEPS, p + STEPS);
      }
    }
  }
  const apex = STEPS * rings;
  positions.set([0, topM, 0], 3 * apex);
  for (let i = 0; i < STEPS; i++) indices.push((rings - 1) * STEPS + i, apex, (rings - 1) * STEPS + ((i + 1) % STEPS));
  return { positions, indices: Uint32Array.from(indices) };
}

/** Perimeter of the polygon the prism's outline is (m): what a hull around it measures. */
function outlinePerimeter(scale: number): number {
  let sum = 0;
  for (let i = 0; i < STEPS; i++) {
    const t0 = (TAU * i) / STEPS, t1 = (TAU * (i + 1)) / STEPS;
    sum += Math.hypot(scale * A * (Math.cos(t1) - Math.cos(t0)), scale * B * (Math.sin(t1) - Math.sin(t0)));
  }
  return sum;
}

const joints: [[number, number, number], [number, number, number]] = [[0.1, 0.9, 0], [-0.1, 0.9, 0]];

function shoulder(capture: { positions: Float32Array; indices: Uint32Array }, model: { positions: Float32Array; indices: Uint32Array }) {
  const count = capture.positions.length / 3;
  const ctx = makeCutContext(buildSlices(capture.positions, count, 1.0), capture, 1e5);
  const request: CutRequest = { field: 'shoulderFit', point: [0, 0.5, 0], normal: [0, 1, 0], select: 'all', maxRadiusM: 0.5 };
  // Every model vertex is torso: all the model's triangles belong to the shoulder's tape.
  const tapeModel = { triangles: model.indices, vertexPart: new Uint8Array(model.positions.length / 3) };
  return shoulderWithUnseenTops(ctx, request, tapeModel, model.positions, joints, 0.01);
}

describe('the vertical above a shoulder joint', () => {
  const body = prism(1, 1.0);

  it('leaves the model at its top, the lowest crossing above the joint', () => {
    assert.ok(Math.abs(verticalExitAbove(body.indices, body.positions, [0.1, 0.9, 0]) - 1.0) < 1e-6);
  });

  it('meets nothing outside the body', () => {
    assert.ok(Number.isNaN(verticalExitAbove(body.indices, body.positions, [0.5, 0.9, 0])));
  });
});

describe('the shoulder of a capture whose tops were never seen', () => {
  it('is cut 1 cm below the model\'s top and read around the model where the capture has no surface', () => {
    // The capture's top is a cap 3 cm low: at 0.99 m it has nothing; the model does.
    const result = shoulder(prism(1, 0.97), prism(1, 1.0));
    assert.ok(result, 'a site');
    assert.ok(Math.abs(result.acromionY - 1.0) < 1e-6 && Math.abs(result.site.centerM[1] - 0.99) < 1e-6);
    assert.ok(Math.abs(result.site.perimeterM - outlinePerimeter(1)) < 0.001, `${(1000 * result.site.perimeterM).toFixed(1)} mm vs ${(1000 * outlinePerimeter(1)).toFixed(1)} mm`);
    assert.ok(result.quality.filledFraction > 0.99, `filled ${result.quality.filledFraction}`);
  });

  it('keeps the capture between the joints where it saw the body wider than the model', () => {
    // 1.5 % wider: its arms' sides 3 mm out, within the capture's own scatter, so the model stays put.
    const result = shoulder(prism(1.015, 0.995), prism(1, 1.0));
    assert.ok(result);
    assert.deepEqual(result.armSideShiftsM, [0, 0]);
    const mm = (m: number) => (1000 * m).toFixed(1);
    assert.ok(result.site.perimeterM > outlinePerimeter(1) + 0.002 && result.site.perimeterM < outlinePerimeter(1.015), `${mm(result.site.perimeterM)} mm between ${mm(outlinePerimeter(1))} and ${mm(outlinePerimeter(1.015))}`);
    assert.ok(result.quality.filledFraction > 0.05 && result.quality.filledFraction < 0.95, `filled ${result.quality.filledFraction}`);
  });

  it('moves the model\'s arm tops out by how far the capture saw the arms\' sides beyond it, less 4 mm', () => {
    // Capture: the arms' sides 12 mm farther out than the model's all the way up, its tops unseen.
    const capture = prism(1, 0.97, 0.012), model = prism(1, 1.0);
    const ctx = makeCutContext(buildSlices(capture.positions, capture.positions.length / 3, 1.0), capture, 1e5);
    const tapeModel = { triangles: model.indices, vertexPart: new Uint8Array(model.positions.length / 3) };
    const shifts = armSideShiftsM(ctx.stack, tapeModel, model.positions, joints, 0.99);
    for (const shift of shifts) assert.ok(Math.abs(shift - 0.008) < 0.0005, `shift ${(1000 * shift).toFixed(2)} mm`);
    const result = shoulder(capture, model);
    assert.ok(result);
    // Moving both arms' tops out by 8 mm lengthens the front and back of the tape by ~2 · 2 · 8 mm.
    const grownMm = 1000 * (result.site.perimeterM - outlinePerimeter(1));
    assert.ok(grownMm > 25 && grownMm < 33, `grown ${grownMm.toFixed(1)} mm`);
  });

  it('leaves the model alone where the capture saw no arm side below the plane', () => {
    const capture = prism(1, 0.9), model = prism(1, 1.0);
    const ctx = makeCutContext(buildSlices(capture.positions, capture.positions.length / 3, 1.0), capture, 1e5);
    assert.deepEqual(armSideShiftsM(ctx.stack, { triangles: model.indices, vertexPart: new Uint8Array(model.positions.length / 3) }, model.positions, joints, 0.99), [0, 0]);
  });

  it('takes the arms\' tops from the model where the capture bulges out beyond the joints at the plane', () => {
    // A turn's swinging arms leave a lip 15 mm out on the arms' tops, from 2 cm below the plane up.
    const result = shoulder(prism(1, 0.995, 0.015, 0.97), prism(1, 1.0));
    assert.ok(result);
    assert.deepEqual(result.armSideShiftsM, [0, 0]);
    assert.ok(Math.abs(result.site.perimeterM - outlinePerimeter(1)) < 0.001, `${(1000 * result.site.perimeterM).toFixed(1)} mm vs ${(1000 * outlinePerimeter(1)).toFixed(1)} mm`);
  });

  it('gives way (null) when the model has no shoulder above the joints', () => {
    const far: [[number, number, number], [number, number, number]] = [[0.5, 0.9, 0], [-0.5, 0.9, 0]];
    const capture = prism(1, 0.97), model = prism(1, 1.0);
    const ctx = makeCutContext(buildSlices(capture.positions, capture.positions.length / 3, 1.0), capture, 1e5);
    const request: CutRequest = { field: 'shoulderFit', point: [0, 0.5, 0], normal: [0, 1, 0], select: 'all', maxRadiusM: 0.5 };
    assert.equal(shoulderWithUnseenTops(ctx, request, { triangles: model.indices, vertexPart: new Uint8Array(model.positions.length / 3) }, model.positions, far, 0.01), null);
  });
});
