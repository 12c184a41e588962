import { sql } from 'drizzle-orm';
import { countryOfRegion, SEARCH_RESULTS_PER_GROUP, type SearchAllAnswer } from '../../../contract';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { likePattern } from '../../lib/search';

type Row = Omit<SearchAllAnswer, 'stores'> & { stores: { id: string; name: string; region: string }[] };

/**
 * Every group of the header search in one statement (issue 20): each group is a sub-select of up
 * to 3 rows, matched with LIKE on a lower-cased expression that a trigram index serves
 * (users, events, gear title and category, products, teams as their directory search, fields,
 * stores by name and region, news and tutorials by title; migrations 0001, 0018 and 0023).
 */
export async function searchAll(db: Db, q: string): Promise<SearchAllAnswer> {
  const p = likePattern(q);
  const n = SEARCH_RESULTS_PER_GROUP;
  const group = (inner: ReturnType<typeof sql>) =>
    sql`(SELECT coalesce(json_agg(r), '[]'::json) FROM (${inner}) r)`;
  const [row] = await rows<Row>(
    db,
    sql`SELECT
      ${group(sql`SELECT id, username FROM users WHERE lower(username) LIKE ${p}
        ORDER BY length(username), username LIMIT ${n}`)} AS users,
      ${group(sql`SELECT id, title FROM events WHERE lower(title) LIKE ${p}
        ORDER BY (date < now()), CASE WHEN date < now() THEN -extract(epoch FROM date) ELSE extract(epoch FROM date) END, id
        LIMIT ${n}`)} AS events,
      ${group(sql`SELECT g.id, g.title, g.category, u.username FROM gear_posts g JOIN users u ON u.id = g.user_id
        WHERE lower(g.title || ' ' || g.category) LIKE ${p}
        ORDER BY g.created_at DESC, g.id DESC LIMIT ${n}`)} AS gear,
      ${group(sql`SELECT id, title AS name FROM products WHERE lower(title) LIKE ${p}
        ORDER BY title, id LIMIT ${n}`)} AS products,
      ${group(sql`SELECT id, name, location FROM teams
        WHERE lower(name || ' ' || coalesce(tagline, '') || ' ' || coalesce(location, '')) LIKE ${p}
        ORDER BY name, id LIMIT ${n}`)} AS teams,
      ${group(sql`SELECT id, name, address FROM fields WHERE lower(name) LIKE ${p}
        ORDER BY name, id LIMIT ${n}`)} AS fields,
      ${group(sql`SELECT id, name, region FROM stores WHERE lower(name || ' ' || region) LIKE ${p}
        ORDER BY name, id LIMIT ${n}`)} AS stores,
      ${group(sql`SELECT id, title FROM news WHERE lower(title) LIKE ${p}
        ORDER BY created_at DESC, id DESC LIMIT ${n}`)} AS news,
      ${group(sql`SELECT id, title, category FROM tutorials WHERE lower(title) LIKE ${p}
        ORDER BY created_at DESC, id DESC LIMIT ${n}`)} AS tutorials`,
  );
  const parse = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
  const stores = parse(row.stores).map((s) => ({ ...s, country: countryOfRegion(s.region) }));
  return {
    users: parse(row.users),
    events: parse(row.events),
    gear: parse(row.gear),
    products: parse(row.products),
    teams: parse(row.teams),
    fields: parse(row.fields),
    stores,
    news: parse(row.news),
    tutorials: parse(row.tutorials),
  };
}

/** How many results an answer holds, for the search analytics. */
export const resultsCount = (a: SearchAllAnswer) =>
  Object.values(a).reduce((sum, list) => sum + list.length, 0);
