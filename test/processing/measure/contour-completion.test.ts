// Girth contours completed across holes in the capture from the fitted model's contour on the same
// plane (geometry/contour-completion.ts, measure/cut-completion.ts): the model's ring fills the
// gap, shifted to meet the capture at the gap's ends, and contact is not mistaken for a hole.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { completeContour } from '../../../src/processing/geometry/contour-completion.ts';
import { hullPerimeter } from '../../../src/processing/geometry/convex-hull.ts';
import { ellipsePerimeter } from '../../../src/processing/geometry/ellipse-perimeter.ts';
import { makePlane } from '../../../src/processing/geometry/plane-cut.ts';
import { ringShares } from '../../../src/processing/geometry/ring-coverage.ts';
import { buildPointGrid } from '../../../src/processing/body-model/point-grid.ts';
import { modelFillPoints } from '../../../src/processing/measure/cut-completion.ts';

const TAU = 2 * Math.PI;
const inArc = (theta: number, fromRad: number, toRad: number): boolean => {
  const t = ((theta % TAU) + TAU) % TAU;
  return t >= fromRad && t <= toRad;
};

/** Points of an ellipse (semi-axes a, b, m) at n angles, leaving out angles in [from, to] (rad). */
function ellipsePoints(a: number, b: number, n: number, from = 1, to = 0): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = (TAU * i) / n;
    if (from <= to && inArc(t, from, to)) continue;
    out.push(a * Math.cos(t), b * Math.sin(t));
  }
  return out;
}

/** A model ring: an n-gon on an ellipse as segments, with its vertices flagged where they lie in [from, to]. */
function modelRing(a: number, b: number, n: number, from: number, to: number) {
  const points = ellipsePoints(a, b, n);
  const segments = new Float64Array(4 * n), hole = new Uint8Array(2 * n);
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    segments.set([points[2 * i], points[2 * i + 1], points[2 * j], points[2 * j + 1]], 4 * i);
    hole[2 * i] = inArc((TAU * i) / n, from, to) ? 1 : 0;
    hole[2 * i + 1] = inArc((TAU * j) / n, from, to) ? 1 : 0;
  }
  return { segments, segmentCount: n, points: segments, pointCount: 2 * n, hole };
}

describe('contour completion from a model ring', () => {
  // A torso-like section (32 x 22 cm) with a third of its contour missing, and a model fitted to
  // the rest that is 4 mm too wide and 3 mm too deep everywhere.
  const a = 0.16, b = 0.11, from = 0.6, to = 0.6 + TAU / 3;
  const observed = ellipsePoints(a, b, 720, from, to);
  const truthMm = 1000 * ellipsePerimeter(a, b);

  it('completes an ellipse missing a third of its arc to within 1.5 mm of its perimeter', () => {
    const fill = completeContour(observed, observed.length / 2, modelRing(a + 0.004, b + 0.003, 240, from, to));
    assert.ok(fill.length > 0, 'the hole is filled');
    const all = Float64Array.from([...observed, ...fill]);
    const completedMm = 1000 * hullPerimeter(all, all.length / 2);
    assert.ok(Math.abs(completedMm - truthMm) < 1.5, `completed ${completedMm.toFixed(1)} mm vs ${truthMm.toFixed(1)} mm`);
  });

  it('does better than the straight chord a tape-like hull would lay across the gap', () => {
    const chordMm = 1000 * hullPerimeter(Float64Array.from(observed), observed.length / 2);
    assert.ok(truthMm - chordMm > 20, `the chord reads ${(chordMm - truthMm).toFixed(1)} mm`);
  });

  it('uses the model ring as it is where no capture point tells its offset', () => {
    const fill = completeContour([], 0, modelRing(a, b, 240, 0, TAU));
    assert.ok(Math.abs(1000 * hullPerimeter(fill, fill.length / 2) - truthMm) < 0.5);
  });

  it('adds nothing when no model point lies in a hole', () => {
    const ring = modelRing(a, b, 240, 1, 0);
    assert.equal(completeContour(observed, observed.length / 2, ring).length, 0);
  });

  it('adds nothing where the model strays from a contour the capture has (a poor fit, not a hole)', () => {
    // The whole contour is captured; the model bulges 3 cm out over a third of it, so its points
    // there have no capture point within the hole radius, but the capture's contour is there.
    const whole = ellipsePoints(a, b, 720);
    const ring = modelRing(a + 0.03, b + 0.03, 240, from, to);
    assert.equal(completeContour(whole, whole.length / 2, ring).length, 0);
  });

  it('reports the filled share of the ring apart from the observed share', () => {
    const fill = completeContour(observed, observed.length / 2, modelRing(a + 0.004, b + 0.003, 240, from, to));
    const all = Float64Array.from([...observed, ...fill]);
    const order = Float64Array.from(ellipsePoints(a, b, 360));
    const shares = ringShares(order, 360, observed, observed.length / 2, fill, fill.length / 2);
    assert.ok(Math.abs(shares.filled + shares.observed - 1) < 0.03, JSON.stringify(shares));
    assert.ok(shares.filled > 0.25 && shares.filled < 0.42, JSON.stringify(shares));
    assert.ok(all.length > observed.length);
  });
});

