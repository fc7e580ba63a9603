// The scan's processing record from the job to the database and back, on PGlite and (with
// TEST_DATABASE_URL) PostgreSQL: read back equal to what the job made; a stored record of an unknown
// version or with a wrong field refused with internal_error, never re-fitted or guessed around; and
// rows stored before migration 0005 rewritten to version 1.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BodyMeasurementResult } from '../../src/domain/body-scan-result.ts';
import { AppError } from '../../src/domain/error-catalog.ts';
import { bodyFitReportOf } from '../../src/domain/scan.ts';
import { inProcessCaptureProcessor } from '../../src/services/capture-processing.ts';
import { defaultScanPipeline } from '../../src/services/default-scan-pipeline.ts';
import type { Tenant } from '../../src/services/ports.ts';
import { processPrediction } from '../../src/services/prediction-processing.ts';
import { createPrediction } from '../../src/services/prediction-service.ts';
import type { CaptureProcessor, FittedBody, ScanPipeline } from '../../src/services/scan-pipeline.ts';
import { processScan } from '../../src/services/scan-processing.ts';
import { captureArrived, createScan, getScan } from '../../src/services/scan-service.ts';
import { objectKeys } from '../../src/services/service-context.ts';
import { registerUser, type RegisterUserInput } from '../../src/services/user-service.ts';
import { newUserBody } from '../support/api-client.ts';
import { startRawSqlService, type RawSqlService } from '../support/raw-sql-service.ts';
import { databaseVariants } from '../support/test-service.ts';

const tenant: Tenant = { partnerId: 'partner-record', environment: 'sandbox' };
const SANDBOX = JSON.stringify({ sandbox: true, sex: 'female', heightM: 1.68, weightKg: 64, seed: 7 });

/** The production pipeline, keeping what its measure and fit stages returned (what the job stores). */
function recordingPipeline(): { pipeline: ScanPipeline; produced: { measured?: BodyMeasurementResult; fitted?: FittedBody } } {
  const real = defaultScanPipeline();
  const produced: { measured?: BodyMeasurementResult; fitted?: FittedBody } = {};
  return {
    produced,
    pipeline: {
      ...real,
      measure: (capture, context) => (produced.measured = real.measure(capture, context)),
      fit: (result) => (produced.fitted = real.fit(result)),
    },
  };
}

/** A processor that must not be asked for anything: a refused record is never re-fitted or drawn. */
function untouchableProcessor(calls: string[]): CaptureProcessor {
  return {
    processCapture: async () => { calls.push('processCapture'); throw new Error('not expected'); },
    predictedBody: async () => { calls.push('predictedBody'); throw new Error('not expected'); },
    close: async () => undefined,
  };
}

/** A sandbox scan taken through the real scan job to READY. */
async function readyScan(raw: RawSqlService) {
  const { context } = raw;
  const scan = await createScan(context, tenant, { userToken: 'record', deviceConfigName: 'IPHONE_SCANNER' });
  await context.store.put(objectKeys.capture(scan.id), new TextEncoder().encode(SANDBOX), { contentType: 'application/json' });
  assert.equal(await captureArrived(context, scan.id), true);
  const { pipeline, produced } = recordingPipeline();
  await processScan(context, inProcessCaptureProcessor(pipeline), scan.id);
  assert.equal((await getScan(context, tenant, scan.id)).status, 'READY');
  return { scanId: scan.id, measured: produced.measured!, fitted: produced.fitted! };
}

const refusal = (pattern: RegExp) => (error: unknown): boolean => {
  assert.ok(error instanceof AppError, String(error));
  assert.equal(error.code, 'internal_error');
  assert.match(error.message, pattern);
  return true;
};

