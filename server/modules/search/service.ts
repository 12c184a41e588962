import { sql } from 'drizzle-orm';
import { SEARCH_MIN_LENGTH } from '../../../contract';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';

/** Bounded answers: the header keeps 3 per group (5 for gear). */
export const SEARCH_LIMIT = 10;

/** `%text%` for ILIKE, with the pattern characters escaped. */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const searchable = (q: string | undefined) => (q ?? '').trim().length >= SEARCH_MIN_LENGTH;

/** Case-insensitive substring match on lower(column), served by the pg_trgm GIN indexes. */
export function searchUsers(db: Db, q: string) {
  return rows<{ id: string; username: string }>(
    db,
    sql`SELECT id, username FROM users WHERE lower(username) LIKE ${likePattern(q.trim())}
        ORDER BY length(username), username LIMIT ${SEARCH_LIMIT}`,
  );
}

export function searchEvents(db: Db, q: string) {
  return rows<{ id: string; title: string }>(
    db,
    sql`SELECT id, title FROM events WHERE lower(title) LIKE ${likePattern(q.trim())}
        ORDER BY date, id LIMIT ${SEARCH_LIMIT}`,
  );
}

export function searchProducts(db: Db, q: string) {
  return rows<{ id: string; name: string }>(
    db,
    sql`SELECT id, title AS name FROM products WHERE lower(title) LIKE ${likePattern(q.trim())}
        ORDER BY title, id LIMIT ${SEARCH_LIMIT}`,
  );
}
