// A real HTTP endpoint on 127.0.0.1 for webhook tests: records every request (path, headers, the
// raw body text) and answers 200 unless `respond` says otherwise.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { waitFor } from './api-client.ts';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: { eventType: string; payload: Record<string, any> };
}

export interface WebhookReceiver {
  /** Base address, e.g. http://127.0.0.1:43121 */
  url: string;
  received: ReceivedWebhook[];
  /** The status for a request; undefined (or no function) = 200. */
  respond: ((request: ReceivedWebhook) => number | undefined) | null;
  /** Waits until the requests that match `filter` number at least `count`; returns them. */
  waitForRequests(filter: (request: ReceivedWebhook) => boolean, count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  /**
   * Waits for `count` distinct events (payload.eventId) and returns the first delivery of each:
   * delivery is at least once, so a delivery whose answer came late under load is sent again.
   */
  waitForEvents(filter: (request: ReceivedWebhook) => boolean, count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let receiver: WebhookReceiver;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const webhook: ReceivedWebhook = { path: request.url ?? '', headers: request.headers, body, json: JSON.parse(body) };
      received.push(webhook);
      response.writeHead(receiver.respond?.(webhook) ?? 200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver = {
    url: `http://127.0.0.1:${port}`,
    received,
    respond: null,
    waitForRequests: async (filter, count, timeoutMs = 30_000) => waitFor(async () => received.filter(filter), (found) => found.length >= count, timeoutMs),
    waitForEvents: async (filter, count, timeoutMs = 30_000) => {
      const firstOfEach = () => {
        const seen = new Set<string>();
        return received.filter((r) => filter(r) && !seen.has(r.json.payload.eventId) && seen.add(r.json.payload.eventId) !== undefined);
      };
      return waitFor(async () => firstOfEach(), (found) => found.length >= count, timeoutMs);
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
  return receiver;
}

/** A receiver's check, written independently of the service's code: hex HMAC-SHA256 of `timestamp.body`. */
export function signatureIsValid(signingSecret: string, request: ReceivedWebhook): boolean {
  const timestamp = String(request.headers['x-bodyscan-timestamp']);
  const expected = createHmac('sha256', signingSecret).update(`${timestamp}.${request.body}`).digest();
  const given = Buffer.from(String(request.headers['x-bodyscan-signature']), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The id of the resource an event is about: a prediction's id for prediction events, else the scan's. */
export function resourceIdOf(request: ReceivedWebhook): string {
  return request.json.payload.bodyShapePredictionId ?? request.json.payload.scanId;
}
