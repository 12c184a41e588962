import type { Event, EventWithReplicas, SearchEvent } from '../../../contract';
import { EVENT_TEXTS } from '../../../contract';
import type { Db } from '../../db/client';
import { notFound, unauthorized } from '../../errors';
import type { StampedCache } from '../../lib/stamped-cache';
import type { SessionUser } from '../auth';
import { judgeReplicas } from '../garage';
import { isOfficerRole } from './organisers';
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
import { needsConfirmation } from './series-rules';
import { waiverStateOf } from './waivers';

export const REPLICAS_FILTER_SIGN_IN = 'Sign in to find games that allow the replicas in your garage';

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
  query: ListOptions & { replicasAllowed?: boolean },
  viewer: SessionUser | null,
): Promise<Event[]> {
  const { replicasAllowed, ...opts }: ListOptions & { replicasAllowed?: boolean } = query;
  // Issue 26: "my replicas are allowed" reads the viewer's garage (the key then names the viewer).
  if (replicasAllowed) {
    if (!viewer) throw unauthorized(REPLICAS_FILTER_SIGN_IN);
    opts.replicasOf = viewer.id;
  }
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
 * One event with the viewer's place, its host team and field, its sides, its waiver (and the
 * viewer's signature when on it), the viewer's garage judged by its limits and the viewer's
 * organiser abilities, or 404 'Event not found': one statement (selectEvent).
 */
export async function getEvent(db: Db, id: string, viewer: SessionUser | null): Promise<EventWithReplicas> {
  const row = await selectEvent(db, id, viewer?.id ?? null);
  if (!row) throw notFound(EVENT_TEXTS.eventNotFound);
  const hostTeam = row.hostTeamId && row.hostTeamName ? { id: row.hostTeamId, name: row.hostTeamName } : null;
  const event: EventWithReplicas = presentEvent(row, row.place, viewer, Date.now(), {
    hostTeam,
    isOrganiser: viewer?.role === 'admin' || (!!hostTeam && isOfficerRole(row.viewerRole)),
  });
  event.sides = row.sides;
  event.field = row.fieldId && row.fieldName ? { id: row.fieldId, name: row.fieldName } : null;
  event.viewerSideId = row.place?.sideId ?? null;
  // Issue 26: the viewer's own registration is private (PATCH /api/events/{id}/registration).
  if (row.place) event.viewerPrivate = row.place.private;
  // Issue 26: its series and (to its organisers) a game of a series to confirm; cancelled is the presenter's.
  event.seriesId = row.seriesId ?? null;
  if (event.abilities?.canManage) event.needsConfirmation = needsConfirmation(row, Date.now());
  event.waiver = row.waiver ? { version: row.waiver.version, text: row.waiver.text } : null;
  if (row.waiver && row.place) {
    const state = waiverStateOf(row.waiver, row.signedHash);
    if (state !== 'not-required') event.viewerWaiver = state;
  }
  // Issue 25: a signed-in viewer's garage against this event's limits.
  if (viewer) event.myReplicas = judgeReplicas(row.replicas, row.rules ?? null);
  return event;
}
