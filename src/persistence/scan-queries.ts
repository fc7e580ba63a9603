import type { Bodyfat, BodyfatMethod } from '../domain/body-composition.ts';
import type { Measurements } from '../domain/measurements.ts';
import type { AssetConfigId, AssetStage, AssetStageState, DeviceConfigName, Scan, ScanStatus } from '../domain/scan.ts';
import { decodeProcessingRecord, decodeProcessingRecordFields, encodeProcessingRecord, type ProcessingRecord } from '../domain/processing-record.ts';
import type { HeightUnit, WeightUnit } from '../domain/user.ts';
import type {
  Environment, NewScan, OwnedScan, ScanListQuery, ScanRepository, Tenant,
} from '../services/ports.ts';
import type { SqlClient } from './sql-client.ts';
import { userFromRow } from './user-queries.ts';

interface ScanRow {
  id: string; partner_id: string; environment: string; user_id: string; user_token: string; status: string;
  provider_scan_id: string; device_config_name: string; asset_config_id: string; bodyfat_method: string;
  weight_value: number; weight_unit: string; height_value: number; height_unit: string;
  failure_code: string | null; failure_message: string | null; measurements: Measurements | null; bodyfat: Bodyfat | null;
  /** The stored ProcessingRecord without its bulky fields (parsed JSON; typed only once decoded). */
  fit_report: unknown;
  created_at: Date; updated_at: Date;
  a_id: string; capture_data: string | null; capture_data_updated_at: Date | null; body: string | null; body_updated_at: Date | null;
  fitted_body: string | null; fitted_body_updated_at: Date | null; measurement: string | null; measurement_updated_at: Date | null;
  a_created_at: Date; a_updated_at: Date;
}

const SCAN_COLUMNS = `s.id, s.partner_id, s.environment, s.user_id, u.token AS user_token, s.status, s.provider_scan_id,
    s.device_config_name, s.asset_config_id, s.bodyfat_method, s.weight_value, s.weight_unit, s.height_value,
    s.height_unit, s.failure_code, s.failure_message, s.measurements, s.bodyfat, s.created_at, s.updated_at,
    s.processing - '{fittedBody,landmarks,diagnostics}'::text[] AS fit_report,
    a.id AS a_id, a.capture_data, a.capture_data_updated_at, a.body, a.body_updated_at, a.fitted_body,
    a.fitted_body_updated_at, a.measurement, a.measurement_updated_at, a.created_at AS a_created_at,
    a.updated_at AS a_updated_at`;
const SCAN_SELECT = `SELECT ${SCAN_COLUMNS}
  FROM scans s JOIN users u ON u.id = s.user_id JOIN scan_assets a ON a.scan_id = s.id`;

const dateOrNull = (value: Date | null): Date | null => (value === null ? null : new Date(value));

function scanFromRow(row: ScanRow): Scan {
  // The fit report of a scan comes from its processing record, decoded by the record's decoder (its
  // version and these fields); the bulky fields stay in the database (~12 kB of a ~12.4 kB record).
  const processing = row.fit_report === null ? null : decodeProcessingRecordFields(row.fit_report, row.id, ['fitErrorMmBySite', 'bodyFit']);
  return {
    id: row.id,
    status: row.status as ScanStatus,
    providerScanId: row.provider_scan_id,
    deviceConfigName: row.device_config_name as DeviceConfigName,
    assetConfigId: row.asset_config_id as AssetConfigId,
    bodyfatMethod: row.bodyfat_method as BodyfatMethod,
    weight: { value: row.weight_value, unit: row.weight_unit as WeightUnit },
    height: { value: row.height_value, unit: row.height_unit as HeightUnit },
    userId: row.user_id,
    userToken: row.user_token,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    scanAssets: {
      id: row.a_id,
      scanId: row.id,
      captureData: row.capture_data as AssetStageState | null,
      captureDataUpdatedAt: dateOrNull(row.capture_data_updated_at),
      body: row.body as AssetStageState | null,
      bodyUpdatedAt: dateOrNull(row.body_updated_at),
      fittedBody: row.fitted_body as AssetStageState | null,
      fittedBodyUpdatedAt: dateOrNull(row.fitted_body_updated_at),
      measurement: row.measurement as AssetStageState | null,
      measurementUpdatedAt: dateOrNull(row.measurement_updated_at),
      createdAt: new Date(row.a_created_at),
      updatedAt: new Date(row.a_updated_at),
    },
    measurements: row.measurements,
    bodyfat: row.bodyfat,
    failure: row.failure_code ? { code: row.failure_code, message: row.failure_message ?? '' } : null,
    fitErrorMm: processing?.fitErrorMmBySite ?? null,
    bodyFit: processing?.bodyFit ?? null,
  };
}

