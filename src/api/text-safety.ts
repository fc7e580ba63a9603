import type { FastifyRequest } from 'fastify';
import { AppError, type ErrorDetail } from '../domain/error-catalog.ts';

/**
 * Text a partner sends must be storable and comparable as sent: PostgreSQL text cannot hold U+0000
 * (it answered 500 with SQLSTATE 22021), and a lone UTF-16 surrogate has no UTF-8 form, so the
 * driver silently turned it into U+FFFD and two different tokens became one user. Both are refused
 * with 400 invalid_input naming the field, before any handler runs.
 */
// Without the `u` flag the expression sees UTF-16 code units, so a lone half of a pair is visible.
const NUL_OR_LONE_SURROGATE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be accepted, or null when it can. */
export function unsafeTextReason(text: string): string | null {
  const match = NUL_OR_LONE_SURROGATE.exec(text);
  if (!match) return null;
  return match[0] === '\u0000' ? 'must not contain the NUL character (U+0000)' : 'must be valid Unicode (it holds a lone UTF-16 surrogate)';
}

/** JSON pointer escaping (RFC 6901). */
function pointerToken(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function collect(value: unknown, path: string, details: ErrorDetail[], depth: number): void {
  if (details.length >= 20 || depth > 32) return;
  if (typeof value === 'string') {
    const reason = unsafeTextReason(value);
    if (reason) details.push({ path, message: reason });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => collect(item, `${path}/${index}`, details, depth + 1));
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const keyReason = unsafeTextReason(key);
      if (keyReason) details.push({ path: `${path}/${pointerToken(key)}`, message: `field name ${keyReason}` });
      collect(item, `${path}/${pointerToken(key)}`, details, depth + 1);
    }
  }
}

/** Throws 400 invalid_input listing every path parameter, query value and body string that cannot be stored. */
export function refuseUnsafeText(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>): void {
  const details: ErrorDetail[] = [];
  collect(request.params, '/params', details, 0);
  collect(request.query, '/querystring', details, 0);
  collect(request.body, '/body', details, 0);
  if (details.length > 0) {
    throw new AppError('invalid_input', `The request holds text that cannot be stored: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}.`, details);
  }
}
