/**
 * Re-shapes a fitted body to target girths and volume (a body shape prediction): the model's SHAPE
 * coefficients s (pose stays the canonical rest pose) minimise
 *
 *   sum_sites ((g_i(s) - g*_i) / sigmaGirth)^2 + ((V(s) - V*) / sigmaVolume)^2
 *     + ((h(s) - h0) / sigmaStature)^2 + sum_k ((s_k - s0_k) / sigmaShape_k)^2
 *
 * g_i: the model's tape girth at site i's plane (canonical-body.ts planes riding on their bones,
 * site-girths.ts tapes), V: the enclosed volume of the model mesh (divergence theorem), h: stature
 * (top of the canonical body, which stands on y = 0), s0: the scan's fitted shape. Solved by
 * Levenberg-Marquardt with a forward-difference Jacobian (one re-shaped body per coefficient; the
 * model is linear in s, the tapes and volume are not). Units: m, m^3; the result states the
 * remaining errors in mm and percent.
 */
import { meshSignedVolume } from '../evaluation/mesh-metrics.ts';
import type { CircumferenceField } from '../../domain/measurements.ts';
import { canonicalBody, canonicalSitePlanes, liftToFloor, type CanonicalBody } from './canonical-body.ts';
import { allocatePosedBody } from './load-posable-model.ts';
import type { PosableBodyModel, PosedBody } from './posable-model-types.ts';
import type { SiteAnchor } from './site-anchors.ts';
import { siteGirthsM, siteTriangles } from './site-girths.ts';
import { tapeOnSurface } from './tape-on-surface.ts';
import { shapeBody } from './shape-body.ts';

export interface ShapeTargets {
  /** Target tape girth per site (m); sites without an anchor are ignored. */
  girthsM: Partial<Record<CircumferenceField, number>>;
  /** Target enclosed volume of the model (m^3). */
  volumeM3: number;
}

export interface ReshapedBody {
  shape: Float32Array;
  body: CanonicalBody;
  /** Model girth minus target at each anchored site with a target (mm). */
  girthErrorMm: Partial<Record<CircumferenceField, number>>;
  /** (model volume - target) / target, in percent. */
  volumeErrorPercent: number;
  /** Stature change against the starting body (mm). */
  statureChangeMm: number;
  iterations: number;
}

/** Weights of the objective: what one unit of each residual is worth. */
const SIGMA_GIRTH_M = 0.002;
const SIGMA_VOLUME_FRACTION = 0.001;
const SIGMA_STATURE_M = 0.002;
/** Prior on the coefficients' change: principal components are in population SDs, named ones in slider units. */
const SIGMA_PRINCIPAL = 1.5;
const SIGMA_NAMED = 0.6;
const MAX_ITERATIONS = 8;
/** Forward-difference step: the coefficient change that moves the most-moved vertex by this much (m). */
const DIFFERENCE_STEP_M = 0.002;

