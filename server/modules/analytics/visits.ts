import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageViews, searchEvents, sessions } from '../../db/schema';
import type { Place } from './geo';

export const VISIT_COOKIE = 'aid';
export const newVisitId = () => randomBytes(16).toString('base64url');

export { deviceOf } from './device';

/** The analytics session of a visit id, created on first sight. */
async function visitRow(
  db: Db,
  visitId: string,
  init: { userId: string | null; device: string; referrer: string | null; place: Place | null },
) {
  await db
    .insert(sessions)
    .values({
      sessionId: visitId,
      userId: init.userId,
      device: init.device,
      referrer: init.referrer,
      country: init.place?.country ?? null,
      region: init.place?.region ?? null,
    })
    .onConflictDoNothing();
  const [row] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.sessionId, visitId));
  return row.id;
}

/** A page view: the visit's session is created or extended (endedAt, durationSeconds). */
export async function recordPageView(
  db: Db,
  v: {
    visitId: string;
    userId: string | null;
    path: string;
    referrer: string | null;
    device: string;
    /** Where the visitor is, from their address (which is not kept). */
    place: Place | null;
  },
) {
  const sessionRowId = await visitRow(db, v.visitId, v);
  await db.insert(pageViews).values({ sessionId: sessionRowId, path: v.path, referrer: v.referrer });
  await db
    .update(sessions)
    .set({
      endedAt: sql`now()`,
      durationSeconds: sql`greatest(0, extract(epoch from (now() - ${sessions.startedAt}))::int)`,
      userId: sql`coalesce(${sessions.userId}, ${v.userId}::uuid)`,
    })
    .where(eq(sessions.id, sessionRowId));
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
