/**
 * One stage of the fit: iteratively reweighted Gauss-Newton with correspondences recomputed every
 * iteration, in the canonical frame (metres).
 *
 * Correspondences, both directions, point-to-plane:
 * - capture → model: every sample point q finds the nearest posed model vertex v within
 *   `captureRadiusM` whose normal agrees with q's (oriented: n_q·n_v > 0.3; unoriented: |n_q·n_v| > 0.5);
 *   residual n_v·(x_v − q). Pulls the model onto all captured surface.
 * - model → capture: every k-th model vertex finds the nearest sample point within `modelRadiusM`
 *   with an agreeing normal; residual n_q·(x_v − q) (n_q turned to agree with n_v). Vertices with no
 *   capture nearby (a missing back, the soles) add nothing, so holes do not pull the model in.
 *   Weighted by vertex area so the dense face and hands do not dominate.
 * Robust weight (Geman-McClure, IRLS form) on the point-to-point distance d: ρ = (σ²/(σ² + d²))².
 */
import type { CaptureSample } from './capture-subsample.ts';
import type { FitState } from './fit-kinematics.ts';
import { updatePosedBody } from './fit-kinematics.ts';
import type { NormalEquations, ParamLayout, Priors } from './fit-normal-equations.ts';
import { addVertexResidual, resetNormalEquations, solveAndApply } from './fit-normal-equations.ts';
import type { PointGrid } from './point-grid.ts';
import { buildPointGrid, nearestInGrid } from './point-grid.ts';

export interface FitWorkspace {
  state: FitState;
  sample: CaptureSample;
  sampleGrid: PointGrid;
  modelGrid: PointGrid | undefined;
  ne: NormalEquations;
  /** Rest area per vertex divided by the mean (dimensionless), for the model → capture weights. */
  vertexAreaWeight: Float32Array;
  iterations: number;
}

export interface StageSettings {
  layout: ParamLayout;
  priors: Priors;
  iterations: number;
  /** Robust scale σ (m) at the first and the last iteration (geometric in between). */
  sigmaStartM: number;
  sigmaEndM: number;
  captureRadiusM: number;
  modelRadiusM: number;
  /** Use every n-th sample point and every m-th model vertex. */
  sampleStride: number;
  vertexStride: number;
}

/** Runs a stage; leaves the state posed at its final parameters. */
export function runStage(ws: FitWorkspace, stage: StageSettings): void {
  const { state, ne } = ws;
  const shapeSolved = stage.layout.shapeActive > 0;
  for (let it = 0; it < stage.iterations; it++) {
    const t = stage.iterations > 1 ? it / (stage.iterations - 1) : 1;
    const sigma = stage.sigmaStartM * Math.pow(stage.sigmaEndM / stage.sigmaStartM, t);
    ws.modelGrid = buildPointGrid(state.posed, state.model.vertexCount, 0.03, ws.modelGrid);
    resetNormalEquations(ne, stage.layout.count);
    const cx = state.jointM[0], cy = state.jointM[1], cz = state.jointM[2];
    accumulateCaptureToModel(ws, stage, sigma, cx, cy, cz);
    accumulateModelToCapture(ws, stage, sigma, cx, cy, cz);
    if (ne.weightSum > 0 && solveAndApply(state, stage.layout, ne, stage.priors, cx, cy, cz)) {
      updatePosedBody(state, shapeSolved);
    }
    ws.iterations++;
  }
}

function accumulateCaptureToModel(ws: FitWorkspace, stage: StageSettings, sigma: number, cx: number, cy: number, cz: number): void {
  const { state, sample, ne } = ws;
  const grid = ws.modelGrid!;
  const pts = sample.points, nrm = sample.normals, mn = state.normals;
  const s2 = sigma * sigma;
  const half = 0.5;
  for (let i = 0; i < sample.count; i += stage.sampleStride) {
    const qx = pts[3 * i], qy = pts[3 * i + 1], qz = pts[3 * i + 2];
    const v = nearestInGrid(grid, qx, qy, qz, stage.captureRadiusM, mn, nrm[3 * i], nrm[3 * i + 1], nrm[3 * i + 2],
      sample.oriented ? 0.3 : 0.5, !sample.oriented);
    if (v < 0) continue;
    const d2 = grid.lastDistanceSq;
    const g = s2 / (s2 + d2);
    addVertexResidual(state, stage.layout, ne, v, qx, qy, qz, mn[3 * v], mn[3 * v + 1], mn[3 * v + 2], half * g * g, cx, cy, cz);
  }
}