/** Moves the shape of an anchored canonical body so its tapes and volume reach the targets, keeping stature. */
export function reshapeToGirths(model: PosableBodyModel, startShape: ArrayLike<number>, anchors: readonly SiteAnchor[], targets: ShapeTargets): ReshapedBody {
  const K = model.shapeCount;
  const fields = anchors.map((anchor) => anchor.field).filter((field) => (targets.girthsM[field] ?? 0) > 0);
  const s0 = Float64Array.from(startShape);
  const start = evaluate(model, s0, anchors, fields);
  const statureTarget = start.statureM;
  const sigmaVolume = Math.max(1e-6, SIGMA_VOLUME_FRACTION * targets.volumeM3);
  const steps = differenceSteps(model);
  const sigmaShape = (k: number): number => (k < model.principalShapeCount ? SIGMA_PRINCIPAL : SIGMA_NAMED);

  // Residual vector: girths, volume, stature, then the prior rows.
  const rows = fields.length + 2 + K;
  const residuals = (e: Evaluation, s: Float64Array, out: Float64Array): number => {
    let cost = 0;
    fields.forEach((field, i) => {
      const g = e.girthsM.get(field)!;
      out[i] = Number.isFinite(g) ? (g - targets.girthsM[field]!) / SIGMA_GIRTH_M : 0;
    });
    out[fields.length] = (e.volumeM3 - targets.volumeM3) / sigmaVolume;
    out[fields.length + 1] = (e.statureM - statureTarget) / SIGMA_STATURE_M;
    for (let k = 0; k < K; k++) out[fields.length + 2 + k] = (s[k] - s0[k]) / sigmaShape(k);
    for (let r = 0; r < rows; r++) cost += out[r] * out[r];
    return cost;
  };

  let s = Float64Array.from(s0);
  let current = start;
  let r = new Float64Array(rows);
  let cost = residuals(current, s, r);
  let damping = 1e-3;
  let iterations = 0;
  const jacobian = new Float64Array(rows * K);
  const scratch = allocatePosedBody(model);
  const trial = new Float64Array(rows);
  for (; iterations < MAX_ITERATIONS; iterations++) {
    // Forward differences, one coefficient at a time: the model is linear in s, so the shifted body is
    // the current rest body plus step * basis_k (one pass over the vertices, not a whole re-shaping).
    // A difference step moves no vertex by more than 2 mm, so each tape only needs the triangles
    // near its plane (BAND_M) on the current body.
    const base = allocatePosedBody(model);
    shapeBody(model, s, base);
    const bands = trianglesNearPlanes(model, current.body, anchors, fields);
    for (let k = 0; k < K; k++) {
      const shifted = Float64Array.from(s);
      shifted[k] += steps[k];
      addBasis(model, base, k, steps[k], scratch);
      const e = evaluateBody(model, liftToFloor(scratch, model.triangles), anchors, fields, bands);
      residuals(e, shifted, trial);
      for (let i = 0; i < rows; i++) jacobian[i * K + k] = (trial[i] - r[i]) / steps[k];
    }
    let accepted = false;
    for (let attempt = 0; attempt < 6 && !accepted; attempt++) {
      const delta = solveDamped(jacobian, r, rows, K, damping);
      const candidate = Float64Array.from(s);
      for (let k = 0; k < K; k++) candidate[k] += delta[k];
      const e = evaluate(model, candidate, anchors, fields);
      const candidateCost = residuals(e, candidate, trial);
      if (candidateCost < cost) {
        accepted = true;
        const improvement = cost - candidateCost;
        s = candidate; current = e; cost = candidateCost; r = Float64Array.from(trial);
        damping = Math.max(1e-7, damping / 3);
        if (improvement < 1e-4 * cost) { iterations++; return result(s, current, fields, targets, start, iterations); }
      } else {
        damping *= 10;
      }
    }
    if (!accepted) break;
  }
  return result(s, current, fields, targets, start, iterations);
}

interface Evaluation {
  body: CanonicalBody;
  girthsM: Map<CircumferenceField, number>;
  volumeM3: number;
  statureM: number;
}

function evaluate(model: PosableBodyModel, shape: Float64Array, anchors: readonly SiteAnchor[], fields: readonly CircumferenceField[]): Evaluation {
  return evaluateBody(model, canonicalBody(model, shape), anchors, fields);
}

function evaluateBody(
  model: PosableBodyModel, body: CanonicalBody, anchors: readonly SiteAnchor[], fields: readonly CircumferenceField[],
  bands?: Map<CircumferenceField, Uint32Array>,
): Evaluation {
  const wanted = new Set(fields);
  const planes = canonicalSitePlanes(body, anchors).filter((plane) => wanted.has(plane.field));
  let top = -Infinity;
  for (let i = 1; i < body.positionsM.length; i += 3) if (body.positionsM[i] > top) top = body.positionsM[i];
  let girthsM: Map<CircumferenceField, number>;
  if (bands) {
    girthsM = new Map();
    for (const plane of planes) girthsM.set(plane.field, tapeOnSurface(body.positionsM, bands.get(plane.field)!, plane.centreM, plane.normal)?.perimeterM ?? Number.NaN);
  } else {
    girthsM = siteGirthsM(model, body.positionsM, planes);
  }
  return { body, girthsM, volumeM3: enclosedVolumeM3(body.positionsM, body.triangles), statureM: top };
}

/** Half-width of the slab around a site plane whose triangles a difference step's tape can touch (m). */
const BAND_M = 0.03;

/** Per site, its tape's triangles with a vertex within BAND_M of its plane on this body. */
function trianglesNearPlanes(model: PosableBodyModel, body: CanonicalBody, anchors: readonly SiteAnchor[], fields: readonly CircumferenceField[]): Map<CircumferenceField, Uint32Array> {
  const wanted = new Set(fields);
  const bands = new Map<CircumferenceField, Uint32Array>();
  const p = body.positionsM;
  for (const plane of canonicalSitePlanes(body, anchors)) {
    if (!wanted.has(plane.field)) continue;
    const all = siteTriangles(model, plane.field);
    const [cx, cy, cz] = plane.centreM, [nx, ny, nz] = plane.normal;
    const near = (v: number): boolean => Math.abs((p[3 * v] - cx) * nx + (p[3 * v + 1] - cy) * ny + (p[3 * v + 2] - cz) * nz) <= BAND_M;
    const kept = new Uint32Array(all.length);
    let n = 0;
    for (let t = 0; t < all.length; t += 3) {
      if (!near(all[t]) && !near(all[t + 1]) && !near(all[t + 2])) continue;
      kept[n++] = all[t]; kept[n++] = all[t + 1]; kept[n++] = all[t + 2];
    }
    bands.set(plane.field, kept.slice(0, n));
  }
  return bands;
}

