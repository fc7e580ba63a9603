// Public surface of the body model: the project's own parametric human body (see docs/assets.md).
export type { BodyLengths, BodyModelParams } from './body-params.ts';
export { CANONICAL_POSE, REFERENCE_PARAMS, cloneParams, statureOf } from './body-params.ts';
export type { BodyTopology } from './body-topology.ts';
export { BODY_TOPOLOGY } from './body-topology.ts';
export type { BodyMesh } from './generate-body.ts';
export { generateBody } from './generate-body.ts';
export type { BodyFit } from './fit-body-model.ts';
export { fitBodyModel } from './fit-body-model.ts';
export { canonicalBody, canonicalFit, canonicalParams, deformToGirths, modelTapeGirthsM } from './canonical-body.ts';
export { planeGirth } from './plane-section.ts';
