import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../domain/error-catalog.ts';

/**
 * Opaque, signed keyset cursors for GET /scans: base64url(JSON {id, order, user}) + '.' + HMAC.
 * The order and user filter are signed in, so a cursor cannot be replayed against another query.
 */
export interface CursorPosition {
  lastId: string;
  order: 'asc' | 'desc';
  userToken: string | null;
}

export function encodeCursor(secret: string, position: CursorPosition): string {
  const body = Buffer.from(JSON.stringify([position.lastId, position.order, position.userToken])).toString('base64url');
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

export function decodeCursor(secret: string, cursor: string, order: 'asc' | 'desc', userToken: string | null): string {
  const invalid = new AppError('invalid_cursor', 'The cursor is not one this service issued for this query; start again without it.');
  const [body, signature, extra] = cursor.split('.');
  if (!body || !signature || extra !== undefined) throw invalid;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid;
  const [lastId, signedOrder, signedUser] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as [string, string, string | null];
  if (signedOrder !== order || signedUser !== userToken) throw invalid;
  return lastId;
}
