/**
 * Forward kinematics and linear blend skinning for the fit, with the derivatives the solver needs.
 * Frame: the model frame (metres, Y up, facing +Z). The fit keeps every bone's local rotation as a
 * 3×3 matrix (row-major, Float64) so that solver increments compose exactly; rotation vectors are
 * produced only for the returned BodyParams.
 *
 * Pose semantics (posable-model-types.ts): bone b turns its subtree by R_b about its rest head h_b,
 * expressed in the parent's rest axes, which are the model axes (no bone carries a rest rotation):
 *   F_b(x) = F_p(R_b (x − h_b) + h_b),   F_root_parent(x) = R_root x + T.
 * Written as an affine map F_b(x) = A_b x + t_b:
 *   A_b = A_p R_b,   t_b = A_p (h_b − R_b h_b) + t_p.                                  (1)
 * A shaped rest vertex v with skin (bone i, weight w_i) goes to x = Σ w_i (A_i v + t_i)      (2)
 * (linear blend skinning, Magnenat-Thalmann et al. 1988).
 */
import type { PosableBodyModel } from './posable-model-types.ts';

/** Rodrigues' formula: rotation vector (axis·angle, rad) → row-major 3×3 matrix into out[o..o+9]. */
export function rotationMatrixFromVector(rx: number, ry: number, rz: number, out: Float64Array, o = 0): void {
  const angle = Math.sqrt(rx * rx + ry * ry + rz * rz);
  if (angle < 1e-12) {
    out[o] = 1; out[o + 1] = -rz; out[o + 2] = ry;
    out[o + 3] = rz; out[o + 4] = 1; out[o + 5] = -rx;
    out[o + 6] = -ry; out[o + 7] = rx; out[o + 8] = 1;
    return;
  }
  const x = rx / angle, y = ry / angle, z = rz / angle;
  const c = Math.cos(angle), s = Math.sin(angle), C = 1 - c;
  out[o] = c + x * x * C; out[o + 1] = x * y * C - z * s; out[o + 2] = x * z * C + y * s;
  out[o + 3] = y * x * C + z * s; out[o + 4] = c + y * y * C; out[o + 5] = y * z * C - x * s;
  out[o + 6] = z * x * C - y * s; out[o + 7] = z * y * C + x * s; out[o + 8] = c + z * z * C;
}

/** Logarithm of a rotation matrix (row-major at m[o..o+9]) → rotation vector into out[oo..oo+3]. */
export function rotationVectorFromMatrix(m: Float64Array, o: number, out: Float32Array | Float64Array, oo = 0): void {
  const trace = m[o] + m[o + 4] + m[o + 8];
  const cosA = Math.min(1, Math.max(-1, 0.5 * (trace - 1)));
  const angle = Math.acos(cosA);
  const wx = m[o + 7] - m[o + 5], wy = m[o + 2] - m[o + 6], wz = m[o + 3] - m[o + 1];
  if (angle < 1e-6) { out[oo] = 0.5 * wx; out[oo + 1] = 0.5 * wy; out[oo + 2] = 0.5 * wz; return; }
  if (Math.PI - angle < 1e-4) {
    // Near π the antisymmetric part vanishes: the axis is the dominant column of (R + I)/2.
    const xx = Math.sqrt(Math.max(0, (m[o] + 1) / 2)), yy = Math.sqrt(Math.max(0, (m[o + 4] + 1) / 2)), zz = Math.sqrt(Math.max(0, (m[o + 8] + 1) / 2));
    let ax = xx, ay = yy, az = zz;
    if (xx >= yy && xx >= zz) { ay = Math.sign(m[o + 1] || 1) * yy; az = Math.sign(m[o + 2] || 1) * zz; }
    else if (yy >= zz) { ax = Math.sign(m[o + 1] || 1) * xx; az = Math.sign(m[o + 5] || 1) * zz; }
    else { ax = Math.sign(m[o + 2] || 1) * xx; ay = Math.sign(m[o + 5] || 1) * yy; }
    const n = Math.hypot(ax, ay, az) || 1;
    out[oo] = (angle * ax) / n; out[oo + 1] = (angle * ay) / n; out[oo + 2] = (angle * az) / n;
    return;
  }
  const k = angle / (2 * Math.sin(angle));
  out[oo] = k * wx; out[oo + 1] = k * wy; out[oo + 2] = k * wz;
}

