import { and, eq, sql } from 'drizzle-orm';
import {
  GEAR_TEXTS,
  type GearBody,
  type GearPost,
  gearBody,
  RATING_MAX,
  RATING_MIN,
  type RateGearAnswer,
} from '../../../contract';
import type { Db } from '../../db/client';
import { gearPosts, gearRatingStats, gearRatings } from '../../db/schema';
import { badRequest, conflict, forbidden, missingReference, notFound, transientConflict } from '../../errors';
import { DEFAULT_RATING_TRUST_HOURS, notCountedYet, ratingsCount } from '../../lib/rating-trust';
import { audit } from '../audit';
import type { SessionUser } from '../auth';
import { awardBadges } from '../badges';
import { NO_MAIL, type NotifyOptions } from '../notifications';
import { can } from './policy';
import { presentGear } from './presenters';
import {
  type GearPage,
  holdRatedBlock,
  imageUsable,
  lockRatedBlocks,
  lockRatings,
  ownerOf,
  selectGear,
  selectItemCounters,
  selectKeptRatings,
  selectStats,
  selectTopRated,
  selectToRate,
  selectUserGear,
  type TopRatedOptions,
  walkRatedBlock,
} from './queries';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const asDb = (tx: Tx) => tx as unknown as Db;

/**
 * How far C (the mean of every rating) may move from the C the stored weighted ratings were
 * computed with before every rated item is re-ranked (decision 015): a weighted rating is then
 * off by less than this, and one rating among a million moves C by at most 0.000004.
 */
export const RERANK_TOLERANCE = 0.005;

export async function getGear(db: Db, id: string, viewer: SessionUser | null): Promise<GearPost> {
  const row = await selectGear(db, id, viewer?.id ?? null);
  if (!row) throw notFound(GEAR_TEXTS.gearNotFound);
  return presentGear(row, viewer);
}

export async function listGearToRate(db: Db, viewer: SessionUser, page: GearPage): Promise<GearPost[]> {
  const list = await selectToRate(db, viewer.id, page);
  return list.map((r) => presentGear(r, viewer));
}

export async function listTopRated(
  db: Db,
  viewer: SessionUser | null,
  query: TopRatedOptions,
): Promise<GearPost[]> {
  const list = await selectTopRated(db, query, viewer?.id ?? null);
  return list.map((r) => presentGear(r, viewer));
}

/** A player's gear for their profile, newest first (gear_posts_user_created_idx). */
export async function listUserGear(
  db: Db,
  userId: string,
  viewer: SessionUser | null,
  page: GearPage,
): Promise<GearPost[]> {
  const list = await selectUserGear(db, userId, page, viewer?.id ?? null);
  return list.map((r) => presentGear(r, viewer));
}

const imageRefused = () => badRequest(GEAR_TEXTS.imageRequired, { image: [GEAR_TEXTS.imageRequired] });

/** For the demo seed only: when the item was posted, and that its image is known to be ours. */
export interface SeedOptions {
  createdAt?: Date;
  imageChecked?: boolean;
}

/**
 * POST /api/gear: the image must be one of our uploads, registered by this player (an `images`
 * row of theirs, or one with no owner, such as the demo's); then the gear-upload badges.
 */
export async function createGear(
  db: Db,
  user: SessionUser,
  input: GearBody,
  notice: NotifyOptions,
  seed: SeedOptions = {},
): Promise<GearPost> {
  if (!can(user, 'upload')) throw forbidden();
  const body = gearBody.parse(input);
  const id = await db.transaction(async (tx) => {
    if (!seed.imageChecked && !(await imageUsable(asDb(tx), body.image, user.id))) throw imageRefused();
    const [row] = await tx
      .insert(gearPosts)
      .values({
        userId: user.id,
        title: body.title,
        description: body.description,
        image: body.image,
        category: body.category,
        createdAt: seed.createdAt,
      })
      .returning({ id: gearPosts.id });
    await awardBadges(asDb(tx), user.id, 'gear-upload', notice);
    return row.id;
  });
  return getGear(db, id, user);
}

/**
 * POST /api/gear/{id}/rate: once per player and item (409 on a second try), never one's own
 * (403), 404 for unknown gear. One transaction does all of it (decision 037), so a rating that
 * committed is answered, and one that failed left nothing: under the ratings lock, whether the
 * rating counts (issue 24), the re-rank to the C it leaves when that C is far enough, the rating
 * (its trigger updates the item's counters and weighted rating and the stats row), its rated block
 * and badges, the player's kept ratings counted from now on, and the answer's read.
 */
