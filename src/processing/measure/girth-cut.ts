/**
 * One tape girth: cut the body with a plane, keep the right loop, take its convex-hull perimeter
 * (docs/measurements.md). Meshes are cut exactly (plane–triangle segments, loops by mesh topology); point
 * clouds use the points within a thin slab around the plane, projected on it, then the noise-robust
 * ring of ring-fit.ts. The slab starts at ±3 mm and doubles (up to ±12 mm) until the loop holds 300
 * points seen all around: thin enough that the surface's slope across it averages out (symmetric
 * slab), thick enough that noise does.
 * Loop choice: 'nearest' keeps only the loop whose centroid is nearest the plane point (the body
 * part being measured; never an arm touching the torso, never both legs), 'all' hulls every loop
 * (shoulder girth: torso plus both arms' tops). A half-space filter can drop the other leg first.
 * Rings go up to order 24 with noise estimated at that order (ring-fit.ts): sections with corners
 * (the shoulder's arm tops, the bust, the chin at the neck) set the hull there, and an order-3
 * misfit read as noise would round them away.
 */
import type { CircumferenceField } from '../../domain/measurements.ts';
import type { MeasurementSite } from '../../domain/body-scan-result.ts';
import { convexHull, makeHullScratch, polygonPerimeter } from '../geometry/convex-hull.ts';
import type { LoopPoints } from './cut-loops.ts';
import { mergeLoops, withFill } from './cut-loops.ts';
import type { ComponentScratch } from '../geometry/grid-components.ts';
import { labelComponents, makeComponentScratch } from '../geometry/grid-components.ts';
import type { MeshSlabIndex } from '../geometry/mesh-slab-index.ts';
import { buildMeshSlabIndex, forTrianglesInRange } from '../geometry/mesh-slab-index.ts';
import type { Vec3 } from '../geometry/pca.ts';
import type { FlatBuffer, Plane } from '../geometry/plane-cut.ts';
import { cutMesh, makeFlatBuffer, makePlane, planeToWorld, pushPair } from '../geometry/plane-cut.ts';
import type { RingFit, RingScratch } from '../geometry/ring-fit.ts';
import { fitRing, makeRingScratch } from '../geometry/ring-fit.ts';
import { ringShares } from '../geometry/ring-coverage.ts';
import type { SliceStack } from './slices.ts';
import { sliceOf } from './slices.ts';
import type { Capsule } from './cut-filters.ts';
import { cutPointInMask, inCapsule, inMask } from './cut-filters.ts';
import type { ModelCompletion } from './cut-completion.ts';
import { modelFillPoints } from './cut-completion.ts';
import { trimToModelCut } from './cut-model-trim.ts';

/** Highest ring order, also the order the ring's noise is estimated at (ring-fit.ts). */
const RING_MAX_K = 24;

export interface CutRequest {
  field: CircumferenceField;
  point: Vec3;
  normal: Vec3;
  select: 'nearest' | 'all';
  /** Ignore cut points farther than this from the plane point (m). */
  maxRadiusM: number;
  /** Keep only points with sign·x > 0 (+1 body's left, −1 right); 0 keeps all. */
  sideOfX?: 1 | -1;
  /**
   * Keep only points (mesh: cut points) whose body part is in this bit mask over BODY_PARTS
   * (girth-sites.ts partMask); needs the context's part labels. Every loop of the kept surface is
   * then hulled together: a torso ring interrupted where an arm touches it is one ring with gaps,
   * bridged by the hull as a tape is.
   */
  partMask?: number;
  /**
   * Capsules whose points are left out of the cut (segment a–b, radius m): the arms' fitted bones
   * with the arm's radius, so a torso cut drops arm surface the fit labelled torso near the armpit
   * and the torso surface the arm rests on (hidden in reality), which the ring then bridges.
   */
  exclude?: readonly Capsule[];
  /**
   * Leave holes bridged by chords (no completion from the fitted model): the shoulder's per-part
   * rings, whose hull is the girth (a mesh's shoulder is one cut of all its parts, not completed
   * either; completing the arm tops' rings read the shoulder +24 mm on a heavy partial cloud).
   */
  noCompletion?: boolean;
  /**
   * Leave out cut points (a mesh's) farther than this outside the fitted model's own cut of the
   * site's parts (m): where a bridged capture (a phone recording's fused surface) closes the gap
   * between the thighs, its cut runs across the gap and the hull with it (cut-model-trim.ts).
   */
  modelTrimM?: number;
}

