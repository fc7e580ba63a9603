import type { PredictionStatus, ScanFailure, ScanStatus } from './scan.ts';

/** What partners can hear about: one event per processing transition of a scan or a prediction. */
export const WEBHOOK_EVENT_TYPES = [
  'scan.processing.started', 'scan.processing.succeeded', 'scan.processing.failed',
  'body_shape_prediction.processing.started', 'body_shape_prediction.processing.succeeded', 'body_shape_prediction.processing.failed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** An event before it has an id: its type and the resource fields of its payload. */
export interface WebhookEvent {
  eventType: WebhookEventType;
  resource: Record<string, unknown>;
}

/** The transition a state reports: a resource only ever leaves CREATED, so CREATED has no event. */
const PHASE_OF_STATUS: Record<string, 'started' | 'succeeded' | 'failed'> = { PROCESSING: 'started', READY: 'succeeded', FAILED: 'failed' };

function phaseOf(status: string): 'started' | 'succeeded' | 'failed' {
  const phase = PHASE_OF_STATUS[status];
  if (!phase) throw new Error(`no webhook event reports the state ${status}`);
  return phase;
}

/**
 * A scan that has just moved to `state` (PROCESSING, READY or FAILED). The payload's field names are
 * the market service's (`scanId`, `userId`, `userToken`, `state`), so a listener written for it
 * accepts ours unchanged; `failure` is ours, on failed events only.
 */
export function scanEvent(scan: { id: string; userId: string; userToken: string }, state: ScanStatus, failure: ScanFailure | null): WebhookEvent {
  return {
    eventType: `scan.processing.${phaseOf(state)}`,
    resource: { scanId: scan.id, userId: scan.userId, userToken: scan.userToken, state, ...(failure ? { failure: { code: failure.code, message: failure.message } } : {}) },
  };
}

/** A body shape prediction that has just moved to `state`; its user is the user of its scan. Field names as the market's. */
export function predictionEvent(
  prediction: { id: string; scanId: string }, user: { userId: string; userToken: string }, state: PredictionStatus, failure: ScanFailure | null,
): WebhookEvent {
  return {
    eventType: `body_shape_prediction.processing.${phaseOf(state)}`,
    resource: {
      bodyShapePredictionId: prediction.id, scanId: prediction.scanId, userId: user.userId, userToken: user.userToken, state,
      ...(failure ? { failure: { code: failure.code, message: failure.message } } : {}),
    },
  };
}

/**
 * How a delivery is signed and labelled: `bodyscan` (default) sends `x-bodyscan-timestamp` (Unix
 * seconds) and `x-bodyscan-signature`; `market` sends the market service's `prism-timestamp`
 * (ISO-8601 UTC with milliseconds) and `prism-signature`, so its partners' listeners work unchanged.
 * Both sign `timestamp + "." + body` with hex HMAC-SHA256, the timestamp as sent in its header.
 */
export const WEBHOOK_SIGNATURE_STYLES = ['bodyscan', 'market'] as const;
export type WebhookSignatureStyle = (typeof WEBHOOK_SIGNATURE_STYLES)[number];

/**
 * The exact body sent (and signed): `{eventType, payload}`. The event id and time live inside the
 * signed payload, so a receiver can trust them when it de-duplicates or orders events.
 */
export function webhookBody(event: WebhookEvent, eventId: string, occurredAt: Date): string {
  return JSON.stringify({ eventType: event.eventType, payload: { eventId, occurredAt: occurredAt.toISOString(), ...event.resource } });
}

/** Why a webhook address cannot be used, or null: only absolute http(s) URLs can receive a POST. */
export function webhookUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `"${url}" is not an absolute URL; give one like https://partner.example/bodyscan-webhooks`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `the webhook URL must use http or https, not ${parsed.protocol.replace(/:$/, '')}`;
  if (parsed.username || parsed.password) return 'the webhook URL must not carry credentials; requests are signed instead';
  return null;
}
