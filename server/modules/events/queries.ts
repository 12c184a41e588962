import { createHash } from 'node:crypto';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import {
  EVENT_LIMITS,
  type EventSide,
  type EventType,
  PAGE_MAX_LIMIT,
  type ReplicaClass,
} from '../../../contract';
import type { Db } from '../../db/client';
import { literalLimit, preparedQuery, statementOf } from '../../db/prepared';
import { calendarTokens, eventRegistrations, events, users } from '../../db/schema';
import { boundingBox, haversine } from '../../lib/geo';
import { likePattern, SEARCH_LIMIT } from '../../lib/search';

/**
 * The events module's reads, typed from the schema (issue 21). The list (GET /api/events, the
 * hottest read) is prepared once per shape (preparedQuery: a named prepared statement on
 * PostgreSQL, decision 007) with its values as placeholders and its page size written in.
 */

const qb = new QueryBuilder();
const ph = sql.placeholder;

/**
 * The events row of every read here, and the cursor's row (`c`). `e` is the table itself, not an
 * alias: an alias's columns are proxies whose traps run for every field of every row Drizzle maps
 * (a fifth more CPU per list page, measured with bench:events).
 */
const e = events;
const c = alias(events, 'c');
/** The viewer's registration (`r`) and the waitlist counted before it (`w`). */
const r = alias(eventRegistrations, 'r');
const w = alias(eventRegistrations, 'w');

/** An event's what, when and where, from `e`: in an Event answer and in a VEVENT alike. */
const WHAT_WHEN_WHERE = {
  id: e.id,
  title: e.title,
  description: e.description,
  date: e.date,
  endDate: e.endDate,
  timeZone: e.timeZone,
  location: e.location,
  address: e.address,
  lat: e.lat,
  lng: e.lng,
  type: e.type,
};

/** What an Event answer is made of (presenters.ts presentEvent), from `e`. */
const EVENT_COLUMNS = {
  ...WHAT_WHEN_WHERE,
  image: e.image,
  capacity: e.capacity,
  registeredCount: e.registeredCount,
  waitlistCount: e.waitlistCount,
  url: e.url,
  rules: e.rules,
  rentalsAvailable: e.rentalsAvailable,
  firstTimersWelcome: e.firstTimersWelcome,
  fieldId: e.fieldId,
  hostTeamId: e.hostTeamId,
  source: e.source,
  createdAt: e.createdAt,
  updatedAt: e.updatedAt,
  /** Issue 26: a cancelled game stays listed, said so on its card. */
  cancelledAt: e.cancelledAt,
  /**
   * Registering asks a waiver (issue 25): the event's own, else its field's (as waivers.ts
   * selectEventWaiver resolves it): two primary-key probes, so that a card's Register knows.
   * (Spelled out: in a one-table select drizzle writes ${e.id} as a bare "id".)
   */
  waiverRequired: sql<boolean>`(EXISTS (SELECT 1 FROM event_waivers ew WHERE ew.event_id = "events"."id") OR EXISTS (SELECT 1 FROM field_waivers fw WHERE fw.field_id = "events"."field_id"))`,
};

/** The viewer's 1-based place on the waitlist of `r`'s event; null unless `r` is waitlisted. */
const waitlistPosition = sql<number | null>`CASE WHEN ${r.status} = 'waitlisted' THEN (${qb
  .select({ n: sql`count(*)::int` })
  .from(w)
  .where(
    and(
      eq(w.eventId, r.eventId),
      sql`${w.status} = 'waitlisted'`,
      sql`${w.seq} <= ${r.seq}`,
      // An event with sides (issue 25): the place on the side's own waitlist.
      sql`${w.sideId} IS NOT DISTINCT FROM ${r.sideId}`,
    ),
  )}) END`;

/** Case-insensitive substring match on the title, served by the pg_trgm GIN index; soonest first. */
export const selectSearch = (db: Db, q: string) =>
  db
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(sql`lower(${events.title}) LIKE ${likePattern(q)}`)
    .orderBy(events.date, events.id)
    .limit(SEARCH_LIMIT);

