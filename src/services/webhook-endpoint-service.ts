import { randomBytes } from 'node:crypto';
import { webhookUrlProblem, type WebhookSignatureStyle } from '../domain/webhook-event.ts';
import type { Clock, Tenant, WebhookDelivery, WebhookRepository } from './ports.ts';

/** The largest delivery log page an operator can ask for at once. */
export const MAX_DELIVERY_LOG_LIMIT = 1000;

export class WebhookUrlError extends Error {
  override name = 'WebhookUrlError';
}

/**
 * `webhooks set`: the tenant's endpoint becomes `url`, with a fresh signing secret (setting it again
 * rotates the secret). `signatureStyle` picks our headers (default) or the market service's.
 * Returns the secret: the only time it is shown.
 */
export async function setWebhookEndpoint(
  webhooks: WebhookRepository, clock: Clock, tenant: Tenant, url: string, signatureStyle: WebhookSignatureStyle = 'bodyscan',
): Promise<{ signingSecret: string }> {
  const problem = webhookUrlProblem(url);
  if (problem) throw new WebhookUrlError(problem);
  const signingSecret = `whsec_${randomBytes(32).toString('base64url')}`;
  await webhooks.upsertWebhookEndpoint({ tenant, url, signingSecret, signatureStyle, createdAt: clock.now() });
  return { signingSecret };
}

/** `webhooks remove`: false when the tenant had none. Pending deliveries then fail without a request. */
export const removeWebhookEndpoint = (webhooks: WebhookRepository, tenant: Tenant): Promise<boolean> => webhooks.deleteWebhookEndpoint(tenant);

/** `webhooks deliveries`: the tenant's delivery log, newest first. */
export function listWebhookDeliveries(webhooks: WebhookRepository, tenant: Tenant, limit: number): Promise<WebhookDelivery[]> {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_DELIVERY_LOG_LIMIT) {
    throw new RangeError(`the limit must be an integer from 1 to ${MAX_DELIVERY_LOG_LIMIT}`);
  }
  return webhooks.listWebhookDeliveries(tenant, limit);
}
