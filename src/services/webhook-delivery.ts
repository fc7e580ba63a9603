import type { WebhookSender } from './ports.ts';
import type { ServiceContext } from './service-context.ts';
import { webhookHeaders } from './webhook-signature.ts';

/** How long a receiver has to answer one attempt before it counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** A delivery attempt that did not get a 2xx: thrown so the queue retries it with its backoff. */
export class WebhookAttemptError extends Error {
  override name = 'WebhookAttemptError';
}

const isSuccess = (status: number): boolean => status >= 200 && status < 300;

/**
 * The deliver-webhook job: POSTs the stored body, signed with the tenant's current endpoint secret,
 * to that endpoint. 2xx -> DELIVERED. Anything else is recorded on the delivery and thrown, so the
 * queue retries it. Idempotent: a delivery no longer PENDING is left alone. A removed endpoint
 * fails the delivery at once, without a request: there is nowhere to send it.
 */
export async function deliverWebhook(context: ServiceContext, sender: WebhookSender, deliveryId: string): Promise<void> {
  const delivery = await context.db.webhooks.findWebhookDelivery(deliveryId);
  if (!delivery || delivery.state !== 'PENDING') return;
  // Looked up by the delivery's own tenant: an event can only ever reach its partner's endpoint for its environment.
  const endpoint = await context.db.webhooks.findWebhookEndpoint(delivery.tenant);
  const log = { deliveryId, eventType: delivery.eventType, partnerId: delivery.tenant.partnerId, environment: delivery.tenant.environment };
  if (!endpoint) {
    await context.db.webhooks.markDeliveryFailed(deliveryId, 'the webhook endpoint was removed before delivery', context.clock.now());
    context.logger.warn(log, 'webhook not delivered: endpoint removed');
    return;
  }
  const headers = webhookHeaders(endpoint.signatureStyle, endpoint.signingSecret, delivery.id, context.clock.now(), delivery.body);
  let status: number;
  try {
    status = await sender.post(endpoint.url, delivery.body, headers, WEBHOOK_TIMEOUT_MS);
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    await context.db.webhooks.recordFailedAttempt(deliveryId, null, reason, context.clock.now());
    throw new WebhookAttemptError(`webhook request failed: ${reason}`);
  }
  if (!isSuccess(status)) {
    await context.db.webhooks.recordFailedAttempt(deliveryId, status, `HTTP ${status}`, context.clock.now());
    throw new WebhookAttemptError(`webhook endpoint answered HTTP ${status}`);
  }
  await context.db.webhooks.markDeliveryDelivered(deliveryId, status, context.clock.now());
  context.logger.info({ ...log, status }, 'webhook delivered');
}

/** When every attempt failed: the log says FAILED, keeping the last attempt's status and error. */
export async function failWebhookAfterRetries(context: ServiceContext, deliveryId: string): Promise<void> {
  await context.db.webhooks.markDeliveryFailed(deliveryId, null, context.clock.now());
}