// ---------------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------------

export interface ListOptions {
  type?: EventType;
  from?: string;
  to?: string;
  near?: { lat: number; lng: number };
  sort: 'date' | 'distance';
  radius?: number;
  limit: number;
  before?: string;
  /** Find a game (issue 26): places left, beginner-friendly. */
  placesLeft?: boolean;
  beginner?: boolean;
  /** Only events whose rules allow every replica of this player's garage (the viewer's id). */
  replicasOf?: string;
  /** Only these events (a saved search's match of events just written). */
  ids?: string[];
}

/**
 * A number given at execute time (a `sql.placeholder`) where haversine() takes the point: it
 * writes whatever it is given as a bound value, as it does a number.
 */
const bound = (name: string) => ph(name) as unknown as number;
const distanceFrom = (table: string) => haversine(table, bound('lat'), bound('lng'));

/** Nearest first: the point is given and the page is sorted by distance. */
const byDistance = (opts: ListOptions) => opts.sort === 'distance' && opts.near !== undefined;
const radiusOf = (opts: ListOptions) => opts.radius ?? EVENT_LIMITS.nearRadiusKmDefault;
const boxOf = (opts: ListOptions) =>
  opts.near ? boundingBox(opts.near.lat, opts.near.lng, radiusOf(opts)) : null;
/** No longitude bound: the box reaches a pole or crosses the antimeridian (boundingBox). */
const boxWraps = (opts: ListOptions) => boxOf(opts)?.minLng === null;

/** The page size written into the text (decision 007), clamped to 1..PAGE_MAX_LIMIT. */
const pageLimit = (limit: number) =>
  literalLimit(Math.min(PAGE_MAX_LIMIT, Math.max(1, Math.trunc(limit) || 1)), PAGE_MAX_LIMIT);

/** A day (YYYY-MM-DD) rather than an instant: compared with the event's own local day (issue 26). */
const isDay = (v: string | undefined): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);
/** Every time zone is within 14 hours of UTC: the index's bounds around a day range. */
const ZONE_SLACK_MS = 14 * 3_600_000;
const DAY_MS = 86_400_000;
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * The events' local day (their own zone) for day ranges. (Spelled out: in a one-table select
 * drizzle writes ${e.date} as a bare "date".) Saved searches' matching (issue 26) reuses it.
 */
export const localDay = sql`(("events"."date" AT TIME ZONE "events"."time_zone")::date)`;

/**
 * The type, the window and the find filters (issue 26). The window: [from, to) for instants, the
 * days from..to inclusive (each event's own local day) for days, else upcoming (from now).
 */
function windowWhere(opts: ListOptions): SQL[] {
  const where: SQL[] = [];
  if (opts.ids) where.push(sql`${e.id} = ANY(${ph('ids')}::uuid[])`);
  if (opts.type) where.push(eq(e.type, ph('type')));
  if (opts.from || opts.to) {
    if (opts.from) where.push(sql`${e.date} >= ${ph('from')}::timestamptz`);
    if (opts.to) where.push(sql`${e.date} < ${ph('to')}::timestamptz`);
    if (isDay(opts.from)) where.push(sql`${localDay} >= ${ph('fromDay')}::date`);
    if (isDay(opts.to)) where.push(sql`${localDay} <= ${ph('toDay')}::date`);
  } else {
    where.push(sql`${e.date} >= ${ph('now')}::timestamptz`);
  }
  if (opts.placesLeft) where.push(sql`(${e.capacity} = 0 OR ${e.registeredCount} < ${e.capacity})`);
  if (opts.beginner) where.push(sql`(${e.rentalsAvailable} OR ${e.firstTimersWelcome})`);
  if (opts.replicasOf) where.push(replicasAllowed);
  return where;
}