export interface CutQuality {
  coverage: number;
  residualM: number;
  points: number;
  /**
   * Fraction of the girth's length that runs over observed surface (0..1); the rest bridges an
   * angular gap in the ring (contact with another body part, a hole in the capture) in a
   * straight line, as a tape does (ring-coverage.ts).
   */
  observedFraction: number;
  /**
   * Fraction of the girth's length completed from the fitted model's surface where the capture has
   * a hole (cut-completion.ts); 0 without a fit or without holes on the cut.
   */
  filledFraction: number;
}

export interface CutContext {
  stack: SliceStack;
  mesh: { positions: Float32Array; indices: Uint32Array } | null;
  buffer: FlatBuffer;
  /** Signed distance from the plane of each gathered cloud point (m), parallel to buffer. */
  offsets: Float64Array;
  labels: Int32Array;
  components: ComponentScratch;
  ring: RingScratch;
  /** Cloud points per m² of body surface (sets link distances in thin slabs). */
  densityPerM2: number;
  /** Height buckets of the mesh's triangles, built on the first mesh cut. */
  meshIndex?: MeshSlabIndex;
  /** Body part (BODY_PARTS index, NO_PART) of each stack point in slice order, or null (no fit). */
  pointPart: Uint8Array | null;
  /** Body part of each mesh vertex, or null. */
  vertexPart: Uint8Array | null;
  /** The fitted model, to complete labelled cuts across the capture's holes; null without a fit. */
  completion: ModelCompletion | null;
}

export function makeCutContext(
  stack: SliceStack, mesh: CutContext['mesh'], densityPerM2: number,
  parts: { pointPart: Uint8Array; vertexPart: Uint8Array | null } | null = null, completion: ModelCompletion | null = null,
): CutContext {
  return {
    stack, mesh, buffer: makeFlatBuffer(1 << 14), offsets: new Float64Array(1 << 13), labels: new Int32Array(1 << 14),
    components: makeComponentScratch(), ring: makeRingScratch(), densityPerM2,
    pointPart: parts?.pointPart ?? null, vertexPart: parts?.vertexPart ?? null, completion,
  };
}

/** Gathers cloud points within ±half of the plane (and the radius / side filters) as (u, v). */
function gatherSlab(ctx: CutContext, plane: Plane, req: CutRequest, half: number): void {
  const { stack, buffer } = ctx;
  buffer.length = 0;
  const [px, py, pz] = plane.point;
  const [nx, ny, nz] = plane.normal;
  const tilt = Math.sqrt(Math.max(0, 1 - ny * ny));
  const reach = req.maxRadiusM * tilt + half;
  const pts = stack.points;
  const r2 = req.maxRadiusM * req.maxRadiusM;
  const parts = req.partMask !== undefined ? ctx.pointPart : null;
  const mask = req.partMask ?? 0;
  for (let s = sliceOf(stack, py - reach); s <= sliceOf(stack, py + reach); s++) {
    for (let k = stack.start[s]; k < stack.start[s + 1]; k++) {
      const x = pts[3 * k] - px, y = pts[3 * k + 1] - py, z = pts[3 * k + 2] - pz;
      const d = x * nx + y * ny + z * nz;
      if (d > half || d < -half) continue;
      if (parts && !inMask(mask, parts[k])) continue;
      if (req.sideOfX && req.sideOfX * pts[3 * k] <= 0) continue;
      if (req.exclude && inCapsule(req.exclude, pts[3 * k], pts[3 * k + 1], pts[3 * k + 2])) continue;
      if (x * x + y * y + z * z - d * d > r2) continue;
      if ((buffer.length >> 1) >= ctx.offsets.length) {
        const grown = new Float64Array(2 * ctx.offsets.length);
        grown.set(ctx.offsets);
        ctx.offsets = grown;
      }
      ctx.offsets[buffer.length >> 1] = d;
      pushPair(buffer, x * plane.u[0] + y * plane.u[1] + z * plane.u[2], x * plane.v[0] + y * plane.v[1] + z * plane.v[2]);
    }
  }
}

