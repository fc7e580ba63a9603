// A capture whose shoulder tops were never seen (unseen-shoulder-tops.ts): the shoulder's plane is
// read below the fitted model's acromion, and the tape goes around the capture and the model
// together, so the model supplies the tops the capture lacks and the capture every part it saw wider.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { makeCutContext, type CutRequest } from '../../../src/processing/measure/girth-cut.ts';
import { buildSlices } from '../../../src/processing/measure/slices.ts';
import { shoulderWithUnseenTops, verticalExitAbove } from '../../../src/processing/measure/unseen-shoulder-tops.ts';

const TAU = 2 * Math.PI;
/** Semi-axes of the "shoulders" section (m). */
const A = 0.2, B = 0.12;
const STEPS = 240;

/** A closed prism over an ellipse (semi-axes scale·A, scale·B) from y = 0 to topM, with a flat top (a fan). */
function prism(scale: number, topM: number): { positions: Float32Array; indices: Uint32Array } {
  const rings = 41;
  const positions = new Float32Array(3 * (STEPS * rings + 1));
  const indices: number[] = [];
  for (let k = 0; k < rings; k++) {
    for (let i = 0; i < STEPS; i++) {
      const t = (TAU * i) / STEPS;
      positions.set([scale * A * Math.cos(t), (k / (rings - 1)) * topM, scale * B * Math.sin(t)], 3 * (k * STEPS + i));
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

  it('keeps the capture where it saw the body wider than the model', () => {
    const result = shoulder(prism(1.03, 0.995), prism(1, 1.0));
    assert.ok(result);
    assert.ok(Math.abs(result.site.perimeterM - outlinePerimeter(1.03)) < 0.001, `${(1000 * result.site.perimeterM).toFixed(1)} mm vs ${(1000 * outlinePerimeter(1.03)).toFixed(1)} mm`);
    assert.ok(result.quality.filledFraction < 0.01, `filled ${result.quality.filledFraction}`);
  });

  it('gives way (null) when the model has no shoulder above the joints', () => {
    const far: [[number, number, number], [number, number, number]] = [[0.5, 0.9, 0], [-0.5, 0.9, 0]];
    const capture = prism(1, 0.97), model = prism(1, 1.0);
    const ctx = makeCutContext(buildSlices(capture.positions, capture.positions.length / 3, 1.0), capture, 1e5);
    const request: CutRequest = { field: 'shoulderFit', point: [0, 0.5, 0], normal: [0, 1, 0], select: 'all', maxRadiusM: 0.5 };
    assert.equal(shoulderWithUnseenTops(ctx, request, { triangles: model.indices, vertexPart: new Uint8Array(model.positions.length / 3) }, model.positions, far, 0.01), null);
  });
});
