// A body made by the posable body model itself, with everything a measuring stage and the model fit
// would report about it, known exactly: the posed mesh is the capture, the site planes are the model's
// default sites (default-site-anchors.ts) carried by the pose, each girth is the tape at its plane,
// and the ModelFit is the truth (parameters, posed body, every vertex's part). It stands in for the
// measuring and for fitPosableModel in the avatar, asset and prediction tests.
import type { BodyMeasurementResult, MeasurementSite } from '../../src/domain/body-scan-result.ts';
import { MEASUREMENT_FIELDS, type Measurements } from '../../src/domain/measurements.ts';
import { defaultSiteAnchors } from '../../src/processing/body-model/default-site-anchors.ts';
import { allocatePosedBody, loadPosableBodyModel, zeroBodyParams } from '../../src/processing/body-model/load-posable-model.ts';
import { BODY_PARTS, type BodyParams, type ModelFit, type PosableBodyModel } from '../../src/processing/body-model/posable-model-types.ts';
import { poseBody } from '../../src/processing/body-model/pose-body.ts';
import { posedSitePlane } from '../../src/processing/body-model/site-anchors.ts';
import { siteTape } from '../../src/processing/body-model/site-girths.ts';
import { enclosedVolumeM3 } from '../../src/processing/body-model/shape-to-girths.ts';

export interface ModelMeasurement {
  model: PosableBodyModel;
  params: BodyParams;
  result: BodyMeasurementResult;
  fit: ModelFit;
}

/** Body parameters: the given shape coefficients, arms lowered by armsDownRad from the rest A-pose, feet on y = 0. */
export function modelParams(model: PosableBodyModel = loadPosableBodyModel(), shape: Record<number, number> = {}, armsDownRad = 0): BodyParams {
  const params = zeroBodyParams(model);
  for (const [k, v] of Object.entries(shape)) params.shape[Number(k)] = v;
  const left = model.boneNames.indexOf('upperArmLeft'), right = model.boneNames.indexOf('upperArmRight');
  params.pose[3 * left + 2] = -armsDownRad;
  params.pose[3 * right + 2] = armsDownRad;
  return onFloor(model, params);
}

/** The same parameters moved up or down so the posed body's lowest vertex is at y = 0. */
export function onFloor(model: PosableBodyModel, params: BodyParams): BodyParams {
  const body = allocatePosedBody(model);
  params.rootTranslationM[1] = 0;
  poseBody(model, params, body);
  let minY = Infinity;
  for (let i = 1; i < body.positionsM.length; i += 3) minY = Math.min(minY, body.positionsM[i]);
  params.rootTranslationM[1] = -minY;
  return params;
}

/** The measured scan of a model body (canonical frame = the posed model's frame). */
export function measureModelBody(params: BodyParams, colors: Uint8Array | null = null): ModelMeasurement {
  const model = loadPosableBodyModel();
  const posed = allocatePosedBody(model);
  const transforms = new Float64Array(12 * model.boneCount);
  poseBody(model, params, posed, transforms);
  const rest = allocatePosedBody(model);
  poseBody(model, { ...params, pose: new Float32Array(params.pose.length), rootRotation: new Float32Array(3), rootTranslationM: new Float32Array(3) }, rest);
  const measurements = Object.fromEntries(MEASUREMENT_FIELDS.map((f) => [f, 0])) as Measurements;
  const sites: MeasurementSite[] = [];
  for (const anchor of defaultSiteAnchors(model, params.shape)) {
    const plane = posedSitePlane(anchor, rest.boneHeadM, rest.boneTailM, transforms);
    const tape = siteTape(model, posed.positionsM, plane);
    if (!tape) throw new Error(`model body: the plane of ${anchor.field} misses the body`);
    sites.push({ field: anchor.field, centerM: plane.centreM, normal: plane.normal, ringM: tape.ringM, perimeterM: tape.perimeterM });
    measurements[anchor.field] = tape.perimeterM;
  }
  measurements.fullBodyVolume = enclosedVolumeM3(posed.positionsM, model.triangles);
  let statureM = 0;
  for (let i = 1; i < posed.positionsM.length; i += 3) statureM = Math.max(statureM, posed.positionsM[i]);
  const result: BodyMeasurementResult = {
    measurements,
    canonical: { positions: posed.positionsM, indices: model.triangles, colors, normals: null },
    landmarks: {},
    sites,
    statureM,
    diagnostics: { source: 'posable body model' },
  };
  const partResidualRmsMm = Object.fromEntries(BODY_PARTS.map((part) => [part, 0])) as ModelFit['partResidualRmsMm'];
  const fit: ModelFit = { params, posed, pointPart: model.vertexPart, residualRmsMm: 0, coverage: 1, partResidualRmsMm, iterations: 0 };
  return { model, params, result, fit };
}