/**
 * No replica of the viewer's garage is over the event's limit for its class: the chrono check of
 * the game-day issue (contract/garage.ts chronoVerdict: joules from fps and BB weight, a reading at
 * the limit passes, no limit passes) in SQL, so that the page stays one statement. `viewer` is a
 * uuid: the list's placeholder, or a saved search's owner column (its matching, issue 26).
 */
export const replicasAllowedFor = (
  viewer: SQL,
) => sql`NOT EXISTS (SELECT 1 FROM user_replicas g WHERE g.user_id = ${viewer}
  AND (("events"."rules" -> 'classes' -> g.replica_class ->> 'joules')::float8 + 1e-6)
    < (g.bb_weight_grams / 1000.0) * (g.fps * 0.3048) * (g.fps * 0.3048) / 2)`;
const replicasAllowed = replicasAllowedFor(sql`${ph('viewer')}::uuid`);

const all = (where: SQL[]) => sql.join(where, sql` AND `);

/**
 * The nearest `limit` inside the bounding box of `radius` km, chosen from the near index alone
 * (lat, lng, date, type, id: an index-only scan computing haversine), then only those rows read.
 */
function nearQuery(db: Db, opts: ListOptions) {
  const distance = distanceFrom('events');
  const where = windowWhere(opts);
  where.push(sql`${e.lat} BETWEEN ${ph('minLat')}::float8 AND ${ph('maxLat')}::float8`);
  if (boxWraps(opts)) where.push(sql`${e.lat} IS NOT NULL AND ${e.lng} IS NOT NULL`);
  else where.push(sql`${e.lng} BETWEEN ${ph('minLng')}::float8 AND ${ph('maxLng')}::float8`);
  where.push(sql`${distance} <= ${ph('radius')}::float8`);
  if (opts.before)
    where.push(
      sql`(${distance}, ${e.id}) > (${qb
        .select({ distance: distanceFrom('c'), id: c.id })
        .from(c)
        .where(eq(c.id, ph('before')))})`,
    );
  const n = db.$with('n').as(
    qb
      .select({ id: e.id, distance: sql<number | null>`${distance}`.as('distance') })
      .from(e)
      .where(all(where))
      // By distance, then id: the select list's places, so haversine is not written (and bound) again.
      .orderBy(sql`2`, sql`1`)
      .limit(pageLimit(opts.limit)),
  );
  return db
    .with(n)
    .select({ ...EVENT_COLUMNS, distance: n.distance })
    .from(n)
    .innerJoin(e, eq(e.id, n.id))
    .orderBy(n.distance, n.id);
}

/**
 * Soonest first off the (date, id) or (type, date, id) index; with `near` (sorted by date), each
 * row's distance from it.
 */
function dateQuery(db: Db, opts: ListOptions) {
  const where = windowWhere(opts);
  if (opts.before)
    where.push(
      sql`(${e.date}, ${e.id}) > (${qb
        .select({ date: c.date, id: c.id })
        .from(c)
        .where(eq(c.id, ph('before')))})`,
    );
  const limit = pageLimit(opts.limit);
  // Issue 26: within `radius` km of `near` (the box first, for the index), soonest first.
  if (opts.near && opts.radius !== undefined) {
    where.push(sql`${e.lat} BETWEEN ${ph('minLat')}::float8 AND ${ph('maxLat')}::float8`);
    if (boxWraps(opts)) where.push(sql`${e.lat} IS NOT NULL AND ${e.lng} IS NOT NULL`);
    else where.push(sql`${e.lng} BETWEEN ${ph('minLng')}::float8 AND ${ph('maxLng')}::float8`);
    where.push(sql`${distanceFrom('events')} <= ${ph('radius')}::float8`);
  }
  if (opts.near)
    return db
      .select({ ...EVENT_COLUMNS, distance: sql<number | null>`${distanceFrom('events')}` })
      .from(e)
      .where(all(where))
      .orderBy(e.date, e.id)
      .limit(limit);
  return db.select(EVENT_COLUMNS).from(e).where(all(where)).orderBy(e.date, e.id).limit(limit);
}