/**
 * Mesh cut: endpoints as (u, v) and a loop label per endpoint from the mesh topology (segments
 * sharing a mesh edge belong to one loop: union–find over edge keys), so loops are exact whatever
 * the triangle size. Endpoints outside the radius or on the wrong side are then dropped.
 * Returns the number of points kept; labels are written to ctx.labels.
 */
function gatherMesh(ctx: CutContext, plane: Plane, req: CutRequest): number {
  const raw = makeFlatBuffer(4096);
  const edges = makeFlatBuffer(4096);
  const mesh = ctx.mesh!;
  ctx.meshIndex ??= buildMeshSlabIndex(mesh.positions, mesh.indices);
  const index = ctx.meshIndex;
  const reach = req.maxRadiusM * Math.sqrt(Math.max(0, 1 - plane.normal[1] * plane.normal[1])) + 1e-6;
  cutMesh(mesh.positions, mesh.indices, plane, raw, (visit) => forTrianglesInRange(index, plane.point[1] - reach, plane.point[1] + reach, visit), edges);
  const n = raw.length / 2;
  // Union–find over endpoints: the two endpoints of a segment (consecutive pairs) are joined, and
  // endpoints on the same mesh edge are joined through a map from edge key to first endpoint.
  const parent = new Int32Array(n);
  for (let i = 0; i < n; i++) parent[i] = i;
  const find = (i: number): number => { while (parent[i] !== i) { parent[i] = parent[parent[i]]; i = parent[i]; } return i; };
  const union = (a: number, b: number) => { const ra = find(a), rb = find(b); if (ra !== rb) parent[ra] = rb; };
  // Also join endpoints at the same position (to 0.1 µm): meshes with duplicated seam vertices
  // (UV seams) share positions but not vertex indices across the seam.
  const firstOnEdge = new Map<number, number>();
  const firstAt = new Map<number, number>();
  const base = mesh.positions.length / 3 + 1;
  for (let i = 0; i < n; i++) {
    if (i % 2 === 1) union(i, i - 1);
    const key = edges.data[2 * i] * base + edges.data[2 * i + 1];
    const first = firstOnEdge.get(key);
    if (first === undefined) firstOnEdge.set(key, i); else union(i, first);
    const at = Math.round(raw.data[2 * i] * 1e7) * 1e8 + Math.round(raw.data[2 * i + 1] * 1e7);
    const same = firstAt.get(at);
    if (same === undefined) firstAt.set(at, i); else union(i, same);
  }
  ctx.buffer.length = 0;
  if (ctx.labels.length < n) ctx.labels = new Int32Array(2 * n);
  const r2 = req.maxRadiusM * req.maxRadiusM;
  const parts = req.partMask !== undefined ? ctx.vertexPart : null;
  const mask = req.partMask ?? 0;
  let kept = 0;
  for (let i = 0; i < n; i++) {
    const u = raw.data[2 * i], v = raw.data[2 * i + 1];
    if (u * u + v * v > r2) continue;
    if (parts && !cutPointInMask(mesh.positions, plane, parts, mask, edges.data[2 * i], edges.data[2 * i + 1])) continue;
    if (req.sideOfX || req.exclude) {
      const w = planeToWorld(plane, u, v);
      if (req.sideOfX && req.sideOfX * w[0] <= 0) continue;
      if (req.exclude && inCapsule(req.exclude, w[0], w[1], w[2])) continue;
    }
    pushPair(ctx.buffer, u, v);
    ctx.labels[kept++] = find(i);
  }
  return kept;
}


/** Picks loops and returns each selected loop's points packed into fresh arrays. */
/**
 * minAllLoop: the smallest loop an 'all' selection keeps (default: 6 points or 2% of the cut);
 * exact mesh cuts of the shoulder keep every loop of 3 points or more (the arms' tops near the
 * acromion are small, and a mesh cut has no noise fragments).
 */
