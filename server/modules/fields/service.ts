import { and, eq, sql } from 'drizzle-orm';
import {
  FIELD_TEXTS,
  type Field,
  type FieldCreate,
  type FieldDetail,
  type FieldPatch,
  type FieldRateAnswer,
} from '../../../contract';
import type { Db } from '../../db/client';
import { fieldRatings, fields } from '../../db/schema';
import { conflict, forbidden, notFound, unauthorized } from '../../errors';
import { DEFAULT_RATING_TRUST_HOURS, notCountedYet, ratingsCount } from '../../lib/rating-trust';
import { audit } from '../audit';
import type { SessionUser } from '../auth';
import { can } from './policy';
import { presentField, presentFieldEvent } from './presenters';
import {
  type FieldListOptions,
  lockField,
  lockRater,
  selectField,
  selectFields,
  selectRated,
  selectUpcomingEvents,
} from './queries';
import { weightedRating } from './rating';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const asDb = (tx: Tx) => tx as unknown as Db;

export { type FieldListOptions, NEAR_STEPS_KM } from './queries';

/** A page of the directory: by name, by type, or near me with the distance (selectFields). */
export async function listFields(
  db: Db,
  opts: FieldListOptions,
  viewer: SessionUser | null,
): Promise<Field[]> {
  const list = await selectFields(db, opts, viewer?.id ?? null);
  return list.map((r) => presentField(r, viewer));
}

export async function getField(db: Db, id: string, viewer: SessionUser | null): Promise<Field> {
  const row = await selectField(db, id, viewer?.id ?? null);
  if (!row) throw notFound(FIELD_TEXTS.fieldNotFound);
  return presentField(row, viewer);
}

/** One field with its upcoming events (events_field_date_idx), soonest first; 404 'Field not found'. */
export async function getFieldDetail(db: Db, id: string, viewer: SessionUser | null): Promise<FieldDetail> {
  const field = await getField(db, id, viewer);
  const upcoming = await selectUpcomingEvents(db, id);
  return { ...field, upcomingEvents: upcoming.map(presentFieldEvent) };
}

export async function createField(db: Db, admin: SessionUser, body: FieldCreate): Promise<Field> {
  if (!can(admin, 'create')) throw forbidden();
  const row = await db.transaction(async (t) => {
    const tx = asDb(t);
    const [made] = await tx.insert(fields).values(body).returning({ id: fields.id, name: fields.name });
    await audit(tx, { adminId: admin.id, action: 'field.create', ...subjectOf(made) });
    return made;
  });
  return getField(db, row.id, admin);
}

/** PATCH: the fields given change; the rest stay. */
export async function updateField(db: Db, admin: SessionUser, id: string, patch: FieldPatch): Promise<Field> {
  if (!can(admin, 'edit')) throw forbidden();
  await db.transaction(async (t) => {
    const tx = asDb(t);
    const [row] = await tx
      .update(fields)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(fields.id, id))
      .returning({ id: fields.id, name: fields.name });
    if (!row) throw notFound(FIELD_TEXTS.fieldNotFound);
    await audit(tx, {
      adminId: admin.id,
      action: 'field.update',
      ...subjectOf(row, { changed: Object.keys(patch) }),
    });
  });
  return getField(db, id, admin);
}