const listQuery = (db: Db, opts: ListOptions) =>
  byDistance(opts) ? nearQuery(db, opts) : dateQuery(db, opts);

/** What changes the list's text: the filters present, nearest first or not, the box, the cursor, the page size. */
const listShape = (opts: ListOptions) =>
  `events.list:${byDistance(opts)}:${Boolean(opts.near)}:${boxWraps(opts)}:${Boolean(opts.type)}:${Boolean(opts.from)}:${Boolean(opts.to)}:${Boolean(opts.before)}:${opts.limit}` +
  // Issue 26's filters.
  `:${isDay(opts.from)}:${isDay(opts.to)}:${opts.radius !== undefined}:${Boolean(opts.placesLeft)}:${Boolean(opts.beginner)}:${Boolean(opts.replicasOf)}:${Boolean(opts.ids)}`;

/** The window's instants: a day range is widened by the zones' slack (the exact test is on the local day). */
function instantOf(v: string | undefined, end: boolean): string | undefined {
  if (!v) return undefined;
  if (!isDay(v)) return new Date(v).toISOString();
  const at = end ? dayStart(v) + DAY_MS + ZONE_SLACK_MS : dayStart(v) - ZONE_SLACK_MS;
  return new Date(at).toISOString();
}

function listValues(opts: ListOptions, now: Date): Record<string, unknown> {
  const box = boxOf(opts);
  return {
    type: opts.type,
    from: instantOf(opts.from, false),
    to: instantOf(opts.to, true),
    fromDay: isDay(opts.from) ? opts.from : undefined,
    toDay: isDay(opts.to) ? opts.to : undefined,
    viewer: opts.replicasOf,
    ids: opts.ids ? `{${opts.ids.join(',')}}` : undefined,
    now: now.toISOString(),
    before: opts.before,
    lat: opts.near?.lat,
    lng: opts.near?.lng,
    radius: radiusOf(opts),
    minLat: box?.minLat,
    maxLat: box?.maxLat,
    minLng: box?.minLng ?? undefined,
    maxLng: box?.maxLng ?? undefined,
  };
}

/** The row type of EVENT_COLUMNS (the query is never run). */
const eventRowShape = (db: Db) => db.select(EVENT_COLUMNS).from(e);
type EventRow = Awaited<ReturnType<typeof eventRowShape>>[number];
type NearRow = Awaited<ReturnType<ReturnType<typeof nearQuery>['execute']>>[number];
/** A row of the list (and of one event): the event's columns, and its distance when a point is given. */
export type ListRow = EventRow & Partial<Pick<NearRow, 'distance'>>;

/**
 * The shared part of a page of events (no viewer), in one statement. `before` is the id of the
 * last event shown: the page continues after it in the same order. `now` starts the upcoming ones.
 */
export function selectEventsPage(db: Db, opts: ListOptions, now: Date): Promise<ListRow[]> {
  return preparedQuery(db, listShape(opts), () => listQuery(db, opts)).execute(listValues(opts, now));
}

/** A database with no connection, to build the list's statement for the benchmark (listEventsSql). */
const offline = drizzle.mock() as unknown as Db;

/** The list's statement exactly as the app sends it (its name, text and values): bench:events' raw side. */
export const listEventsSql = (opts: ListOptions, now: Date) =>
  statementOf(listQuery(offline, opts), listValues(opts, now), true);

/** The viewer's place on each of `ids`: status, and the 1-based waitlist position (one statement). */
export const selectPlaces = (db: Db, viewerId: string, ids: string[]) =>
  db
    .select({ eventId: r.eventId, status: r.status, position: waitlistPosition })
    .from(r)
    .where(and(eq(r.userId, viewerId), inArray(r.eventId, ids)));

export type Place = Omit<Awaited<ReturnType<typeof selectPlaces>>[number], 'eventId'>;

// ---------------------------------------------------------------------------------------------
// One event
// ---------------------------------------------------------------------------------------------

