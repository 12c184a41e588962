import { eq, ne, type SQL, sql } from 'drizzle-orm';
import {
  EVENT_LIMITS,
  EVENT_RADII,
  EVENT_TYPES,
  eventsQuery,
  PAGE_MAX_LIMIT,
  type SavedSearchFilters,
  savedSearchQueryString,
} from '../../../contract';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { savedSearches, users } from '../../db/schema';
import { haversine } from '../../lib/geo';
import { type ListOptions, localDay, replicasAllowedFor, selectEventsPage } from '../events';
import { NOTIFICATIONS_CHANNEL, type NotifyOptions, notify } from '../notifications';

/**
 * Saved searches told of new games (issue 26). An event created, edited, imported or added by a
 * series queues one job in the write's transaction (events/written.ts); the notifications' job
 * runner runs it outside the organiser's request: one statement (matchAll) joins the events
 * written against every saved search, each search's stored filters read in SQL with the rules of
 * GET /api/events (the list's own builders where they take a column: the local day, the replicas
 * check, the distance). A search that matches tells its owner ('saved-search-match'), never the
 * player who wrote the events: the first match of a day (UTC) writes an entry, later ones that
 * day update it (the count of distinct games, and it moves up unread).
 *
 * `matchedBy` runs one search as the list runs it (selectEventsPage): the reference the batched
 * statement is tested against, and its fallback should a stored value be one PostgreSQL cannot read.
 */

/** The day a notification belongs to (UTC). */
export const matchDay = (now = new Date()) => now.toISOString().slice(0, 10);

/** The stored filters as the list's options, restricted to `ids`; null when they no longer parse. */
function optionsOf(filters: SavedSearchFilters, ownerId: string, ids: string[]): ListOptions | null {
  const parsed = eventsQuery.safeParse(filters);
  if (!parsed.success) return null;
  const { replicasAllowed, before: _before, sort: _sort, ...rest } = parsed.data;
  return {
    ...rest,
    sort: 'date',
    limit: PAGE_MAX_LIMIT,
    ids,
    ...(replicasAllowed ? { replicasOf: ownerId } : {}),
  };
}

/** The ids among `ids` that the search matches, soonest first (one statement per PAGE_MAX_LIMIT ids). */
export async function matchedBy(
  db: Db,
  search: { userId: string; filters: SavedSearchFilters },
  ids: string[],
  now: Date,
): Promise<string[]> {
  const found: string[] = [];
  for (let i = 0; i < ids.length; i += PAGE_MAX_LIMIT) {
    const opts = optionsOf(search.filters, search.userId, ids.slice(i, i + PAGE_MAX_LIMIT));
    if (!opts) return [];
    const rows = await selectEventsPage(db, opts, now);
    for (const r of rows) found.push(r.id);
  }
  return found;
}

/** At most this many event ids are kept per search and day (to count them). */
const MATCHED_KEPT = 500;

/**
 * Tells the owner of one search of `matched` (in one transaction: the owner's account held
 * first, then the search's row): a new entry for the day's first match, else the day's entry updated.
 */
async function tell(
  db: Db,
  search: { id: string; userId: string; name: string; filters: SavedSearchFilters },
  matched: string[],
  notice: NotifyOptions,
  now: Date,
): Promise<void> {
  const day = matchDay(now);
  const dedupeKey = `saved-search:${search.id}:${day}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM ${users} WHERE ${users.id} = ${search.userId} FOR KEY SHARE`);
    const [row] = await tx
      .select({ notifiedOn: savedSearches.notifiedOn, matchedIds: savedSearches.matchedIds })
      .from(savedSearches)
      .where(eq(savedSearches.id, search.id))
      .for('update');
    if (!row) return; // deleted meanwhile
    const before = row.notifiedOn === day ? row.matchedIds : [];
    const fresh = matched.filter((id) => !before.includes(id));
    if (fresh.length === 0) return;
    const all = [...before, ...fresh];
    const data = { title: search.name, count: all.length, query: savedSearchQueryString(search.filters) };
    await tx
      .update(savedSearches)
      .set({ notifiedOn: day, matchedIds: all.slice(-MATCHED_KEPT) })
      .where(eq(savedSearches.id, search.id));
    if (before.length === 0) {
      await notify(
        tx as unknown as Db,
        { recipientIds: [search.userId], kind: 'saved-search-match', eventId: fresh[0], dedupeKey, data },
        notice,
      );
      return;
    }
    // Later the same day: the day's entry counts them, moves up and reads as new again.
    await tx.execute(sql`
      WITH n AS (
        UPDATE notifications SET data = ${JSON.stringify(data)}::jsonb, event_id = ${fresh[0]}::uuid,
          seq = nextval('notification_seq'), created_at = now(), read_at = NULL
        WHERE recipient_id = ${search.userId} AND dedupe_key = ${dedupeKey}
        RETURNING recipient_id
      )
      SELECT pg_notify(${NOTIFICATIONS_CHANNEL}, n.recipient_id::text) FROM n`);
  });
}