/** Verified, or not (fields start unverified, SPEC §9). */
export async function verifyField(db: Db, admin: SessionUser, id: string, verified: boolean): Promise<Field> {
  if (!can(admin, 'verify')) throw forbidden();
  await db.transaction(async (t) => {
    const tx = asDb(t);
    const [row] = await tx
      .update(fields)
      .set({ verified, updatedAt: sql`now()` })
      .where(eq(fields.id, id))
      .returning({ id: fields.id, name: fields.name });
    if (!row) throw notFound(FIELD_TEXTS.fieldNotFound);
    await audit(tx, { adminId: admin.id, action: 'field.verify', ...subjectOf(row, { verified }) });
  });
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
  const rated = await selectRated(asDb(tx));
  let total = 0;
  let votes = 0;
  for (const r of rated) {
    total += r.sum;
    votes += r.count;
  }
  if (votes === 0) return;
  const C = total / votes;
  const list = rated.map((r) => ({ id: r.id, rating: weightedRating(r.count, r.sum / r.count, C) }));
  await tx.execute(
    sql`UPDATE fields f SET rating = v.rating
        FROM jsonb_to_recordset(${JSON.stringify(list)}::jsonb) AS v(id uuid, rating float8)
        WHERE f.id = v.id AND f.rating IS DISTINCT FROM v.rating`,
  );
}

/**
 * A player's rating (1 to 5), once per field: 404 for an unknown field, 409 on a second try. A new
 * account's rating (RATING_TRUST_HOURS, and no other activity) is kept but not counted yet; once
 * the account qualifies, its next rating brings its kept ones into the counts too.
 */
export async function rateField(
  db: Db,
  user: SessionUser,
  id: string,
  rating: number,
  trustHours = DEFAULT_RATING_TRUST_HOURS,
): Promise<FieldRateAnswer> {
  const counted = await ratingsCount(db, user.id, trustHours);
  await db.transaction(async (tx) => {
    // The rater's row first, as the insert's foreign key would take it, then the table: an account
    // deletion holds its row while it cascades into field_ratings, so the other order deadlocks.
    if (!(await lockRater(asDb(tx), user.id))) throw unauthorized();
    await lockRatings(tx);
    if (!(await lockField(asDb(tx), id))) throw notFound(FIELD_TEXTS.fieldNotFound);
    const added = await tx
      .insert(fieldRatings)
      .values({ fieldId: id, userId: user.id, rating, counted })
      .onConflictDoNothing()
      .returning({ id: fieldRatings.id });
    if (added.length === 0) throw conflict(FIELD_TEXTS.alreadyRated);
    if (!counted) return;
    // This rating, and the ones kept while the account was new, count now.
    const kept = await tx
      .update(fieldRatings)
      .set({ counted: true })
      .where(and(eq(fieldRatings.userId, user.id), eq(fieldRatings.counted, false)))
      .returning({ fieldId: fieldRatings.fieldId, rating: fieldRatings.rating });
    for (const r of [{ fieldId: id, rating }, ...kept])
      await tx
        .update(fields)
        .set({
          ratingCount: sql`${fields.ratingCount} + 1`,
          ratingSum: sql`${fields.ratingSum} + ${r.rating}`,
        })
        .where(eq(fields.id, r.fieldId));
    await reweigh(tx);
  });
  const answer = await getField(db, id, user);
  return counted ? { ...answer, counted } : { ...answer, counted, message: notCountedYet(trustHours) };
}

/** Gone for good, with its ratings (the others' weighted ratings move with C); events keep their place. */
export async function deleteField(db: Db, admin: SessionUser, id: string): Promise<void> {
  if (!can(admin, 'delete')) throw forbidden();
  await db.transaction(async (tx) => {
    await lockRatings(tx);
    const gone = await tx
      .delete(fields)
      .where(eq(fields.id, id))
      .returning({ id: fields.id, name: fields.name, count: fields.ratingCount });
    if (gone.length === 0) throw notFound(FIELD_TEXTS.fieldNotFound);
    if (gone[0].count > 0) await reweigh(tx);
    await audit(asDb(tx), {
      adminId: admin.id,
      action: 'field.delete',
      ...subjectOf(gone[0], { ratings: gone[0].count }),
    });
  });
}

/** What the audit log keeps of a field: its id and name, and what the action changed. */
const subjectOf = (row: { id: string; name: string }, extra: Record<string, unknown> = {}) => ({
  subjectType: 'field',
  subjectId: row.id,
  data: { name: row.name, ...extra },
});
