import {
  FITTED_BODY_RECORD_VERSION, decodeFittedBodyRecord, type FittedBodyRecord, type ModelFingerprint, type SiteAnchor,
} from '../../domain/fitted-body-record.ts';
import type { BodyParams, PosableBodyModel } from './posable-model-types.ts';

/**
 * The fitted body as a scan keeps it: the record type lives in domain (fitted-body-record.ts), part
 * of the scan's processing record; this file makes records from fits, checks that a record belongs
 * to the model in use, and turns it back into the model's parameters.
 */
export type { FittedBodyRecord, ModelFingerprint };

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
 * Whether a (decoded, typed) record belongs to this model: same vertex and bone count, the same
 * coefficient names and basis hash, and arrays and site bones of the model's sizes. Throws an Error
 * naming what differs: the record's coefficients mean nothing on another model, so nothing is guessed.
 */
export function requireRecordOfModel(record: FittedBodyRecord, model: PosableBodyModel): FittedBodyRecord {
  const fail = (why: string): never => { throw new Error(`fitted body record: ${why}`); };
  const fingerprint = record.model;
  const ours = modelFingerprint(model);
  if (fingerprint.vertexCount !== ours.vertexCount || fingerprint.boneCount !== ours.boneCount
    || fingerprint.shapeNames.join('|') !== ours.shapeNames.join('|') || fingerprint.basisHash !== ours.basisHash) {
    fail(`made with another body model (basis ${fingerprint.basisHash}, ${fingerprint.shapeNames.length} shape coefficients; this service's model: basis ${ours.basisHash}, ${ours.shapeNames.length})`);
  }
  const sized = (name: 'shape' | 'pose', length: number): void => {
    if (record[name].length !== length) fail(`${name} must be ${length} numbers, found ${record[name].length}`);
  };
  sized('shape', model.shapeCount);
  sized('pose', model.boneCount * 3);
  for (const site of record.sites) {
    if (site.bone >= model.boneCount) fail(`site ${site.field} names bone ${site.bone}; the model has ${model.boneCount}`);
  }
  return record;
}

/** A stored (parsed JSON) record, typed and checked against this model; throws naming what is wrong. */
export function readFittedBodyRecord(value: unknown, model: PosableBodyModel): FittedBodyRecord {
  let record: FittedBodyRecord;
  try {
    record = decodeFittedBodyRecord(value, '');
  } catch (error) {
    throw new Error(`fitted body record: ${(error as Error).message}`);
  }
  return requireRecordOfModel(record, model);
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