describe('cut completion on a capture with a hole (3D)', () => {
  // A vertical cylinder (r = 12 cm) captured as points with a 100° arc missing over its whole
  // height; the model is the same cylinder 3 mm wider, as a triangle mesh.
  const r = 0.12, segments = 96, rings = 11, heightM = 0.2;
  const model = (() => {
    const positions = new Float32Array(3 * segments * rings);
    const triangles: number[] = [];
    for (let k = 0; k < rings; k++) {
      for (let i = 0; i < segments; i++) {
        const t = (TAU * i) / segments;
        positions.set([(r + 0.003) * Math.cos(t), (k / (rings - 1)) * heightM, (r + 0.003) * Math.sin(t)], 3 * (k * segments + i));
        if (k + 1 < rings) {
          const p = k * segments + i, q = k * segments + ((i + 1) % segments);
          triangles.push(p, q, p + segments, q, q + segments, p + segments);
        }
      }
    }
    return { positions, triangles: Uint32Array.from(triangles) };
  })();
  const capture = (gapFrom: number, gapTo: number, extra: number[] = []): Float32Array => {
    const out: number[] = [];
    for (let k = 0; k <= 80; k++) {
      for (let i = 0; i < 720; i++) {
        const t = (TAU * i) / 720;
        if (inArc(t, gapFrom, gapTo)) continue;
        out.push(r * Math.cos(t), (k / 80) * heightM, r * Math.sin(t));
      }
    }
    return Float32Array.from([...out, ...extra]);
  };
  const plane = makePlane([0, 0.1, 0], [0, 1, 0]);
  const request = { field: 'hipsFit' as const, point: [0, 0.1, 0] as [number, number, number], normal: [0, 1, 0] as [number, number, number], select: 'nearest' as const, maxRadiusM: 0.5 };
  /** The capture's own cut: its points within 1 mm of the plane, in plane coordinates. */
  const cutOf = (points: Float32Array): number[] => {
    const uv: number[] = [];
    for (let i = 0; i < points.length; i += 3) {
      if (Math.abs(points[i + 1] - 0.1) > 0.001) continue;
      const x = points[i], y = points[i + 1] - 0.1, z = points[i + 2];
      uv.push(x * plane.u[0] + y * plane.u[1] + z * plane.u[2], x * plane.v[0] + y * plane.v[1] + z * plane.v[2]);
    }
    return uv;
  };

  it('fills a hole in the capture from the model and measures the girth within 2 mm', () => {
    const points = capture(2, 2 + (100 * Math.PI) / 180);
    const completion = { positionsM: model.positions, trianglesOf: () => model.triangles, captureGrid: buildPointGrid(points, points.length / 3, 0.02) };
    const cut = cutOf(points);
    const fill = modelFillPoints(completion, request, plane, cut, cut.length / 2);
    assert.ok(fill.length > 0);
    const all = Float64Array.from([...cut, ...fill]);
    const girthMm = 1000 * hullPerimeter(all, all.length / 2);
    assert.ok(Math.abs(girthMm - 1000 * TAU * r) < 2, `girth ${girthMm.toFixed(1)} mm vs ${(1000 * TAU * r).toFixed(1)} mm`);
  });

  it('fills nothing where captured surface lies near the model (contact, not a hole)', () => {
    // The arc is missing from the cut's own part, but another part's surface (an arm resting
    // there) lies 8 mm outside it: the tape bridges contact, the model does not fill it.
    const arm: number[] = [];
    for (let k = 0; k <= 80; k++) {
      for (let i = 0; i < 200; i++) {
        const t = 2 + ((100 * Math.PI) / 180) * (i / 199);
        arm.push((r + 0.008) * Math.cos(t), (k / 80) * heightM, (r + 0.008) * Math.sin(t));
      }
    }
    const points = capture(2, 2 + (100 * Math.PI) / 180, arm);
    const completion = { positionsM: model.positions, trianglesOf: () => model.triangles, captureGrid: buildPointGrid(points, points.length / 3, 0.02) };
    const cut = cutOf(capture(2, 2 + (100 * Math.PI) / 180));
    assert.equal(modelFillPoints(completion, request, plane, cut, cut.length / 2).length, 0);
  });
});