function accumulateModelToCapture(ws: FitWorkspace, stage: StageSettings, sigma: number, cx: number, cy: number, cz: number): void {
  const { state, sample, ne, sampleGrid } = ws;
  const pts = sample.points, nrm = sample.normals, mn = state.normals, posed = state.posed;
  const s2 = sigma * sigma;
  // The two directions weigh the same in total: scale by (sample points used) / (vertices used).
  const used = Math.ceil(sample.count / stage.sampleStride), vUsed = Math.ceil(state.model.vertexCount / stage.vertexStride);
  const balance = (0.5 * used) / vUsed;
  for (let v = 0; v < state.model.vertexCount; v += stage.vertexStride) {
    const x = posed[3 * v], y = posed[3 * v + 1], z = posed[3 * v + 2];
    const nx = mn[3 * v], ny = mn[3 * v + 1], nz = mn[3 * v + 2];
    const j = nearestInGrid(sampleGrid, x, y, z, stage.modelRadiusM, nrm, nx, ny, nz, sample.oriented ? 0.3 : 0.5, !sample.oriented);
    if (j < 0) continue;
    const d2 = sampleGrid.lastDistanceSq;
    const g = s2 / (s2 + d2);
    let qnx = nrm[3 * j], qny = nrm[3 * j + 1], qnz = nrm[3 * j + 2];
    if (qnx * nx + qny * ny + qnz * nz < 0) { qnx = -qnx; qny = -qny; qnz = -qnz; }
    addVertexResidual(state, stage.layout, ne, v, pts[3 * j], pts[3 * j + 1], pts[3 * j + 2], qnx, qny, qnz,
      balance * ws.vertexAreaWeight[v] * g * g, cx, cy, cz);
  }
}

/**
 * Robust fit score for choosing between starts (lower is better, dimensionless): mean over sample
 * points of min(d², τ²)/τ² to the nearest model vertex plus the area-weighted mean over model
 * vertices of min(d², τ²)/τ² to the nearest sample point, τ = 3 cm.
 */
export function fitScore(ws: FitWorkspace, sampleStride: number): number {
  const { state, sample, sampleGrid } = ws;
  const tau = 0.03, t2 = tau * tau;
  ws.modelGrid = buildPointGrid(state.posed, state.model.vertexCount, 0.03, ws.modelGrid);
  let a = 0, na = 0;
  for (let i = 0; i < sample.count; i += sampleStride) {
    const v = nearestInGrid(ws.modelGrid, sample.points[3 * i], sample.points[3 * i + 1], sample.points[3 * i + 2], tau);
    a += v < 0 ? 1 : ws.modelGrid.lastDistanceSq / t2; na++;
  }
  let b = 0, wb = 0;
  for (let v = 0; v < state.model.vertexCount; v += 2) {
    const j = nearestInGrid(sampleGrid, state.posed[3 * v], state.posed[3 * v + 1], state.posed[3 * v + 2], tau);
    const w = ws.vertexAreaWeight[v];
    b += w * (j < 0 ? 1 : sampleGrid.lastDistanceSq / t2); wb += w;
  }
  return a / Math.max(1, na) + b / Math.max(1e-9, wb);
}

/**
 * Share of sample points more than 3 cm above the floor (floor remnants left out) within `withinM`
 * (m) of a posed model vertex. Rebuilds the model grid.
 */
export function sampleInlierFraction(ws: FitWorkspace, withinM: number): number {
  const { state, sample } = ws;
  ws.modelGrid = buildPointGrid(state.posed, state.model.vertexCount, 0.03, ws.modelGrid);
  let n = 0, m = 0;
  for (let i = 0; i < sample.count; i++) {
    if (sample.points[3 * i + 1] < 0.03) continue;
    m++;
    if (nearestInGrid(ws.modelGrid, sample.points[3 * i], sample.points[3 * i + 1], sample.points[3 * i + 2], withinM) >= 0) n++;
  }
  return m > 0 ? n / m : 0;
}
