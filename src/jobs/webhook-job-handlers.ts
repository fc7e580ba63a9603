import type { JobHandler, WebhookSender } from '../services/ports.ts';
import type { ServiceContext } from '../services/service-context.ts';
import { deliverWebhook, failWebhookAfterRetries } from '../services/webhook-delivery.ts';

/** The deliver-webhook job: one attempt per run; when attempts run out, the delivery is FAILED. */
export function webhookJobHandlers(context: ServiceContext, sender: WebhookSender): { 'deliver-webhook': JobHandler } {
  return {
    'deliver-webhook': {
      run: (job) => deliverWebhook(context, sender, job.payload.id),
      exhausted: (job) => failWebhookAfterRetries(context, job.payload.id),
    },
  };
}