function selectLoops(ctx: CutContext, n: number, cellM: number, select: 'nearest' | 'all', labelled = false, minAllLoop = Math.max(6, 0.02 * n)): LoopPoints[] {
  if (ctx.labels.length < n) ctx.labels = new Int32Array(2 * n);
  const data = ctx.buffer.data;
  let count: number;
  if (labelled) {
    // Topological labels (mesh): compact arbitrary root ids to 0..count-1.
    const remap = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      let l = remap.get(ctx.labels[i]);
      if (l === undefined) { l = remap.size; remap.set(ctx.labels[i], l); }
      ctx.labels[i] = l;
    }
    count = remap.size;
  } else count = labelComponents(data, n, cellM, ctx.components, ctx.labels);
  const sums = new Float64Array(3 * count);
  for (let i = 0; i < n; i++) {
    const l = ctx.labels[i];
    sums[3 * l] += data[2 * i]; sums[3 * l + 1] += data[2 * i + 1]; sums[3 * l + 2]++;
  }
  const chosen: number[] = [];
  if (select === 'nearest') {
    // Only loops of a tenth of the largest loop's size compete: a small fragment (an ear, a fold
    // grazed by the plane) can sit nearer the site centre than the body part itself.
    let largest = 0;
    for (let l = 0; l < count; l++) largest = Math.max(largest, sums[3 * l + 2]);
    let best = -1, bestD = Infinity;
    for (let l = 0; l < count; l++) {
      if (sums[3 * l + 2] < Math.max(6, 0.02 * n, 0.1 * largest)) continue;
      const d = Math.hypot(sums[3 * l] / sums[3 * l + 2], sums[3 * l + 1] / sums[3 * l + 2]);
      if (d < bestD) { bestD = d; best = l; }
    }
    if (best >= 0) {
      // Nested loops (a mouth cavity inside a head cut, an inner fold): a tape goes around the
      // outermost one, so climb to the largest loop whose box contains the chosen one's box.
      const box = loopBoxes(data, ctx.labels, n, count);
      const inside = (a: number, b: number) => box[4 * a] >= box[4 * b] && box[4 * a + 1] <= box[4 * b + 1] && box[4 * a + 2] >= box[4 * b + 2] && box[4 * a + 3] <= box[4 * b + 3];
      for (let l = 0; l < count; l++) if (l !== best && sums[3 * l + 2] > sums[3 * best + 2] && inside(best, l)) best = l;
      chosen.push(best);
    }
  } else {
    for (let l = 0; l < count; l++) if (sums[3 * l + 2] >= minAllLoop) chosen.push(l);
  }
  return chosen.map((l) => {
    const uv = new Float64Array(2 * sums[3 * l + 2]);
    const offsets = new Float64Array(sums[3 * l + 2]);
    let m = 0;
    for (let i = 0; i < n; i++) {
      if (ctx.labels[i] !== l) continue;
      offsets[m >> 1] = ctx.offsets[i];
      uv[m++] = data[2 * i]; uv[m++] = data[2 * i + 1];
    }
    return { uv, offsets };
  });
}

/** Bounding boxes [minU, maxU, minV, maxV] per loop label. */
function loopBoxes(data: Float64Array, labels: Int32Array, n: number, count: number): Float64Array {
  const box = new Float64Array(4 * count);
  for (let l = 0; l < count; l++) { box[4 * l] = Infinity; box[4 * l + 1] = -Infinity; box[4 * l + 2] = Infinity; box[4 * l + 3] = -Infinity; }
  for (let i = 0; i < n; i++) {
    const l = labels[i], u = data[2 * i], v = data[2 * i + 1];
    if (u < box[4 * l]) box[4 * l] = u; if (u > box[4 * l + 1]) box[4 * l + 1] = u;
    if (v < box[4 * l + 2]) box[4 * l + 2] = v; if (v > box[4 * l + 3]) box[4 * l + 3] = v;
  }
  return box;
}

