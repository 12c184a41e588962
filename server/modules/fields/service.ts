import { eq, type SQL, sql } from 'drizzle-orm';
import {
  FIELD_LIMITS,
  FIELD_TEXTS,
  type Field,
  type FieldCreate,
  type FieldDetail,
  type FieldEvent,
  type FieldPatch,
  type FieldType,
  PAGE_MAX_LIMIT,
} from '../../../contract';
import type { EventRules, EventType } from '../../../contract/events';
import type { Db } from '../../db/client';
import { iso, preparedRows, rows } from '../../db/rows';
import { fieldRatings, fields } from '../../db/schema';
import { conflict, forbidden, notFound, unauthorized } from '../../errors';
import { boundingBox, haversine } from '../../lib/geo';
import type { SessionUser } from '../auth';
import { can } from './policy';
import { weightedRating } from './rating';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const asDb = (tx: Tx) => tx as unknown as Db;

/** A fields row as the list and page queries answer it. */
export interface FieldRow {
  id: string;
  name: string;
  type: string | null;
  address: string | null;
  lat: number | null;
  lng: number | null;
  phone: string | null;
  website: string | null;
  image: string | null;
  verified: boolean;
  rating: number | null;
  ratingCount: number | string;
  ratingSum: number | string;
  rules: EventRules | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  distance?: number | string | null;
  viewerRating?: number | string | null;
}

const num = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));

/** The one Field presenter: the row, the viewer's rating and abilities. */
export function presentField(r: FieldRow, viewer: SessionUser | null): Field {
  const count = Number(r.ratingCount);
  const viewerRating = viewer ? num(r.viewerRating) : null;
  const field: Field = {
    id: r.id,
    name: r.name,
    type: r.type,
    address: r.address,
    lat: num(r.lat),
    lng: num(r.lng),
    phone: r.phone,
    website: r.website,
    image: r.image,
    verified: r.verified,
    rating: num(r.rating),
    ratingAverage: count > 0 ? Number(r.ratingSum) / count : null,
    ratingCount: count,
    viewerRating,
    rules: r.rules ?? null,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    canRate: can(viewer, 'rate', { viewerRating }),
    canEdit: can(viewer, 'edit'),
    canDelete: can(viewer, 'delete'),
    canVerify: can(viewer, 'verify'),
  };
  if (r.distance !== undefined && r.distance !== null)
    field.distance = Math.round(Number(r.distance) * 10) / 10;
  return field;
}

const COLUMNS = sql`f.id, f.name, f.type, f.address, f.lat, f.lng, f.phone, f.website, f.image, f.verified,
  f.rating, f.rating_count AS "ratingCount", f.rating_sum AS "ratingSum", f.rules,
  f.created_at AS "createdAt", f.updated_at AS "updatedAt"`;

/** The viewer's own rating of each row `f`. */
const viewerJoin = (viewerId: string | null) =>
  viewerId
    ? {
        select: sql`, r.rating AS "viewerRating"`,
        join: sql` LEFT JOIN field_ratings r ON r.field_id = f.id AND r.user_id = ${viewerId}`,
      }
    : { select: sql``, join: sql`` };

export interface FieldListOptions {
  type?: FieldType;
  near?: { lat: number; lng: number };
  radius?: number;
  limit: number;
  before?: string;
  /** Near me's smaller radii (km) tried before `radius`; `[]` asks for the one query over the whole radius. */
  radiusSteps?: readonly number[];
}

/** Near me widens the search through these radii (km) before the one asked for (see listFieldsSql). */
export const NEAR_STEPS_KM = [25, 50, 100, 150, 250] as const;

/**
 * A page of fields in one query. By name (fields_name_idx, or fields_type_name_idx for a type).
 * `before` is the id of the last field shown: the page continues after it in the same order. The
 * page size is written into the text so PostgreSQL's generic plan knows it.
 *
 * With `near`: the nearest `limit` within `radius` km (by distance, then id), found by widening:
 * each step (NEAR_STEPS_KM under `radius`, then `radius`) takes its box of fields_near_idx (lat,
 * lng, id: an index-only scan, the distance computed from the index) and keeps the nearest `limit`
 * within that step's radius; the first step whose page is full is the answer, else the last step's.
 * A full page at radius r is the very page the whole radius gives: every field it leaves out is
 * farther than r, so after all `limit` it holds. Only the page's rows are then read.
 */
export function listFieldsSql(opts: FieldListOptions, viewerId: string | null): SQL {
  const where: SQL[] = [];
  if (opts.type) where.push(sql`f.type = ${opts.type}`);
  const size = Math.min(PAGE_MAX_LIMIT, Math.max(1, Math.trunc(opts.limit) || 1));
  const limit = sql.raw(String(size));
  const v = viewerJoin(viewerId);
  const near = opts.near;
  if (near) return nearSql(near, opts, size, v);
  if (opts.before)
    where.push(sql`(f.name, f.id) > (SELECT c.name, c.id FROM fields c WHERE c.id = ${opts.before})`);
  const filter = where.length > 0 ? sql` WHERE ${sql.join(where, sql` AND `)}` : sql``;
  return sql`SELECT ${COLUMNS}${v.select} FROM fields f${v.join}${filter} ORDER BY f.name, f.id LIMIT ${limit}`;
}

