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
import { badRequest, conflict, forbidden, missingReference, notFound } from '../../errors';
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
  ownerOf,
  selectGear,
  selectStats,
  selectTopRated,
  selectToRate,
  selectUserGear,
  type TopRatedOptions,
  tryRerankLock,
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
 * (403), 404 for unknown gear. The trigger on gear_ratings updates the item's counters and
 * weighted rating and the stats row; then the badges, and a re-rank if C moved far enough.
 */
export async function rateGear(
  db: Db,
  rater: SessionUser,
  id: string,
  rating: number,
  notice: NotifyOptions,
  trustHours = DEFAULT_RATING_TRUST_HOURS,
): Promise<RateGearAnswer> {
  const counted = await ratingsCount(db, rater.id, trustHours);
  await addRating(db, rater, id, rating, undefined, notice, counted);
  // The account qualifies now: its ratings kept while it was new count from here (the trigger adds them).
  if (counted) await countKeptRatings(db, rater.id);
  await rerankGear(db);
  const gear = await getGear(db, id, rater);
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
 * The rating itself, in its transaction, with the badges; no re-rank (rateGear does it after
 * each rating; the demo seed once at its end). `createdAt` is for the demo seed only.
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
  if (!Number.isInteger(rating) || rating < RATING_MIN || rating > RATING_MAX)
    throw badRequest('Invalid input', { rating: ['Invalid input'] });
  try {
    await db.transaction(async (tx) => {
      const owner = await ownerOf(asDb(tx), id);
      if (owner === undefined) throw notFound(GEAR_TEXTS.gearNotFound);
      if (owner === rater.id) throw forbidden(GEAR_TEXTS.cannotRateOwn);
      const inserted = await tx
        .insert(gearRatings)
        .values({ gearPostId: id, userId: rater.id, rating, createdAt, counted })
        .onConflictDoNothing({ target: [gearRatings.gearPostId, gearRatings.userId] })
        .returning({ id: gearRatings.id });
      if (inserted.length === 0) throw conflict(GEAR_TEXTS.alreadyRated);
      await extendRatedBlock(asDb(tx), rater.id, id);
      await awardBadges(asDb(tx), rater.id, 'rating-given', notice);
      await awardBadges(asDb(tx), owner, 'gear-rated', notice);
    });
  } catch (err) {
    // The item was deleted between the look-up and the insert (the rater's own account: the error handler's 401).
    if (missingReference(err)?.table === 'gear_posts') throw notFound(GEAR_TEXTS.gearNotFound);
    throw err;
  }
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

/** DELETE /api/gear/{id}: the owner or an admin; its ratings go with it (the trigger adjusts C). */
/**
 * The owner or an admin deletes an item. An admin deleting someone else's writes the audit log in
 * the same transaction (issue 24), unless the caller audits it itself (`audited`: a report's action).
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
  await rerankGear(db);
}

/**
 * Re-ranks every rated item with the current C when it has moved by more than RERANK_TOLERANCE
 * from the C their weighted ratings were computed with (or always, with `force`). One statement
 * over the rated items, then the stats row, in one transaction: it takes the items before the
 * stats row, as the rating trigger does, so the two never wait on each other in a circle.
 */
export async function rerankGear(db: Db, force = false): Promise<boolean> {
  const stats = await selectStats(db);
  if (!stats) return false;
  const mean = stats.ratingsCount > 0 ? stats.ratingsSum / stats.ratingsCount : 0;
  if (!force && Math.abs(mean - stats.rankedMean) <= RERANK_TOLERANCE) return false;
  return db.transaction(async (tx) => {
    if (!(await tryRerankLock(asDb(tx)))) return false;
    await tx
      .update(gearPosts)
      .set({
        weightedRating: sql`(${gearPosts.ratingSum} + ${gearRatingStats.prior} * ${mean}::float8) / (${gearPosts.totalRatings} + ${gearRatingStats.prior})`,
      })
      .from(gearRatingStats)
      .where(and(eq(gearRatingStats.id, 1), sql`${gearPosts.totalRatings} > 0`));
    await tx.update(gearRatingStats).set({ rankedMean: mean }).where(eq(gearRatingStats.id, 1));
    return true;
  });
}