/**
 * A cloud girth around several parts (the shoulder: torso and both arms' tops): one ring per part
 * (each smooth, its contact gaps left open), then the hull of all of them. Where an arm touches
 * the torso their points form one loop whose corners a single Fourier ring would round off or
 * overshoot; the labels split it.
 */
function hullOfPartRings(ctx: CutContext, req: CutRequest, plane: Plane): { site: MeasurementSite; quality: CutQuality } | null {
  const uv: number[] = [];
  let coverage = 0, residual = 0, points = 0, observed = 0, filled = 0;
  for (let part = 0; part < 32; part++) {
    if (((req.partMask! >>> part) & 1) === 0) continue;
    const cut = measureGirth(ctx, { ...req, select: 'nearest', partMask: 1 << part, noCompletion: true }, true);
    if (!cut || cut.quality.points < 30) continue;
    const ring = cut.site.ringM;
    for (let k = 0; k < ring.length; k += 3) {
      const x = ring[k] - plane.point[0], y = ring[k + 1] - plane.point[1], z = ring[k + 2] - plane.point[2];
      uv.push(x * plane.u[0] + y * plane.u[1] + z * plane.u[2], x * plane.v[0] + y * plane.v[1] + z * plane.v[2]);
    }
    const w = cut.quality.points;
    coverage += w * cut.quality.coverage; residual += w * cut.quality.residualM; observed += w * cut.quality.observedFraction; filled += w * cut.quality.filledFraction;
    points += w;
  }
  if (points === 0 || uv.length < 6) return null;
  const count = uv.length / 2;
  const scratch = makeHullScratch(count);
  const h = convexHull(Float64Array.from(uv), count, scratch);
  const ringM = new Float32Array(3 * h);
  for (let k = 0; k < h; k++) ringM.set(planeToWorld(plane, scratch.hull[2 * k], scratch.hull[2 * k + 1]), 3 * k);
  return {
    site: { field: req.field, centerM: plane.point, normal: plane.normal, ringM, perimeterM: polygonPerimeter(scratch.hull, h) },
    quality: { coverage: coverage / points, residualM: residual / points, points, observedFraction: observed / points, filledFraction: filled / points },
  };
}

/** Measures one girth; returns the site (ring in world coordinates) and quality figures. */
/**
 * keepInnerSurface: fit the merged ring through every point (the shoulder's per-part rings: each
 * is only a piece of the tape's hull, and their rings were tuned on all of their points).
 */
