import { sql } from 'drizzle-orm';
import type { SearchProduct } from '../../../contract';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { likePattern, SEARCH_LIMIT } from '../../lib/search';

/** Products whose title holds the query (pg_trgm index), as the header's gear group lists them. */
export function searchProducts(db: Db, q: string): Promise<SearchProduct[]> {
  return rows<SearchProduct>(
    db,
    sql`SELECT id, title AS name FROM products WHERE lower(title) LIKE ${likePattern(q)}
        ORDER BY title, id LIMIT ${SEARCH_LIMIT}`,
  );
}