function nearSql(
  near: { lat: number; lng: number },
  opts: FieldListOptions,
  size: number,
  v: ReturnType<typeof viewerJoin>,
): SQL {
  const radius = opts.radius ?? FIELD_LIMITS.nearRadiusKmDefault;
  const radii = [...(opts.radiusSteps ?? NEAR_STEPS_KM).filter((r) => r > 0 && r < radius), radius];
  radii.sort((a, b) => a - b);
  const steps = radii.map((r, i) => {
    const box = boundingBox(near.lat, near.lng, r);
    // No longitude bound: a range every longitude is in (and a null one is not).
    const minLng = box.minLng ?? -1000;
    const maxLng = box.maxLng ?? 1000;
    return sql`(${i}::int, ${r}::float8, ${box.minLat}::float8, ${box.maxLat}::float8, ${minLng}::float8, ${maxLng}::float8)`;
  });
  const last = sql.raw(String(radii.length - 1));
  const limit = sql.raw(String(size));
  const distance = haversine('f', near.lat, near.lng);
  const where: SQL[] = [
    sql`f.lat BETWEEN s.min_lat AND s.max_lat`,
    sql`f.lng BETWEEN s.min_lng AND s.max_lng`,
    sql`${distance} <= s.r`,
  ];
  if (opts.type) where.push(sql`f.type = ${opts.type}`);
  // The step is taken when its page is full, or when it is the last. No ORDER BY: PostgreSQL would
  // sort after working out every step; the VALUES scan gives them nearest first, and any step taken
  // gives the same page anyway (see above), so the order only decides how much work is done.
  const take: SQL[] = [sql`(p.n = ${limit} OR s.i = ${last})`];
  let cursor = sql``;
  if (opts.before) {
    cursor = sql`cur AS (SELECT ${haversine('c', near.lat, near.lng)} AS d, c.id FROM fields c WHERE c.id = ${opts.before}), `;
    where.push(sql`(${distance}, f.id) > (SELECT d, id FROM cur)`);
    // A step nearer than the cursor itself has nothing after it: skipped (none at all for an unknown id).
    take.push(sql`s.r >= (SELECT d FROM cur)`);
  }
  return sql`WITH ${cursor}s(i, r, min_lat, max_lat, min_lng, max_lng) AS (VALUES ${sql.join(steps, sql`, `)}),
      page AS (
        SELECT p.ids, p.ds FROM s CROSS JOIN LATERAL (
          SELECT array_agg(q.id ORDER BY q.d, q.id) AS ids, array_agg(q.d ORDER BY q.d, q.id) AS ds, count(*) AS n
          FROM (SELECT f.id, ${distance} AS d FROM fields f WHERE ${sql.join(where, sql` AND `)}
                ORDER BY 2, 1 LIMIT ${limit}) q) p
        WHERE ${sql.join(take, sql` AND `)}
        LIMIT 1)
      SELECT ${COLUMNS}, n.distance${v.select}
      FROM page CROSS JOIN LATERAL unnest(page.ids, page.ds) WITH ORDINALITY AS n(id, distance, o)
      JOIN fields f ON f.id = n.id${v.join}
      ORDER BY n.o`;
}

export async function listFields(
  db: Db,
  opts: FieldListOptions,
  viewer: SessionUser | null,
): Promise<Field[]> {
  const list = await preparedRows<FieldRow>(db, listFieldsSql(opts, viewer?.id ?? null));
  return list.map((r) => presentField(r, viewer));
}

async function fieldRow(db: Db, id: string, viewer: SessionUser | null): Promise<FieldRow> {
  const v = viewerJoin(viewer?.id ?? null);
  const [row] = await rows<FieldRow>(
    db,
    sql`SELECT ${COLUMNS}${v.select} FROM fields f${v.join} WHERE f.id = ${id}`,
  );
  if (!row) throw notFound(FIELD_TEXTS.fieldNotFound);
  return row;
}

export async function getField(db: Db, id: string, viewer: SessionUser | null): Promise<Field> {
  return presentField(await fieldRow(db, id, viewer), viewer);
}

/** One field with its upcoming events (events_field_date_idx), soonest first; 404 'Field not found'. */
export async function getFieldDetail(db: Db, id: string, viewer: SessionUser | null): Promise<FieldDetail> {
  const field = await getField(db, id, viewer);
  const upcoming = await rows<{
    id: string;
    title: string;
    date: Date | string;
    type: EventType;
    location: string;
    capacity: number | string;
    registeredCount: number | string;
  }>(
    db,
    sql`SELECT id, title, date, type, location, capacity, registered_count AS "registeredCount"
        FROM events WHERE field_id = ${id} AND date >= now()
        ORDER BY date, id LIMIT ${FIELD_LIMITS.upcomingEvents}`,
  );
  const upcomingEvents: FieldEvent[] = upcoming.map((e) => ({
    id: e.id,
    title: e.title,
    date: iso(e.date),
    type: e.type,
    location: e.location,
    capacity: Number(e.capacity),
    registeredCount: Number(e.registeredCount),
  }));
  return { ...field, upcomingEvents };
}