export async function rateGear(
  db: Db,
  rater: SessionUser,
  id: string,
  rating: number,
  notice: NotifyOptions,
  trustHours = DEFAULT_RATING_TRUST_HOURS,
): Promise<RateGearAnswer> {
  checkRating(rating);
  const { gear, counted } = await ratingTransaction(db, async (tx) => {
    await lockRatings(tx);
    const counted = await ratingsCount(tx, rater.id, trustHours);
    // The account qualifies now: its ratings kept while it was new count from here (the trigger adds them).
    const kept = counted ? await selectKeptRatings(tx, rater.id) : NOTHING;
    const change = counted ? { count: 1 + kept.count, sum: rating + kept.sum } : NOTHING;
    await insertRating(tx, rater, id, rating, { counted, notice, change });
    if (kept.count > 0) await countKeptRatings(tx, rater.id);
    return { counted, gear: await getGear(tx, id, rater) };
  });
  return counted ? { ...gear, counted } : { ...gear, counted, message: notCountedYet(trustHours) };
}

/** A player's ratings kept but not counted (made while the account was new) count from now on. */
export async function countKeptRatings(db: Db, userId: string): Promise<number> {
  const rows = await db
    .update(gearRatings)
    .set({ counted: true })
    .where(and(eq(gearRatings.userId, userId), eq(gearRatings.counted, false)))
    .returning({ id: gearRatings.id });
  return rows.length;
}

/**
 * The rating itself, in its transaction, under the ratings lock, with the badges; no re-rank (the
 * demo seed re-ranks once at its end). `createdAt` is for the demo seed only.
 */
export async function addRating(
  db: Db,
  rater: SessionUser,
  id: string,
  rating: number,
  createdAt?: Date,
  notice: NotifyOptions = NO_MAIL,
  counted = true,
): Promise<void> {
  checkRating(rating);
  await ratingTransaction(db, async (tx) => {
    await lockRatings(tx);
    await insertRating(tx, rater, id, rating, { counted, notice, createdAt });
  });
}

function checkRating(rating: number) {
  if (!Number.isInteger(rating) || rating < RATING_MIN || rating > RATING_MAX)
    throw badRequest('Invalid input', { rating: ['Invalid input'] });
}

/**
 * A rating's transaction: gear deleted between the look-up and the insert is a 404. One chosen as
 * a deadlock's victim (an account deletion cascading through the same items and the stats row
 * without the ratings lock) is tried again, as the deletion is: all of it is one transaction, so a
 * retry starts from the same state.
 */
async function ratingTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => work(asDb(tx)));
    } catch (err) {
      // The item was deleted between the look-up and the insert (the rater's own account: the error handler's 401).
      if (missingReference(err)?.table === 'gear_posts') throw notFound(GEAR_TEXTS.gearNotFound);
      if (attempt >= 3 || !transientConflict(err)) throw err;
    }
  }
}

/** What a write adds to the stats row: counted ratings and their sum (negative for a deletion). */
interface StatsChange {
  count: number;
  sum: number;
}
const NOTHING: StatsChange = { count: 0, sum: 0 };

/**
 * In a rating's transaction, under the ratings lock: the item and its owner checked; with
 * `change` (what this transaction adds to the stats row), the re-rank to the C it leaves, before
 * the insert, so the items are taken before the stats row as the trigger takes them (decision 016)
 * and the trigger computes the rated item's weighted rating with that C; the insert (409 when the
 * player rated it already), the rated block and the badges.
 */
async function insertRating(
  tx: Db,
  rater: SessionUser,
  id: string,
  rating: number,
  opts: { counted: boolean; notice: NotifyOptions; change?: StatsChange; createdAt?: Date },
): Promise<void> {
  const owner = await ownerOf(tx, id);
  if (owner === undefined) throw notFound(GEAR_TEXTS.gearNotFound);
  if (owner === rater.id) throw forbidden(GEAR_TEXTS.cannotRateOwn);
  if (opts.change) await rerankTo(tx, opts.change);
  const inserted = await tx
    .insert(gearRatings)
    .values({ gearPostId: id, userId: rater.id, rating, createdAt: opts.createdAt, counted: opts.counted })
    .onConflictDoNothing({ target: [gearRatings.gearPostId, gearRatings.userId] })
    .returning({ id: gearRatings.id });
  if (inserted.length === 0) throw conflict(GEAR_TEXTS.alreadyRated);
  await extendRatedBlock(tx, rater.id, id);
  await awardBadges(tx, rater.id, 'rating-given', opts.notice);
  await awardBadges(tx, owner, 'gear-rated', opts.notice);
}