/** c = a · b for row-major 3×3 blocks at offsets. c must not alias a or b. */
export function multiply3(a: Float64Array, ao: number, b: Float64Array, bo: number, c: Float64Array, co: number): void {
  for (let r = 0; r < 3; r++) {
    const a0 = a[ao + 3 * r], a1 = a[ao + 3 * r + 1], a2 = a[ao + 3 * r + 2];
    c[co + 3 * r] = a0 * b[bo] + a1 * b[bo + 3] + a2 * b[bo + 6];
    c[co + 3 * r + 1] = a0 * b[bo + 1] + a1 * b[bo + 4] + a2 * b[bo + 7];
    c[co + 3 * r + 2] = a0 * b[bo + 2] + a1 * b[bo + 5] + a2 * b[bo + 8];
  }
}

/** The fit's mutable state: parameters as matrices plus everything derived from them. */
export interface FitState {
  readonly model: PosableBodyModel;
  shape: Float64Array; // K
  /** Local bone rotations R_b, 9B row-major. */
  local: Float64Array;
  rootR: Float64Array; // 9
  rootT: Float64Array; // 3 (m)
  /** Shaped rest geometry (m, model frame): vertices 3V, bone heads/tails 3B. */
  restVertices: Float32Array;
  restHead: Float64Array;
  restTail: Float64Array;
  /** Global affine per bone (1): A 9B, t 3B. */
  globalA: Float64Array;
  globalT: Float64Array;
  /** ∂t_b/∂β_k, (B·K) blocks of 3: index 3(b·K + k). */
  dTdShape: Float64Array;
  /** Posed vertices 3V and unit vertex normals 3V; posed joints (bone heads) 3B. */
  posed: Float32Array;
  normals: Float32Array;
  jointM: Float64Array;
  /** For each bone, its ancestors including itself, nearest first, -1 terminated (B × depthMax). */
  chain: Int16Array;
  chainStride: number;
}

export function createFitState(model: PosableBodyModel): FitState {
  const B = model.boneCount, V = model.vertexCount, K = model.shapeCount;
  let depthMax = 1;
  for (let b = 0; b < B; b++) {
    let d = 1;
    for (let p = model.boneParent[b]; p >= 0; p = model.boneParent[p]) d++;
    depthMax = Math.max(depthMax, d);
  }
  const chainStride = depthMax + 1;
  const chain = new Int16Array(B * chainStride).fill(-1);
  for (let b = 0; b < B; b++) {
    let n = 0;
    for (let p = b; p >= 0; p = model.boneParent[p]) chain[b * chainStride + n++] = p;
  }
  const local = new Float64Array(9 * B);
  for (let b = 0; b < B; b++) { local[9 * b] = 1; local[9 * b + 4] = 1; local[9 * b + 8] = 1; }
  const rootR = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  return {
    model, shape: new Float64Array(K), local, rootR, rootT: new Float64Array(3),
    restVertices: new Float32Array(3 * V), restHead: new Float64Array(3 * B), restTail: new Float64Array(3 * B),
    globalA: new Float64Array(9 * B), globalT: new Float64Array(3 * B), dTdShape: new Float64Array(3 * B * K),
    posed: new Float32Array(3 * V), normals: new Float32Array(3 * V), jointM: new Float64Array(3 * B),
    chain, chainStride,
  };
}

/** Rest geometry for the current shape: v = v̄ + Σ_k β_k S_k (and the same for bone ends). */
export function applyShape(state: FitState): void {
  const { model, shape, restVertices, restHead, restTail } = state;
  const V3 = 3 * model.vertexCount, B3 = 3 * model.boneCount;
  restVertices.set(model.meanPositionsM);
  for (let i = 0; i < B3; i++) { restHead[i] = model.boneHeadMeanM[i]; restTail[i] = model.boneTailMeanM[i]; }
  for (let k = 0; k < model.shapeCount; k++) {
    const beta = shape[k];
    if (beta === 0) continue;
    const basis = model.shapeBasisM, o = k * V3;
    for (let i = 0; i < V3; i++) restVertices[i] += beta * basis[o + i];
    const ob = k * B3;
    for (let i = 0; i < B3; i++) {
      restHead[i] += beta * model.boneHeadBasisM[ob + i];
      restTail[i] += beta * model.boneTailBasisM[ob + i];
    }
  }
}

