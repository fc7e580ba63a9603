import type { Bodyfat } from '../domain/body-composition.ts';
import type { Measurements } from '../domain/measurements.ts';
import type { BodyShapePrediction, PredictionStatus, PredictionType } from '../domain/scan.ts';
import type { Environment, NewPrediction, PredictionRepository, PredictionResult, Tenant } from '../services/ports.ts';
import type { SqlClient } from './sql-client.ts';

interface PredictionRow {
  id: string; partner_id: string; environment: string; scan_id: string; status: string; prediction_type: string;
  target_weight: number | null; target_bodyfat: number | null; failure_code: string | null; failure_message: string | null;
  result: { predictedWeightKg: number; predictedMeasurements: Measurements; predictedBodyfat: Bodyfat } | null;
  created_at: Date; updated_at: Date;
}

const PREDICTION_COLUMNS = `id, partner_id, environment, scan_id, status, prediction_type, target_weight, target_bodyfat,
  failure_code, failure_message, result, created_at, updated_at`;

function predictionFromRow(row: PredictionRow): BodyShapePrediction {
  return {
    id: row.id,
    status: row.status as PredictionStatus,
    scanId: row.scan_id,
    predictionType: row.prediction_type as PredictionType,
    targetWeight: row.target_weight,
    targetBodyfat: row.target_bodyfat,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    failure: row.failure_code ? { code: row.failure_code, message: row.failure_message ?? '' } : null,
    predictedWeightKg: row.result?.predictedWeightKg ?? null,
    predictedMeasurements: row.result?.predictedMeasurements ?? null,
    predictedBodyfat: row.result?.predictedBodyfat ?? null,
  };
}

export function predictionQueries(sql: SqlClient): PredictionRepository {
  return {
    async insertPrediction(tenant: Tenant, prediction: NewPrediction, now: Date) {
      const rows = await sql.query<PredictionRow>(
        `INSERT INTO body_shape_predictions (id, partner_id, environment, scan_id, status, prediction_type, target_weight,
           target_bodyfat, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 'CREATED', $5, $6, $7, $8, $8) RETURNING ${PREDICTION_COLUMNS}`,
        [prediction.id, tenant.partnerId, tenant.environment, prediction.scanId, prediction.predictionType,
          prediction.targetWeight, prediction.targetBodyfat, now],
      );
      return predictionFromRow(rows[0]);
    },

    async findPrediction(tenant: Tenant, predictionId: string) {
      const rows = await sql.query<PredictionRow>(
        `SELECT ${PREDICTION_COLUMNS} FROM body_shape_predictions WHERE partner_id = $1 AND environment = $2 AND id = $3`,
        [tenant.partnerId, tenant.environment, predictionId],
      );
      return rows[0] ? predictionFromRow(rows[0]) : null;
    },

    async findOwnedPrediction(predictionId: string) {
      // The scan's user comes along (its webhook events name it): a prediction can then be failed and
      // told about without reading its scan, whose processing record may be what failed.
      const rows = await sql.query<PredictionRow & { user_id: string; user_token: string }>(
        `SELECT ${PREDICTION_COLUMNS.split(',').map((column) => `p.${column.trim()}`).join(', ')}, s.user_id, u.token AS user_token
         FROM body_shape_predictions p JOIN scans s ON s.id = p.scan_id JOIN users u ON u.id = s.user_id WHERE p.id = $1`, [predictionId]);
      if (!rows[0]) return null;
      return {
        prediction: predictionFromRow(rows[0]),
        tenant: { partnerId: rows[0].partner_id, environment: rows[0].environment as Environment },
        user: { userId: rows[0].user_id, userToken: rows[0].user_token },
      };
    },

    async listPredictionsOfScan(tenant: Tenant, scanId: string, order: 'asc' | 'desc') {
      const rows = await sql.query<PredictionRow>(
        `SELECT ${PREDICTION_COLUMNS} FROM body_shape_predictions
         WHERE partner_id = $1 AND environment = $2 AND scan_id = $3 ORDER BY id ${order === 'asc' ? 'ASC' : 'DESC'}`,
        [tenant.partnerId, tenant.environment, scanId],
      );
      return rows.map(predictionFromRow);
    },

    async listPredictionIdsOfScan(scanId: string) {
      return (await sql.query<{ id: string }>('SELECT id FROM body_shape_predictions WHERE scan_id = $1', [scanId])).map((row) => row.id);
    },

    async markPredictionProcessing(predictionId: string, now: Date) {
      const rows = await sql.query(
        `UPDATE body_shape_predictions SET status = 'PROCESSING', updated_at = $2 WHERE id = $1 AND status IN ('CREATED', 'PROCESSING') RETURNING id`,
        [predictionId, now],
      );
      return rows.length === 1;
    },

    async markPredictionReady(predictionId: string, result: PredictionResult, now: Date) {
      await sql.query(
        `UPDATE body_shape_predictions SET status = 'READY', result = $2, updated_at = $3 WHERE id = $1`,
        [predictionId, JSON.stringify(result), now],
      );
    },

    async markPredictionFailed(predictionId: string, failure, now: Date) {
      await sql.query(
        `UPDATE body_shape_predictions SET status = 'FAILED', failure_code = $2, failure_message = $3, updated_at = $4 WHERE id = $1`,
        [predictionId, failure.code, failure.message, now],
      );
    },

    async deletePrediction(predictionId: string) {
      // stored_files has no foreign key (its owners are scans and predictions): its rows go with their owner.
      await sql.query('DELETE FROM stored_files WHERE owner_id = $1', [predictionId]);
      await sql.query('DELETE FROM body_shape_predictions WHERE id = $1', [predictionId]);
    },
  };
}
