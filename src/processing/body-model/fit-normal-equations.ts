/**
 * Gauss-Newton normal equations of the fit and their damped solution.
 *
 * Unknowns (the increment δ, all in the canonical frame, metres and radians):
 *   δ[0..3]  rotation of the whole body about the centre c (world axes),
 *   δ[3..6]  translation of the whole body,
 *   3 per active bone j: rotation of j's subtree about its posed joint p_j (world axes),
 *   1 per active shape coefficient β_k.
 * A point-to-plane residual r = n·(x_v − q) of posed model vertex x_v against a target q with unit
 * normal n has the derivatives (δ small):
 *   ∂r/∂ω_root = (x_v − c) × n,   ∂r/∂t = n,
 *   ∂r/∂ω_j   = (Σ_{i: j ∈ ancestors(b_i)} w_i (A_i v + t_i − p_j)) × n,
 *   ∂r/∂β_k   = n · Σ_i w_i (A_i S_k(v) + ∂t_i/∂β_k),
 * (i over the vertex's skin influences; ancestors include the bone itself). The solver minimises
 *   Σ ρ_c r_c² / (s² Σρ) + Σ_j λ_j |θ_j|² + Σ_k λ_k β_k²
 * with robust weights ρ (fixed per iteration: iteratively reweighted least squares) and solves
 *   (JᵀWJ + P + μ·diag) δ = −(JᵀWr + Pθ)   by Cholesky.
 */
import type { FitState } from './fit-kinematics.ts';
import { multiply3, rotationMatrixFromVector, rotationVectorFromMatrix } from './fit-kinematics.ts';

export interface ParamLayout {
  count: number;
  /** First unknown of bone b (3 of them), or -1 when the bone is not solved for. */
  boneParam: Int16Array;
  /** First shape unknown; the first `shapeActive` coefficients are solved for. */
  shapeStart: number;
  shapeActive: number;
}

export function makeLayout(boneActive: ArrayLike<boolean>, boneCount: number, shapeActive: number): ParamLayout {
  const boneParam = new Int16Array(boneCount).fill(-1);
  let p = 6;
  for (let b = 0; b < boneCount; b++) if (boneActive[b]) { boneParam[b] = p; p += 3; }
  return { count: p + shapeActive, boneParam, shapeStart: p, shapeActive };
}

export interface NormalEquations {
  size: number;
  H: Float64Array; // size², upper and lower filled at solve time
  g: Float64Array;
  /** Σ ρ r² and Σ ρ of the data terms accumulated so far. */
  weightedSq: number;
  weightSum: number;
  /** Scratch for one residual's sparse gradient. */
  idx: Int32Array;
  val: Float64Array;
  boneAcc: Float64Array;
  boneStamp: Int32Array;
  stamp: number;
  touched: Int32Array;
  shapeVal: Float64Array;
  solution: Float64Array;
  factor: Float64Array;
}

export function createNormalEquations(maxSize: number, boneCount: number): NormalEquations {
  return {
    size: maxSize, H: new Float64Array(maxSize * maxSize), g: new Float64Array(maxSize), weightedSq: 0, weightSum: 0,
    idx: new Int32Array(maxSize), val: new Float64Array(maxSize), boneAcc: new Float64Array(3 * boneCount),
    boneStamp: new Int32Array(boneCount), stamp: 0, touched: new Int32Array(boneCount), shapeVal: new Float64Array(maxSize),
    solution: new Float64Array(maxSize), factor: new Float64Array(maxSize * maxSize),
  };
}

export function resetNormalEquations(ne: NormalEquations, size: number): void {
  ne.size = size;
  ne.H.fill(0, 0, size * size);
  ne.g.fill(0, 0, size);
  ne.weightedSq = 0;
  ne.weightSum = 0;
}

/**
 * Adds ρ·r² for r = n·(x_v − q) of model vertex v (posed position from state) to the equations,
 * with the derivatives in the header. (cx, cy, cz) is the centre of the root rotation.
 */
