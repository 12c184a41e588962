import { and, eq, lte, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { CATALOG_LIMITS } from '../../../contract';
import type { Db } from '../../db/client';
import { productPriceHistory, productSources, products } from '../../db/schema';
import { likePattern, SEARCH_LIMIT } from '../../lib/search';

/** The catalog module's reads, typed from the schema (issue 21). */

const qb = new QueryBuilder();

/** Products whose title holds the query (products_title_trgm_idx), by title. */
export const selectProductsMatching = (db: Db, q: string) =>
  db
    .select({ id: products.id, name: products.title })
    .from(products)
    .where(sql`lower(${products.title}) LIKE ${likePattern(q)}`)
    .orderBy(products.title, products.id)
    .limit(SEARCH_LIMIT);

/** The product's offers' latest CATALOG_LIMITS.historyPoints history points each, oldest first per offer. */
export function selectLatestHistory(db: Db, productId: string) {
  const h = productPriceHistory;
  const latest = db
    .select({
      id: h.id,
      sourceId: h.sourceId,
      price: h.price,
      currency: h.currency,
      inStock: h.inStock,
      recordedAt: h.recordedAt,
      n: sql<number>`row_number() OVER (PARTITION BY ${h.sourceId} ORDER BY ${h.recordedAt} DESC, ${h.id} DESC)`.as(
        'n',
      ),
    })
    .from(h)
    .innerJoin(productSources, eq(productSources.id, h.sourceId))
    .where(eq(productSources.productId, productId))
    .as('latest');
  return db
    .select({
      sourceId: latest.sourceId,
      price: latest.price,
      currency: latest.currency,
      inStock: latest.inStock,
      recordedAt: latest.recordedAt,
    })
    .from(latest)
    .where(lte(latest.n, CATALOG_LIMITS.historyPoints))
    .orderBy(latest.sourceId, latest.recordedAt, latest.id);
}

export type HistoryRow = Awaited<ReturnType<typeof selectLatestHistory>>[number];

/**
 * OFFSET 0, written in (Drizzle leaves out an offset of 0, and binds any number): a fence, so that
 * PostgreSQL works a subquery out once rather than flattening it into the join around it.
 */
const FENCE = sql.raw('0') as unknown as number;

/** Lower case, every run of other characters than a-z and 0-9 one space, trimmed (import.ts normalise). */
const normalised = (text: SQL) => sql`btrim(regexp_replace(lower(${text}), '[^a-z0-9]+', ' ', 'g'))`;

/**
 * Each price-list row's best product of the same brand (normalised) whose model key is at least
 * CATALOG_LIMITS.matchThreshold similar (pg_trgm similarity), in one statement: every product's
 * brand and model key worked out once (`c`), joined to the rows on the brand, the most similar
 * kept per row (then title, id); a row without one answers nulls. `input` is the rows as JSON:
 * `[{ n, brand, model }]` with n their index, the brand normalised and the model its key.
 */
export function selectMatches(db: Db, input: string) {
  const c = qb
    .select({
      id: products.id,
      title: products.title,
      brand: sql<string>`b.k`.as('brand'),
      model:
        sql<string>`CASE WHEN b.k <> '' AND starts_with(t.k, b.k || ' ') THEN substr(t.k, length(b.k) + 2)
        ELSE t.k END`.as('model'),
    })
    .from(products)
    .crossJoinLateral(sql`(SELECT ${normalised(sql`coalesce(${products.brand}, '')`)} AS k) b`)
    .crossJoinLateral(sql`(SELECT ${normalised(sql`${products.title}`)} AS k) t`)
    .offset(FENCE)
    .as('c');
  const similarity = sql`similarity(c.model, i.model)`;
  return db
    .selectDistinctOn([sql`i.n`], {
      n: sql<number>`i.n`,
      id: c.id,
      title: c.title,
      sim: sql<number | null>`round(${similarity}::numeric, 3)::float8`,
    })
    .from(sql`jsonb_to_recordset(${input}::jsonb) AS i(n int, brand text, model text)`)
    .leftJoin(c, and(sql`c.brand = i.brand`, sql`${similarity} >= ${CATALOG_LIMITS.matchThreshold}`))
    .orderBy(sql`i.n`, sql`${similarity} DESC`, c.title, c.id);
}

export type MatchRow = Awaited<ReturnType<typeof selectMatches>>[number];
