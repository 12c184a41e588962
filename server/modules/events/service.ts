import { eq } from 'drizzle-orm';
import type { Event, EventWithReplicas, SearchEvent } from '../../../contract';
import { EVENT_TEXTS } from '../../../contract';
import type { Db } from '../../db/client';
import { fields } from '../../db/schema';
import { notFound } from '../../errors';
import type { StampedCache } from '../../lib/stamped-cache';
import type { SessionUser } from '../auth';
import { replicasForEvent } from '../garage';
import { selectHost } from './organisers';
import { presentEvent } from './presenters';
import {
  type ListOptions,
  type ListRow,
  type Place,
  selectEvent,
  selectEventsPage,
  selectPlaces,
  selectSearch,
} from './queries';
import { selectSides } from './sides';
import { eventWaiverFor } from './waivers';

/** Case-insensitive substring match on the title, served by the pg_trgm GIN index; soonest first. */
export const searchEvents = (db: Db, q: string): Promise<SearchEvent[]> => selectSearch(db, q);

/** The viewer's place on each of `ids` (one statement). */
async function viewerPlaces(db: Db, viewerId: string, ids: string[]): Promise<Map<string, Place>> {
  if (ids.length === 0) return new Map();
  const list = await selectPlaces(db, viewerId, ids);
  return new Map(list.map(({ eventId, ...place }) => [eventId, place]));
}

/**
 * A page of events with the viewer's place and abilities: the shared page (from this process's
 * cache when fresh, else selectEventsPage), then, for a signed-in viewer, one query for their places.
 */
export async function listEvents(
  db: Db,
  cache: StampedCache<ListRow[]>,
  opts: ListOptions,
  viewer: SessionUser | null,
): Promise<Event[]> {
  const now = new Date();
  const key = JSON.stringify(opts);
  let shared = cache.get(key);
  if (!shared) {
    const stamp = cache.stamp();
    shared = await selectEventsPage(db, opts, now);
    cache.set(key, shared, stamp);
  }
  const places = viewer
    ? await viewerPlaces(
        db,
        viewer.id,
        shared.map((r) => r.id),
      )
    : null;
  const t = now.getTime();
  return shared.map((r) => presentEvent(r, places?.get(r.id), viewer, t));
}

/**
 * One event with the viewer's place, its host team and the viewer's organiser abilities, or 404
 * 'Event not found'. A hosted event reads its host (and the viewer's role there) in one more
 * query; its sides in one more (issue 25).
 */
export async function getEvent(db: Db, id: string, viewer: SessionUser | null): Promise<EventWithReplicas> {
  const row = await selectEvent(db, id, viewer?.id ?? null);
  if (!row) throw notFound(EVENT_TEXTS.eventNotFound);
  const [host, sides, field, waiver] = await Promise.all([
    row.hostTeamId ? selectHost(db, id, viewer?.id ?? null) : undefined,
    selectSides(db, id),
    row.fieldId
      ? db
          .select({ id: fields.id, name: fields.name })
          .from(fields)
          .where(eq(fields.id, row.fieldId))
          .then((r) => r[0] ?? null)
      : null,
    eventWaiverFor(db, id, row.place ? (viewer?.id ?? null) : null),
  ]);
  const event: EventWithReplicas = presentEvent(row, row.place, viewer, Date.now(), {
    hostTeam: host?.hostTeam ?? null,
    isOrganiser: viewer?.role === 'admin' || !!host?.viewerIsOfficer,
  });
  event.sides = sides;
  event.field = field;
  event.viewerSideId = (row.place && 'sideId' in row.place ? row.place.sideId : null) ?? null;
  event.waiver = waiver.waiver;
  if (waiver.viewerWaiver) event.viewerWaiver = waiver.viewerWaiver;
  // Issue 25: a signed-in viewer's garage against this event's limits.
  if (viewer) event.myReplicas = await replicasForEvent(db, viewer.id, row.rules ?? null);
  return event;
}
