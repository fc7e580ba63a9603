import type { Sex } from '../domain/body-composition.ts';
import type { HeightUnit, Region, TermsAcceptance, User, WeightUnit } from '../domain/user.ts';
import type { Tenant, UserFields, UserListQuery, UserRepository } from '../services/ports.ts';
import type { SqlClient } from './sql-client.ts';

interface UserRow {
  id: string; token: string; email: string | null; sex: string; region: string; usa_residence: string | null;
  birth_date: string; weight_value: number; weight_unit: string; height_value: number; height_unit: string;
  research_consent: boolean; created_at: Date; updated_at: Date;
}

const USER_COLUMNS = `id, token, email, sex, region, usa_residence, birth_date, weight_value, weight_unit,
  height_value, height_unit, research_consent, created_at, updated_at`;

export function userFromRow(row: UserRow): User {
  return {
    id: row.id,
    token: row.token,
    email: row.email,
    sex: row.sex as Sex,
    region: row.region as Region,
    usaResidence: row.usa_residence,
    birthDate: row.birth_date,
    weight: { value: row.weight_value, unit: row.weight_unit as WeightUnit },
    height: { value: row.height_value, unit: row.height_unit as HeightUnit },
    researchConsent: row.research_consent,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

function fieldParams(fields: UserFields): unknown[] {
  return [
    fields.token, fields.email, fields.sex, fields.region, fields.usaResidence, fields.birthDate,
    fields.weight.value, fields.weight.unit, fields.height.value, fields.height.unit, fields.researchConsent,
  ];
}

export function userQueries(sql: SqlClient): UserRepository {
  return {
    async upsertUserByToken(tenant: Tenant, id: string, fields: UserFields, now: Date) {
      // xmax = 0 only for a freshly inserted row: tells insert from update in one statement.
      const rows = await sql.query<UserRow & { inserted: boolean }>(
        `INSERT INTO users (id, partner_id, environment, token, email, sex, region, usa_residence, birth_date,
           weight_value, weight_unit, height_value, height_unit, research_consent, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15)
         ON CONFLICT (partner_id, environment, token) DO UPDATE SET
           email = EXCLUDED.email, sex = EXCLUDED.sex, region = EXCLUDED.region,
           usa_residence = EXCLUDED.usa_residence, birth_date = EXCLUDED.birth_date,
           weight_value = EXCLUDED.weight_value, weight_unit = EXCLUDED.weight_unit,
           height_value = EXCLUDED.height_value, height_unit = EXCLUDED.height_unit,
           research_consent = EXCLUDED.research_consent, updated_at = EXCLUDED.updated_at
         RETURNING ${USER_COLUMNS}, (xmax = 0) AS inserted`,
        [id, tenant.partnerId, tenant.environment, ...fieldParams(fields), now],
      );
      return { user: userFromRow(rows[0]), created: rows[0].inserted };
    },

    async findUserByToken(tenant: Tenant, token: string) {
      const rows = await sql.query<UserRow>(
        `SELECT ${USER_COLUMNS} FROM users WHERE partner_id = $1 AND environment = $2 AND token = $3`,
        [tenant.partnerId, tenant.environment, token],
      );
      return rows[0] ? userFromRow(rows[0]) : null;
    },

    async listUsers(tenant: Tenant, query: UserListQuery) {
      const params: unknown[] = [tenant.partnerId, tenant.environment, query.limit];
      let where = 'partner_id = $1 AND environment = $2';
      // strpos, not LIKE: a token may hold % or _, which must match literally.
      if (query.tokenContains !== undefined) { params.push(query.tokenContains.toLowerCase()); where += ` AND strpos(lower(token), $${params.length}) > 0`; }
      if (query.afterId !== undefined) { params.push(query.afterId); where += ` AND id ${query.order === 'asc' ? '>' : '<'} $${params.length}`; }
      const direction = query.order === 'asc' ? 'ASC' : 'DESC';
      const rows = await sql.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE ${where} ORDER BY id ${direction} LIMIT $3`, params);
      return rows.map(userFromRow);
    },

    async updateUser(tenant: Tenant, userId: string, fields: UserFields, now: Date) {
      const rows = await sql.query<UserRow>(
        `UPDATE users SET token = $4, email = $5, sex = $6, region = $7, usa_residence = $8, birth_date = $9,
           weight_value = $10, weight_unit = $11, height_value = $12, height_unit = $13, research_consent = $14,
           updated_at = $15
         WHERE partner_id = $1 AND environment = $2 AND id = $3
         RETURNING ${USER_COLUMNS}`,
        [tenant.partnerId, tenant.environment, userId, ...fieldParams(fields), now],
      );
      return userFromRow(rows[0]);
    },

    async deleteUser(tenant: Tenant, userId: string) {
      // stored_files has no foreign key: the rows of the user's scans and predictions go with the user.
      await sql.query(
        `DELETE FROM stored_files WHERE owner_id IN (SELECT s.id FROM scans s JOIN users u ON u.id = s.user_id
           WHERE u.partner_id = $1 AND u.environment = $2 AND u.id = $3)
         OR owner_id IN (SELECT p.id FROM body_shape_predictions p JOIN scans s ON s.id = p.scan_id JOIN users u ON u.id = s.user_id
           WHERE u.partner_id = $1 AND u.environment = $2 AND u.id = $3)`,
        [tenant.partnerId, tenant.environment, userId]);
      await sql.query('DELETE FROM users WHERE partner_id = $1 AND environment = $2 AND id = $3', [tenant.partnerId, tenant.environment, userId]);
    },

    async insertTermsAcceptance(id: string, user: User, accepted: boolean, version: string, now: Date) {
      await sql.query(
        'INSERT INTO terms_acceptances (id, user_id, accepted, version, acceptance_date) VALUES ($1, $2, $3, $4, $5)',
        [id, user.id, accepted, version, now],
      );
      return { userId: user.id, userToken: user.token, accepted, version, acceptanceDate: now };
    },

    async listTermsAcceptances(user: User): Promise<TermsAcceptance[]> {
      const rows = await sql.query<{ accepted: boolean; version: string; acceptance_date: Date }>(
        'SELECT accepted, version, acceptance_date FROM terms_acceptances WHERE user_id = $1 ORDER BY acceptance_date, id',
        [user.id],
      );
      return rows.map((row) => ({
        userId: user.id, userToken: user.token, accepted: row.accepted, version: row.version,
        acceptanceDate: new Date(row.acceptance_date),
      }));
    },
  };
}