/** A search that matched and the events it matched, soonest first. */
export interface Matched {
  id: string;
  userId: string;
  name: string;
  filters: SavedSearchFilters;
  matched: string[];
}

// The stored values' shapes (as eventsQuery reads them), checked before any cast: a value of
// another shape makes its search match nothing, as optionsOf's failed parse does.
const DAY = '^\\d{4}-\\d{2}-\\d{2}$';
const INSTANT = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';
const NEAR = '^(-?\\d+(?:\\.\\d+)?),\\s*(-?\\d+(?:\\.\\d+)?)$';
const NUMBER = '^\\s*\\+?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?\\s*$';
const FLAG = sql`('true', 'false')`;
const textArray = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

/** A range bound read as an instant: a day is its 00:00 UTC (as eventsQuery's from < to check reads it). */
const instantOf = (v: SQL) =>
  sql`(CASE WHEN ${v} ~ ${DAY} THEN (${v} || 'T00:00:00Z')::timestamptz WHEN ${v} ~ ${INSTANT} THEN ${v}::timestamptz END)`;

/**
 * The saved searches (but the writer's own) that match any of `ids`, each with the ids it
 * matched, soonest first, in one statement; ordered by owner then search (the order `tell` locks
 * them in). Each search's filters are read from its row: `f` holds them as text, `p` the point
 * and the radius as numbers (each cast behind the check of its shape, in a CASE: PostgreSQL keeps
 * a CASE's order, not an AND's).
 */