export function addVertexResidual(
  state: FitState, layout: ParamLayout, ne: NormalEquations, v: number,
  qx: number, qy: number, qz: number, nx: number, ny: number, nz: number, rho: number,
  cx: number, cy: number, cz: number,
): void {
  const { model, posed, globalA, globalT, restVertices, jointM, chain, chainStride, dTdShape } = state;
  const x = posed[3 * v], y = posed[3 * v + 1], z = posed[3 * v + 2];
  const r = nx * (x - qx) + ny * (y - qy) + nz * (z - qz);
  const idx = ne.idx, val = ne.val;
  let m = 0;
  const ax = x - cx, ay = y - cy, az = z - cz;
  idx[m] = 0; val[m++] = ay * nz - az * ny;
  idx[m] = 1; val[m++] = az * nx - ax * nz;
  idx[m] = 2; val[m++] = ax * ny - ay * nx;
  idx[m] = 3; val[m++] = nx;
  idx[m] = 4; val[m++] = ny;
  idx[m] = 5; val[m++] = nz;
  const stamp = ++ne.stamp;
  let touched = 0;
  const vx = restVertices[3 * v], vy = restVertices[3 * v + 1], vz = restVertices[3 * v + 2];
  const K = model.shapeCount, V3 = 3 * model.vertexCount, S = layout.shapeStart;
  for (let k = 0; k < layout.shapeActive; k++) val[m + k] = 0;
  // Σ_i w_i nᵀA_i: the row vector mapping a rest-frame offset of v to the residual (the same
  // S_k(v) serves every influence, so the basis is read once per vertex).
  let ux = 0, uy = 0, uz = 0;
  for (let i = 0; i < 4; i++) {
    const w = model.skinWeights[4 * v + i];
    if (w === 0) continue;
    const b = model.skinBones[4 * v + i], A = 9 * b, T = 3 * b;
    const px = globalA[A] * vx + globalA[A + 1] * vy + globalA[A + 2] * vz + globalT[T];
    const py = globalA[A + 3] * vx + globalA[A + 4] * vy + globalA[A + 5] * vz + globalT[T + 1];
    const pz = globalA[A + 6] * vx + globalA[A + 7] * vy + globalA[A + 8] * vz + globalT[T + 2];
    for (let c = b * chainStride; ; c++) {
      const j = chain[c];
      if (j < 0) break;
      if (layout.boneParam[j] < 0) continue;
      if (ne.boneStamp[j] !== stamp) {
        ne.boneStamp[j] = stamp; ne.touched[touched++] = j;
        ne.boneAcc[3 * j] = 0; ne.boneAcc[3 * j + 1] = 0; ne.boneAcc[3 * j + 2] = 0;
      }
      ne.boneAcc[3 * j] += w * (px - jointM[3 * j]);
      ne.boneAcc[3 * j + 1] += w * (py - jointM[3 * j + 1]);
      ne.boneAcc[3 * j + 2] += w * (pz - jointM[3 * j + 2]);
    }
    ux += w * (nx * globalA[A] + ny * globalA[A + 3] + nz * globalA[A + 6]);
    uy += w * (nx * globalA[A + 1] + ny * globalA[A + 4] + nz * globalA[A + 7]);
    uz += w * (nx * globalA[A + 2] + ny * globalA[A + 5] + nz * globalA[A + 8]);
    // Joint motion with shape: w_i n·∂t_i/∂β_k.
    const d0 = 3 * b * K;
    for (let k = 0; k < layout.shapeActive; k++) {
      const d = d0 + 3 * k;
      val[m + k] += w * (nx * dTdShape[d] + ny * dTdShape[d + 1] + nz * dTdShape[d + 2]);
    }
  }
  const basis = model.shapeBasisM;
  for (let k = 0, o = 3 * v; k < layout.shapeActive; k++, o += V3) {
    val[m + k] += ux * basis[o] + uy * basis[o + 1] + uz * basis[o + 2];
  }
  // Entries in increasing unknown order (root, bones ascending, shape) so only the upper triangle
  // of H is accumulated; solveAndApply mirrors it.
  for (let a = 1; a < touched; a++) {
    const j = ne.touched[a];
    let c = a - 1;
    while (c >= 0 && ne.touched[c] > j) { ne.touched[c + 1] = ne.touched[c]; c--; }
    ne.touched[c + 1] = j;
  }
  const shapeVal = ne.shapeVal;
  for (let k = 0; k < layout.shapeActive; k++) shapeVal[k] = val[m + k];
  let e = m;
  for (let t = 0; t < touched; t++) {
    const j = ne.touched[t], p = layout.boneParam[j];
    const dx = ne.boneAcc[3 * j], dy = ne.boneAcc[3 * j + 1], dz = ne.boneAcc[3 * j + 2];
    idx[e] = p; val[e++] = dy * nz - dz * ny;
    idx[e] = p + 1; val[e++] = dz * nx - dx * nz;
    idx[e] = p + 2; val[e++] = dx * ny - dy * nx;
  }
  for (let k = 0; k < layout.shapeActive; k++) { idx[e] = S + k; val[e++] = shapeVal[k]; }
  const H = ne.H, g = ne.g, size = ne.size;
  for (let a = 0; a < e; a++) {
    const ia = idx[a], va = rho * val[a];
    g[ia] += va * r;
    const row = ia * size;
    for (let b = a; b < e; b++) H[row + idx[b]] += va * val[b];
  }
  ne.weightedSq += rho * r * r;
  ne.weightSum += rho;
}

