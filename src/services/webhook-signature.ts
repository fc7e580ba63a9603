import { createHmac } from 'node:crypto';

/**
 * The signature of one webhook request: hex HMAC-SHA256, keyed with the endpoint's signing secret
 * (its UTF-8 text), over `timestamp + "." + body`. The timestamp is inside what is signed so a
 * captured request cannot be replayed later under a fresh timestamp.
 */
export function webhookSignature(signingSecret: string, timestampS: number, body: string): string {
  return createHmac('sha256', signingSecret).update(`${timestampS}.${body}`).digest('hex');
}

/** The headers of one delivery attempt: signed anew each time, since the timestamp changes. */
export function webhookHeaders(signingSecret: string, eventId: string, timestampS: number, body: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-bodyscan-event-id': eventId,
    'x-bodyscan-timestamp': String(timestampS),
    'x-bodyscan-signature': webhookSignature(signingSecret, timestampS, body),
  };
}
