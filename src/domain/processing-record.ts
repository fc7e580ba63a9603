import type { Landmarks } from './body-scan-result.ts';
import { AppError } from './error-catalog.ts';
import { decodeFittedBodyRecord, type FittedBodyRecord } from './fitted-body-record.ts';
import { CIRCUMFERENCE_FIELDS, type CircumferenceField } from './measurements.ts';
import type { BodyFitReport } from './scan.ts';
import {
  StoredValueError, finiteAt, objectAt, recordAt, stringAt, vector3At,
} from './stored-value-checks.ts';

/**
 * What processing a capture yields beside the measurements and body composition, as the scan keeps
 * it (the `processing` column): made by the scan job, stored once when the scan becomes READY, read
 * back for the scan's fit report and for predictions. One type from the job to the database and
 * back; every reader decodes it with decodeProcessingRecord. A change of shape is a new version (and
 * a migration of the stored rows, as 0005-processing-record.sql made version 1).
 */
export interface ProcessingRecord {
  version: typeof PROCESSING_RECORD_VERSION;
  /** The capture's detected format (e.g. 'ply-binary-le', 'stray-recording'). */
  captureFormat: string;
  /** Stature measured on the capture (m). */
  statureM: number;
  /** Measuring's notes for support: unit and axis decisions, removed points, the fit. */
  diagnostics: Record<string, number | string | boolean>;
  /** Named landmarks, canonical frame (m). */
  landmarks: Landmarks;
  /**
   * The body model fitted to the capture, which predictions re-shape. Null only on scans processed
   * before the posable body model (migrated rows): their predictions have numbers and no body.
   */
  fittedBody: FittedBodyRecord | null;
  /** Model girth minus measured girth per measurement site (mm). */
  fitErrorMmBySite: Partial<Record<CircumferenceField, number>>;
  /** The fit as support reads it (Scan.bodyFit); null when no model was fitted. */
  bodyFit: BodyFitReport | null;
  /**
   * The method the body fat came from: the scan's method, or the one `adam` chose (per sex when the
   * sex is unknown, e.g. "male: army, female: coco"), for support.
   */
  bodyfatMethodUsed: string;
}

export const PROCESSING_RECORD_VERSION = 1;

type FieldName = Exclude<keyof ProcessingRecord, 'version'>;
const SITE_FIELDS: ReadonlySet<string> = new Set(CIRCUMFERENCE_FIELDS);

/** How each field of a stored record is checked (one place for every reader). */
const FIELD_DECODERS: { [K in FieldName]: (value: unknown, path: string) => ProcessingRecord[K] } = {
  captureFormat: stringAt,
  statureM: finiteAt,
  diagnostics: (value, path) => recordAt(value, path, diagnosticAt),
  landmarks: (value, path) => recordAt(value, path, vector3At),
  fittedBody: (value, path) => (value === null ? null : decodeFittedBodyRecord(value, path)),
  fitErrorMmBySite: (value, path) => recordAt(value, path, finiteAt, SITE_FIELDS),
  bodyFit: (value, path) => (value === null ? null : decodeBodyFit(value, path)),
  bodyfatMethodUsed: stringAt,
};
const FIELD_NAMES = Object.keys(FIELD_DECODERS) as FieldName[];

/**
 * A stored processing record (parsed JSON) as the typed record, or AppError internal_error naming
 * the scan, the path at fault and what was found: a record of an unknown version or with a field of
 * the wrong type is a defect (a hand edit, a newer service's row, a lost migration) that must be seen,
 * never papered over by refitting or guessing.
 */
export function decodeProcessingRecord(value: unknown, scanId: string): ProcessingRecord {
  return decodeProcessingRecordFields(value, scanId, FIELD_NAMES) as ProcessingRecord;
}

/**
 * Some fields of a stored record, by the same rules (the version checked first). For reads that
 * show only a small part of the ~12 kB record, e.g. a scan read's fit report, selected in SQL
 * without the fitted body, landmarks and diagnostics (bench/processing-record-decode.bench.ts).
 */
export function decodeProcessingRecordFields<K extends FieldName>(value: unknown, scanId: string, fields: readonly K[]): Pick<ProcessingRecord, 'version' | K> {
  try {
    const record = objectAt(value, '');
    if (record.version !== PROCESSING_RECORD_VERSION) {
      throw new StoredValueError('/version', `is ${JSON.stringify(record.version)}; this service reads processing records of version ${PROCESSING_RECORD_VERSION} only`);
    }
    const decoded: Record<string, unknown> = { version: PROCESSING_RECORD_VERSION };
    for (const field of fields) decoded[field] = FIELD_DECODERS[field](record[field], `/${field}`);
    return decoded as Pick<ProcessingRecord, 'version' | K>;
  } catch (error) {
    if (!(error instanceof StoredValueError)) throw error;
    throw new AppError('internal_error', `The stored processing record of scan ${scanId} is unreadable: ${error.message}.`);
  }
}

/**
 * The record as it will be stored, checked by the same decoder first: the job fails (and is retried,
 * then the scan FAILED internal_error) rather than make a READY scan whose record cannot be read.
 * JSON has no NaN or Infinity, so a non-finite number is caught here, not after the write.
 */
export function encodeProcessingRecord(record: ProcessingRecord, scanId: string): string {
  const json = JSON.stringify(record);
  decodeProcessingRecord(JSON.parse(json), scanId);
  return json;
}

function diagnosticAt(value: unknown, path: string): number | string | boolean {
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  return finiteAt(value, path);
}

function decodeBodyFit(value: unknown, path: string): BodyFitReport {
  const report = objectAt(value, path);
  return {
    residualRmsMm: finiteAt(report.residualRmsMm, `${path}/residualRmsMm`),
    coverage: finiteAt(report.coverage, `${path}/coverage`),
    partResidualRmsMm: recordAt(report.partResidualRmsMm, `${path}/partResidualRmsMm`, finiteAt),
    siteObservedFraction: recordAt(report.siteObservedFraction, `${path}/siteObservedFraction`, finiteAt, SITE_FIELDS),
    // Absent on records stored before model-filled holes were reported (still version 1).
    ...(report.siteFilledFraction === undefined ? {} : { siteFilledFraction: recordAt(report.siteFilledFraction, `${path}/siteFilledFraction`, finiteAt, SITE_FIELDS) }),
  };
}
