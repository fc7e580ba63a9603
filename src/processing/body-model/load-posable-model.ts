/**
 * The project's posable body model, decoded from the committed asset on first use and shared
 * afterwards (nothing is decoded at import time). Built from MakeHuman CC0 data by
 * `npm run build:body-model`; see docs/body-model.md.
 */
import { decodePosableModel } from './posable-model-codec.ts';
import { POSABLE_MODEL_ASSET_BASE64 } from './posable-model-asset.ts';
import type { BodyParams, PosableBodyModel, PosedBody } from './posable-model-types.ts';

let cached: PosableBodyModel | undefined;

export function loadPosableBodyModel(): PosableBodyModel {
  if (!cached) cached = decodePosableModel(base64ToBytes(POSABLE_MODEL_ASSET_BASE64));
  return cached;
}

function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Zero parameters of the right sizes: the mean body in the rest pose, at the origin. */
export function zeroBodyParams(model: PosableBodyModel): BodyParams {
  return {
    shape: new Float32Array(model.shapeCount),
    pose: new Float32Array(3 * model.boneCount),
    rootRotation: new Float32Array(3),
    rootTranslationM: new Float32Array(3),
  };
}

/** An output buffer for shapeBody / poseBody. */
export function allocatePosedBody(model: PosableBodyModel): PosedBody {
  return {
    positionsM: new Float32Array(3 * model.vertexCount),
    boneHeadM: new Float32Array(3 * model.boneCount),
    boneTailM: new Float32Array(3 * model.boneCount),
  };
}
