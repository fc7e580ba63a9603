import type {
  ApiKeyRecord, ApiKeyRepository, Environment, SecretRepository, StoredFile, StoredFileRepository,
} from '../services/ports.ts';
import type { SqlClient } from './sql-client.ts';

interface ApiKeyRow { id: string; partner_id: string; environment: string; created_at: Date; revoked_at: Date | null }

const apiKeyFromRow = (row: ApiKeyRow): ApiKeyRecord => ({
  id: row.id,
  partnerId: row.partner_id,
  environment: row.environment as Environment,
  createdAt: new Date(row.created_at),
  revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
});

export function apiKeyQueries(sql: SqlClient): ApiKeyRepository {
  return {
    async insertApiKey(record: ApiKeyRecord) {
      await sql.query('INSERT INTO api_keys (id, partner_id, environment, created_at) VALUES ($1, $2, $3, $4)',
        [record.id, record.partnerId, record.environment, record.createdAt]);
    },
    async findApiKey(keyId: string) {
      const rows = await sql.query<ApiKeyRow>('SELECT * FROM api_keys WHERE id = $1', [keyId]);
      return rows[0] ? apiKeyFromRow(rows[0]) : null;
    },
    async revokeApiKey(keyId: string, now: Date) {
      const rows = await sql.query('UPDATE api_keys SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING id', [keyId, now]);
      return rows.length === 1;
    },
    async listApiKeys() {
      return (await sql.query<ApiKeyRow>('SELECT * FROM api_keys ORDER BY created_at, id')).map(apiKeyFromRow);
    },
  };
}

export function secretQueries(sql: SqlClient): SecretRepository {
  return {
    async getOrCreateSecret(name: string, generate: () => string) {
      // ON CONFLICT DO NOTHING makes concurrent first starts agree on one value.
      await sql.query('INSERT INTO service_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, generate()]);
      const rows = await sql.query<{ value: string }>('SELECT value FROM service_secrets WHERE name = $1', [name]);
      return rows[0].value;
    },
  };
}

export function storedFileQueries(sql: SqlClient): StoredFileRepository {
  return {
    async recordStoredFile(file: StoredFile) {
      await sql.query(
        `INSERT INTO stored_files (owner_id, asset_key, object_key, content_type, byte_size) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (owner_id, asset_key) DO UPDATE SET object_key = EXCLUDED.object_key,
           content_type = EXCLUDED.content_type, byte_size = EXCLUDED.byte_size`,
        [file.ownerId, file.assetKey, file.objectKey, file.contentType, file.byteSize],
      );
    },
    async listStoredFiles(ownerId: string) {
      const rows = await sql.query<{ owner_id: string; asset_key: string; object_key: string; content_type: string; byte_size: number }>(
        'SELECT owner_id, asset_key, object_key, content_type, byte_size::float8 AS byte_size FROM stored_files WHERE owner_id = $1', [ownerId]);
      return rows.map((row) => ({
        ownerId: row.owner_id, assetKey: row.asset_key, objectKey: row.object_key, contentType: row.content_type, byteSize: row.byte_size,
      }));
    },
  };
}
