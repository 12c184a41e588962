import { eq, ne, sql } from 'drizzle-orm';
import {
  eventsQuery,
  PAGE_MAX_LIMIT,
  type SavedSearchFilters,
  savedSearchQueryString,
} from '../../../contract';
import type { Db } from '../../db/client';
import { savedSearches, users } from '../../db/schema';
import { type ListOptions, selectEventsPage } from '../events';
import { NOTIFICATIONS_CHANNEL, type NotifyOptions, notify } from '../notifications';

/**
 * Saved searches told of new games (issue 26). After an event is created, edited or imported (its
 * transaction committed), each saved search is run as GET /api/events runs it (selectEventsPage,
 * the same statement) restricted to the events written, so the filters' rules live in one place.
 * A search that matches tells its owner ('saved-search-match'), never the player who wrote the
 * events: the first match of a day (UTC) writes an entry, later ones that day update it (the
 * count of distinct games, and it moves up unread).
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

/** The ids among `ids` that the search matches (one statement per PAGE_MAX_LIMIT ids). */
async function matchedBy(
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

/**
 * Runs every saved search (but the writer's own) against the events just written and tells the
 * owners of those that match. Called after the write committed; a failure here is logged by the
 * caller and never undoes the write.
 */
export async function notifySavedSearches(
  db: Db,
  eventIds: readonly string[],
  writerId: string | null,
  notice: NotifyOptions,
): Promise<number> {
  if (eventIds.length === 0) return 0;
  const ids = [...new Set(eventIds)];
  const now = new Date();
  const searches = await db
    .select({
      id: savedSearches.id,
      userId: savedSearches.userId,
      name: savedSearches.name,
      filters: savedSearches.filters,
    })
    .from(savedSearches)
    .where(writerId ? ne(savedSearches.userId, writerId) : undefined);
  let told = 0;
  for (const search of searches) {
    const matched = await matchedBy(db, search, ids, now);
    if (matched.length === 0) continue;
    await tell(db, search, matched, notice, now);
    told++;
  }
  return told;
}