export async function createField(db: Db, admin: SessionUser, body: FieldCreate): Promise<Field> {
  if (!can(admin, 'create')) throw forbidden();
  const [row] = await db.insert(fields).values(body).returning({ id: fields.id });
  return getField(db, row.id, admin);
}

/** PATCH: the fields given change; the rest stay. */
export async function updateField(db: Db, admin: SessionUser, id: string, patch: FieldPatch): Promise<Field> {
  if (!can(admin, 'edit')) throw forbidden();
  const [row] = await db
    .update(fields)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(fields.id, id))
    .returning({ id: fields.id });
  if (!row) throw notFound(FIELD_TEXTS.fieldNotFound);
  return getField(db, id, admin);
}

/** Verified, or not (fields start unverified, SPEC §9). */
export async function verifyField(db: Db, admin: SessionUser, id: string, verified: boolean): Promise<Field> {
  if (!can(admin, 'verify')) throw forbidden();
  const [row] = await db
    .update(fields)
    .set({ verified, updatedAt: sql`now()` })
    .where(eq(fields.id, id))
    .returning({ id: fields.id });
  if (!row) throw notFound(FIELD_TEXTS.fieldNotFound);
  return getField(db, id, admin);
}

/**
 * Rating writes queue on this lock (SHARE ROW EXCLUSIVE conflicts with itself, not with reads):
 * C, the mean over every field's ratings, moves with each one, so every rated field's weighted
 * rating is worked out again from one consistent state.
 */
async function lockRatings(tx: Tx) {
  await tx.execute(sql`LOCK TABLE field_ratings IN SHARE ROW EXCLUSIVE MODE`);
}

/** Every rated field's weighted rating from the exact counts and sums (weightedRating, m = 3). */
async function reweigh(tx: Tx) {
  const rated = await rows<{ id: string; count: number | string; sum: number | string }>(
    asDb(tx),
    sql`SELECT id, rating_count AS count, rating_sum AS sum FROM fields WHERE rating_count > 0`,
  );
  let total = 0;
  let votes = 0;
  for (const r of rated) {
    total += Number(r.sum);
    votes += Number(r.count);
  }
  if (votes === 0) return;
  const C = total / votes;
  const list = rated.map((r) => ({
    id: r.id,
    rating: weightedRating(Number(r.count), Number(r.sum) / Number(r.count), C),
  }));
  await tx.execute(
    sql`UPDATE fields f SET rating = v.rating
        FROM jsonb_to_recordset(${JSON.stringify(list)}::jsonb) AS v(id uuid, rating float8)
        WHERE f.id = v.id AND f.rating IS DISTINCT FROM v.rating`,
  );
}

/** A player's rating (1 to 5), once per field: 404 for an unknown field, 409 on a second try. */
export async function rateField(db: Db, user: SessionUser, id: string, rating: number): Promise<Field> {
  await db.transaction(async (tx) => {
    // The rater's row first, as the insert's foreign key would take it, then the table: an account
    // deletion holds its row while it cascades into field_ratings, so the other order deadlocks.
    const [rater] = await rows(asDb(tx), sql`SELECT 1 FROM users WHERE id = ${user.id} FOR KEY SHARE`);
    if (!rater) throw unauthorized();
    await lockRatings(tx);
    const [f] = await rows<{ id: string }>(asDb(tx), sql`SELECT id FROM fields WHERE id = ${id} FOR UPDATE`);
    if (!f) throw notFound(FIELD_TEXTS.fieldNotFound);
    const added = await tx
      .insert(fieldRatings)
      .values({ fieldId: id, userId: user.id, rating })
      .onConflictDoNothing()
      .returning({ id: fieldRatings.id });
    if (added.length === 0) throw conflict(FIELD_TEXTS.alreadyRated);
    await tx
      .update(fields)
      .set({ ratingCount: sql`${fields.ratingCount} + 1`, ratingSum: sql`${fields.ratingSum} + ${rating}` })
      .where(eq(fields.id, id));
    await reweigh(tx);
  });
  return getField(db, id, user);
}

/** Gone for good, with its ratings (the others' weighted ratings move with C); events keep their place. */
export async function deleteField(db: Db, admin: SessionUser, id: string): Promise<void> {
  if (!can(admin, 'delete')) throw forbidden();
  await db.transaction(async (tx) => {
    await lockRatings(tx);
    const gone = await tx.delete(fields).where(eq(fields.id, id)).returning({ count: fields.ratingCount });
    if (gone.length === 0) throw notFound(FIELD_TEXTS.fieldNotFound);
    if (gone[0].count > 0) await reweigh(tx);
  });
}
