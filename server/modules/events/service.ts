import { sql } from 'drizzle-orm';
import type { SearchEvent } from '../../../contract';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { likePattern, SEARCH_LIMIT } from '../../lib/search';

/** Case-insensitive substring match on the title, served by the pg_trgm GIN index; soonest first. */
export function searchEvents(db: Db, q: string): Promise<SearchEvent[]> {
  return rows<SearchEvent>(
    db,
    sql`SELECT id, title FROM events WHERE lower(title) LIKE ${likePattern(q)}
        ORDER BY date, id LIMIT ${SEARCH_LIMIT}`,
  );
}
