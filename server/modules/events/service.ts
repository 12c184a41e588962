import { type SQL, sql } from 'drizzle-orm';
import type { Event, EventRules, EventType, SearchEvent, ViewerStatus } from '../../../contract';
import { EVENT_LIMITS, EVENT_TEXTS, PAGE_MAX_LIMIT } from '../../../contract';
import type { Db } from '../../db/client';
import { iso, preparedRows, rows } from '../../db/rows';
import { notFound } from '../../errors';
import { boundingBox, haversine } from '../../lib/geo';
import { likePattern, SEARCH_LIMIT } from '../../lib/search';
import type { StampedCache } from '../../lib/stamped-cache';
import type { SessionUser } from '../auth';
import { can } from './policy';

/** Case-insensitive substring match on the title, served by the pg_trgm GIN index; soonest first. */
export function searchEvents(db: Db, q: string): Promise<SearchEvent[]> {
  return rows<SearchEvent>(
    db,
    sql`SELECT id, title FROM events WHERE lower(title) LIKE ${likePattern(q)}
        ORDER BY date, id LIMIT ${SEARCH_LIMIT}`,
  );
}

/** An events row as the list and page queries answer it. */
export interface EventRow {
  id: string;
  title: string;
  description: string | null;
  date: Date | string;
  endDate?: Date | string | null;
  timeZone?: string | null;
  location: string;
  address: string | null;
  lat: number | null;
  lng: number | null;
  type: EventType;
  image: string | null;
  capacity: number;
  registeredCount: number;
  waitlistCount: number;
  url: string | null;
  rules: EventRules | null;
  fieldId?: string | null;
  source: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  distance?: number | null;
  viewerStatus?: ViewerStatus | null;
  waitlistPosition?: number | string | null;
}

/** The one Event presenter: the row, the viewer's place and abilities. */
export function presentEvent(r: EventRow, viewer: SessionUser | null, now = Date.now()): Event {
  const date = iso(r.date);
  const isPast = Date.parse(date) < now;
  const viewerStatus: ViewerStatus = viewer ? (r.viewerStatus ?? 'none') : 'none';
  const facts = { isPast, viewerStatus };
  const event: Event = {
    id: r.id,
    title: r.title,
    description: r.description,
    date,
    endsAt: r.endDate ? iso(r.endDate) : null,
    timeZone: r.timeZone || 'UTC',
    location: r.location,
    address: r.address,
    lat: r.lat === null ? null : Number(r.lat),
    lng: r.lng === null ? null : Number(r.lng),
    type: r.type,
    image: r.image,
    capacity: Number(r.capacity),
    registeredCount: Number(r.registeredCount),
    waitlistCount: Number(r.waitlistCount),
    url: r.url,
    rules: r.rules ?? null,
    fieldId: r.fieldId ?? null,
    isPast,
    viewerStatus,
    waitlistPosition:
      viewerStatus === 'waitlisted' && r.waitlistPosition != null ? Number(r.waitlistPosition) : null,
    source: r.source,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    canRegister: can(viewer, 'register', facts),
    canCancel: can(viewer, 'cancel', facts),
    canEdit: can(viewer, 'edit'),
    canDelete: can(viewer, 'delete'),
  };
  if (r.distance !== undefined && r.distance !== null)
    event.distance = Math.round(Number(r.distance) * 10) / 10;
  return event;
}

const COLUMNS = sql`e.id, e.title, e.description, e.date, e.end_date AS "endDate", e.time_zone AS "timeZone", e.location, e.address, e.lat, e.lng, e.type,
  e.image, e.capacity, e.registered_count AS "registeredCount", e.waitlist_count AS "waitlistCount",
  e.url, e.rules, e.field_id AS "fieldId", e.source, e.created_at AS "createdAt", e.updated_at AS "updatedAt"`;

/** The viewer's place on each event row `x`: status, and the 1-based waitlist position. */
const viewerJoin = (viewerId: string | null) =>
  viewerId
    ? {
        select: sql`, r.status AS "viewerStatus",
          CASE WHEN r.status = 'waitlisted' THEN (SELECT count(*) FROM event_registrations w
            WHERE w.event_id = x.id AND w.status = 'waitlisted' AND w.seq <= r.seq) END AS "waitlistPosition"`,
        join: sql` LEFT JOIN event_registrations r ON r.event_id = x.id AND r.user_id = ${viewerId}`,
      }
    : { select: sql``, join: sql`` };

export interface ListOptions {
  type?: EventType;
  from?: string;
  to?: string;
  near?: { lat: number; lng: number };
  sort: 'date' | 'distance';
  radius?: number;
  limit: number;
  before?: string;
}

