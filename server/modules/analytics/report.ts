import { type SQL, sql } from 'drizzle-orm';
import {
  ANALYTICS_RANGE_DAYS,
  ANALYTICS_TOP,
  type AnalyticsRange,
  type AnalyticsReport,
} from '../../../contract';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';

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
 * The report's SQL, one statement per figure; each filters a time column by range, served by that
 * column's index (sessions_started_idx, page_views_occurred_path_idx, search_events_occurred_idx,
 * post_events_occurred_idx, posts_feed_idx, users_joined_idx). Exported for the benchmark, which
 * runs the same statements through a plain pool.
 */
export function reportQueries(window: { days: number; from: Date; to: Date }) {
  const from = sql`${window.from.toISOString()}::timestamptz`;
  const to = sql`${window.to.toISOString()}::timestamptz`;
  const within = (column: SQL) => sql`${column} >= ${from} AND ${column} < ${to}`;
  return {
    sessions: sql`SELECT count(*)::int AS "total", coalesce(round(avg(duration_seconds)), 0)::int AS "avg"
      FROM sessions WHERE ${within(sql`started_at`)}`,
    topSearches: sql`SELECT lower(btrim(query)) AS "query", count(*)::int AS "count"
      FROM search_events WHERE ${within(sql`occurred_at`)} AND btrim(query) <> ''
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${ANALYTICS_TOP}`,
    topLocations: sql`SELECT country AS "country", count(*)::int AS "count"
      FROM sessions WHERE ${within(sql`started_at`)} AND country IS NOT NULL
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${ANALYTICS_TOP}`,
    postActivity: sql`SELECT action AS "action", count(*)::int AS "count"
      FROM post_events WHERE ${within(sql`occurred_at`)} GROUP BY 1 ORDER BY 2 DESC, 1`,
    topPages: sql`SELECT path AS "path", count(*)::int AS "count"
      FROM page_views WHERE ${within(sql`occurred_at`)}
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${ANALYTICS_TOP}`,
    daily: sql`WITH days AS (
        SELECT ${from} + i * interval '24 hours' AS d FROM generate_series(0, ${window.days - 1}::int) AS i
      )
      SELECT to_char(d AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "date",
        (SELECT count(*) FROM sessions WHERE started_at >= d AND started_at < d + interval '24 hours')::int AS "sessions",
        (SELECT count(*) FROM page_views WHERE occurred_at >= d AND occurred_at < d + interval '24 hours')::int AS "pageViews",
        (SELECT count(*) FROM posts WHERE created_at >= d AND created_at < d + interval '24 hours')::int AS "newPosts",
        (SELECT count(*) FROM users WHERE joined_at >= d AND joined_at < d + interval '24 hours')::int AS "registrations"
      FROM days ORDER BY d`,
  };
}

type Counted<K extends string> = Record<K, string> & { count: number };

/** GET /api/admin/analytics: exact counts over the range (see analyticsWindow). */
export async function analyticsReport(
  db: Db,
  range: AnalyticsRange,
  now = new Date(),
): Promise<AnalyticsReport> {
  const q = reportQueries(analyticsWindow(range, now));
  const [summary, topSearches, topLocations, postActivity, topPages, daily] = await Promise.all([
    rows<{ total: number; avg: number }>(db, q.sessions),
    rows<Counted<'query'>>(db, q.topSearches),
    rows<Counted<'country'>>(db, q.topLocations),
    rows<Counted<'action'>>(db, q.postActivity),
    rows<Counted<'path'>>(db, q.topPages),
    rows<AnalyticsReport['daily'][number]>(db, q.daily),
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
