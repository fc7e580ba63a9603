import type { WebhookDelivery } from '../services/ports.ts';

export const DELIVERY_LOG_HEADER = 'id\teventType\tstate\tattempts\tlast\tcreatedAt\tdeliveredAt';

/**
 * One delivery log line, tab-separated like `keys list`: id, event type, state, attempts, the last
 * outcome (HTTP status, else the error), created and delivered times ("-" when none).
 */
export function deliveryLogLine(delivery: WebhookDelivery): string {
  const last = delivery.lastStatus !== null && delivery.state === 'DELIVERED'
    ? `HTTP ${delivery.lastStatus}`
    : delivery.lastError ?? (delivery.lastStatus === null ? '-' : `HTTP ${delivery.lastStatus}`);
  return [
    delivery.id, delivery.eventType, delivery.state, String(delivery.attempts), last.replace(/[\t\n]+/g, ' '),
    delivery.createdAt.toISOString(), delivery.deliveredAt?.toISOString() ?? '-',
  ].join('\t');
}
