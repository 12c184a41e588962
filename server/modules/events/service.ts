import { type SQL, sql } from 'drizzle-orm';
import type { Event, EventRules, EventType, SearchEvent, ViewerStatus } from '../../../contract';
import { EVENT_LIMITS, EVENT_TEXTS } from '../../../contract';
import type { Db } from '../../db/client';
import { iso, preparedRows, rows } from '../../db/rows';
import { notFound } from '../../errors';
import { likePattern, SEARCH_LIMIT } from '../../lib/search';
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

const EARTH_KM = 6371;

/** Great-circle distance in km from (lat, lng) to the row `t` (portable SQL: PGlite and PostgreSQL). */
export const haversine = (t: string, lat: number, lng: number): SQL => {
  const r = sql.raw(t);
  return sql`(CASE WHEN ${r}.lat IS NULL OR ${r}.lng IS NULL THEN NULL ELSE ${EARTH_KM} * 2 * asin(least(1, sqrt(
        power(sin(radians(${r}.lat - ${lat}::float8) / 2), 2)
        + cos(radians(${lat}::float8)) * cos(radians(${r}.lat))
          * power(sin(radians(${r}.lng - ${lng}::float8) / 2), 2)))) END)`;
};

/** The latitude and longitude range around a point that holds every place within `km`. */
export function boundingBox(lat: number, lng: number, km: number) {
  const dLat = (km / EARTH_KM) * (180 / Math.PI);
  const cosLat = Math.cos((lat * Math.PI) / 180);
  const dLng = cosLat > 1e-6 ? dLat / cosLat : 360;
  const minLat = Math.max(-90, lat - dLat);
  const maxLat = Math.min(90, lat + dLat);
  // Near a pole or across the antimeridian the longitude range is not one interval: no bound then.
  const wraps = dLng >= 180 || lng - dLng < -180 || lng + dLng > 180 || maxLat >= 90 || minLat <= -90;
  return { minLat, maxLat, minLng: wraps ? null : lng - dLng, maxLng: wraps ? null : lng + dLng };
}

const COLUMNS = sql`e.id, e.title, e.description, e.date, e.location, e.address, e.lat, e.lng, e.type,
  e.image, e.capacity, e.registered_count AS "registeredCount", e.waitlist_count AS "waitlistCount",
  e.url, e.rules, e.source, e.created_at AS "createdAt", e.updated_at AS "updatedAt"`;

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
 * A page of events in one query. By date: upcoming ones (or those in [from, to)), soonest first,
 * off the (date, id) or (type, date, id) index. By distance: the events inside the bounding box of
 * `radius` km (an index range on lat, lng), then haversine, nearest first. `before` is the id of
 * the last event shown: the page continues after it in the same order.
 */
export async function listEvents(db: Db, opts: ListOptions, viewer: SessionUser | null): Promise<Event[]> {
  const now = new Date();
  const where: SQL[] = [];
  if (opts.type) where.push(sql`e.type = ${opts.type}`);
  if (opts.from || opts.to) {
    if (opts.from) where.push(sql`e.date >= ${new Date(opts.from).toISOString()}::timestamptz`);
    if (opts.to) where.push(sql`e.date < ${new Date(opts.to).toISOString()}::timestamptz`);
  } else {
    where.push(sql`e.date >= ${now.toISOString()}::timestamptz`);
  }
  const near = opts.near;
  const distance = near ? sql`, ${haversine('e', near.lat, near.lng)} AS distance` : sql``;
  let order: SQL;
  let outer: SQL[] = [];
  if (opts.sort === 'distance' && near) {
    const radius = opts.radius ?? EVENT_LIMITS.nearRadiusKmDefault;
    const box = boundingBox(near.lat, near.lng, radius);
    where.push(sql`e.lat BETWEEN ${box.minLat}::float8 AND ${box.maxLat}::float8`);
    if (box.minLng !== null) where.push(sql`e.lng BETWEEN ${box.minLng}::float8 AND ${box.maxLng}::float8`);
    else where.push(sql`e.lng IS NOT NULL`);
    outer = [sql`x.distance <= ${radius}::float8`];
    if (opts.before)
      outer.push(
        sql`(x.distance, x.id) > (SELECT ${haversine('c', near.lat, near.lng)}, c.id FROM events c WHERE c.id = ${opts.before})`,
      );
    order = sql`x.distance, x.id`;
  } else {
    if (opts.before)
      where.push(sql`(e.date, e.id) > (SELECT c.date, c.id FROM events c WHERE c.id = ${opts.before})`);
    order = sql`x.date, x.id`;
  }
  const v = viewerJoin(viewer?.id ?? null);
  const query = sql`SELECT x.*${v.select}
    FROM (SELECT ${COLUMNS}${distance} FROM events e WHERE ${sql.join(where, sql` AND `)}) x${v.join}
    ${outer.length ? sql`WHERE ${sql.join(outer, sql` AND `)}` : sql``}
    ORDER BY ${order} LIMIT ${opts.limit}`;
  const list = await preparedRows<EventRow>(db, query);
  const t = now.getTime();
  return list.map((r) => presentEvent(r, viewer, t));
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
