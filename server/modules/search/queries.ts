import { desc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { SEARCH_RESULTS_PER_GROUP } from '../../../contract';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { events, fields, gearPosts, news, products, stores, teams, tutorials, users } from '../../db/schema';

/**
 * The header search's read, typed from the schema (issue 21): every group in one statement, each
 * a sub-select of up to SEARCH_RESULTS_PER_GROUP rows, matched with LIKE on a lower-cased
 * expression that a trigram index serves (users, events, gear title and category, products, teams
 * as their directory search, fields, stores by name and region, news and tutorials by title;
 * migrations 0001, 0018 and 0023: the expressions here are those indexes' own).
 */

const qb = new QueryBuilder();

/** The group's rows as a JSON list (its fields named as the sub-select names them), typed as they are selected. */
function group<Q extends { _: { result: unknown[] }; getSQL(): SQL }>(inner: Q) {
  return sql`(SELECT coalesce(json_agg(r), '[]'::json) FROM (${inner}) r)`.mapWith(
    (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Q['_']['result'],
  );
}

const like = (text: SQL, pattern: Placeholder) => sql`lower(${text}) LIKE ${pattern}`;

/** Every group of the header search for the LIKE pattern, the `p` placeholder. */
function searchAllQuery(db: Db) {
  const n = SEARCH_RESULTS_PER_GROUP;
  const p = sql.placeholder('p');
  const past = sql`(${events.date} < now())`;
  return (
    db
      .select({
        users: group(
          qb
            .select({ id: users.id, username: users.username })
            .from(users)
            .where(like(sql`${users.username}`, p))
            .orderBy(sql`length(${users.username})`, users.username)
            .limit(n),
        ),
        events: group(
          qb
            .select({ id: events.id, title: events.title })
            .from(events)
            .where(like(sql`${events.title}`, p))
            // Upcoming first, soonest first; then past ones, the latest first.
            .orderBy(
              past,
              sql`CASE WHEN ${past} THEN -extract(epoch FROM ${events.date}) ELSE extract(epoch FROM ${events.date}) END`,
              events.id,
            )
            .limit(n),
        ),
        gear: group(
          qb
            .select({
              id: gearPosts.id,
              title: gearPosts.title,
              category: gearPosts.category,
              username: users.username,
            })
            .from(gearPosts)
            .innerJoin(users, eq(users.id, gearPosts.userId))
            .where(like(sql`${gearPosts.title} || ' ' || ${gearPosts.category}`, p))
            .orderBy(desc(gearPosts.createdAt), desc(gearPosts.id))
            .limit(n),
        ),
        products: group(
          qb
            .select({ id: products.id, name: sql<string>`${products.title}`.as('name') })
            .from(products)
            .where(like(sql`${products.title}`, p))
            .orderBy(products.title, products.id)
            .limit(n),
        ),
        teams: group(
          qb
            .select({ id: teams.id, name: teams.name, location: teams.location })
            .from(teams)
            .where(
              like(
                sql`${teams.name} || ' ' || coalesce(${teams.tagline}, '') || ' ' || coalesce(${teams.location}, '')`,
                p,
              ),
            )
            .orderBy(teams.name, teams.id)
            .limit(n),
        ),
        fields: group(
          qb
            .select({ id: fields.id, name: fields.name, address: fields.address })
            .from(fields)
            .where(like(sql`${fields.name}`, p))
            .orderBy(fields.name, fields.id)
            .limit(n),
        ),
        stores: group(
          qb
            .select({ id: stores.id, name: stores.name, region: stores.region })
            .from(stores)
            .where(like(sql`${stores.name} || ' ' || ${stores.region}`, p))
            .orderBy(stores.name, stores.id)
            .limit(n),
        ),
        news: group(
          qb
            .select({ id: news.id, title: news.title })
            .from(news)
            .where(like(sql`${news.title}`, p))
            .orderBy(desc(news.createdAt), desc(news.id))
            .limit(n),
        ),
        tutorials: group(
          qb
            .select({ id: tutorials.id, title: tutorials.title, category: tutorials.category })
            .from(tutorials)
            .where(like(sql`${tutorials.title}`, p))
            .orderBy(desc(tutorials.createdAt), desc(tutorials.id))
            .limit(n),
        ),
      })
      // The groups are sub-selects; the statement reads no table of its own.
      .from(sql`(SELECT) AS one`)
  );
}

/**
 * The header search for the LIKE pattern `p` (likePattern). Built once (building these nine
 * sub-selects cost more CPU than the rest of the request), and named (decision 038): planned with
 * its pattern it cost about 3 ms of PostgreSQL's CPU to plan for 1.4 ms to run; each connection's
 * generic plan (the trigram indexes take the pattern as a parameter) runs in about 2.5 ms and is
 * never planned again.
 */
export async function selectSearchAll(db: Db, p: string) {
  const [row] = await preparedQuery(db, 'search.all', () => searchAllQuery(db)).execute({ p });
  return row;
}

export type SearchAllRow = Awaited<ReturnType<typeof selectSearchAll>>;