export interface Priors {
  /** Data residual scale s (m): the data term is Σρr²/(s²Σρ). */
  dataScaleM: number;
  /** λ per bone for |θ_b|² (θ = local rotation vector). */
  poseWeight: Float64Array;
  /** λ per shape coefficient for β_k². */
  shapeWeight: Float64Array;
  /** Levenberg-Marquardt damping μ (relative to the diagonal) and absolute floor. */
  damping: number;
  /** Largest rotation per step (rad); larger steps are scaled down. */
  maxStepRad: number;
}

/**
 * Normalises the data term, adds the priors and damping, solves, and applies the increment to the
 * state's parameters (not yet re-posed). Returns false when the system is singular.
 */
export function solveAndApply(state: FitState, layout: ParamLayout, ne: NormalEquations, priors: Priors, cx: number, cy: number, cz: number): boolean {
  const n = layout.count, H = ne.H, g = ne.g, size = ne.size;
  const scale = 1 / (priors.dataScaleM * priors.dataScaleM * Math.max(ne.weightSum, 1e-9));
  for (let i = 0; i < n; i++) for (let j = i; j < n; j++) { H[i * size + j] *= scale; H[j * size + i] = H[i * size + j]; }
  for (let i = 0; i < n; i++) g[i] *= scale;
  const { model, local, shape } = state;
  const theta = new Float64Array(3);
  for (let b = 0; b < model.boneCount; b++) {
    const p = layout.boneParam[b];
    if (p < 0) continue;
    // Prior residual √λ(θ_b + R_pᵀ δ_b): Jacobian R_pᵀ, JᵀJ = I, Jᵀr = R_p θ_b.
    const lambda = priors.poseWeight[b];
    rotationVectorFromMatrix(local, 9 * b, theta, 0);
    const par = model.boneParent[b];
    const Rp = par < 0 ? state.rootR : state.globalA, o = par < 0 ? 0 : 9 * par;
    for (let r = 0; r < 3; r++) {
      H[(p + r) * size + p + r] += lambda;
      g[p + r] += lambda * (Rp[o + 3 * r] * theta[0] + Rp[o + 3 * r + 1] * theta[1] + Rp[o + 3 * r + 2] * theta[2]);
    }
  }
  for (let k = 0; k < layout.shapeActive; k++) {
    const i = layout.shapeStart + k;
    H[i * size + i] += priors.shapeWeight[k];
    g[i] += priors.shapeWeight[k] * shape[k];
  }
  const L = ne.factor;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) L[i * n + j] = H[i * size + j];
    L[i * n + i] += priors.damping * H[i * size + i] + 1e-9;
  }
  if (!choleskySolveInPlace(L, n, g, ne.solution)) return false;
  const d = ne.solution;
  for (let i = 0; i < n; i++) d[i] = -d[i];
  // Limit rotation steps: a wild first correspondence set must not flip a limb.
  let maxRot = Math.hypot(d[0], d[1], d[2]);
  for (let b = 0; b < model.boneCount; b++) {
    const p = layout.boneParam[b];
    if (p >= 0) maxRot = Math.max(maxRot, Math.hypot(d[p], d[p + 1], d[p + 2]));
  }
  const f = maxRot > priors.maxStepRad ? priors.maxStepRad / maxRot : 1;
  applyIncrement(state, layout, d, f, cx, cy, cz);
  return true;
}

