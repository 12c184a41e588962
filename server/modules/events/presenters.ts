import type { Event, EventHostTeam, ViewerStatus } from '../../../contract';
import { iso } from '../../db/rows';
import type { SessionUser } from '../auth';
import { can } from './policy';
import type { ListRow, Place } from './queries';

/**
 * The events module's presenters: the rows Drizzle infers from the schema (queries.ts) to the
 * contract's shapes, with the viewer's abilities (policy.ts).
 */

/** One event's host (GET /api/events/{id}): the team, and whether the viewer organises the event. */
export interface EventHost {
  hostTeam: EventHostTeam | null;
  isOrganiser: boolean;
}

/**
 * The one Event presenter: the row, the viewer's place on it (none: null) and abilities; with
 * `host` (one event), the host team and the organiser abilities.
 */
export function presentEvent(
  r: ListRow,
  place: Place | null | undefined,
  viewer: SessionUser | null,
  now = Date.now(),
  host?: EventHost,
): Event {
  const date = iso(r.date);
  const isPast = Date.parse(date) < now;
  const viewerStatus: ViewerStatus = viewer ? (place?.status ?? 'none') : 'none';
  const facts = { isPast, viewerStatus, isOrganiser: host?.isOrganiser ?? false };
  const event: Event = {
    id: r.id,
    title: r.title,
    description: r.description,
    date,
    endsAt: r.endDate ? iso(r.endDate) : null,
    timeZone: r.timeZone || 'UTC',
    location: r.location,
    address: r.address,
    lat: r.lat,
    lng: r.lng,
    type: r.type,
    image: r.image,
    capacity: r.capacity,
    registeredCount: r.registeredCount,
    waitlistCount: r.waitlistCount,
    url: r.url,
    rules: r.rules ?? null,
    fieldId: r.fieldId ?? null,
    rentalsAvailable: !!r.rentalsAvailable,
    firstTimersWelcome: !!r.firstTimersWelcome,
    waiverRequired: !!r.waiverRequired,
    cancelled: !!r.cancelledAt,
    isPast,
    viewerStatus,
    waitlistPosition: viewerStatus === 'waitlisted' ? (place?.position ?? null) : null,
    source: r.source,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    canRegister: can(viewer, 'register', facts),
    canCancel: can(viewer, 'cancel', facts),
    canEdit: can(viewer, 'edit', facts),
    canDelete: can(viewer, 'delete'),
  };
  if (host) {
    event.hostTeam = host.hostTeam;
    event.abilities = { canManage: can(viewer, 'manage', facts), canCheckIn: can(viewer, 'checkIn', facts) };
  }
  if (r.distance !== undefined && r.distance !== null) event.distance = Math.round(r.distance * 10) / 10;
  return event;
}