/** Global transforms (1), posed joints, and ∂t_b/∂β_k = A_p (I − R_b) ∂h_b/∂β_k + ∂t_p/∂β_k. */
export function forwardKinematics(state: FitState): void {
  const { model, local, globalA, globalT, restHead, rootR, rootT, dTdShape, jointM } = state;
  const B = model.boneCount, K = model.shapeCount, B3 = 3 * B;
  for (let b = 0; b < B; b++) {
    const p = model.boneParent[b];
    const pA = p < 0 ? rootR : globalA, pAo = p < 0 ? 0 : 9 * p;
    const pT = p < 0 ? rootT : globalT, pTo = p < 0 ? 0 : 3 * p;
    multiply3(pA, pAo, local, 9 * b, globalA, 9 * b);
    const hx = restHead[3 * b], hy = restHead[3 * b + 1], hz = restHead[3 * b + 2];
    const R = 9 * b;
    const dx = hx - (local[R] * hx + local[R + 1] * hy + local[R + 2] * hz);
    const dy = hy - (local[R + 3] * hx + local[R + 4] * hy + local[R + 5] * hz);
    const dz = hz - (local[R + 6] * hx + local[R + 7] * hy + local[R + 8] * hz);
    for (let r = 0; r < 3; r++) {
      globalT[3 * b + r] = pA[pAo + 3 * r] * dx + pA[pAo + 3 * r + 1] * dy + pA[pAo + 3 * r + 2] * dz + pT[pTo + r];
      // The joint is where the parent carries the rest head: F_p(h_b).
      jointM[3 * b + r] = pA[pAo + 3 * r] * hx + pA[pAo + 3 * r + 1] * hy + pA[pAo + 3 * r + 2] * hz + pT[pTo + r];
    }
    for (let k = 0; k < K; k++) {
      const ob = k * B3 + 3 * b;
      const gx = model.boneHeadBasisM[ob], gy = model.boneHeadBasisM[ob + 1], gz = model.boneHeadBasisM[ob + 2];
      const ex = gx - (local[R] * gx + local[R + 1] * gy + local[R + 2] * gz);
      const ey = gy - (local[R + 3] * gx + local[R + 4] * gy + local[R + 5] * gz);
      const ez = gz - (local[R + 6] * gx + local[R + 7] * gy + local[R + 8] * gz);
      const o = 3 * (b * K + k), po = 3 * (p * K + k);
      for (let r = 0; r < 3; r++) {
        dTdShape[o + r] = pA[pAo + 3 * r] * ex + pA[pAo + 3 * r + 1] * ey + pA[pAo + 3 * r + 2] * ez + (p < 0 ? 0 : dTdShape[po + r]);
      }
    }
  }
}

/** Linear blend skinning (2) of every shaped rest vertex into state.posed. */
export function skinVertices(state: FitState): void {
  const { model, restVertices, globalA, globalT, posed } = state;
  const V = model.vertexCount, bones = model.skinBones, weights = model.skinWeights;
  for (let v = 0; v < V; v++) {
    const vx = restVertices[3 * v], vy = restVertices[3 * v + 1], vz = restVertices[3 * v + 2];
    let x = 0, y = 0, z = 0;
    for (let i = 0; i < 4; i++) {
      const w = weights[4 * v + i];
      if (w === 0) continue;
      const b = bones[4 * v + i], A = 9 * b, T = 3 * b;
      x += w * (globalA[A] * vx + globalA[A + 1] * vy + globalA[A + 2] * vz + globalT[T]);
      y += w * (globalA[A + 3] * vx + globalA[A + 4] * vy + globalA[A + 5] * vz + globalT[T + 1]);
      z += w * (globalA[A + 6] * vx + globalA[A + 7] * vy + globalA[A + 8] * vz + globalT[T + 2]);
    }
    posed[3 * v] = x; posed[3 * v + 1] = y; posed[3 * v + 2] = z;
  }
}

/** Area-weighted vertex normals of the posed mesh (unit length; outward for an outward-wound mesh). */
export function vertexNormals(positions: Float32Array, triangles: Uint32Array, out: Float32Array): void {
  out.fill(0);
  for (let t = 0; t < triangles.length; t += 3) {
    const a = 3 * triangles[t], b = 3 * triangles[t + 1], c = 3 * triangles[t + 2];
    const ux = positions[b] - positions[a], uy = positions[b + 1] - positions[a + 1], uz = positions[b + 2] - positions[a + 2];
    const vx = positions[c] - positions[a], vy = positions[c + 1] - positions[a + 1], vz = positions[c + 2] - positions[a + 2];
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    out[a] += nx; out[a + 1] += ny; out[a + 2] += nz;
    out[b] += nx; out[b + 1] += ny; out[b + 2] += nz;
    out[c] += nx; out[c + 1] += ny; out[c + 2] += nz;
  }
  for (let i = 0; i < out.length; i += 3) {
    const l = Math.sqrt(out[i] * out[i] + out[i + 1] * out[i + 1] + out[i + 2] * out[i + 2]);
    if (l > 0) { out[i] /= l; out[i + 1] /= l; out[i + 2] /= l; }
  }
}

/** Shape → kinematics → skin → normals: the posed body for the state's current parameters. */
export function updatePosedBody(state: FitState, shapeChanged: boolean): void {
  if (shapeChanged) applyShape(state);
  forwardKinematics(state);
  skinVertices(state);
  vertexNormals(state.posed, state.model.triangles, state.normals);
}