for (const variant of databaseVariants()) {
  describe(`the processing record in the database (${variant.name})`, () => {
    let raw: RawSqlService;
    before(async () => {
      raw = await startRawSqlService(variant);
      await registerUser(raw.context, tenant, newUserBody('record', { sex: 'female' }) as RegisterUserInput);
    });
    after(async () => { await raw?.close(); });

    it('reads back, typed, the record the scan job made: fitted body, fit errors, fit report, landmarks, diagnostics', async () => {
      const { scanId, measured, fitted } = await readyScan(raw);
      // JSON is the stored form: what the job made, as JSON writes it (no -0, no undefined fields).
      const made = JSON.parse(JSON.stringify({
        version: 1,
        captureFormat: 'sandbox-descriptor',
        statureM: measured.statureM,
        diagnostics: measured.diagnostics,
        landmarks: measured.landmarks,
        fittedBody: fitted.record,
        fitErrorMmBySite: fitted.fitErrorMmBySite,
        bodyFit: bodyFitReportOf(measured.diagnostics, measured.siteQuality),
        bodyfatMethodUsed: 'coco2',
      }));
      const back = await raw.context.db.scans.findProcessingRecord(scanId);
      assert.deepEqual(back, made);
      assert.equal(back!.fittedBody!.shape.length, fitted.record.shape.length);
      const scan = await getScan(raw.context, tenant, scanId);
      assert.deepEqual(scan.fitErrorMm, made.fitErrorMmBySite);
      assert.deepEqual(scan.bodyFit, made.bodyFit);
    });

    it('refuses a stored record of an unknown version with internal_error naming it, on every read', async () => {
      const { scanId } = await readyScan(raw);
      await raw.sql.query(`UPDATE scans SET processing = jsonb_set(processing, '{version}', '2') WHERE id = $1`, [scanId]);
      const naming = refusal(new RegExp(`^The stored processing record of scan ${scanId} is unreadable: /version is 2; this service reads processing records of version 1 only`));
      await assert.rejects(raw.context.db.scans.findProcessingRecord(scanId), naming);
      await assert.rejects(getScan(raw.context, tenant, scanId), naming);
      await assert.rejects(raw.context.db.scans.findOwnedScan(scanId), naming);
    });

    it('fails a prediction at once with internal_error when its scan\'s fitted body has a wrong field, drawing and re-fitting nothing', async () => {
      const { scanId } = await readyScan(raw);
      const prediction = await createPrediction(raw.context, tenant, { scanId, predictionType: 'weight_loss', targetWeight: 58 });
      await raw.sql.query(`UPDATE scans SET processing = jsonb_set(processing, '{fittedBody,shape,0}', '"0.5"') WHERE id = $1`, [scanId]);
      const calls: string[] = [];
      await processPrediction(raw.context, untouchableProcessor(calls), prediction.id);
      const failed = (await raw.context.db.predictions.findPrediction(tenant, prediction.id))!;
      assert.equal(failed.status, 'FAILED');
      assert.equal(failed.failure?.code, 'internal_error');
      assert.match(failed.failure!.message, /\/fittedBody\/shape\/0 must be a finite number, found the string "0\.5"/);
      assert.deepEqual(calls, [], 'the processor was never asked to fit or draw');
      assert.ok(raw.errors.some((entry) => entry.message === 'prediction failed' && entry.fields.predictionId === prediction.id));
    });
  });

  describe(`migration 0005: records stored before it (${variant.name})`, () => {
    const migrations = join(import.meta.dirname, '..', '..', 'src', 'persistence', 'migrations');
    // A version-1 fitted-body record (small: the decoder checks types; sizes are the body model's question).
    const fittedBody = {
      version: 1,
      model: { vertexCount: 13380, boneCount: 2, shapeNames: ['pc1', 'pc2'], basisHash: '0a1b2c3d' },
      shape: [0.5, -1.2], pose: [0, 0, 0, 0.1, 0, 0], rootRotation: [0, 0, 0], rootTranslationM: [0, 0.9, 0],
      sites: [{ field: 'waistFit', bone: 1, alongBone: 0.4, offsetM: [0, 0, 0.01], normal: [0, 1, 0], measuredM: 0.91 }],
      statureM: 1.74, measuredVolumeM3: 0.081, residualRmsMm: 2.2, coverage: 0.83,
    };
    const before0005 = {
      withModel: {
        captureFormat: 'ply-binary-le', statureM: 1.74, diagnostics: { unit: 'm', points: 81234 }, landmarks: { crotch: [0, 0.8, 0] },
        fittedBody: { parameters: fittedBody, fitErrorMmBySite: { waistFit: -1.2 } },
        bodyFit: { residualRmsMm: 2.2, coverage: 0.8, partResidualRmsMm: { torso: 2 }, siteObservedFraction: { waistFit: 1 } },
        bodyfatMethodUsed: 'coco2',
      },
      // Fitted by the coarse template that came before the posable body model, and before Scan.bodyFit.
      withTemplate: {
        captureFormat: 'obj', statureM: 1.8, diagnostics: {}, landmarks: {},
        fittedBody: { parameters: { lengths: { legM: 0.83 }, girthsM: {}, pose: {} }, fitErrorMmBySite: {} },
        bodyfatMethodUsed: 'male: army, female: coco',
      },
    };
    let raw: RawSqlService;
    before(async () => {
      raw = await startRawSqlService(variant, async (sql) => {
        // The schema as 0004 left it, with two READY scans whose records have the old shape.
        await sql.exec('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
        for (const name of ['0001-initial.sql', '0002-webhooks.sql', '0003-webhook-signature-style.sql', '0004-job-retention.sql']) {
          await sql.exec(readFileSync(join(migrations, name), 'utf8'));
          await sql.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
        }
        await sql.query(`INSERT INTO users (id, partner_id, environment, token, sex, region, birth_date, weight_value, weight_unit,
          height_value, height_unit, research_consent, created_at, updated_at)
          VALUES ('u1', 'p', 'sandbox', 't', 'male', 'europe', '1990-01-01', 80, 'kg', 1.8, 'm', true, now(), now())`);
        for (const [id, processing] of Object.entries(before0005)) {
          await sql.query(`INSERT INTO scans (id, partner_id, environment, user_id, status, provider_scan_id, device_config_name,
            asset_config_id, bodyfat_method, weight_value, weight_unit, height_value, height_unit, processing, created_at, updated_at)
            VALUES ($1, 'p', 'sandbox', 'u1', 'READY', $1, 'IPHONE_SCANNER', '25f6d3a6-a634-40c3-8452-0342bee242d0', 'coco2',
              80, 'kg', 1.8, 'm', $2, now(), now())`, [id, JSON.stringify(processing)]);
        }
      });
    });
    after(async () => { await raw?.close(); });

    it('moves fitErrorMmBySite up beside the fitted-body record and stamps version 1', async () => {
      const { withModel } = before0005;
      assert.deepEqual(await raw.context.db.scans.findProcessingRecord('withModel'), {
        version: 1, captureFormat: withModel.captureFormat, statureM: withModel.statureM, diagnostics: withModel.diagnostics,
        landmarks: withModel.landmarks, fittedBody, fitErrorMmBySite: { waistFit: -1.2 }, bodyFit: withModel.bodyFit,
        bodyfatMethodUsed: 'coco2',
      });
    });

    it('keeps no fitted body (an explicit null) for a scan fitted before the posable body model, and no fit report where none was kept', async () => {
      const record = (await raw.context.db.scans.findProcessingRecord('withTemplate'))!;
      assert.equal(record.version, 1);
      assert.equal(record.fittedBody, null);
      assert.equal(record.bodyFit, null);
      assert.deepEqual(record.fitErrorMmBySite, {});
      assert.equal(record.bodyfatMethodUsed, 'male: army, female: coco');
    });
  });
}
