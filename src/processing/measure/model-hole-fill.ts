/**
 * The capture's holes filled from the fitted body model, for the landmarks and the volume
 * (docs/measurements.md, "Holes"). A scanner leaves holes where it cannot see (soles, crown,
 * armpits, crotch) or was not pointed (part of the back). Slice topology reads them as anatomy: a
 * hole at the crotch separates the legs centimetres above the real crotch, one at an armpit frees
 * the arm too high, and a slice open at the back loses area. The model, fitted to the visible
 * surface, has surface there: its triangles near a hole are sampled at the capture's own density
 * and the samples with no capture point within EDGE_RADIUS_M are added to the points the slices,
 * landmarks and volume read (a hole is where a model vertex has no capture point within
 * HOLE_RADIUS_M; its fill reaches to within EDGE_RADIUS_M of the hole's edge, closer than the
 * slices' link distance, so filled and captured surface form one loop). Girths are not cut
 * through these points: a girth's ring is completed from the model's own contour, and its share
 * is reported (cut-completion.ts). Canonical frame, metres.
 */
import type { PointGrid } from '../body-model/point-grid.ts';
import type { ModelFit, PosableBodyModel } from '../body-model/posable-model-types.ts';
import type { SliceStack } from './slices.ts';
import { buildSlices, pointDensity } from './slices.ts';
import { nearestInGrid } from '../body-model/point-grid.ts';
import { makeRandom } from '../geometry/prng.ts';
import { HOLE_RADIUS_M } from './cut-completion.ts';

/**
 * Filled surface below this share of the model's area is not worth a second slice stack, and is
 * not a hole: whole captures of the evaluation leave up to 0.5% of the model's surface more than
 * 2 cm from them (fingers, folds the model does not follow); the partial ones 2–5% (holes).
 */
const MIN_FILL_AREA_SHARE = 0.01;

/** Fill samples keep this far from captured surface (m): under the slices' 1 cm minimum link cell. */
const EDGE_RADIUS_M = 0.008;

export interface HoleFill {
  /** Fill points (xyz interleaved, m). */
  points: Float32Array;
  count: number;
  /** Body part (BODY_PARTS index) of each fill point: its triangle's nearest vertex's. */
  part: Uint8Array;
  /** Share of the model's surface area filled in (0..1). */
  areaShare: number;
}

/**
 * Samples the model triangles that touch a hole (a vertex with no capture point within
 * HOLE_RADIUS_M) at `densityPerM2` points per m², keeping the samples farther than EDGE_RADIUS_M
 * from captured surface.
 */
export function modelHoleFill(
  positionsM: Float32Array, triangles: Uint32Array, vertexPart: Uint8Array, captureGrid: PointGrid, densityPerM2: number, seed = 1,
): HoleFill {
  const p = positionsM;
  const vertexCount = p.length / 3;
  const farFrom = (x: number, y: number, z: number, radiusM: number): boolean => nearestInGrid(captureGrid, x, y, z, radiusM) < 0;
  const holeVertex = new Uint8Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) holeVertex[v] = farFrom(p[3 * v], p[3 * v + 1], p[3 * v + 2], HOLE_RADIUS_M) ? 1 : 0;
  const random = makeRandom(seed);
  const out: number[] = [];
  const parts: number[] = [];
  let totalArea = 0, filledArea = 0;
  for (let t = 0; t < triangles.length; t += 3) {
    const a = triangles[t], b = triangles[t + 1], c = triangles[t + 2];
    const ux = p[3 * b] - p[3 * a], uy = p[3 * b + 1] - p[3 * a + 1], uz = p[3 * b + 2] - p[3 * a + 2];
    const vx = p[3 * c] - p[3 * a], vy = p[3 * c + 1] - p[3 * a + 1], vz = p[3 * c + 2] - p[3 * a + 2];
    const area = 0.5 * Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
    totalArea += area;
    if (!holeVertex[a] && !holeVertex[b] && !holeVertex[c]) continue;
    // Expected count area·density, rounded at random so small triangles are sampled fairly.
    const expected = area * densityPerM2;
    const n = Math.floor(expected + random());
    let kept = 0;
    for (let i = 0; i < n; i++) {
      let r1 = random(), r2 = random();
      if (r1 + r2 > 1) { r1 = 1 - r1; r2 = 1 - r2; }
      const x = p[3 * a] + r1 * ux + r2 * vx, y = p[3 * a + 1] + r1 * uy + r2 * vy, z = p[3 * a + 2] + r1 * uz + r2 * vz;
      if (!farFrom(x, y, z, EDGE_RADIUS_M)) continue;
      out.push(x, y, z);
      const r0 = 1 - r1 - r2;
      parts.push(vertexPart[r0 >= r1 && r0 >= r2 ? a : r1 >= r2 ? b : c]);
      kept++;
    }
    if (n > 0) filledArea += (area * kept) / n;
  }
  return { points: Float32Array.from(out), count: out.length / 3, part: Uint8Array.from(parts), areaShare: totalArea > 0 ? filledArea / totalArea : 0 };
}

/**
 * The capture with its holes filled from the posed model (modelHoleFill): a slice stack of
 * capture + fill points, and the fit's point labels extended over the fill; null when the holes
 * are too small to matter.
 */
export function filledCapture(
  capturePoints: Float32Array, captureCount: number, statureM: number, model: ModelFit, mesh: Pick<PosableBodyModel, 'triangles' | 'vertexPart'>, captureGrid: PointGrid,
): { stack: SliceStack; fit: ModelFit; areaShare: number; topM: number } | null {
  const fill = modelHoleFill(model.posed.positionsM, mesh.triangles, mesh.vertexPart, captureGrid, pointDensity(captureCount, statureM));
  if (fill.areaShare < MIN_FILL_AREA_SHARE) return null;
  const count = captureCount + fill.count;
  const points = new Float32Array(3 * count);
  points.set(capturePoints.subarray(0, 3 * captureCount));
  points.set(fill.points, 3 * captureCount);
  let topM = statureM;
  for (let i = 1; i < fill.points.length; i += 3) topM = Math.max(topM, fill.points[i]);
  const pointPart = new Uint8Array(count);
  pointPart.set(model.pointPart.subarray(0, captureCount));
  pointPart.set(fill.part, captureCount);
  return { stack: buildSlices(points, count, topM), fit: { ...model, pointPart }, areaShare: fill.areaShare, topM };
}
