import { and, asc, eq, gt, gte, or, type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { alias, type PgSelect, QueryBuilder } from 'drizzle-orm/pg-core';
import { FIELD_LIMITS, type FieldType, PAGE_MAX_LIMIT } from '../../../contract';
import type { Db } from '../../db/client';
import { literalLimit, preparedQuery, statementOf } from '../../db/prepared';
import { events, fieldRatings, fields, users } from '../../db/schema';
import { boundingBox, haversine } from '../../lib/geo';

/**
 * The fields module's reads, typed from the schema (issue 21). The directory (by name, by type,
 * near me) is the hot read: prepared once per shape (preparedQuery: a named prepared statement on
 * PostgreSQL, decision 007), its values as placeholders, its page size written in.
 */

const qb = new QueryBuilder();
const ph = sql.placeholder;
/**
 * A placeholder where `haversine` (server/lib/geo.ts) takes the point as numbers: it writes them
 * as bound values, which a placeholder is too (its value comes at execute).
 */
const boundNumber = (name: string) => ph(name) as unknown as number;

export interface FieldListOptions {
  type?: FieldType;
  near?: { lat: number; lng: number };
  radius?: number;
  limit: number;
  before?: string;
  /** Near me's smaller radii (km) tried before `radius`; `[]` asks for the one query over the whole radius. */
  radiusSteps?: readonly number[];
}

/** Near me widens the search through these radii (km) before the one asked for (see nearPage). */
export const NEAR_STEPS_KM = [25, 50, 100, 150, 250] as const;

/** The page size, written into the text so that PostgreSQL's generic plan knows it. */
const pageSize = (limit: number) => Math.min(PAGE_MAX_LIMIT, Math.max(1, Math.trunc(limit) || 1));

/** The viewer's own rating of the row of `fields` (joined for a signed-in viewer only). */
const viewerRatingOn = and(eq(fieldRatings.fieldId, fields.id), eq(fieldRatings.userId, ph('viewer')));

/** The radii near me tries, smallest first: the steps under the radius asked for, then that radius. */
function nearRadii(opts: FieldListOptions): number[] {
  const radius = opts.radius ?? FIELD_LIMITS.nearRadiusKmDefault;
  const radii = [...(opts.radiusSteps ?? NEAR_STEPS_KM).filter((r) => r > 0 && r < radius), radius];
  return radii.sort((a, b) => a - b);
}

/** By name (fields_name_idx, or fields_type_name_idx for a type); `before` is the last field's id. */
function byName<Q extends PgSelect>(query: Q, opts: FieldListOptions): Q {
  const c = alias(fields, 'c');
  return query
    .where(
      and(
        opts.type ? eq(fields.type, ph('type')) : undefined,
        opts.before
          ? sql`(${fields.name}, ${fields.id}) > (${qb
              .select({ name: c.name, id: c.id })
              .from(c)
              .where(eq(c.id, ph('before')))})`
          : undefined,
      ),
    )
    .orderBy(asc(fields.name), asc(fields.id))
    .limit(literalLimit(pageSize(opts.limit), PAGE_MAX_LIMIT));
}

const byNameAnonymous = (db: Db, opts: FieldListOptions) =>
  byName(db.select({ field: fields }).from(fields).$dynamic(), opts);

const byNameRated = (db: Db, opts: FieldListOptions) =>
  byName(
    db
      .select({ field: fields, viewerRating: fieldRatings.rating })
      .from(fields)
      .leftJoin(fieldRatings, viewerRatingOn)
      .$dynamic(),
    opts,
  );

/**
 * The nearest `limit` within `radius` km (by distance, then id), found by widening: each step
 * (NEAR_STEPS_KM under `radius`, then `radius`) takes its box of fields_near_idx (lat, lng, id: an
 * index-only scan, the distance computed from the index) and keeps the nearest `limit` within that
 * step's radius; the first step whose page is full is the answer, else the last step's. A full
 * page at radius r is the very page the whole radius gives: every field it leaves out is farther
 * than r, so after all `limit` it holds. Only the page's rows are then read, by their ids (the
 * statement's own select, nearAnonymous or nearRated, from `page` and `n`).
 *
 * One statement: a LATERAL over a VALUES list of the steps with LIMIT 1, without ORDER BY
 * (PostgreSQL would sort after working out every step; the VALUES scan gives them nearest first,
 * and any step taken gives the same page anyway, so the order only decides how much work is done).
 * The steps' radii and boxes, the point, the type and the cursor are placeholders (`listValues`).
 */
function nearPage(db: Db, opts: FieldListOptions) {
  const steps = nearRadii(opts).length;
  const limit = literalLimit(pageSize(opts.limit), PAGE_MAX_LIMIT);
  const distanceOf = (t: string) => haversine(t, boundNumber('lat'), boundNumber('lng'));
  const f = alias(fields, 'f');
  const c = alias(fields, 'c');
  const cur = db.$with('cur').as(
    qb
      .select({ d: distanceOf('c').as('d'), id: c.id })
      .from(c)
      .where(eq(c.id, ph('before'))),
  );
  const distance = distanceOf('f');
  // Each step: its index, radius and box (no longitude bound: a range every longitude is in).
  const values = Array.from(
    { length: steps },
    (_, i) =>
      sql`(${ph(`i${i}`)}::int, ${ph(`r${i}`)}::float8, ${ph(`minLat${i}`)}::float8, ${ph(`maxLat${i}`)}::float8, ${ph(`minLng${i}`)}::float8, ${ph(`maxLng${i}`)}::float8)`,
  );
  const s = sql`(VALUES ${sql.join(values, sql`, `)}) AS s(i, r, min_lat, max_lat, min_lng, max_lng)`;
  const q = qb
    .select({ id: f.id, d: distance.as('d') })
    .from(f)
    .where(
      and(
        sql`${f.lat} BETWEEN s.min_lat AND s.max_lat`,
        sql`${f.lng} BETWEEN s.min_lng AND s.max_lng`,
        sql`${distance} <= s.r`,
        opts.type ? eq(f.type, ph('type')) : undefined,
        opts.before ? sql`(${distance}, ${f.id}) > (SELECT ${cur.d}, ${cur.id} FROM ${cur})` : undefined,
      ),
    )
    .orderBy(sql`2`, sql`1`)
    .limit(limit)
    .as('q');
  const p = qb
    .select({
      ids: sql<string[]>`array_agg(${q.id} ORDER BY ${q.d}, ${q.id})`.as('ids'),
      ds: sql<number[]>`array_agg(${q.d} ORDER BY ${q.d}, ${q.id})`.as('ds'),
      n: sql<number>`count(*)`.as('n'),
    })
    .from(q)
    .as('p');
  // The step is taken when its page is full, or when it is the last; a step nearer than the cursor
  // itself has nothing after it: skipped (none at all for an unknown id).
  const page = db.$with('page').as(
    qb
      .select({ ids: p.ids, ds: p.ds })
      .from(s)
      .crossJoinLateral(p)
      .where(
        and(
          or(eq(p.n, limit), sql`s.i = ${sql.raw(String(steps - 1))}`),
          opts.before ? sql`s.r >= (SELECT ${cur.d} FROM ${cur})` : undefined,
        ),
      )
      .limit(literalLimit(1, 1)),
  );
  return {
    ctes: opts.before ? [cur, page] : [page],
    page,
    /** The page's ids and distances in its order, `n.o`. */
    n: sql`unnest(${page.ids}, ${page.ds}) WITH ORDINALITY AS n(id, distance, o)`,
    byId: sql`${fields.id} = n.id`,
    distance: sql<number>`n.distance`,
  };
}

function nearAnonymous(db: Db, opts: FieldListOptions) {
  const { ctes, page, n, byId, distance } = nearPage(db, opts);
  return db
    .with(...ctes)
    .select({ field: fields, distance })
    .from(page)
    .crossJoinLateral(n)
    .innerJoin(fields, byId)
    .orderBy(sql`n.o`);
}

function nearRated(db: Db, opts: FieldListOptions) {
  const { ctes, page, n, byId, distance } = nearPage(db, opts);
  return db
    .with(...ctes)
    .select({ field: fields, distance, viewerRating: fieldRatings.rating })
    .from(page)
    .crossJoinLateral(n)
    .innerJoin(fields, byId)
    .leftJoin(fieldRatings, viewerRatingOn)
    .orderBy(sql`n.o`);
}

function listQuery(db: Db, opts: FieldListOptions, viewer: boolean) {
  if (opts.near) return viewer ? nearRated(db, opts) : nearAnonymous(db, opts);
  return viewer ? byNameRated(db, opts) : byNameAnonymous(db, opts);
}

type RowOf<F extends (...args: never[]) => { execute(): Promise<unknown[]> }> = Awaited<
  ReturnType<ReturnType<F>['execute']>
>[number];

/** A row of the directory, from whichever of its four statements (by name or near me, a viewer or none). */
export type FieldListRow =
  | RowOf<typeof byNameAnonymous>
  | RowOf<typeof byNameRated>
  | RowOf<typeof nearAnonymous>
  | RowOf<typeof nearRated>;

/** The placeholders' values: the type, the cursor, the viewer and, near me, the point and each step's box. */
function listValues(opts: FieldListOptions, viewerId: string | null): Record<string, unknown> {
  const values: Record<string, unknown> = { type: opts.type, before: opts.before, viewer: viewerId };
  const near = opts.near;
  if (!near) return values;
  values.lat = near.lat;
  values.lng = near.lng;
  nearRadii(opts).forEach((r, i) => {
    const box = boundingBox(near.lat, near.lng, r);
    Object.assign(values, {
      [`i${i}`]: i,
      [`r${i}`]: r,
      [`minLat${i}`]: box.minLat,
      [`maxLat${i}`]: box.maxLat,
      [`minLng${i}`]: box.minLng ?? -1000,
      [`maxLng${i}`]: box.maxLng ?? 1000,
    });
  });
  return values;
}

const listShape = (opts: FieldListOptions, viewer: boolean) =>
  `fields.list:${viewer}:${opts.near ? nearRadii(opts).length : 0}:${Boolean(opts.type)}:${Boolean(opts.before)}:${pageSize(opts.limit)}`;

/** The directory's statement once prepared: each of the four answers its own kind of FieldListRow. */
interface ListStatement {
  execute(values: Record<string, unknown>): Promise<FieldListRow[]>;
}

/**
 * A page of the directory: by name (byName) or, with `near`, nearest first with the distance
 * (nearPage); with the viewer's rating for a signed-in viewer.
 */
export function selectFields(
  db: Db,
  opts: FieldListOptions,
  viewerId: string | null,
): Promise<FieldListRow[]> {
  const viewer = viewerId !== null;
  return preparedQuery<ListStatement>(db, listShape(opts, viewer), () => listQuery(db, opts, viewer)).execute(
    listValues(opts, viewerId),
  );
}

/** A database for building statements' text only (it runs none). */
const textOnly = drizzle.mock() as unknown as Db;

/**
 * The directory's statement with its values, as the app sends it (the benchmark's raw side,
 * bench/fields.mts): the same text, each placeholder's value bound in its place.
 */
export function listFieldsSql(opts: FieldListOptions, viewerId: string | null): SQL {
  const { text, values } = statementOf(
    listQuery(textOnly, opts, viewerId !== null),
    listValues(opts, viewerId),
    true,
  );
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1]))),
  );
}