/**
 * The shared part of a page of events (no viewer), in one query. By date: upcoming ones (or those
 * in [from, to)), soonest first, off the (date, id) or (type, date, id) index. By distance: the
 * nearest `limit` inside the bounding box of `radius` km, chosen from the near index alone (lat,
 * lng, date, type, id: an index-only scan computing haversine), then only those rows are read.
 * `before` is the id of the last event shown: the page continues after it in the same order. The
 * page size is written into the text (an integer), so PostgreSQL's generic plan knows it
 * (decision 007).
 */
export function listEventsSql(opts: ListOptions, now: Date): SQL {
  const where: SQL[] = [];
  if (opts.type) where.push(sql`e.type = ${opts.type}`);
  if (opts.from || opts.to) {
    if (opts.from) where.push(sql`e.date >= ${new Date(opts.from).toISOString()}::timestamptz`);
    if (opts.to) where.push(sql`e.date < ${new Date(opts.to).toISOString()}::timestamptz`);
  } else {
    where.push(sql`e.date >= ${now.toISOString()}::timestamptz`);
  }
  const limit = sql.raw(String(Math.min(PAGE_MAX_LIMIT, Math.max(1, Math.trunc(opts.limit) || 1))));
  const near = opts.near;
  if (opts.sort === 'distance' && near) {
    const radius = opts.radius ?? EVENT_LIMITS.nearRadiusKmDefault;
    const box = boundingBox(near.lat, near.lng, radius);
    const distance = haversine('e', near.lat, near.lng);
    where.push(sql`e.lat BETWEEN ${box.minLat}::float8 AND ${box.maxLat}::float8`);
    if (box.minLng !== null) where.push(sql`e.lng BETWEEN ${box.minLng}::float8 AND ${box.maxLng}::float8`);
    else where.push(sql`e.lat IS NOT NULL AND e.lng IS NOT NULL`);
    where.push(sql`${distance} <= ${radius}::float8`);
    if (opts.before)
      where.push(
        sql`(${distance}, e.id) > (SELECT ${haversine('c', near.lat, near.lng)}, c.id FROM events c WHERE c.id = ${opts.before})`,
      );
    return sql`WITH n AS (
        SELECT e.id, ${distance} AS distance FROM events e WHERE ${sql.join(where, sql` AND `)}
        ORDER BY 2, 1 LIMIT ${limit})
      SELECT ${COLUMNS}, n.distance FROM n JOIN events e ON e.id = n.id ORDER BY n.distance, n.id`;
  }
  if (opts.before)
    where.push(sql`(e.date, e.id) > (SELECT c.date, c.id FROM events c WHERE c.id = ${opts.before})`);
  const distance = near ? sql`, ${haversine('e', near.lat, near.lng)} AS distance` : sql``;
  return sql`SELECT ${COLUMNS}${distance} FROM events e WHERE ${sql.join(where, sql` AND `)}
    ORDER BY e.date, e.id LIMIT ${limit}`;
}

/** The viewer's place on each of `ids`: status, and the 1-based waitlist position (one query). */
async function viewerPlaces(db: Db, viewerId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, { status: ViewerStatus; position: number | null }>();
  const list = await rows<{ eventId: string; status: ViewerStatus; position: number | string | null }>(
    db,
    sql`SELECT r.event_id AS "eventId", r.status,
          CASE WHEN r.status = 'waitlisted' THEN (SELECT count(*) FROM event_registrations w
            WHERE w.event_id = r.event_id AND w.status = 'waitlisted' AND w.seq <= r.seq) END AS position
        FROM event_registrations r
        WHERE r.user_id = ${viewerId} AND r.event_id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Map(
    list.map((r) => [
      r.eventId,
      { status: r.status, position: r.position === null ? null : Number(r.position) },
    ]),
  );
}

/**
 * A page of events with the viewer's place and abilities: the shared page (from this process's
 * cache when fresh, else listEventsSql), then, for a signed-in viewer, one query for their places.
 */
export async function listEvents(
  db: Db,
  cache: StampedCache<EventRow[]>,
  opts: ListOptions,
  viewer: SessionUser | null,
): Promise<Event[]> {
  const now = new Date();
  const key = JSON.stringify(opts);
  let shared = cache.get(key);
  if (!shared) {
    const stamp = cache.stamp();
    shared = await preparedRows<EventRow>(db, listEventsSql(opts, now));
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
  return shared.map((r) => {
    const place = places?.get(r.id);
    return presentEvent(
      place ? { ...r, viewerStatus: place.status, waitlistPosition: place.position } : r,
      viewer,
      t,
    );
  });
}

/** One event with the viewer's place, or 404 'Event not found'. */
export async function getEvent(db: Db, id: string, viewer: SessionUser | null): Promise<Event> {
  const v = viewerJoin(viewer?.id ?? null);
  const [row] = await rows<EventRow>(
    db,
    sql`SELECT x.*${v.select} FROM (SELECT ${COLUMNS} FROM events e WHERE e.id = ${id}) x${v.join}`,
  );
  if (!row) throw notFound(EVENT_TEXTS.eventNotFound);
  return presentEvent(row, viewer);
}
