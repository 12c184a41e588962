import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  ANALYTICS_RANGE_DAYS,
  ANALYTICS_TOP,
  type AnalyticsRange,
  type AnalyticsReport,
} from '../../../contract';
import type { Db } from '../../db/client';
import { pageViews, postEvents, posts, searchEvents, sessions, users } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The range's window: whole UTC days, today included, so '7d' is today and the 6 days before.
 * `from` is inclusive, `to` (the start of tomorrow) exclusive.
 */
export function analyticsWindow(range: AnalyticsRange, now = new Date()) {
  const days = ANALYTICS_RANGE_DAYS[range];
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY_MS);
  return { days, from: new Date(to.getTime() - days * DAY_MS), to };
}

/**
 * The report's statements, one per figure, typed from the schema; each filters a time column by
 * range, served by that column's index (sessions_started_idx, page_views_occurred_path_idx,
 * search_events_occurred_idx, post_events_occurred_idx, posts_feed_idx, users_joined_idx).
 * Exported for the benchmark, which runs the same statements (`toSQL()`) through a plain pool.
 */
export function reportQueries(db: Db, window: { days: number; from: Date; to: Date }) {
  const from = sql`${window.from.toISOString()}::timestamptz`;
  const to = sql`${window.to.toISOString()}::timestamptz`;
  const within = (column: AnyPgColumn | SQL) => sql`${column} >= ${from} AND ${column} < ${to}`;
  const counted = sql<number>`count(*)::int`;
  /** Grouped by the first column, most counted first, then by the first column. */
  const top = <K extends string>(key: K, column: SQL<string> | AnyPgColumn, table: PgTable, where: SQL) =>
    db
      .select({ [key]: sql<string>`${column}`, count: counted } as Record<K, SQL<string>> & {
        count: SQL<number>;
      })
      .from(table)
      .where(where)
      .groupBy(sql`1`)
      .orderBy(sql`2 DESC`, sql`1`);

  const days = db
    .$with('days')
    .as(
      db
        .select({ d: sql<Date>`${from} + i * interval '24 hours'`.as('d') })
        .from(sql`generate_series(0, ${window.days - 1}::int) AS i`),
    );
  const onDay = (column: AnyPgColumn) =>
    sql`${column} >= ${days.d} AND ${column} < ${days.d} + interval '24 hours'`;
  const perDay = (table: PgTable, column: AnyPgColumn) =>
    sql<number>`(${db.select({ n: sql`count(*)` }).from(table).where(onDay(column))})::int`;

  return {
    sessions: db
      .select({
        total: counted,
        avg: sql<number>`coalesce(round(avg(${sessions.durationSeconds})), 0)::int`,
      })
      .from(sessions)
      .where(within(sessions.startedAt)),
    topSearches: top(
      'query',
      sql<string>`lower(btrim(${searchEvents.query}))`,
      searchEvents,
      sql`${within(searchEvents.occurredAt)} AND btrim(${searchEvents.query}) <> ''`,
    ).limit(ANALYTICS_TOP),
    topLocations: top(
      'country',
      sessions.country,
      sessions,
      sql`${within(sessions.startedAt)} AND ${sessions.country} IS NOT NULL`,
    ).limit(ANALYTICS_TOP),
    postActivity: top('action', postEvents.action, postEvents, within(postEvents.occurredAt)),
    topPages: top('path', pageViews.path, pageViews, within(pageViews.occurredAt)).limit(ANALYTICS_TOP),
    daily: db
      .with(days)
      .select({
        date: sql<string>`to_char(${days.d} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
        sessions: perDay(sessions, sessions.startedAt),
        pageViews: perDay(pageViews, pageViews.occurredAt),
        newPosts: perDay(posts, posts.createdAt),
        registrations: perDay(users, users.joinedAt),
      })
      .from(days)
      .orderBy(days.d),
  };
}

/** GET /api/admin/analytics: exact counts over the range (see analyticsWindow). */
export async function analyticsReport(
  db: Db,
  range: AnalyticsRange,
  now = new Date(),
): Promise<AnalyticsReport> {
  const q = reportQueries(db, analyticsWindow(range, now));
  const [summary, topSearches, topLocations, postActivity, topPages, daily] = await Promise.all([
    q.sessions,
    q.topSearches,
    q.topLocations,
    q.postActivity,
    q.topPages,
    q.daily,
  ]);
  return {
    range,
    totalSessions: summary[0]?.total ?? 0,
    avgDuration: summary[0]?.avg ?? 0,
    topSearches,
    topLocations,
    postActivity,
    topPages,
    daily,
  };
}
