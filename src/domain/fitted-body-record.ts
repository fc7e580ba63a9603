import { CIRCUMFERENCE_FIELDS, type CircumferenceField } from './measurements.ts';
import {
  StoredValueError, arrayAt, finiteAt, integerAt, numbersAt, objectAt, oneOfAt, stringAt, vector3At,
} from './stored-value-checks.ts';

/**
 * The fitted body as a scan keeps it (JSON-safe: plain numbers and arrays): the body model's
 * parameters fitted to the capture, the measurement sites tied to the model's bones, and what a
 * prediction needs to deform it (measured stature and volume). Made by
 * processing/body-model/fitted-body-record.ts, which also checks a record against the model in use.
 * Version 1: posable MakeHuman model, shape / pose / root as in the model's BodyParams.
 */
export interface FittedBodyRecord {
  version: typeof FITTED_BODY_RECORD_VERSION;
  /** Which model the coefficients belong to (a rebuilt model with another basis cannot read them). */
  model: ModelFingerprint;
  shape: number[];
  /** 3 per bone: rotation vector (rad). */
  pose: number[];
  rootRotation: number[];
  rootTranslationM: number[];
  sites: SiteAnchor[];
  /** Stature and whole-body volume measured on the capture (m, m^3; 0 when unknown). */
  statureM: number;
  measuredVolumeM3: number;
  /** The fit's quality (mm, 0..1), for support. */
  residualRmsMm: number;
  coverage: number;
}

export const FITTED_BODY_RECORD_VERSION = 1;

export interface ModelFingerprint {
  vertexCount: number;
  boneCount: number;
  shapeNames: string[];
  /**
   * FNV-1a (32 bit, hex) of the bits of every 7th float of the mean shape, shape basis and bone
   * basis: a rebuilt model keeps its coefficient names (pc1, pc2, ...) while their meaning changes.
   */
  basisHash: string;
}

/**
 * A measurement site's plane tied to a bone of the body model, so that it follows the body when the
 * body is re-posed (the canonical A-pose) or re-shaped (a prediction). Stored in the rest frame of
 * the bone: the plane's centre is the point `alongBone` of the way from the bone's head to its tail
 * plus `offsetM` (m, model frame at rest), its normal is `normal` (unit, model frame at rest).
 */
export interface SiteAnchor {
  field: CircumferenceField;
  bone: number;
  alongBone: number;
  offsetM: [number, number, number];
  normal: [number, number, number];
  /** The girth the capture measured at this site (m). */
  measuredM: number;
}

/**
 * A stored fitted-body record, every field typed (whether it belongs to the model in use is the
 * model's question: processing checks that). Throws StoredValueError naming the path at fault.
 */
export function decodeFittedBodyRecord(value: unknown, path: string): FittedBodyRecord {
  const record = objectAt(value, path);
  if (record.version !== FITTED_BODY_RECORD_VERSION) {
    throw new StoredValueError(`${path}/version`, `is ${JSON.stringify(record.version)}; this service reads fitted-body records of version ${FITTED_BODY_RECORD_VERSION} only`);
  }
  const model = objectAt(record.model, `${path}/model`);
  const shapeNames = arrayAt(model.shapeNames, `${path}/model/shapeNames`);
  shapeNames.forEach((name, i) => stringAt(name, `${path}/model/shapeNames/${i}`));
  return {
    version: FITTED_BODY_RECORD_VERSION,
    model: {
      vertexCount: integerAt(model.vertexCount, `${path}/model/vertexCount`),
      boneCount: integerAt(model.boneCount, `${path}/model/boneCount`),
      shapeNames: shapeNames as string[],
      basisHash: stringAt(model.basisHash, `${path}/model/basisHash`),
    },
    shape: numbersAt(record.shape, `${path}/shape`),
    pose: numbersAt(record.pose, `${path}/pose`),
    rootRotation: numbersAt(record.rootRotation, `${path}/rootRotation`, 3),
    rootTranslationM: numbersAt(record.rootTranslationM, `${path}/rootTranslationM`, 3),
    sites: arrayAt(record.sites, `${path}/sites`).map((item, i) => decodeSiteAnchor(item, `${path}/sites/${i}`)),
    statureM: finiteAt(record.statureM, `${path}/statureM`),
    measuredVolumeM3: finiteAt(record.measuredVolumeM3, `${path}/measuredVolumeM3`),
    residualRmsMm: finiteAt(record.residualRmsMm, `${path}/residualRmsMm`),
    coverage: finiteAt(record.coverage, `${path}/coverage`),
  };
}

function decodeSiteAnchor(value: unknown, path: string): SiteAnchor {
  const site = objectAt(value, path);
  return {
    field: oneOfAt(site.field, CIRCUMFERENCE_FIELDS, `${path}/field`),
    bone: integerAt(site.bone, `${path}/bone`),
    alongBone: finiteAt(site.alongBone, `${path}/alongBone`),
    offsetM: vector3At(site.offsetM, `${path}/offsetM`),
    normal: vector3At(site.normal, `${path}/normal`),
    measuredM: finiteAt(site.measuredM, `${path}/measuredM`),
  };
}
