/**
 * Frame-to-model registration on the fused field itself (Bylow et al. 2013, "Real-time camera tracking
 * and 3D reconstruction using signed distance functions"; Canelhas et al. 2013): find the rigid
 * motion ξ = (ω, v) that puts a frame's points on the model's zero level,
 *   min_ξ Σ_i ρ(D(exp(ξ)·q_i)),   q_i = T·p_i (the points under the current estimate T),
 * by Gauss–Newton with the linearisation D(q + ω×(q − c) + v) ≈ D(q) + ∇D·(ω×(q − c)) + ∇D·v, i.e. the
 * Jacobian row [((q − c) × ∇D)ᵀ, ∇Dᵀ], Huber weights ρ (δ = huberM) and Levenberg–Marquardt damping.
 * No correspondences are searched: the field is its own nearest-surface oracle (point-to-plane ICP
 * against the model's tangent planes). Rotations are about c, the body's centre, so the rotation and
 * translation are decoupled for a body turning on the spot.
 * Frames: points in the camera frame (m); T: camera → model; D and c in the model frame.
 */
import type { Mat4 } from './rigid-transform.ts';
import { multiply4, twistAbout } from './rigid-transform.ts';
import type { SparseVoxelBlocks } from './sparse-voxel-blocks.ts';
import { SAMPLE_DISTANCE, SAMPLE_GX, SAMPLE_GY, SAMPLE_GZ, sampleTsdf } from './tsdf-sampling.ts';

export interface RegistrationOptions {
  iterations: number;
  /** Huber threshold (m). */
  huberM: number;
  /** Residuals beyond this are not the same surface (m). */
  maxResidualM: number;
  /** Voxels observed with less weight are unknown. */
  minWeight: number;
  /**
   * Levenberg–Marquardt damping per parameter (ωx, ωy, ωz, vx, vy, vz), as a fraction of the
   * diagonal of JᵀJ: a larger value trusts the prediction more along that parameter.
   */
  damping: [number, number, number, number, number, number];
  /** Stop when the update's rotation (rad) and translation (m) are both below these. */
  stopRotationRad: number;
  stopTranslationM: number;
}

export const DEFAULT_REGISTRATION: RegistrationOptions = {
  iterations: 12, huberM: 0.006, maxResidualM: 0.015, minWeight: 1, damping: [0.05, 0.05, 0.05, 0.05, 0.05, 0.05],
  stopRotationRad: 1e-4, stopTranslationM: 5e-5,
};

export interface RegistrationResult {
  /** Root mean square residual of the points used in the last iteration (m). */
  rmsM: number;
  /** Points with a known field value in the last iteration. */
  used: number;
  iterations: number;
  /** False when too few points met the model to trust the result (T is then left unchanged). */
  converged: boolean;
}

const sample = new Float64Array(5);
const H = new Float64Array(36);
const g = new Float64Array(6);
const xi = new Float64Array(6);
const step = new Float64Array(16);
const product = new Float64Array(16);
const choleskyScratch = new Float64Array(36);
/**
 * Refines `cameraToModel` in place so that the `count` camera-frame points (xyz interleaved, m) lie
 * on the zero level of `grid`. `centre` is the rotation centre (model frame, m). Allocates nothing.
 */
