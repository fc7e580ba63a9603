/**
 * Pose: linear blend skinning of the shaped rest body. Every bone's rest frame is aligned with the
 * model axes (as in SMPL), so a bone's pose is a rotation vector (radians) in its parent's frame,
 * applied about the bone's head:
 *
 *   A_b = A_parent(b) * T(h_b) * R(pose_b) * T(-h_b),   A_root's parent = W = T(rootTranslationM) * R(rootRotation)
 *
 * (h_b: the shaped rest head, m). A vertex moves to sum_i w_i A_{b_i} x (weights sum to 1); a bone
 * head to A_b h_b, a tail to A_b t_b. A_b maps rest model-frame points to the target frame, so it is
 * also what a Gauss-Newton fitter differentiates. Hot loops allocate nothing; the transform buffer
 * is kept per model.
 */
import { composeTransforms, rotationVectorToMatrix, transformPoint } from './rotation-vector.ts';
import { shapeBody } from './shape-body.ts';
import type { BodyParams, PosableBodyModel, PosedBody } from './posable-model-types.ts';

const scratchByModel = new WeakMap<PosableBodyModel, { transforms: Float64Array; local: Float64Array }>();

function scratchOf(model: PosableBodyModel): { transforms: Float64Array; local: Float64Array } {
  let scratch = scratchByModel.get(model);
  if (!scratch) {
    scratch = { transforms: new Float64Array(12 * model.boneCount), local: new Float64Array(24) };
    scratchByModel.set(model, scratch);
  }
  return scratch;
}

/**
 * Per-bone world transforms A_b (3x4 row-major, 12B numbers, see rotation-vector.ts) for the pose
 * in `params` about the rest heads `restHeadM` (3B, m, the shaped rest body's boneHeadM).
 */
export function boneWorldTransforms(
  model: PosableBodyModel, params: Pick<BodyParams, 'pose' | 'rootRotation' | 'rootTranslationM'>,
  restHeadM: ArrayLike<number>, out: Float64Array,
): void {
  const local = scratchOf(model).local; // [0..11] root W, [12..23] bone-local transform
  rotationVectorToMatrix(params.rootRotation[0], params.rootRotation[1], params.rootRotation[2], local, 12);
  for (let r = 0; r < 3; r++) {
    local[4 * r] = local[12 + 3 * r];
    local[4 * r + 1] = local[12 + 3 * r + 1];
    local[4 * r + 2] = local[12 + 3 * r + 2];
    local[4 * r + 3] = params.rootTranslationM[r];
  }
  for (let b = 0; b < model.boneCount; b++) {
    const hx = restHeadM[3 * b];
    const hy = restHeadM[3 * b + 1];
    const hz = restHeadM[3 * b + 2];
    // Local: x -> R (x - h) + h, stored as [R | h - R h] at local[12..23] (R first at 12..20).
    rotationVectorToMatrix(params.pose[3 * b], params.pose[3 * b + 1], params.pose[3 * b + 2], local, 15);
    for (let r = 0; r < 3; r++) {
      const r0 = local[15 + 3 * r];
      const r1 = local[15 + 3 * r + 1];
      const r2 = local[15 + 3 * r + 2];
      local[12 + 4 * r] = r0;
      local[12 + 4 * r + 1] = r1;
      local[12 + 4 * r + 2] = r2;
      local[12 + 4 * r + 3] = (r === 0 ? hx : r === 1 ? hy : hz) - (r0 * hx + r1 * hy + r2 * hz);
    }
    const parent = model.boneParent[b];
    if (parent < 0) composeTransforms(local, 0, local, 12, out, 12 * b);
    else composeTransforms(out, 12 * parent, local, 12, out, 12 * b);
  }
}

/**
 * Skins rest vertices with the transforms from boneWorldTransforms: out = sum_i w_i A_{b_i} x.
 * `restPositionsM` and `outPositionsM` may be the same array.
 */
export function skinVertices(
  model: PosableBodyModel, transforms: Float64Array, restPositionsM: Float32Array, outPositionsM: Float32Array,
): void {
  const bones = model.skinBones;
  const weights = model.skinWeights;
  for (let v = 0; v < model.vertexCount; v++) {
    const x = restPositionsM[3 * v];
    const y = restPositionsM[3 * v + 1];
    const z = restPositionsM[3 * v + 2];
    // x + sum_i w_i (A_i x - x): equal to sum_i w_i A_i x when the weights sum to 1, and exactly x
    // for identity transforms whatever the float32 rounding of the weights.
    let dx = 0;
    let dy = 0;
    let dz = 0;
    for (let j = 4 * v; j < 4 * v + 4; j++) {
      const w = weights[j];
      if (w === 0) continue;
      const m = 12 * bones[j];
      dx += w * ((transforms[m] - 1) * x + transforms[m + 1] * y + transforms[m + 2] * z + transforms[m + 3]);
      dy += w * (transforms[m + 4] * x + (transforms[m + 5] - 1) * y + transforms[m + 6] * z + transforms[m + 7]);
      dz += w * (transforms[m + 8] * x + transforms[m + 9] * y + (transforms[m + 10] - 1) * z + transforms[m + 11]);
    }
    outPositionsM[3 * v] = x + dx;
    outPositionsM[3 * v + 1] = y + dy;
    outPositionsM[3 * v + 2] = z + dz;
  }
}

/**
 * Poses an already shaped rest body (from shapeBody) into `out` (may be `rest` itself), and leaves
 * the bone transforms in `transformsOut` (12B) when given. For fitters that hold the shape fixed.
 */
export function poseShapedBody(
  model: PosableBodyModel, rest: PosedBody, params: Pick<BodyParams, 'pose' | 'rootRotation' | 'rootTranslationM'>,
  out: PosedBody, transformsOut?: Float64Array,
): void {
  const transforms = transformsOut ?? scratchOf(model).transforms;
  boneWorldTransforms(model, params, rest.boneHeadM, transforms);
  skinVertices(model, transforms, rest.positionsM, out.positionsM);
  for (let b = 0; b < model.boneCount; b++) {
    transformPoint(transforms, 12 * b, rest.boneHeadM[3 * b], rest.boneHeadM[3 * b + 1], rest.boneHeadM[3 * b + 2], out.boneHeadM, 3 * b);
    transformPoint(transforms, 12 * b, rest.boneTailM[3 * b], rest.boneTailM[3 * b + 1], rest.boneTailM[3 * b + 2], out.boneTailM, 3 * b);
  }
}

/** Shape then pose: the body of `params` in the target frame (m), written into `out`. */
export function poseBody(model: PosableBodyModel, params: BodyParams, out: PosedBody, transformsOut?: Float64Array): void {
  shapeBody(model, params.shape, out);
  poseShapedBody(model, out, params, out, transformsOut);
}
