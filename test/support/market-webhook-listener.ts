// A partner's webhook listener written to the market service's published rules, independently of
// our code (it is what "drop-in" must satisfy): headers prism-timestamp (ISO 8601 UTC) and
// prism-signature (lowercase hex HMAC-SHA256 keyed with the secret's UTF-8 text over
// `timestamp + "." + rawBody`); 400 for a timestamp more than 300 s off, 401 for a bad signature,
// 422 for an unknown eventType, a missing id or a payload without `state`; else 200.
import { createHmac, timingSafeEqual } from 'node:crypto';

const KNOWN_EVENT_TYPES = new Set([
  'scan.processing.started', 'scan.processing.succeeded', 'scan.processing.failed',
  'body_shape_prediction.processing.started', 'body_shape_prediction.processing.succeeded', 'body_shape_prediction.processing.failed',
]);
const SCAN_STATES = new Set(['CREATED', 'PROCESSING', 'READY', 'FAILED']);
const PREDICTION_STATES = new Set(['PROCESSING', 'READY', 'FAILED']);

export function marketListenerStatus(secret: string, headers: Record<string, string | string[] | undefined>, rawBody: string, now: Date): number {
  const timestamp = headers['prism-timestamp'];
  const signature = headers['prism-signature'];
  if (typeof timestamp !== 'string' || typeof signature !== 'string') return 401;
  const sentAtMs = Date.parse(timestamp);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(timestamp) || Number.isNaN(sentAtMs)) return 400;
  if (Math.abs(now.getTime() - sentAtMs) > 300_000) return 400;
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${timestamp}.${rawBody}`).digest();
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 401;
  let event: { eventType?: unknown; payload?: Record<string, unknown> };
  try { event = JSON.parse(rawBody); } catch { return 422; }
  if (typeof event.eventType !== 'string' || !KNOWN_EVENT_TYPES.has(event.eventType)) return 422;
  const payload = event.payload;
  if (!payload || typeof payload !== 'object') return 422;
  const isPrediction = event.eventType.startsWith('body_shape_prediction.');
  const ids = isPrediction ? ['bodyShapePredictionId', 'scanId', 'userId', 'userToken'] : ['scanId', 'userId', 'userToken'];
  if (ids.some((key) => typeof payload[key] !== 'string' || payload[key] === '')) return 422;
  if (typeof payload.state !== 'string' || !(isPrediction ? PREDICTION_STATES : SCAN_STATES).has(payload.state)) return 422;
  return 200;
}