/**
 * What GET /api/events/{id} adds to the row (issue 25), read in the same statement: the host team's
 * name, the field's, the sides (in order) and the waiver required now (the event's own, else its
 * field's). Written as SQL: in the one-table select Drizzle writes ${e.id} as a bare "id", which a
 * subquery would read as its own table's column, so the outer row is named "events" literally.
 */
const DETAIL_COLUMNS = {
  ...EVENT_COLUMNS,
  // Issue 26: its series, whether an organiser confirmed it (cancelled is in EVENT_COLUMNS).
  seriesId: e.seriesId,
  confirmedAt: e.confirmedAt,
  hostTeamName: sql<string | null>`(SELECT t.name FROM teams t WHERE t.id = "events"."host_team_id")`,
  fieldName: sql<string | null>`(SELECT f.name FROM fields f WHERE f.id = "events"."field_id")`,
  sides: sql<EventSide[]>`(SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', s.name,
      'colour', s.colour, 'capacity', s.capacity, 'registeredCount', s.registered_count,
      'waitlistCount', s.waitlist_count) ORDER BY s.position, s.id), '[]'::json)
    FROM event_sides s WHERE s.event_id = "events"."id")`,
  waiver: sql<DetailWaiver | null>`coalesce(
    (SELECT json_build_object('source', 'event', 'version', ew.version, 'text', ew.text, 'textHash', ew.text_hash)
      FROM event_waivers ew WHERE ew.event_id = "events"."id"),
    (SELECT json_build_object('source', 'field', 'version', fw.version, 'text', fw.text, 'textHash', fw.text_hash)
      FROM field_waivers fw WHERE fw.field_id = "events"."field_id"))`,
};
export interface DetailWaiver {
  source: 'event' | 'field';
  version: number;
  text: string;
  textHash: string;
}

/** A replica of the viewer's garage as the event page judges it (garage/service.ts judges it). */
export interface DetailReplica {
  id: string;
  name: string;
  replicaClass: ReplicaClass;
  fps: number;
  bbWeightGrams: number;
}

/**
 * One event (undefined when missing) with all the Event answer shows, in one statement prepared
 * once per shape: with a viewer, also their place on it (null: none), their role in the host team,
 * their latest signature of its waiver and their garage.
 */
export async function selectEvent(db: Db, id: string, viewerId: string | null) {
  if (!viewerId) {
    const [row] = await preparedQuery(db, 'events.one', () =>
      db
        .select(DETAIL_COLUMNS)
        .from(e)
        .where(eq(e.id, ph('id'))),
    ).execute({ id });
    return (
      row && { ...row, place: null, viewerRole: null, signedHash: null, replicas: [] as DetailReplica[] }
    );
  }
  const [row] = await preparedQuery(db, 'events.one:viewer', () =>
    db
      .select({
        ...DETAIL_COLUMNS,
        place: { status: r.status, position: waitlistPosition, sideId: r.sideId, private: r.private },
        viewerRole: sql<string | null>`(SELECT m.role FROM team_members m
          WHERE m.team_id = "events"."host_team_id" AND m.user_id = ${ph('viewer')})`,
        signedHash: sql<string | null>`(SELECT ws.text_hash FROM waiver_signatures ws
          WHERE ws.event_id = "events"."id" AND ws.user_id = ${ph('viewer')}
          ORDER BY ws.created_at DESC, ws.id DESC LIMIT 1)`,
        replicas: sql<DetailReplica[]>`(SELECT coalesce(json_agg(json_build_object('id', g.id, 'name', g.name,
            'replicaClass', g.replica_class, 'fps', g.fps, 'bbWeightGrams', g.bb_weight_grams)
            ORDER BY g.created_at, g.id), '[]'::json)
          FROM user_replicas g WHERE g.user_id = ${ph('viewer')})`,
      })
      .from(e)
      .leftJoin(r, and(eq(r.eventId, e.id), eq(r.userId, ph('viewer'))))
      .where(eq(e.id, ph('id'))),
  ).execute({ id, viewer: viewerId });
  return row;
}

