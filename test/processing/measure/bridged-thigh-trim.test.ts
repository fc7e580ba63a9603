// A bridged capture's thigh cut (girth-cut.ts modelTrimM): a phone recording's fused surface can
// close the gap between the thighs below the crotch, and the thigh's tape then runs out across the
// gap. Cut points farther than the trim from the fitted model's own cut are left out; when most of
// the cut disagrees with the model, the model is what is wrong and the capture is measured as it is.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildPointGrid } from '../../../src/processing/body-model/point-grid.ts';
import { makeCutContext, measureGirth, type CutRequest } from '../../../src/processing/measure/girth-cut.ts';
import { buildSlices } from '../../../src/processing/measure/slices.ts';

const TAU = 2 * Math.PI;
const R = 0.08, CX = 0.1, HEIGHT = 0.2;
/** Half-width (rad) of the arc facing the other thigh that the web replaces. */
const WEB_HALF_RAD = (25 * Math.PI) / 180;

/** A vertical prism (y from 0 to HEIGHT) over a closed outline (x, z pairs), side triangles only. */
function prism(outline: number[]): { positions: Float32Array; indices: Uint32Array } {
  const n = outline.length / 2, rings = 9;
  const positions = new Float32Array(3 * n * rings);
  const indices: number[] = [];
  for (let k = 0; k < rings; k++) {
    for (let i = 0; i < n; i++) {
      positions.set([outline[2 * i], (k / (rings - 1)) * HEIGHT, outline[2 * i + 1]], 3 * (k * n + i));
      if (k + 1 < rings) {
        const p = k * n + i, q = k * n + ((i + 1) % n);
        indices.push(p, q, p + n, q, q + n, p + n);
      }
    }
  }
  return { positions, indices: Uint32Array.from(indices) };
}

/** The thigh's circle (centre CX + shiftM), optionally with a web out to x = 0 over the arc facing −x. */
function thighOutline(web: boolean, shiftM = 0): number[] {
  const out: number[] = [];
  const steps = 180;
  if (!web) {
    for (let i = 0; i < steps; i++) out.push(CX + shiftM + R * Math.cos((TAU * i) / steps), R * Math.sin((TAU * i) / steps));
    return out;
  }
  // The arc not facing the other thigh (from −(π − W) to π − W), then the web: along its top edge
  // to x = 0 and back along its bottom edge to where the arc began.
  const end = Math.PI - WEB_HALF_RAD;
  for (let i = 0; i <= steps; i++) {
    const t = -end + (2 * end * i) / steps;
    out.push(CX + R * Math.cos(t), R * Math.sin(t));
  }
  const z = R * Math.sin(end), x0 = CX + R * Math.cos(end);
  for (let x = x0 - 0.01; x > 0; x -= 0.01) out.push(x, z);
  out.push(0, z, 0, -z);
  for (let x = 0.01; x < x0; x += 0.01) out.push(x, -z);
  return out;
}

function girthMm(captureWeb: boolean, modelShiftM: number, trimM: number | undefined): number {
  const capture = prism(thighOutline(captureWeb));
  const model = prism(thighOutline(false, modelShiftM));
  const count = capture.positions.length / 3;
  const stack = buildSlices(capture.positions, count, HEIGHT);
  const completion = { positionsM: model.positions, trianglesOf: () => model.indices, captureGrid: buildPointGrid(capture.positions, count, 0.02) };
  const ctx = makeCutContext(stack, capture, 1e5, null, completion);
  const req: CutRequest = { field: 'upperThighLeftFit', point: [CX, 0.1, 0], normal: [0, 1, 0], select: 'nearest', maxRadiusM: 0.2, modelTrimM: trimM };
  return 1000 * measureGirth(ctx, req)!.site.perimeterM;
}

describe('a bridged thigh cut trimmed to the fitted model', () => {
  const circleMm = 1000 * TAU * R;

  it('reads the thigh within 4 mm once the web across the gap is left out (30 mm or more without)', () => {
    const bridged = girthMm(true, 0, undefined), trimmed = girthMm(true, 0, 0.008);
    assert.ok(bridged > circleMm + 30, `with the web ${bridged.toFixed(1)} mm vs the thigh's ${circleMm.toFixed(1)} mm`);
    assert.ok(Math.abs(trimmed - circleMm) < 4, `trimmed ${trimmed.toFixed(1)} mm vs ${circleMm.toFixed(1)} mm`);
  });

  it('leaves a capture without a web as it is', () => {
    assert.ok(Math.abs(girthMm(false, 0, 0.008) - girthMm(false, 0, undefined)) < 0.01);
  });

  it('measures the capture untrimmed when the model lies 3 cm off (most of the cut would go)', () => {
    assert.equal(girthMm(true, 0.03, 0.008), girthMm(true, 0.03, undefined));
  });
});