export function registerToModel(
  grid: SparseVoxelBlocks, pointsCam: Float32Array, count: number, cameraToModel: Mat4, centre: [number, number, number],
  options: RegistrationOptions = DEFAULT_REGISTRATION, minPoints = 100,
): RegistrationResult {
  const m = cameraToModel;
  let rms = 0, used = 0, iteration = 0;
  for (iteration = 0; iteration < options.iterations; iteration++) {
    // The upper triangle of JᵀWJ and JᵀWr, summed in locals (in this order, as into H and g before):
    // typed-array slots cost V8 a load and a store per term.
    let h00 = 0, h01 = 0, h02 = 0, h03 = 0, h04 = 0, h05 = 0, h11 = 0, h12 = 0, h13 = 0, h14 = 0, h15 = 0;
    let h22 = 0, h23 = 0, h24 = 0, h25 = 0, h33 = 0, h34 = 0, h35 = 0, h44 = 0, h45 = 0, h55 = 0;
    let g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0;
    let sumSq = 0;
    used = 0;
    for (let i = 0; i < count; i++) {
      const px = pointsCam[3 * i], py = pointsCam[3 * i + 1], pz = pointsCam[3 * i + 2];
      const qx = m[0] * px + m[4] * py + m[8] * pz + m[12];
      const qy = m[1] * px + m[5] * py + m[9] * pz + m[13];
      const qz = m[2] * px + m[6] * py + m[10] * pz + m[14];
      if (!sampleTsdf(grid, qx, qy, qz, options.minWeight, sample)) continue;
      const r = sample[SAMPLE_DISTANCE];
      if (Math.abs(r) > options.maxResidualM) continue;
      const nx = sample[SAMPLE_GX], ny = sample[SAMPLE_GY], nz = sample[SAMPLE_GZ];
      const rx = qx - centre[0], ry = qy - centre[1], rz = qz - centre[2];
      const J0 = ry * nz - rz * ny, J1 = rz * nx - rx * nz, J2 = rx * ny - ry * nx, J3 = nx, J4 = ny, J5 = nz;
      const w = Math.abs(r) <= options.huberM ? 1 : options.huberM / Math.abs(r);
      h00 += w * J0 * J0; h01 += w * J0 * J1; h02 += w * J0 * J2; h03 += w * J0 * J3; h04 += w * J0 * J4; h05 += w * J0 * J5;
      h11 += w * J1 * J1; h12 += w * J1 * J2; h13 += w * J1 * J3; h14 += w * J1 * J4; h15 += w * J1 * J5;
      h22 += w * J2 * J2; h23 += w * J2 * J3; h24 += w * J2 * J4; h25 += w * J2 * J5;
      h33 += w * J3 * J3; h34 += w * J3 * J4; h35 += w * J3 * J5;
      h44 += w * J4 * J4; h45 += w * J4 * J5;
      h55 += w * J5 * J5;
      g0 += w * J0 * r; g1 += w * J1 * r; g2 += w * J2 * r; g3 += w * J3 * r; g4 += w * J4 * r; g5 += w * J5 * r;
      sumSq += r * r;
      used++;
    }
    H[0] = h00; H[1] = h01; H[2] = h02; H[3] = h03; H[4] = h04; H[5] = h05;
    H[7] = h11; H[8] = h12; H[9] = h13; H[10] = h14; H[11] = h15;
    H[14] = h22; H[15] = h23; H[16] = h24; H[17] = h25;
    H[21] = h33; H[22] = h34; H[23] = h35;
    H[28] = h44; H[29] = h45;
    H[35] = h55;
    g[0] = g0; g[1] = g1; g[2] = g2; g[3] = g3; g[4] = g4; g[5] = g5;
    rms = used > 0 ? Math.sqrt(sumSq / used) : 0;
    if (used < minPoints) return { rmsM: rms, used, iterations: iteration, converged: false };
    for (let r = 0; r < 6; r++) for (let c = 0; c < r; c++) H[6 * r + c] = H[6 * c + r];
    // Damping relative to the mean diagonal of the block (rotation or translation), so a direction the
    // data barely constrain (yaw of a cylinder) is held by the prediction instead of drifting.
    const rotScale = (H[0] + H[7] + H[14]) / 3, transScale = (H[21] + H[28] + H[35]) / 3;
    for (let k = 0; k < 6; k++) H[7 * k] += options.damping[k] * (k < 3 ? rotScale : transScale) + 1e-12;
    for (let k = 0; k < 6; k++) g[k] = -g[k];
    if (!solveSymmetric6(H, g, xi)) return { rmsM: rms, used, iterations: iteration, converged: false };
    twistAbout(step, xi[0], xi[1], xi[2], xi[3], xi[4], xi[5], centre[0], centre[1], centre[2]);
    multiply4(product, step, m);
    m.set(product);
    if (Math.hypot(xi[0], xi[1], xi[2]) < options.stopRotationRad && Math.hypot(xi[3], xi[4], xi[5]) < options.stopTranslationM) { iteration++; break; }
  }
  return { rmsM: rms, used, iterations: iteration, converged: true };
}

/** Solves the symmetric positive definite 6x6 system A·x = b (row-major A) by Cholesky; false when not SPD. */
function solveSymmetric6(A: Float64Array, b: Float64Array, x: Float64Array): boolean {
  const l = choleskyScratch;
  for (let i = 0; i < 6; i++) {
    for (let j = 0; j <= i; j++) {
      let s = A[6 * i + j];
      for (let k = 0; k < j; k++) s -= l[6 * i + k] * l[6 * j + k];
      if (i === j) {
        if (!(s > 0)) return false;
        l[6 * i + i] = Math.sqrt(s);
      } else l[6 * i + j] = s / l[6 * j + j];
    }
  }
  for (let i = 0; i < 6; i++) {
    let s = b[i];
    for (let k = 0; k < i; k++) s -= l[6 * i + k] * x[k];
    x[i] = s / l[6 * i + i];
  }
  for (let i = 5; i >= 0; i--) {
    let s = x[i];
    for (let k = i + 1; k < 6; k++) s -= l[6 * k + i] * x[k];
    x[i] = s / l[6 * i + i];
  }
  return true;
}

