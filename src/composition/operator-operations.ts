import { WEBHOOK_SIGNATURE_STYLES, type WebhookSignatureStyle } from '../domain/webhook-event.ts';
import { apiKeyService } from '../services/api-key-service.ts';
import type { Clock, Database, Environment } from '../services/ports.ts';
import { listWebhookDeliveries, removeWebhookEndpoint, setWebhookEndpoint } from '../services/webhook-endpoint-service.ts';
import type { Config } from '../config/config.ts';

/** The operator commands (`bodyscan keys|webhooks|migrate`) as data: run here, or by a running server. */
export type OperatorRequest =
  | { op: 'migrate' }
  | { op: 'keys.create'; partnerId: string; environment: Environment }
  | { op: 'keys.revoke'; keyId: string }
  | { op: 'keys.list' }
  | { op: 'webhooks.set'; partnerId: string; environment: Environment; url: string; signatureStyle: WebhookSignatureStyle }
  | { op: 'webhooks.remove'; partnerId: string; environment: Environment }
  | { op: 'webhooks.deliveries'; partnerId: string; environment: Environment; limit: number };

const text = (value: unknown, name: string): string => {
  if (typeof value !== 'string' || value === '' || value.length > 2048) throw new TypeError(`${name} must be a non-empty string`);
  return value;
};
const environmentOf = (value: unknown): Environment => {
  if (value !== 'sandbox' && value !== 'production') throw new TypeError('environment must be sandbox or production');
  return value;
};

/** Runs one operator request on `db` (requests arriving over the operator channel are checked first). */
export async function runOperatorOperation(db: Database, clock: Clock, config: Config, request: OperatorRequest): Promise<unknown> {
  switch (request?.op) {
    case 'migrate':
      return []; // the running server migrated its database when it started
    case 'keys.create':
      return (await apiKeyService(db, clock, config.environment)).createKey(text(request.partnerId, 'partnerId'), environmentOf(request.environment));
    case 'keys.revoke':
      return (await apiKeyService(db, clock, config.environment)).revokeKey(text(request.keyId, 'keyId'));
    case 'keys.list':
      return db.apiKeys.listApiKeys();
    case 'webhooks.set': {
      if (!(WEBHOOK_SIGNATURE_STYLES as readonly unknown[]).includes(request.signatureStyle)) throw new TypeError('signatureStyle must be bodyscan or market');
      const tenant = { partnerId: text(request.partnerId, 'partnerId'), environment: environmentOf(request.environment) };
      return setWebhookEndpoint(db.webhooks, clock, tenant, text(request.url, 'url'), request.signatureStyle);
    }
    case 'webhooks.remove':
      return removeWebhookEndpoint(db.webhooks, { partnerId: text(request.partnerId, 'partnerId'), environment: environmentOf(request.environment) });
    case 'webhooks.deliveries':
      return listWebhookDeliveries(db.webhooks, { partnerId: text(request.partnerId, 'partnerId'), environment: environmentOf(request.environment) }, Number(request.limit));
    default:
      throw new TypeError(`unknown operator operation ${JSON.stringify((request as { op?: unknown })?.op)}`);
  }
}
