import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '../../src/domain/error-catalog.ts';
import { decodeProcessingRecord, encodeProcessingRecord, type ProcessingRecord } from '../../src/domain/processing-record.ts';

// A small but complete version-1 record (the decoder checks types, not the body model's sizes).
const valid: ProcessingRecord = {
  version: 1,
  captureFormat: 'ply-binary-le',
  statureM: 1.78,
  diagnostics: { unit: 'm', removedPoints: 120, floorFound: true },
  landmarks: { crotch: [0, 0.82, 0.01] },
  fittedBody: {
    version: 1,
    model: { vertexCount: 13380, boneCount: 2, shapeNames: ['pc1', 'pc2'], basisHash: '0a1b2c3d' },
    shape: [0.5, -1.2],
    pose: [0, 0, 0, 0.1, 0, 0],
    rootRotation: [0, 0, 0],
    rootTranslationM: [0, 0.9, 0],
    sites: [{ field: 'waistFit', bone: 1, alongBone: 0.4, offsetM: [0, 0, 0.01], normal: [0, 1, 0], measuredM: 0.91 }],
    statureM: 1.78, measuredVolumeM3: 0.081, residualRmsMm: 2.2, coverage: 0.83,
  },
  fitErrorMmBySite: { waistFit: -1.5 },
  bodyFit: { residualRmsMm: 2.2, coverage: 0.83, partResidualRmsMm: { torso: 1.9 }, siteObservedFraction: { waistFit: 0.97 } },
  bodyfatMethodUsed: 'coco2',
};

const stored = (): Record<string, any> => JSON.parse(JSON.stringify(valid));

/** Asserts that decoding `value` is refused with internal_error whose message matches `why`. */
function assertRefused(value: unknown, why: RegExp): void {
  assert.throws(() => decodeProcessingRecord(value, 'scan-1'), (error: unknown) => {
    assert.ok(error instanceof AppError, `an AppError, got ${String(error)}`);
    assert.equal(error.code, 'internal_error');
    assert.match(error.message, /^The stored processing record of scan scan-1 is unreadable: /);
    assert.match(error.message, why);
    return true;
  });
}

describe('the processing record (domain)', () => {
  it('reads back exactly what was stored', () => {
    assert.deepEqual(decodeProcessingRecord(stored(), 'scan-1'), valid);
  });

  it('keeps an explicit null fitted body (scans processed before the posable body model) and a null fit report', () => {
    const record = { ...stored(), fittedBody: null, bodyFit: null };
    assert.deepEqual(decodeProcessingRecord(record, 'scan-1'), { ...valid, fittedBody: null, bodyFit: null });
  });

  it('reads back the share of each tape filled from the model, and refuses a non-numeric share', () => {
    const record = stored();
    record.bodyFit = { ...record.bodyFit!, siteFilledFraction: { waistFit: 0.12 } };
    assert.deepEqual(decodeProcessingRecord(JSON.parse(JSON.stringify(record)), 'scan-1').bodyFit?.siteFilledFraction, { waistFit: 0.12 });
    assertRefused({ ...record, bodyFit: { ...record.bodyFit, siteFilledFraction: { waistFit: 'half' } } }, /siteFilledFraction\/waistFit/);
  });

  it('refuses a record of an unknown version, or with none (a row no migration reached), naming the version', () => {
    assertRefused({ ...stored(), version: 2 }, /\/version is 2; this service reads processing records of version 1 only/);
    const { version: _version, ...unversioned } = stored();
    assertRefused(unversioned, /\/version is undefined/);
  });

  it('refuses a fitted body of an unknown version', () => {
    const record = stored();
    record.fittedBody.version = 0;
    assertRefused(record, /\/fittedBody\/version is 0; this service reads fitted-body records of version 1 only/);
  });

  it('refuses a field of the wrong type, naming its path and what it found', () => {
    const record = stored();
    record.fittedBody.shape[1] = '1.2';
    assertRefused(record, /\/fittedBody\/shape\/1 must be a finite number, found the string "1.2"/);
    assertRefused({ ...stored(), statureM: null }, /\/statureM must be a finite number, found null/);
    assertRefused({ ...stored(), fitErrorMmBySite: { waistFit: 'big' } }, /\/fitErrorMmBySite\/waistFit must be a finite number/);
    assertRefused({ ...stored(), fitErrorMmBySite: { belly: 3 } }, /\/fitErrorMmBySite\/belly is not a known key/);
    assertRefused({ ...stored(), landmarks: { crotch: [0, 0.8] } }, /\/landmarks\/crotch must be an array of 3 numbers/);
    assertRefused({ ...stored(), diagnostics: { unit: null } }, /\/diagnostics\/unit must be a finite number, found null/);
    const site = stored();
    site.fittedBody.sites[0].field = 'bellyFit';
    assertRefused(site, /\/fittedBody\/sites\/0\/field must be one of neckFit/);
    assertRefused('{"version":1}', /\(the record\) must be an object, found the string/);
  });

  it('will not encode what it could not decode: a non-finite number is caught before it is stored', () => {
    assert.equal(encodeProcessingRecord(valid, 'scan-1'), JSON.stringify(valid));
    assert.throws(() => encodeProcessingRecord({ ...valid, statureM: Number.NaN }, 'scan-1'), /\/statureM must be a finite number, found null/);
  });
});