/**
 * Keeps the player's rated block (gear_rating_progress, decision 017) after they rated `gearId`,
 * in the rating's transaction: every post between the block's bottom and top, both included, is
 * rated by the player or is theirs. Takes the rated-block lock (so no post appears unseen inside
 * the walked range while it runs) and the block row FOR UPDATE; starts the block at the rated
 * item when the player has none, then extends it downwards and upwards over rated-or-own posts,
 * each walk stopping at the first other post (or after RATED_BLOCK_STEP_CAP). The rated item
 * joins an existing block only when it is adjacent, which the walks find. Answers whether the
 * block moved (the bench calls it until it stops moving).
 */
export async function extendRatedBlock(db: Db, userId: string, gearId: string): Promise<boolean> {
  await lockRatedBlocks(db);
  if (!(await holdRatedBlock(db, userId, gearId))) return false;
  return walkRatedBlock(db, userId);
}

/**
 * DELETE /api/gear/{id}: the owner or an admin deletes an item; its ratings go with it (the
 * trigger adjusts C, and the re-rank to the C it leaves runs first, in the same transaction). An
 * admin deleting someone else's writes the audit log in that transaction too (issue 24), unless the
 * caller audits it itself (`audited`: a report's action).
 */
export async function deleteGear(
  db: Db,
  user: SessionUser,
  id: string,
  opts: { audited?: boolean } = {},
): Promise<void> {
  const owner = await ownerOf(db, id);
  if (owner === undefined) throw notFound(GEAR_TEXTS.gearNotFound);
  if (!can(user, 'delete', { userId: owner, myRating: null })) throw forbidden();
  await db.transaction(async (t) => {
    const tx = asDb(t);
    // Its counted ratings go with it: re-rank to the C the deletion leaves, first (as a rating does).
    await lockRatings(tx);
    const counters = await selectItemCounters(tx, id);
    await rerankTo(tx, { count: -counters.count, sum: -counters.sum });
    const [gone] = await tx
      .delete(gearPosts)
      .where(eq(gearPosts.id, id))
      .returning({ title: gearPosts.title, ratings: gearPosts.totalRatings });
    if (!gone) throw notFound(GEAR_TEXTS.gearNotFound);
    if (!opts.audited && user.id !== owner)
      await audit(tx, {
        adminId: user.id,
        action: 'gear.delete',
        subjectType: 'gear',
        subjectId: id,
        targetUserId: owner,
        data: { title: gone.title, ratings: gone.ratings },
      });
  });
}

/**
 * Re-ranks every rated item with the current C when it has moved by more than RERANK_TOLERANCE
 * from the C their weighted ratings were computed with (or always, with `force`): the demo seed,
 * the benches, a change of the prior. In one transaction under the ratings lock, as a rating's.
 */
export async function rerankGear(db: Db, force = false): Promise<boolean> {
  return db.transaction(async (t) => {
    const tx = asDb(t);
    await lockRatings(tx);
    return rerankTo(tx, NOTHING, force);
  });
}

/**
 * Under the ratings lock, before a write's own rows: when the C that the write will leave (the
 * stats row plus `change`) is more than RERANK_TOLERANCE from the C the weighted ratings were
 * computed with (or with `force`), re-computes every rated item's weighted rating with it in one
 * statement, then stores it in the stats row: the items before the stats row, as the trigger takes
 * them (decision 016), so it never waits on a writer that waits on it. Answers whether it re-ranked.
 */
async function rerankTo(tx: Db, change: StatsChange, force = false): Promise<boolean> {
  const stats = await selectStats(tx);
  if (!stats) return false;
  const count = stats.ratingsCount + change.count;
  const mean = count > 0 ? (stats.ratingsSum + change.sum) / count : 0;
  if (!force && Math.abs(mean - stats.rankedMean) <= RERANK_TOLERANCE) return false;
  await tx
    .update(gearPosts)
    .set({
      weightedRating: sql`(${gearPosts.ratingSum} + ${gearRatingStats.prior} * ${mean}::float8) / (${gearPosts.totalRatings} + ${gearRatingStats.prior})`,
    })
    .from(gearRatingStats)
    .where(and(eq(gearRatingStats.id, 1), sql`${gearPosts.totalRatings} > 0`));
  await tx.update(gearRatingStats).set({ rankedMean: mean }).where(eq(gearRatingStats.id, 1));
  return true;
}