export function measureGirth(ctx: CutContext, req: CutRequest, keepInnerSurface = false): { site: MeasurementSite; quality: CutQuality } | null {
  const plane = makePlane(req.point, req.normal);
  const labelled = req.partMask !== undefined && (ctx.mesh ? ctx.vertexPart !== null : ctx.pointPart !== null);
  // A labelled 'nearest' cut is one ring with gaps (merged, observed angles only); a labelled
  // 'all' cut (the shoulder) of a cloud is one such ring per part, hulled together.
  const merge = labelled && req.select === 'nearest';
  if (labelled && req.select === 'all' && !ctx.mesh) return hullOfPartRings(ctx, req, plane);
  const select = labelled ? 'all' : req.select;
  const ringPerLoop = !merge;
  let loops: LoopPoints[] = [];
  // Points completing the ring across the capture's holes from the fitted model (cut-completion.ts).
  let fill: Float64Array | null = null;
  const hullInput: number[] = [];
  let coverage = 1, residual = 0, used = 0;
  if (ctx.mesh) {
    let n = gatherMesh(ctx, plane, req);
    if (req.modelTrimM !== undefined && ctx.completion) n = trimToModelCut(ctx, plane, req, n);
    if (n < 3) return null;
    loops = selectLoops(ctx, n, 0, select, true, labelled && req.select === 'all' ? 3 : undefined);
    for (const loop of loops) for (const v of loop.uv) hullInput.push(v);
    used = hullInput.length / 2;
  } else {
    // Link cells sized to the slab's own density (~10 points per cell), so a thin slab does not
    // break a loop into arcs; a slab is accepted once every kept loop has ≥ 300 points and is seen
    // over ≥ 85% of its angles, else it is doubled. A labelled cut's loops are one ring (its arcs
    // between contacts), fitted once with its gaps left open (fitRing observedOnly).
    let fits: RingFit[] = [];
    for (let half = 0.003; half <= 0.013; half *= 2) {
      fill = null;
      gatherSlab(ctx, plane, req, half);
      const n = ctx.buffer.length / 2;
      if (n < 12) continue;
      // Capped at 1.5 cm (or the stack's own cell): coarser links would merge an arm into the
      // torso at the upper chest; a loop that breaks instead fails the coverage test below.
      const cellM = Math.max(ctx.stack.cellM, Math.min(0.015, 10 / (ctx.densityPerM2 * 2 * half)));
      loops = selectLoops(ctx, n, cellM, select);
      if (merge) loops = mergeLoops(loops, keepInnerSurface);
      // Holes are completed before the ring is fitted: the series then sees the whole contour, and
      // its order is not capped for a gap the model fills (fill points lie on the plane: offset 0).
      if (merge && ctx.completion && !req.noCompletion && loops.length === 1 && loops[0].offsets.length >= 3) {
        fill = modelFillPoints(ctx.completion, req, plane, loops[0].uv, loops[0].offsets.length);
      }
      fits = [];
      for (const loop of loops) {
        const input = fill && fill.length > 0 ? withFill(loop, fill) : loop;
        const fit = fitRing(input.uv, input.offsets.length, ctx.ring, 0.015, RING_MAX_K, input.offsets, RING_MAX_K, merge);
        if (fit) fits.push(fit);
      }
      const total = loops.reduce((sum, l) => sum + l.offsets.length, 0);
      // 'all' (shoulder) stops on the total: its small arm-cap loops sit where the girth changes
      // fastest with height, so the slab must stay thin there.
      const enough = select === 'all' && ringPerLoop ? total >= 600 : loops.length > 0 && Math.min(...loops.map((l) => l.offsets.length)) >= 300 && fits.every((f) => f.coverage >= 0.85);
      if (enough) break;
    }
    let covSum = 0, resSum = 0;
    for (const fit of fits) {
      for (let k = 0; k < 2 * fit.ringCount; k++) hullInput.push(fit.ring[k]);
      covSum += fit.coverage; resSum += fit.residualM;
    }
    if (fits.length === 0) return null;
    used = loops.reduce((sum, l) => sum + l.offsets.length, 0);
    coverage = covSum / fits.length; residual = resSum / fits.length;
  }
  // A labelled ring with a hole in the capture: the fitted model's contour fills the hole, shifted
  // onto the cut's own points (a mesh's here; a cloud's raw slab points before its ring is fitted,
  // above). The fill points join the hull.
  const cutPoints = mergeLoops(loops, true)[0];
  if (ctx.mesh && ctx.completion && merge && !req.noCompletion && cutPoints && cutPoints.offsets.length >= 3) {
    fill = modelFillPoints(ctx.completion, req, plane, cutPoints.uv, cutPoints.offsets.length);
  }
  if (fill) for (const x of fill) hullInput.push(x);
  const count = hullInput.length / 2;
  if (count < 3) return null;
  const xy = Float64Array.from(hullInput);
  const scratch = makeHullScratch(count);
  const h = convexHull(xy, count, scratch);
  const perimeterM = polygonPerimeter(scratch.hull, h);
  const ringM = new Float32Array(3 * h);
  for (let k = 0; k < h; k++) {
    const w = planeToWorld(plane, scratch.hull[2 * k], scratch.hull[2 * k + 1]);
    ringM[3 * k] = w[0]; ringM[3 * k + 1] = w[1]; ringM[3 * k + 2] = w[2];
  }
  const shares = cutPoints ? ringShares(scratch.hull, h, cutPoints.uv, cutPoints.offsets.length, fill ?? [], fill ? fill.length / 2 : 0) : { observed: 0, filled: 0 };
  return {
    site: { field: req.field, centerM: plane.point, normal: plane.normal, ringM, perimeterM },
    quality: { coverage, residualM: residual, points: used, observedFraction: shares.observed, filledFraction: shares.filled },
  };
}