/** The event row, locked until the transaction ends: registrations for one event queue here. */
export async function selectLockedEvent(tx: Db, id: string) {
  const [row] = await tx
    .select({
      capacity: events.capacity,
      date: events.date,
      endDate: events.endDate,
      registeredCount: events.registeredCount,
      waitlistCount: events.waitlistCount,
      // What its notifications say (a promotion's, a change's) and compare (a change's).
      title: events.title,
      location: events.location,
      address: events.address,
      rules: events.rules,
      // Issue 26: a cancelled game takes no registrations; its series.
      cancelledAt: events.cancelledAt,
      seriesId: events.seriesId,
      // Issue 25: its sides are locked (after it) only when it has any.
      // (Spelled out: in a one-table select drizzle writes ${events.id} as a bare "id", event_sides' own.)
      hasSides: sql<boolean>`EXISTS (SELECT 1 FROM event_sides s WHERE s.event_id = "events"."id")`,
    })
    .from(events)
    .where(eq(events.id, id))
    .for('update');
  return row;
}

export type LockedEvent = NonNullable<Awaited<ReturnType<typeof selectLockedEvent>>>;

/** An imported event (matched on its source and UID), locked until the transaction ends. */
export async function selectImported(tx: Db, source: string, uid: string) {
  const [row] = await tx
    .select({
      id: events.id,
      date: events.date,
      endDate: events.endDate,
      location: events.location,
      address: events.address,
      rules: events.rules,
      sourceSequence: events.sourceSequence,
      sourceModified: events.sourceModified,
      sourceHash: events.sourceHash,
    })
    .from(events)
    .where(and(eq(events.source, source), eq(events.sourceUid, uid)))
    .for('update');
  return row;
}

export type StoredImport = NonNullable<Awaited<ReturnType<typeof selectImported>>>;

// ---------------------------------------------------------------------------------------------
// Calendar feeds (RFC 5545)
// ---------------------------------------------------------------------------------------------

/** What a VEVENT is made of (ics.ts toICalendar), from `e`. */
export const ICS_COLUMNS = {
  ...WHAT_WHEN_WHERE,
  url: e.url,
  capacity: e.capacity,
  registeredCount: e.registeredCount,
  sequence: e.sequence,
  createdAt: e.createdAt,
  updatedAt: e.updatedAt,
};

/** Upcoming events, soonest first, of one type or all. */
export const selectUpcomingIcs = (db: Db, type: EventType | undefined, limit: number) =>
  db
    .select(ICS_COLUMNS)
    .from(e)
    .where(and(sql`${e.date} >= now()`, type ? eq(e.type, type) : undefined))
    .orderBy(e.date, e.id)
    .limit(limit);

export type IcsRow = Awaited<ReturnType<typeof selectUpcomingIcs>>[number];

/** One event (no row when missing). */
export const selectEventIcs = (db: Db, id: string) => db.select(ICS_COLUMNS).from(e).where(eq(e.id, id));

/** The owner of a calendar feed's secret address (looked up by the token's hash). */
export async function selectCalendarOwner(db: Db, token: string) {
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const [owner] = await db
    .select({ userId: calendarTokens.userId, username: users.username })
    .from(calendarTokens)
    .innerJoin(users, eq(users.id, calendarTokens.userId))
    .where(eq(calendarTokens.tokenHash, tokenHash));
  return owner;
}

/** A player's own registrations, waitlisted ones included (with the status), from a month ago on. */
export const selectOwnIcs = (db: Db, userId: string, limit: number) =>
  db
    .select({ ...ICS_COLUMNS, status: r.status })
    .from(r)
    .innerJoin(e, eq(e.id, r.eventId))
    .where(and(eq(r.userId, userId), sql`${e.date} >= now() - interval '31 days'`))
    .orderBy(e.date, e.id)
    .limit(limit);
