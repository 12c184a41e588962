import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedRows } from '../../db/rows';
import { searchEvents, sessions } from '../../db/schema';
import type { Place } from './geo';

export const VISIT_COOKIE = 'aid';
export const newVisitId = () => randomBytes(16).toString('base64url');

export { deviceOf } from './device';

/** One page view as the beacon reported it, with the time it arrived. */
export interface PageView {
  visitId: string;
  userId: string | null;
  path: string;
  referrer: string | null;
  device: string;
  /** Where the visitor is, from their address (which is not kept). */
  place: Place | null;
  /** When the beacon arrived: the view's occurredAt, and its visit's start or end. */
  at: Date;
}

/**
 * One statement for any number of page views (decision 027), with the same rows as one view at a
 * time: each visit's analytics session is created on first sight (device, referrer and place of
 * its first view, started at that view) or extended (endedAt the latest view, durationSeconds from
 * its start; userId filled by its first signed-in view and kept after), and every view is a
 * page_views row at its own time. The visits go in the order of their ids, so that two processes
 * writing the same visits lock them in one order. A viewer whose account is gone by now (or is
 * being deleted: the account row is locked, or found gone once the deletion commits) counts as
 * signed out, so no view of the batch fails on it.
 */
export async function recordPageViews(db: Db, views: readonly PageView[]): Promise<void> {
  if (views.length === 0) return;
  const visits = new Map<string, { first: PageView; last: PageView; users: string[] }>();
  for (const v of views) {
    const visit = visits.get(v.visitId);
    if (!visit) visits.set(v.visitId, { first: v, last: v, users: v.userId ? [v.userId] : [] });
    else {
      if (v.at >= visit.last.at) visit.last = v;
      if (v.userId && !visit.users.includes(v.userId)) visit.users.push(v.userId);
    }
  }
  const ids = [...visits.keys()].sort();
  const of = ids.map((id) => visits.get(id)!);
  const column = <T>(pick: (v: (typeof of)[number]) => T) => sql.param(of.map(pick));
  await preparedRows(
    db,
    sql`WITH v AS (
      SELECT * FROM unnest(${column((v) => v.first.visitId)}::text[], ${column((v) => (v.users.length ? v.users.join(',') : null))}::text[],
        ${column((v) => v.first.device)}::text[], ${column((v) => v.first.referrer)}::text[],
        ${column((v) => v.first.place?.country ?? null)}::text[], ${column((v) => v.first.place?.region ?? null)}::text[],
        ${column((v) => v.first.at.toISOString())}::timestamptz[], ${column((v) => v.last.at.toISOString())}::timestamptz[])
        AS v(visit, users, device, referrer, country, region, started, ended)
    ), s AS (
      INSERT INTO ${sessions} (session_id, user_id, device, referrer, country, region, started_at, ended_at, duration_seconds)
      SELECT v.visit,
        (SELECT u.id FROM users u WHERE u.id = ANY (string_to_array(v.users, ',')::uuid[])
          ORDER BY array_position(string_to_array(v.users, ','), u.id::text) LIMIT 1 FOR KEY SHARE),
        v.device, v.referrer, v.country, v.region, v.started, v.ended,
        greatest(0, extract(epoch from (v.ended - v.started))::int)
      FROM v ORDER BY v.visit
      ON CONFLICT (session_id) DO UPDATE SET
        ended_at = greatest(sessions.ended_at, excluded.ended_at),
        duration_seconds = greatest(0, extract(epoch from (greatest(sessions.ended_at, excluded.ended_at) - sessions.started_at))::int),
        user_id = coalesce(sessions.user_id, excluded.user_id)
      RETURNING id, session_id
    )
    INSERT INTO page_views (session_id, path, referrer, occurred_at)
    SELECT s.id, p.path, p.referrer, p.at
    FROM unnest(${sql.param(views.map((v) => v.visitId))}::text[], ${sql.param(views.map((v) => v.path))}::text[],
      ${sql.param(views.map((v) => v.referrer))}::text[], ${sql.param(views.map((v) => v.at.toISOString()))}::timestamptz[])
      AS p(visit, path, referrer, at)
    JOIN s ON s.session_id = p.visit`,
  );
}

/** A search (SPEC §3 search_events): query, how many results, who, which visit. */
export async function recordSearch(
  db: Db,
  s: { visitId: string | undefined; userId: string | null; query: string; resultsCount: number },
) {
  let sessionId: string | null = null;
  if (s.visitId) {
    const [row] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.sessionId, s.visitId));
    sessionId = row?.id ?? null;
  }
  await db
    .insert(searchEvents)
    .values({ sessionId, userId: s.userId, query: s.query, resultsCount: s.resultsCount });
}
