import type { WebhookEventType, WebhookSignatureStyle } from '../domain/webhook-event.ts';
import type {
  Environment, NewWebhookDelivery, Tenant, WebhookDelivery, WebhookDeliveryState, WebhookEndpoint, WebhookRepository,
} from '../services/ports.ts';
import type { SqlClient } from './sql-client.ts';

interface EndpointRow { partner_id: string; environment: string; url: string; signing_secret: string; signature_style: string; created_at: Date }

interface DeliveryRow {
  id: string; partner_id: string; environment: string; event_type: string; body: string; state: string; attempts: number;
  last_status: number | null; last_error: string | null; created_at: Date; last_attempt_at: Date | null; delivered_at: Date | null;
}

const dateOrNull = (value: Date | null): Date | null => (value === null ? null : new Date(value));

const endpointFromRow = (row: EndpointRow): WebhookEndpoint => ({
  tenant: { partnerId: row.partner_id, environment: row.environment as Environment },
  url: row.url,
  signingSecret: row.signing_secret,
  signatureStyle: row.signature_style as WebhookSignatureStyle,
  createdAt: new Date(row.created_at),
});

const deliveryFromRow = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  tenant: { partnerId: row.partner_id, environment: row.environment as Environment },
  eventType: row.event_type as WebhookEventType,
  body: row.body,
  state: row.state as WebhookDeliveryState,
  attempts: row.attempts,
  lastStatus: row.last_status,
  lastError: row.last_error,
  createdAt: new Date(row.created_at),
  lastAttemptAt: dateOrNull(row.last_attempt_at),
  deliveredAt: dateOrNull(row.delivered_at),
});

/** Webhook endpoints and the delivery outbox/log; every tenant-facing query filters on (partner, environment). */
export function webhookQueries(sql: SqlClient): WebhookRepository {
  return {
    async upsertWebhookEndpoint(endpoint: WebhookEndpoint) {
      await sql.query(
        `INSERT INTO webhook_endpoints (partner_id, environment, url, signing_secret, signature_style, created_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (partner_id, environment) DO UPDATE SET url = EXCLUDED.url, signing_secret = EXCLUDED.signing_secret,
           signature_style = EXCLUDED.signature_style, created_at = EXCLUDED.created_at`,
        [endpoint.tenant.partnerId, endpoint.tenant.environment, endpoint.url, endpoint.signingSecret, endpoint.signatureStyle, endpoint.createdAt],
      );
    },

    async deleteWebhookEndpoint(tenant: Tenant) {
      const rows = await sql.query('DELETE FROM webhook_endpoints WHERE partner_id = $1 AND environment = $2 RETURNING partner_id',
        [tenant.partnerId, tenant.environment]);
      return rows.length === 1;
    },

    async findWebhookEndpoint(tenant: Tenant) {
      const rows = await sql.query<EndpointRow>('SELECT * FROM webhook_endpoints WHERE partner_id = $1 AND environment = $2',
        [tenant.partnerId, tenant.environment]);
      return rows[0] ? endpointFromRow(rows[0]) : null;
    },

    async insertWebhookDelivery(delivery: NewWebhookDelivery, now: Date) {
      await sql.query(
        'INSERT INTO webhook_deliveries (id, partner_id, environment, event_type, body, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
        [delivery.id, delivery.tenant.partnerId, delivery.tenant.environment, delivery.eventType, delivery.body, now],
      );
    },

    async findWebhookDelivery(deliveryId: string) {
      const rows = await sql.query<DeliveryRow>('SELECT * FROM webhook_deliveries WHERE id = $1', [deliveryId]);
      return rows[0] ? deliveryFromRow(rows[0]) : null;
    },

    async recordFailedAttempt(deliveryId: string, status: number | null, error: string, now: Date) {
      await sql.query(
        `UPDATE webhook_deliveries SET attempts = attempts + 1, last_status = $2, last_error = $3, last_attempt_at = $4
         WHERE id = $1 AND state = 'PENDING'`,
        [deliveryId, status, error, now],
      );
    },

    async markDeliveryDelivered(deliveryId: string, status: number, now: Date) {
      await sql.query(
        `UPDATE webhook_deliveries SET state = 'DELIVERED', attempts = attempts + 1, last_status = $2, last_error = NULL,
           last_attempt_at = $3, delivered_at = $3
         WHERE id = $1 AND state = 'PENDING'`,
        [deliveryId, status, now],
      );
    },

    async markDeliveryFailed(deliveryId: string, reason: string | null, now: Date) {
      await sql.query(
        `UPDATE webhook_deliveries SET state = 'FAILED', last_error = COALESCE($2, last_error), last_attempt_at = COALESCE(last_attempt_at, $3)
         WHERE id = $1 AND state = 'PENDING'`,
        [deliveryId, reason, now],
      );
    },

    async listWebhookDeliveries(tenant: Tenant, limit: number) {
      const rows = await sql.query<DeliveryRow>(
        'SELECT * FROM webhook_deliveries WHERE partner_id = $1 AND environment = $2 ORDER BY id DESC LIMIT $3',
        [tenant.partnerId, tenant.environment, limit],
      );
      return rows.map(deliveryFromRow);
    },
  };
}
