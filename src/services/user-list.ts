import type { User } from '../domain/user.ts';
import { decodeCursor, encodeCursor } from './page-cursor.ts';
import type { Tenant } from './ports.ts';
import type { ServiceContext } from './service-context.ts';

export interface ListUsersInput {
  limit: number;
  cursor?: string;
  order?: 'asc' | 'desc';
  /** Only users whose token contains this text (case-insensitive). */
  tokenContains?: string;
}

/**
 * The cursor's signed filter slot: prefixed so that a cursor of GET /scans (whose slot holds a user
 * token or null) is refused here, and a cursor for one search is refused for another.
 */
const filterOf = (tokenContains: string | undefined): string => `user-list:${tokenContains ?? ''}`;

/** GET /users: keyset pages by creation (UUIDv7 order), newest first by default; cursor null on the last page. */
export async function listUsers(context: ServiceContext, tenant: Tenant, input: ListUsersInput): Promise<{ results: User[]; cursor: string | null }> {
  const order = input.order ?? 'desc';
  const filter = filterOf(input.tokenContains);
  const afterId = input.cursor === undefined ? undefined : decodeCursor(context.cursorSecret, input.cursor, order, filter);
  // One row more than asked tells whether another page exists.
  const rows = await context.db.users.listUsers(tenant, { tokenContains: input.tokenContains, afterId, order, limit: input.limit + 1 });
  const results = rows.slice(0, input.limit);
  const cursor = rows.length > input.limit
    ? encodeCursor(context.cursorSecret, { lastId: results[results.length - 1].id, order, userToken: filter })
    : null;
  return { results, cursor };
}
