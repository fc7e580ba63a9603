import { CIRCUMFERENCE_FIELDS, type CircumferenceField } from '../../domain/measurements.ts';
import type { BodyParams, PosableBodyModel } from './posable-model-types.ts';
import type { SiteAnchor } from './site-anchors.ts';

/**
 * The fitted body as a scan keeps it (JSON-safe: plain numbers and arrays): the body model's
 * parameters fitted to the capture, the measurement sites tied to the model's bones, and what a
 * prediction needs to deform it (measured stature and volume). Read back with readFittedBodyRecord.
 * Version 1: posable MakeHuman model (posable-model-types.ts), shape / pose / root as in BodyParams.
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

const hashes = new WeakMap<PosableBodyModel, string>();

export function modelFingerprint(model: PosableBodyModel): ModelFingerprint {
  let basisHash = hashes.get(model);
  if (basisHash === undefined) {
    let h = 0x811c9dc5;
    for (const array of [model.meanPositionsM, model.shapeBasisM, model.boneHeadBasisM, model.boneTailBasisM]) {
      const bits = new Uint32Array(array.buffer, array.byteOffset, array.length);
      for (let i = 0; i < bits.length; i += 7) h = Math.imul(h ^ bits[i], 0x01000193) >>> 0;
    }
    basisHash = h.toString(16).padStart(8, '0');
    hashes.set(model, basisHash);
  }
  return { vertexCount: model.vertexCount, boneCount: model.boneCount, shapeNames: [...model.shapeNames], basisHash };
}

/** Plain numbers of a typed array (exact: every float32 is a double, and JSON keeps doubles exactly). */
const plain = (values: Float32Array): number[] => Array.from(values);

/** The record of a fit: parameters copied into plain arrays. */
export function fittedBodyRecord(
  model: PosableBodyModel, params: BodyParams, sites: SiteAnchor[],
  facts: { statureM: number; measuredVolumeM3: number; residualRmsMm: number; coverage: number },
): FittedBodyRecord {
  return {
    version: FITTED_BODY_RECORD_VERSION,
    model: modelFingerprint(model),
    shape: plain(params.shape), pose: plain(params.pose),
    rootRotation: plain(params.rootRotation), rootTranslationM: plain(params.rootTranslationM),
    sites: sites.map((site) => ({ ...site, offsetM: [...site.offsetM], normal: [...site.normal] })),
    statureM: facts.statureM, measuredVolumeM3: facts.measuredVolumeM3,
    residualRmsMm: facts.residualRmsMm, coverage: facts.coverage,
  };
}

/**
 * Reads a stored record (e.g. parsed JSON) for this model. Throws an Error naming what is wrong when
 * the value is not a version-1 record of this model (another version, another basis, a bad array).
 */
export function readFittedBodyRecord(value: unknown, model: PosableBodyModel): FittedBodyRecord {
  const fail = (why: string): never => { throw new Error(`fitted body record: ${why}`); };
  if (typeof value !== 'object' || value === null) fail('not an object');
  const record = value as Partial<FittedBodyRecord>;
  if (record.version !== FITTED_BODY_RECORD_VERSION) fail(`version ${String(record.version)}, expected ${FITTED_BODY_RECORD_VERSION}`);
  const fingerprint = record.model;
  const ours = modelFingerprint(model);
  if (!fingerprint || fingerprint.vertexCount !== ours.vertexCount || fingerprint.boneCount !== ours.boneCount
    || !Array.isArray(fingerprint.shapeNames) || fingerprint.shapeNames.join('|') !== ours.shapeNames.join('|')
    || fingerprint.basisHash !== ours.basisHash) {
    fail('made with another body model');
  }
  const numbers = (name: keyof FittedBodyRecord, length: number): void => {
    const array = record[name];
    if (!Array.isArray(array) || array.length !== length || !array.every((v) => typeof v === 'number' && Number.isFinite(v))) {
      fail(`${name} must be ${length} finite numbers`);
    }
  };
  numbers('shape', model.shapeCount);
  numbers('pose', model.boneCount * 3);
  numbers('rootRotation', 3);
  numbers('rootTranslationM', 3);
  for (const name of ['statureM', 'measuredVolumeM3', 'residualRmsMm', 'coverage'] as const) {
    if (typeof record[name] !== 'number') fail(`${name} must be a number`);
  }
  if (!Array.isArray(record.sites)) fail('sites must be an array');
  for (const site of record.sites!) {
    const ok = CIRCUMFERENCE_FIELDS.includes(site.field as CircumferenceField)
      && Number.isInteger(site.bone) && site.bone >= 0 && site.bone < model.boneCount
      && [site.alongBone, site.measuredM, ...site.offsetM, ...site.normal].every((v) => typeof v === 'number' && Number.isFinite(v))
      && site.offsetM.length === 3 && site.normal.length === 3;
    if (!ok) fail(`site ${String(site.field)} is malformed`);
  }
  return record as FittedBodyRecord;
}

/** The record's parameters as the model's typed arrays. */
export function bodyParamsOf(record: FittedBodyRecord): BodyParams {
  return {
    shape: Float32Array.from(record.shape),
    pose: Float32Array.from(record.pose),
    rootRotation: Float32Array.from(record.rootRotation),
    rootTranslationM: Float32Array.from(record.rootTranslationM),
  };
}
