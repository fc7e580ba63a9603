import { createHmac } from 'node:crypto';
import type { WebhookSignatureStyle } from '../domain/webhook-event.ts';

/**
 * The signature of one webhook request: hex HMAC-SHA256, keyed with the endpoint's signing secret
 * (its UTF-8 text), over `timestamp + "." + body`, the timestamp exactly as its header carries it.
 * The timestamp is inside what is signed so a captured request cannot be replayed later under a
 * fresh timestamp.
 */
export function webhookSignature(signingSecret: string, timestamp: string, body: string): string {
  return createHmac('sha256', signingSecret).update(`${timestamp}.${body}`).digest('hex');
}

/**
 * The headers of one delivery attempt, signed anew each time since the timestamp changes.
 * `bodyscan`: x-bodyscan-timestamp (Unix seconds) and x-bodyscan-signature. `market`: the market
 * service's prism-timestamp (ISO-8601 UTC, milliseconds) and prism-signature. Both carry
 * x-bodyscan-event-id for de-duplication.
 */
export function webhookHeaders(style: WebhookSignatureStyle, signingSecret: string, eventId: string, sentAt: Date, body: string): Record<string, string> {
  if (style === 'market') {
    const timestamp = sentAt.toISOString();
    return {
      'content-type': 'application/json',
      'x-bodyscan-event-id': eventId,
      'prism-timestamp': timestamp,
      'prism-signature': webhookSignature(signingSecret, timestamp, body),
    };
  }
  const timestamp = String(Math.floor(sentAt.getTime() / 1000));
  return {
    'content-type': 'application/json',
    'x-bodyscan-event-id': eventId,
    'x-bodyscan-timestamp': timestamp,
    'x-bodyscan-signature': webhookSignature(signingSecret, timestamp, body),
  };
}
