// Public surface of the posable body model (issue 10): MakeHuman-derived shape space, 20-bone
// skeleton and linear blend skinning. docs/body-model.md explains the data and the conventions.
export type { BodyParams, BodyPart, ModelFit, PosableBodyModel, PosedBody } from './posable-model-types.ts';
export { BODY_PARTS, NO_PART } from './posable-model-types.ts';
export { allocatePosedBody, loadPosableBodyModel, zeroBodyParams } from './load-posable-model.ts';
export { shapeBody } from './shape-body.ts';
export { boneWorldTransforms, poseBody, poseShapedBody, skinVertices } from './pose-body.ts';
export { composeTransforms, matrixToRotationVector, rotationVectorToMatrix, transformPoint } from './rotation-vector.ts';
export type { StandardPoseOptions } from './standard-pose.ts';
export { ARMS_DOWN, REST_A_POSE, standardPose } from './standard-pose.ts';