export function matchAll(
  db: Db,
  ids: readonly string[],
  writerId: string | null,
  now: Date,
): Promise<Matched[]> {
  const from = sql`f."from"`;
  const to = sql`f."to"`;
  const distance = haversine('events', sql`p.lat` as unknown as number, sql`p.lng` as unknown as number);
  return rows<Matched>(
    db,
    sql`
    SELECT s.id::text AS id, s.user_id::text AS "userId", s.name, s.filters,
           array_agg(events.id::text ORDER BY events.date, events.id) AS matched
    FROM saved_searches s
    CROSS JOIN LATERAL (
      SELECT s.filters ->> 'type' AS type, s.filters ->> 'from' AS "from", s.filters ->> 'to' AS "to",
             s.filters ->> 'near' AS near, s.filters ->> 'radius' AS radius, s.filters ->> 'sort' AS sort,
             s.filters ->> 'placesLeft' AS places_left, s.filters ->> 'beginner' AS beginner,
             s.filters ->> 'replicasAllowed' AS replicas,
             regexp_match(btrim(s.filters ->> 'near', E' \t\n\r'), ${NEAR}) AS point
    ) f
    CROSS JOIN LATERAL (
      SELECT f.point[1]::float8 AS lat, f.point[2]::float8 AS lng,
             CASE WHEN f.radius ~ ${NUMBER} THEN f.radius::float8 END AS radius
    ) p
    JOIN events ON events.id = ANY(${textArray(ids)}::uuid[])
    WHERE s.user_id IS DISTINCT FROM ${writerId}::uuid
      -- The filters parse (eventsQuery): each value's shape, then its refinements.
      AND (f.type IS NULL OR f.type = ANY(${textArray(EVENT_TYPES)}::text[]))
      AND (${from} IS NULL OR ${from} ~ ${DAY} OR ${from} ~ ${INSTANT})
      AND (${to} IS NULL OR ${to} ~ ${DAY} OR ${to} ~ ${INSTANT})
      AND (f.near IS NULL OR (f.point IS NOT NULL AND abs(p.lat) <= 90 AND abs(p.lng) <= 180))
      AND (f.radius IS NULL OR (p.radius > 0 AND p.radius <= ${EVENT_LIMITS.nearRadiusKmMax}))
      AND (f.sort IS NULL OR f.sort IN ('date', 'distance'))
      AND (f.places_left IS NULL OR f.places_left IN ${FLAG})
      AND (f.beginner IS NULL OR f.beginner IN ${FLAG})
      AND (f.replicas IS NULL OR f.replicas IN ${FLAG})
      AND (f.sort IS DISTINCT FROM 'distance' OR f.near IS NOT NULL)
      AND (f.radius IS NULL OR f.near IS NOT NULL)
      AND (f.radius IS NULL OR f.sort = 'distance' OR p.radius = ANY(${textArray(EVENT_RADII)}::float8[]))
      AND (${from} IS NULL OR ${to} IS NULL OR ${instantOf(from)}
           < (CASE WHEN ${to} ~ ${DAY} THEN ${instantOf(to)} + interval '1 day' ELSE ${instantOf(to)} END))
      -- The event matches them (selectEventsPage's window and filters).
      AND (f.type IS NULL OR events.type = f.type)
      AND (CASE WHEN ${from} IS NULL AND ${to} IS NULL THEN events.date >= ${now.toISOString()}::timestamptz
           ELSE (${from} IS NULL OR (CASE WHEN ${from} ~ ${DAY} THEN ${localDay} >= ${from}::date
                                          ELSE events.date >= ${instantOf(from)} END))
            AND (${to} IS NULL OR (CASE WHEN ${to} ~ ${DAY} THEN ${localDay} <= ${to}::date
                                        ELSE events.date < ${instantOf(to)} END)) END)
      AND (p.radius IS NULL OR ${distance} <= p.radius)
      AND (f.places_left IS DISTINCT FROM 'true' OR events.capacity = 0 OR events.registered_count < events.capacity)
      AND (f.beginner IS DISTINCT FROM 'true' OR events.rentals_available OR events.first_timers_welcome)
      AND (f.replicas IS DISTINCT FROM 'true' OR ${replicasAllowedFor(sql`s.user_id`)})
    GROUP BY s.id
    ORDER BY s.user_id, s.id`,
  );
}

/** The per-search path (matchedBy for each search): the reference, and the fallback; tells no one. */
export async function matchOneByOne(
  db: Db,
  ids: string[],
  writerId: string | null,
  now: Date,
): Promise<Matched[]> {
  const searches = await db
    .select({
      id: savedSearches.id,
      userId: savedSearches.userId,
      name: savedSearches.name,
      filters: savedSearches.filters,
    })
    .from(savedSearches)
    .where(writerId ? ne(savedSearches.userId, writerId) : undefined)
    .orderBy(savedSearches.userId, savedSearches.id);
  const found: Matched[] = [];
  for (const search of searches) {
    const matched = await matchedBy(db, search, ids, now);
    if (matched.length > 0) found.push({ ...search, matched });
  }
  return found;
}

/**
 * The job's work (events/written.ts, in the job's transaction `db`): the saved searches (but the
 * writer's own) matched against the events written, in one statement, and the owners of those
 * that match told. Should that statement fail (a stored value PostgreSQL cannot read: the filters
 * were checked when saved, so only after a change of their rules) each search is run alone.
 * Answers how many searches matched.
 */
export async function notifySavedSearches(
  db: Db,
  eventIds: readonly string[],
  writerId: string | null,
  notice: NotifyOptions,
  now = new Date(),
): Promise<number> {
  if (eventIds.length === 0) return 0;
  const ids = [...new Set(eventIds)];
  let found: Matched[];
  try {
    found = await db.transaction((sp) => matchAll(sp as unknown as Db, ids, writerId, now));
  } catch {
    found = await matchOneByOne(db, ids, writerId, now);
  }
  for (const search of found) await tell(db, search, search.matched, notice, now);
  return found.length;
}