function result(s: Float64Array, e: Evaluation, fields: readonly CircumferenceField[], targets: ShapeTargets, start: Evaluation, iterations: number): ReshapedBody {
  const girthErrorMm: Partial<Record<CircumferenceField, number>> = {};
  for (const field of fields) girthErrorMm[field] = (e.girthsM.get(field)! - targets.girthsM[field]!) * 1000;
  return {
    shape: Float32Array.from(s),
    body: e.body,
    girthErrorMm,
    volumeErrorPercent: (100 * (e.volumeM3 - targets.volumeM3)) / targets.volumeM3,
    statureChangeMm: (e.statureM - start.statureM) * 1000,
    iterations,
  };
}

/** out = base + step * basis_k for vertices and bone ends (the model is linear in its coefficients). */
function addBasis(model: PosableBodyModel, base: PosedBody, k: number, step: number, out: PosedBody): void {
  const add = (from: Float32Array, basis: Float32Array, to: Float32Array): void => {
    const n = from.length, o = k * n;
    for (let i = 0; i < n; i++) to[i] = from[i] + step * basis[o + i];
  };
  add(base.positionsM, model.shapeBasisM, out.positionsM);
  add(base.boneHeadM, model.boneHeadBasisM, out.boneHeadM);
  add(base.boneTailM, model.boneTailBasisM, out.boneTailM);
}

const stepsByModel = new WeakMap<PosableBodyModel, Float64Array>();

/** Per coefficient, the change that moves its most-moved vertex by DIFFERENCE_STEP_M. */
function differenceSteps(model: PosableBodyModel): Float64Array {
  let steps = stepsByModel.get(model);
  if (steps) return steps;
  steps = new Float64Array(model.shapeCount);
  const n = 3 * model.vertexCount;
  for (let k = 0; k < model.shapeCount; k++) {
    let largest = 0;
    for (let i = k * n; i < (k + 1) * n; i++) largest = Math.max(largest, Math.abs(model.shapeBasisM[i]));
    steps[k] = largest > 0 ? DIFFERENCE_STEP_M / largest : 1;
  }
  stepsByModel.set(model, steps);
  return steps;
}

/** Enclosed volume of a closed, outward-wound triangle mesh (m^3): sum of signed tetrahedra / 6 (one implementation, mesh-metrics.ts). */
export const enclosedVolumeM3 = (positionsM: Float32Array, triangles: Uint32Array): number => meshSignedVolume(positionsM, triangles);

/** Solves (J^T J + damping * diag(J^T J) + tiny I) delta = -J^T r by Cholesky (K small). */
function solveDamped(jacobian: Float64Array, r: Float64Array, rows: number, K: number, damping: number): Float64Array {
  const a = new Float64Array(K * K);
  const b = new Float64Array(K);
  for (let i = 0; i < rows; i++) {
    const ri = r[i];
    for (let p = 0; p < K; p++) {
      const jp = jacobian[i * K + p];
      if (jp === 0) continue;
      b[p] -= jp * ri;
      for (let q = p; q < K; q++) a[p * K + q] += jp * jacobian[i * K + q];
    }
  }
  for (let p = 0; p < K; p++) {
    for (let q = 0; q < p; q++) a[p * K + q] = a[q * K + p];
    a[p * K + p] += damping * a[p * K + p] + 1e-12;
  }
  // Cholesky in place (lower triangle), then forward and back substitution.
  for (let j = 0; j < K; j++) {
    let d = a[j * K + j];
    for (let k = 0; k < j; k++) d -= a[j * K + k] ** 2;
    const l = Math.sqrt(Math.max(d, 1e-18));
    a[j * K + j] = l;
    for (let i = j + 1; i < K; i++) {
      let v = a[i * K + j];
      for (let k = 0; k < j; k++) v -= a[i * K + k] * a[j * K + k];
      a[i * K + j] = v / l;
    }
  }
  const y = new Float64Array(K);
  for (let i = 0; i < K; i++) {
    let v = b[i];
    for (let k = 0; k < i; k++) v -= a[i * K + k] * y[k];
    y[i] = v / a[i * K + i];
  }
  const x = new Float64Array(K);
  for (let i = K - 1; i >= 0; i--) {
    let v = y[i];
    for (let k = i + 1; k < K; k++) v -= a[k * K + i] * x[k];
    x[i] = v / a[i * K + i];
  }
  return x;
}
