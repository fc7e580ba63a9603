/**
 * The contract of the posable body model (issue 10): shape space + skeleton + skin, all flat typed
 * arrays. Built from MakeHuman CC0 data by scripts/build-body-model (compiled asset), used by the
 * fit (fit-posable-model), segmentation, measuring, assets and predictions.
 *
 * Frame of every position here ("model frame"): metres, Y up, body facing +Z, character's left = +X,
 * feet at y = 0 for the mean shape in the rest pose (MakeHuman's A-pose).
 */

/** Body parts a vertex or capture point is labelled with (index = label value in Uint8Arrays). */
export const BODY_PARTS = [
  'torso', 'head',
  'upperArmLeft', 'forearmLeft', 'handLeft',
  'upperArmRight', 'forearmRight', 'handRight',
  'thighLeft', 'shinLeft', 'footLeft',
  'thighRight', 'shinRight', 'footRight',
] as const;
export type BodyPart = (typeof BODY_PARTS)[number];
/** Label value for "no part" (a capture point too far from the fitted model: floor, noise). */
export const NO_PART = 255;

export interface PosableBodyModel {
  /** V: vertices of the model mesh (MakeHuman hm08 `body` group). */
  vertexCount: number;
  /** Triangles, 3T vertex indices (closed, consistently wound, outward normals). */
  triangles: Uint32Array;
  /** Mean shape in the rest pose, 3V (m, model frame). */
  meanPositionsM: Float32Array;
  /** K: shape coefficients. */
  shapeCount: number;
  /**
   * The first P coefficients are principal components of an adult population, each in standard
   * deviations of that population (a fit's prior: shape[k] ~ N(0, 1) for k < P); the remaining
   * K - P are named local adjustments (MakeHuman measure targets, slider units). (Added in issue 10.)
   */
  principalShapeCount: number;
  /**
   * Shape coefficients of named MakeHuman adults projected on the space ('femaleAverage',
   * 'maleAverage', 'femaleHeavy', 'maleHeavy', 'femaleObese', 'maleObese'; see docs/body-model.md):
   * starting points for a fit that knows the sex, and examples for tests and pictures. (Added in issue 10.)
   */
  shapePresets: Readonly<Record<string, Float32Array>>;
  /** A name per shape coefficient (for diagnostics and docs). */
  shapeNames: readonly string[];
  /** Shape basis, K blocks of 3V: vertex offset (m) per unit of coefficient k. */
  shapeBasisM: Float32Array;
  /** B: bones of the reduced skeleton (parents before children: boneParent[b] < b, root = -1). */
  boneCount: number;
  boneNames: readonly string[];
  boneParent: Int16Array;
  /** Bone head (joint) rest positions of the mean shape, 3B (m), and their shape basis, K blocks of 3B. */
  boneHeadMeanM: Float32Array;
  boneHeadBasisM: Float32Array;
  /** Bone tail rest positions of the mean shape, 3B (m), and their shape basis, K blocks of 3B. */
  boneTailMeanM: Float32Array;
  boneTailBasisM: Float32Array;
  /** Linear blend skinning: 4 influences per vertex (bone index, weight; weights sum to 1). */
  skinBones: Uint8Array;
  skinWeights: Float32Array;
  /** Body part of each vertex (index into BODY_PARTS) and of each bone. */
  vertexPart: Uint8Array;
  bonePart: Uint8Array;
}

/**
 * A body's parameters. Pose: per bone a rotation vector (axis * angle, radians) in the bone's
 * parent frame at rest, applied about the bone head; then the whole body rotated by `rootRotation`
 * (rotation vector) about the origin and moved by `rootTranslationM`. All zeros = mean rest body.
 */
export interface BodyParams {
  shape: Float32Array; // K
  pose: Float32Array; // 3B
  rootRotation: Float32Array; // 3
  rootTranslationM: Float32Array; // 3
}

/** A posed body: vertices and bone ends in the target frame (m). */
export interface PosedBody {
  positionsM: Float32Array; // 3V
  boneHeadM: Float32Array; // 3B
  boneTailM: Float32Array; // 3B
}

/** What fitting the model to a capture yields (the capture in the canonical measuring frame). */
export interface ModelFit {
  params: BodyParams;
  posed: PosedBody;
  /** Body part of each capture point (index into BODY_PARTS, or NO_PART). */
  pointPart: Uint8Array;
  /** RMS of capture-to-model distance over inlier points (mm). */
  residualRmsMm: number;
  /** Fraction of the model surface (by area) with capture points within 2 cm (0..1). */
  coverage: number;
  /** RMS residual per body part (mm); NaN where a part has no points. */
  partResidualRmsMm: Record<BodyPart, number>;
  iterations: number;
}