const scratchR = new Float64Array(9), scratchM = new Float64Array(9), scratchN = new Float64Array(9);

/**
 * Applies increment f·d. Root: x ↦ R_δ(x − c) + c + t, so R ← R_δR, T ← R_δ(T − c) + c + t.
 * Bone j: a world rotation R_δ about p_j becomes the local R_j ← R_pᵀ R_δ R_p R_j (the joint stays).
 * Bones are updated from the leaves up so each uses its parent's pre-step global rotation.
 */
export function applyIncrement(state: FitState, layout: ParamLayout, d: Float64Array, f: number, cx: number, cy: number, cz: number): void {
  const { model, local, globalA, rootR, rootT, shape } = state;
  for (let b = model.boneCount - 1; b >= 0; b--) {
    const p = layout.boneParam[b];
    if (p < 0) continue;
    rotationMatrixFromVector(f * d[p], f * d[p + 1], f * d[p + 2], scratchR, 0);
    const par = model.boneParent[b];
    const Rp = par < 0 ? rootR : globalA, o = par < 0 ? 0 : 9 * par;
    // M = R_pᵀ R_δ R_p
    multiply3(scratchR, 0, Rp, o, scratchM, 0);
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) {
      scratchN[3 * r + c] = Rp[o + r] * scratchM[c] + Rp[o + 3 + r] * scratchM[3 + c] + Rp[o + 6 + r] * scratchM[6 + c];
    }
    multiply3(scratchN, 0, local, 9 * b, scratchM, 0);
    local.set(scratchM, 9 * b);
  }
  rotationMatrixFromVector(f * d[0], f * d[1], f * d[2], scratchR, 0);
  multiply3(scratchR, 0, rootR, 0, scratchM, 0);
  rootR.set(scratchM);
  const tx = rootT[0] - cx, ty = rootT[1] - cy, tz = rootT[2] - cz;
  rootT[0] = scratchR[0] * tx + scratchR[1] * ty + scratchR[2] * tz + cx + f * d[3];
  rootT[1] = scratchR[3] * tx + scratchR[4] * ty + scratchR[5] * tz + cy + f * d[4];
  rootT[2] = scratchR[6] * tx + scratchR[7] * ty + scratchR[8] * tz + cz + f * d[5];
  for (let k = 0; k < layout.shapeActive; k++) shape[k] += f * d[layout.shapeStart + k];
}

/** Solves A x = b for symmetric positive definite A (n×n, overwritten by its Cholesky factor). */
export function choleskySolveInPlace(A: Float64Array, n: number, b: Float64Array, x: Float64Array): boolean {
  for (let j = 0; j < n; j++) {
    let s = A[j * n + j];
    for (let k = 0; k < j; k++) s -= A[j * n + k] * A[j * n + k];
    if (!(s > 0)) return false;
    const d = Math.sqrt(s);
    A[j * n + j] = d;
    for (let i = j + 1; i < n; i++) {
      let t = A[i * n + j];
      for (let k = 0; k < j; k++) t -= A[i * n + k] * A[j * n + k];
      A[i * n + j] = t / d;
    }
  }
  for (let i = 0; i < n; i++) {
    let s = b[i];
    for (let k = 0; k < i; k++) s -= A[i * n + k] * x[k];
    x[i] = s / A[i * n + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = x[i];
    for (let k = i + 1; k < n; k++) s -= A[k * n + i] * x[k];
    x[i] = s / A[i * n + i];
  }
  return true;
}
