import { webhookBody, type WebhookEvent } from '../domain/webhook-event.ts';
import { uuidV7 } from '../domain/uuid-v7.ts';
import type { Repositories, Tenant } from './ports.ts';
import type { ServiceContext } from './service-context.ts';

/**
 * Attempts per delivery. With the worker's backoff (2 s doubling, capped at 5 min; see
 * compose-service.ts) the 15 waits between 16 attempts add up to 43.5 minutes, enough to ride out a receiver's
 * deploy or restart. A webhook-specific constant: JOB_MAX_ATTEMPTS (3) suits processing, not
 * an endpoint that may be down for minutes.
 */
export const WEBHOOK_MAX_ATTEMPTS = 16;

/**
 * Records `event` for the tenant's endpoint in `tx`, the transaction of the state change it
 * reports: a webhook_deliveries row and its deliver-webhook job commit (or roll back) with it.
 * Nothing is recorded when the tenant has no endpoint at this moment. Returns whether a
 * delivery was queued (the caller wakes the workers after commit).
 */
export async function recordWebhookEvent(tx: Repositories, tenant: Tenant, event: WebhookEvent, now: Date): Promise<boolean> {
  if (!(await tx.webhooks.findWebhookEndpoint(tenant))) return false;
  const id = uuidV7(now.getTime());
  await tx.webhooks.insertWebhookDelivery({ id, tenant, eventType: event.eventType, body: webhookBody(event, id, now) }, now);
  await tx.jobs.enqueueJob({ kind: 'deliver-webhook', payload: { id }, maxAttempts: WEBHOOK_MAX_ATTEMPTS });
  return true;
}

/**
 * A state change and the webhook event that reports it, in one transaction (the outbox rule);
 * after commit, workers are woken when a delivery was queued. A change that returns false did not
 * happen (the resource was deleted or had moved on meanwhile): no event then, and false is returned.
 */
export async function commitWithEvent(
  context: ServiceContext, tenant: Tenant, event: WebhookEvent, change: (tx: Repositories, now: Date) => Promise<boolean | void>,
): Promise<boolean> {
  const outcome = await context.db.transaction(async (tx) => {
    const now = context.clock.now();
    if ((await change(tx, now)) === false) return { changed: false, queued: false };
    return { changed: true, queued: await recordWebhookEvent(tx, tenant, event, now) };
  });
  wakeWorkersIf(context, outcome.queued);
  return outcome.changed;
}

/** After commit: a queued delivery should not wait for the next poll. */
export function wakeWorkersIf(context: ServiceContext, queued: boolean): void {
  if (queued) context.notifier.jobEnqueued();
}
