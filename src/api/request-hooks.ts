import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, RateLimitedError } from '../domain/error-catalog.ts';
import type { ApiKeyService } from '../services/api-key-service.ts';
import type { Tenant } from '../services/ports.ts';

export const JSON_V1 = 'application/json;v=1';

/** Incoming x-request-id is kept when it looks like an id; otherwise a new UUID. */
export function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && /^[A-Za-z0-9._-]{1,128}$/.test(incoming) ? incoming : randomUUID();
}

/** `accept: application/json;v=2` -> 406. Missing accept or missing v is served as v1 (decisions.md). */
export function checkVersion(request: FastifyRequest): void {
  const accept = request.headers.accept;
  if (!accept) return;
  for (const part of accept.split(',')) {
    const [mediaType, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (mediaType !== 'application/json' && mediaType !== '*/*' && mediaType !== 'application/*') continue;
    const version = params.find((param) => param.startsWith('v='));
    if (version === undefined || version === 'v=1') return;
  }
  if (/application\/json[^,]*;\s*v=/i.test(accept)) {
    throw new AppError('version_not_acceptable', 'This service speaks interface version 1: send accept: application/json;v=1.');
  }
}

/** `authorization: Bearer <key>` (scheme case-insensitive) -> request.tenant, or 401/403. */
export async function authenticate(request: FastifyRequest, keys: ApiKeyService): Promise<void> {
  const header = request.headers.authorization;
  if (!header) throw new AppError('missing_credential', 'Send authorization: Bearer <API_KEY>.');
  const match = /^bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new AppError('invalid_credential', 'The authorization header must be "Bearer <API_KEY>".');
  request.tenant = await keys.authenticate(match[1]);
}

/** After authentication: 429 with `retry-after` when the tenant is over its request rate. */
export function enforceRateLimit(request: FastifyRequest, rateLimit: (tenant: Tenant, nowMs: number) => number, nowMs: number): void {
  const retryAfterS = rateLimit(request.tenant, nowMs);
  if (retryAfterS > 0) throw new RateLimitedError(retryAfterS);
}

/**
 * JSON bodies: an empty body is no body (every call carries content-type: application/json,
 * bodiless POST/DELETE included); anything else must parse.
 */
export function installJsonParser(app: FastifyInstance, bodyLimitBytes: number): void {
  // JSON endpoints take JSON only: without fastify's text/plain parser other types answer 415.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  // Decoded strictly: a lenient decode turns invalid UTF-8 into U+FFFD, so two different tokens would
  // upsert the same user.
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: bodyLimitBytes }, (_request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      return done(new AppError('invalid_json', 'The body is not valid UTF-8.'), undefined);
    }
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('invalid_json', 'The body is not valid JSON.'), undefined);
    }
  });
}

/** Every JSON response is labelled with the interface version; the request id is echoed. */
export function installResponseHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', String(request.id));
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json')) reply.header('content-type', JSON_V1);
    return payload;
  });
}