/** Column names of each pipeline stage; a closed map, so no caller text reaches the SQL. */
const STAGE_COLUMNS: Record<AssetStage, string> = {
  captureData: 'capture_data', body: 'body', fittedBody: 'fitted_body', measurement: 'measurement',
};

export interface TenantScanKey {
  tenant: Tenant;
  scanId: string;
}

export function scanQueries(sql: SqlClient): ScanRepository & { findScansOfTenants(keys: readonly TenantScanKey[]): Promise<(Scan | Error | null)[]> } {
  return {
    async insertScan(tenant: Tenant, scan: NewScan, now: Date) {
      await sql.query(
        `INSERT INTO scans (id, partner_id, environment, user_id, status, provider_scan_id, device_config_name,
           asset_config_id, bodyfat_method, weight_value, weight_unit, height_value, height_unit, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 'CREATED', $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)`,
        [scan.id, tenant.partnerId, tenant.environment, scan.userId, scan.providerScanId, scan.deviceConfigName,
          scan.assetConfigId, scan.bodyfatMethod, scan.weight.value, scan.weight.unit, scan.height.value, scan.height.unit, now],
      );
      await sql.query('INSERT INTO scan_assets (id, scan_id, created_at, updated_at) VALUES ($1, $2, $3, $3)', [scan.scanAssetsId, scan.id, now]);
      const rows = await sql.query<ScanRow>(`${SCAN_SELECT} WHERE s.id = $1`, [scan.id]);
      return scanFromRow(rows[0]);
    },

    async findScan(tenant: Tenant, scanId: string) {
      const rows = await sql.query<ScanRow>(`${SCAN_SELECT} WHERE s.partner_id = $1 AND s.environment = $2 AND s.id = $3`, [tenant.partnerId, tenant.environment, scanId]);
      return rows[0] ? scanFromRow(rows[0]) : null;
    },

    async findScansOfTenants(keys: readonly TenantScanKey[]) {
      // One row per key that names a scan of that key's tenant; `ord` says which key (1-based).
      // LATERAL ... LIMIT 1 keeps the lookup per key (index scans, as for one scan): joined flat,
      // the generic plan guessed 10 keys and hashed them against a sequential scan of scan_assets.
      const rows = await sql.query<ScanRow & { ord: number }>(
        `SELECT q.ord::int AS ord, f.*
         FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS q(partner_id, environment, id, ord)
         CROSS JOIN LATERAL (
           SELECT ${SCAN_COLUMNS}
           FROM scans s JOIN users u ON u.id = s.user_id JOIN scan_assets a ON a.scan_id = s.id
           WHERE s.partner_id = q.partner_id AND s.environment = q.environment AND s.id = q.id
           LIMIT 1) f`,
        [keys.map((key) => key.tenant.partnerId), keys.map((key) => key.tenant.environment), keys.map((key) => key.scanId)],
      );
      // Per key: a row whose record cannot be decoded fails its own caller, not the batch it shared.
      const scans: (Scan | Error | null)[] = new Array(keys.length).fill(null);
      for (const row of rows) {
        try {
          scans[row.ord - 1] = scanFromRow(row);
        } catch (error) {
          scans[row.ord - 1] = error instanceof Error ? error : new Error(String(error));
        }
      }
      return scans;
    },

    async findOwnedScan(scanId: string): Promise<OwnedScan | null> {
      const rows = await sql.query<ScanRow>(`${SCAN_SELECT} WHERE s.id = $1`, [scanId]);
      if (!rows[0]) return null;
      const users = await sql.query<Parameters<typeof userFromRow>[0]>('SELECT * FROM users WHERE id = $1', [rows[0].user_id]);
      return {
        scan: scanFromRow(rows[0]),
        tenant: { partnerId: rows[0].partner_id, environment: rows[0].environment as Environment },
        user: userFromRow(users[0]),
      };
    },

    async listScans(tenant: Tenant, query: ScanListQuery) {
      const params: unknown[] = [tenant.partnerId, tenant.environment, query.limit];
      let where = 's.partner_id = $1 AND s.environment = $2';
      if (query.userId !== undefined) { params.push(query.userId); where += ` AND s.user_id = $${params.length}`; }
      if (query.afterId !== undefined) { params.push(query.afterId); where += ` AND s.id ${query.order === 'asc' ? '>' : '<'} $${params.length}`; }
      const direction = query.order === 'asc' ? 'ASC' : 'DESC';
      const rows = await sql.query<ScanRow>(`${SCAN_SELECT} WHERE ${where} ORDER BY s.id ${direction} LIMIT $3`, params);
      return rows.map(scanFromRow);
    },

    async listScanIdsOfUser(userId: string) {
      return (await sql.query<{ id: string }>('SELECT id FROM scans WHERE user_id = $1', [userId])).map((row) => row.id);
    },

    async markScanProcessing(scanId: string, now: Date) {
      const rows = await sql.query(`UPDATE scans SET status = 'PROCESSING', updated_at = $2 WHERE id = $1 AND status = 'CREATED' RETURNING id`, [scanId, now]);
      return rows.length === 1;
    },

    async setScanStage(scanId: string, stage: AssetStage, state: AssetStageState, now: Date) {
      const column = STAGE_COLUMNS[stage];
      await sql.query(`UPDATE scan_assets SET ${column} = $2, ${column}_updated_at = $3, updated_at = $3 WHERE scan_id = $1`, [scanId, state, now]);
      await sql.query('UPDATE scans SET updated_at = $2 WHERE id = $1', [scanId, now]);
    },

    async markScanReady(scanId: string, measurements: Measurements, bodyfat: Bodyfat, processing: ProcessingRecord, now: Date) {
      const rows = await sql.query(
        `UPDATE scans SET status = 'READY', measurements = $2, bodyfat = $3, processing = $4, failure_code = NULL,
           failure_message = NULL, updated_at = $5 WHERE id = $1 AND status = 'PROCESSING' RETURNING id`,
        [scanId, JSON.stringify(measurements), JSON.stringify(bodyfat), encodeProcessingRecord(processing, scanId), now],
      );
      return rows.length === 1;
    },

    async lockScanStatus(scanId: string) {
      const rows = await sql.query<{ status: ScanStatus }>('SELECT status FROM scans WHERE id = $1 FOR UPDATE', [scanId]);
      return rows[0]?.status ?? null;
    },

    async markScanFailed(scanId: string, failure, now: Date) {
      const rows = await sql.query(
        `UPDATE scans SET status = 'FAILED', failure_code = $2, failure_message = $3, updated_at = $4
         WHERE id = $1 AND status IN ('CREATED', 'PROCESSING') RETURNING id`,
        [scanId, failure.code, failure.message, now],
      );
      return rows.length === 1;
    },

    async findProcessingRecord(scanId: string) {
      const rows = await sql.query<{ processing: unknown }>('SELECT processing FROM scans WHERE id = $1', [scanId]);
      const stored = rows[0]?.processing ?? null;
      return stored === null ? null : decodeProcessingRecord(stored, scanId);
    },

    async updateScanBodyfat(scanId: string, method: BodyfatMethod, bodyfat: Bodyfat, now: Date) {
      await sql.query('UPDATE scans SET bodyfat_method = $2, bodyfat = $3, updated_at = $4 WHERE id = $1', [scanId, method, JSON.stringify(bodyfat), now]);
    },

    async recordUploadAddress(scanId: string, expiresAt: Date) {
      // The latest expiry of the addresses handed out: an earlier address may still be in use.
      await sql.query(
        `UPDATE scans SET upload_url_expires_at = GREATEST(upload_url_expires_at, $2) WHERE id = $1 AND status = 'CREATED'`,
        [scanId, expiresAt]);
    },

    async listScansAwaitingUpload(addressExpiresAfter: Date, afterId: string | null, limit: number) {
      const rows = await sql.query<{ id: string }>(
        `SELECT id FROM scans WHERE status = 'CREATED' AND upload_url_expires_at IS NOT NULL AND upload_url_expires_at > $1
           AND ($2::text IS NULL OR id > $2) ORDER BY id LIMIT $3`,
        [addressExpiresAfter, afterId, limit]);
      return rows.map((row) => row.id);
    },

    async deleteScan(scanId: string) {
      // stored_files has no foreign key (its owners are scans and predictions): the scan's and its predictions' rows go with it.
      await sql.query(
        'DELETE FROM stored_files WHERE owner_id = $1 OR owner_id IN (SELECT id FROM body_shape_predictions WHERE scan_id = $1)', [scanId]);
      await sql.query('DELETE FROM scans WHERE id = $1', [scanId]);
    },
  };
}