/** One field with the viewer's rating. */
export async function selectField(db: Db, id: string, viewerId: string | null) {
  if (viewerId === null) {
    const [row] = await preparedQuery(db, 'fields.one', () =>
      db
        .select({ field: fields })
        .from(fields)
        .where(eq(fields.id, ph('id'))),
    ).execute({ id });
    return row;
  }
  const [row] = await preparedQuery(db, 'fields.one:viewer', () =>
    db
      .select({ field: fields, viewerRating: fieldRatings.rating })
      .from(fields)
      .leftJoin(fieldRatings, and(eq(fieldRatings.fieldId, fields.id), eq(fieldRatings.userId, ph('viewer'))))
      .where(eq(fields.id, ph('id'))),
  ).execute({ id, viewer: viewerId });
  return row;
}

/** A field's row, from the directory or the field's own read: what presentField takes. */
export type FieldRow = NonNullable<Awaited<ReturnType<typeof selectField>>> | FieldListRow;

/** A field's upcoming events (events_field_date_idx), soonest first. */
export const selectUpcomingEvents = (db: Db, fieldId: string) =>
  preparedQuery(db, 'fields.upcoming', () => upcomingQuery(db)).execute({ field: fieldId });

function upcomingQuery(db: Db) {
  return db
    .select({
      id: events.id,
      title: events.title,
      date: events.date,
      // The column is text; events are written through the contract's event types only.
      type: events.type,
      location: events.location,
      capacity: events.capacity,
      registeredCount: events.registeredCount,
    })
    .from(events)
    .where(and(eq(events.fieldId, ph('field')), gte(events.date, sql`now()`)))
    .orderBy(asc(events.date), asc(events.id))
    .limit(literalLimit(FIELD_LIMITS.upcomingEvents, FIELD_LIMITS.upcomingEvents));
}

export type UpcomingEventRow = Awaited<ReturnType<typeof selectUpcomingEvents>>[number];

/** Every rated field's exact rating count and sum (fields_rated_idx). */
export const selectRated = (db: Db) =>
  db
    .select({ id: fields.id, count: fields.ratingCount, sum: fields.ratingSum })
    .from(fields)
    .where(gt(fields.ratingCount, 0));

/** The field, locked until the transaction ends; false when there is none. */
/** The rater's row, locked as the rating's foreign key would lock it (false: the account is gone). */
export async function lockRater(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('key share');
  return rows.length > 0;
}

export async function lockField(db: Db, id: string): Promise<boolean> {
  const found = await db.select({ id: fields.id }).from(fields).where(eq(fields.id, id)).for('update');
  return found.length > 0;
}
