import { type SQL, sql } from 'drizzle-orm';
import {
  GEAR_TEXTS,
  type GearBody,
  type GearCategory,
  type GearPost,
  gearBody,
  RATING_MAX,
  RATING_MIN,
} from '../../../contract';
import type { Db } from '../../db/client';
import { iso, preparedRows, rows } from '../../db/rows';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import { awardBadges } from '../badges';
import { can } from './policy';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const asDb = (tx: Tx) => tx as unknown as Db;

/**
 * How far C (the mean of every rating) may move from the C the stored weighted ratings were
 * computed with before every rated item is re-ranked (decision 015): a weighted rating is then
 * off by less than this, and one rating among a million moves C by at most 0.000004.
 */
export const RERANK_TOLERANCE = 0.005;
/** Only one re-rank at a time (pg_try_advisory_xact_lock). */
const RERANK_LOCK = 727_274_013;

interface GearRow {
  id: string;
  user_id: string;
  title: string;
  description: string | null;
  image: string;
  category: string;
  average_rating: number;
  total_ratings: number;
  weighted_rating: number;
  created_at: Date | string;
  username: string;
  avatar: string | null;
  my_rating: number | null;
}

/** The Gear post answer (SPEC §3) with the viewer's rating and abilities. */
export function presentGear(r: GearRow, viewer: SessionUser | null): GearPost {
  const facts = { userId: r.user_id, myRating: r.my_rating === null ? null : Number(r.my_rating) };
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    image: r.image,
    category: r.category as GearCategory,
    user: { id: r.user_id, username: r.username, avatar: r.avatar },
    averageRating: Number(r.average_rating),
    totalRatings: Number(r.total_ratings),
    weightedRating: Number(r.weighted_rating),
    createdAt: iso(r.created_at),
    myRating: facts.myRating,
    canRate: can(viewer, 'rate', facts),
    canDelete: can(viewer, 'delete', facts),
  };
}

/** The columns of a Gear post answer; `viewer` (or NULL) finds the viewer's own rating. */
// The viewer's rating is one probe of gear_ratings_pair_uq per row shown (a subquery, not a join:
// as a join the generic plan read all of a player's ratings and matched each row against them).
// `unrated`: the rows are known to be unrated by the viewer (to-rate), so there is nothing to probe.
const select = (viewerId: string | null, unrated = false) => sql`
  SELECT g.id, g.user_id, g.title, g.description, g.image, g.category, g.average_rating,
    g.total_ratings, g.weighted_rating, g.created_at, u.username, u.avatar,
    ${
      unrated
        ? sql`NULL::int`
        : sql`(SELECT r.rating FROM gear_ratings r WHERE r.gear_post_id = g.id AND r.user_id = ${viewerId}::uuid)`
    } AS my_rating
  FROM gear_posts g
  JOIN users u ON u.id = g.user_id`;

export async function getGear(db: Db, id: string, viewer: SessionUser | null): Promise<GearPost> {
  const [row] = await rows<GearRow>(db, sql`${select(viewer?.id ?? null)} WHERE g.id = ${id}::uuid`);
  if (!row) throw notFound(GEAR_TEXTS.gearNotFound);
  return presentGear(row, viewer);
}

export interface GearPage {
  limit: number;
  before?: string;
}

/**
 * The viewer's block bound `end` (top or bottom) as a (created_at, id) row, or the key below every
 * post when the viewer has no block.
 */
const blockBound = (viewerId: string, end: 'top' | 'bottom') => sql`(SELECT
    coalesce(p.${sql.raw(`${end}_created_at`)}, '-infinity'::timestamptz),
    coalesce(p.${sql.raw(`${end}_id`)}, '00000000-0000-0000-0000-000000000000'::uuid)
  FROM (VALUES (1)) one LEFT JOIN gear_rating_progress p ON p.user_id = ${viewerId}::uuid)`;

/**
 * Gear the viewer neither posted nor rated, newest first; `before` the id of the last item shown.
 * Every post inside the viewer's rated block (gear_rating_progress, decision 017) is rated or
 * theirs, so the list is two ordered walks of gear_posts_created_idx, LIMIT n each: the posts
 * newer than the block's top, then those older than its bottom (each candidate probed in
 * gear_ratings_pair_uq), merged newest first. Without a block the first walk is every post and
 * the second is empty: the plain anti-join. A `before` inside or below the block continues below it.
 */
export function toRateSql(viewerId: string, page: GearPage): SQL {
  const open = [
    sql`g.user_id <> ${viewerId}::uuid`,
    sql`NOT EXISTS (SELECT 1 FROM gear_ratings x WHERE x.gear_post_id = g.id AND x.user_id = ${viewerId}::uuid)`,
  ];
  if (page.before)
    open.push(
      sql`(g.created_at, g.id) < (SELECT b.created_at, b.id FROM gear_posts b WHERE b.id = ${page.before}::uuid)`,
    );
  // The limit is written in the text (an integer, 1 to 100 by the contract), so that the plan
  // PostgreSQL caches for the prepared statement knows it: with `LIMIT $n` its generic plan
  // guesses a tenth of the table and walks in parallel.
  const limit = sql.raw(String(Math.max(1, Math.trunc(Number(page.limit)) || 1)));
  const walk = (bound: SQL) =>
    sql`(${select(viewerId, true)} WHERE ${sql.join([bound, ...open], sql` AND `)}
      ORDER BY g.created_at DESC, g.id DESC LIMIT ${limit})`;
  return sql`SELECT * FROM (
    ${walk(sql`(g.created_at, g.id) > ${blockBound(viewerId, 'top')}`)}
    UNION ALL
    ${walk(sql`(g.created_at, g.id) < ${blockBound(viewerId, 'bottom')}`)}
  ) t ORDER BY t.created_at DESC, t.id DESC LIMIT ${limit}`;
}

export async function listGearToRate(db: Db, viewer: SessionUser, page: GearPage): Promise<GearPost[]> {
  const list = await preparedRows<GearRow>(db, toRateSql(viewer.id, page));
  return list.map((r) => presentGear(r, viewer));
}

/**
 * Rated gear by weighted rating, highest first (gear_posts_weighted_idx, or
 * gear_posts_category_weighted_idx with a category); `before` the id of the last item shown.
 */
export function topRatedSql(viewerId: string | null, query: GearPage & { category?: GearCategory }): SQL {
  const where: SQL[] = [sql`g.total_ratings > 0`];
  if (query.category) where.push(sql`g.category = ${query.category}`);
  if (query.before)
    where.push(
      sql`(g.weighted_rating, g.id) < (SELECT b.weighted_rating, b.id FROM gear_posts b WHERE b.id = ${query.before}::uuid)`,
    );
  return sql`${select(viewerId)} WHERE ${sql.join(where, sql` AND `)}
      ORDER BY g.weighted_rating DESC NULLS LAST, g.id DESC NULLS LAST LIMIT ${query.limit}`;
}

export async function listTopRated(
  db: Db,
  viewer: SessionUser | null,
  query: GearPage & { category?: GearCategory },
): Promise<GearPost[]> {
  const list = await preparedRows<GearRow>(db, topRatedSql(viewer?.id ?? null, query));
  return list.map((r) => presentGear(r, viewer));
}

/** A player's gear for their profile, newest first (gear_posts_user_created_idx). */
export async function listUserGear(
  db: Db,
  userId: string,
  viewer: SessionUser | null,
  page: GearPage,
): Promise<GearPost[]> {
  const where: SQL[] = [sql`g.user_id = ${userId}::uuid`];
  if (page.before)
    where.push(
      sql`(g.created_at, g.id) < (SELECT b.created_at, b.id FROM gear_posts b WHERE b.id = ${page.before}::uuid AND b.user_id = ${userId}::uuid)`,
    );
  const list = await rows<GearRow>(
    db,
    sql`${select(viewer?.id ?? null)} WHERE ${sql.join(where, sql` AND `)}
      ORDER BY g.created_at DESC NULLS LAST, g.id DESC NULLS LAST LIMIT ${page.limit}`,
  );
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
  seed: SeedOptions = {},
): Promise<GearPost> {
  if (!can(user, 'upload')) throw forbidden();
  const body = gearBody.parse(input);
  const id = await db.transaction(async (tx) => {
    if (!seed.imageChecked) {
      const known = await rows<{ ok: number }>(
        asDb(tx),
        sql`SELECT 1 AS ok FROM images WHERE object_path = ${body.image}
          AND (user_id = ${user.id}::uuid OR user_id IS NULL)`,
      );
      if (known.length === 0) throw imageRefused();
    }
    const [row] = await rows<{ id: string }>(
      asDb(tx),
      sql`INSERT INTO gear_posts (user_id, title, description, image, category, created_at)
        VALUES (${user.id}::uuid, ${body.title}, ${body.description}, ${body.image}, ${body.category},
          coalesce(${seed.createdAt?.toISOString() ?? null}::timestamptz, now()))
        RETURNING id`,
    );
    await awardBadges(asDb(tx), user.id, 'gear-upload');
    return row.id;
  });
  return getGear(db, id, user);
}

/** The Postgres error code of a foreign-key violation, whichever driver raised it. */
function foreignKeyViolation(err: unknown): boolean {
  let e: any = err;
  for (let i = 0; e && i < 4; i++, e = e.cause) if (e.code === '23503') return true;
  return false;
}

/**
 * POST /api/gear/{id}/rate: once per player and item (409 on a second try), never one's own
 * (403), 404 for unknown gear. The trigger on gear_ratings updates the item's counters and
 * weighted rating and the stats row; then the badges, and a re-rank if C moved far enough.
 */
export async function rateGear(db: Db, rater: SessionUser, id: string, rating: number): Promise<GearPost> {
  await addRating(db, rater, id, rating);
  await rerankGear(db);
  return getGear(db, id, rater);
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
): Promise<void> {
  if (!Number.isInteger(rating) || rating < RATING_MIN || rating > RATING_MAX)
    throw badRequest('Invalid input', { rating: ['Invalid input'] });
  try {
    await db.transaction(async (tx) => {
      const [gear] = await rows<{ user_id: string }>(
        asDb(tx),
        sql`SELECT user_id FROM gear_posts WHERE id = ${id}::uuid`,
      );
      if (!gear) throw notFound(GEAR_TEXTS.gearNotFound);
      if (gear.user_id === rater.id) throw forbidden(GEAR_TEXTS.cannotRateOwn);
      const inserted = await rows<{ id: string }>(
        asDb(tx),
        sql`INSERT INTO gear_ratings (gear_post_id, user_id, rating, created_at)
          VALUES (${id}::uuid, ${rater.id}::uuid, ${rating},
            coalesce(${createdAt?.toISOString() ?? null}::timestamptz, now()))
          ON CONFLICT (gear_post_id, user_id) DO NOTHING RETURNING id`,
      );
      if (inserted.length === 0) throw conflict(GEAR_TEXTS.alreadyRated);
      await extendRatedBlock(asDb(tx), rater.id, id);
      await awardBadges(asDb(tx), rater.id, 'rating-given');
      await awardBadges(asDb(tx), gear.user_id, 'gear-rated');
    });
  } catch (err) {
    // The item was deleted between the look-up and the insert.
    if (foreignKeyViolation(err)) throw notFound(GEAR_TEXTS.gearNotFound);
    throw err;
  }
}

/** Rated-block extensions queue on it; a new or moved post takes it shared (migration 0020). */
export const RATED_BLOCK_LOCK = 727_274_014;
/** How many posts one extension walks at most in each direction (bounds a rating's write). */
export const RATED_BLOCK_STEP_CAP = 200;

/**
 * One walk from the block's `end` (bottom: older posts, top: newer ones), one post at a time,
 * while the next post is the player's or rated by them, at most RATED_BLOCK_STEP_CAP steps;
 * its rows are the keys passed, `n` 0 being the bound itself.
 */
const blockWalk = (userId: string, end: 'bottom' | 'top') => {
  const [cmp, dir] = end === 'bottom' ? [sql.raw('<'), sql.raw('DESC')] : [sql.raw('>'), sql.raw('ASC')];
  return sql`
    SELECT p.${sql.raw(`${end}_created_at`)} AS created_at, p.${sql.raw(`${end}_id`)} AS id, 0 AS n
    FROM gear_rating_progress p WHERE p.user_id = ${userId}::uuid
    UNION ALL
    SELECT nx.created_at, nx.id, w.n + 1
    FROM ${sql.raw(end === 'bottom' ? 'down' : 'up')} w
    CROSS JOIN LATERAL (
      SELECT g.created_at, g.id, g.user_id FROM gear_posts g
      WHERE (g.created_at, g.id) ${cmp} (w.created_at, w.id)
      ORDER BY g.created_at ${dir}, g.id ${dir} LIMIT 1
    ) nx
    WHERE w.n < ${RATED_BLOCK_STEP_CAP}
      AND (nx.user_id = ${userId}::uuid OR EXISTS (
        SELECT 1 FROM gear_ratings r WHERE r.gear_post_id = nx.id AND r.user_id = ${userId}::uuid))`;
};

/**
 * Keeps the player's rated block (gear_rating_progress, decision 017) after they rated `gearId`,
 * in the rating's transaction: every post between the block's bottom and top, both included, is
 * rated by the player or is theirs. Takes RATED_BLOCK_LOCK (so no post appears unseen inside the
 * walked range while it runs) and the block row FOR UPDATE; starts the block at the rated item
 * when the player has none, then extends it downwards and upwards over rated-or-own posts, each
 * walk stopping at the first other post (or after RATED_BLOCK_STEP_CAP). The rated item joins
 * an existing block only when it is adjacent, which the walks find. Answers whether the block
 * moved (the bench calls it until it stops moving).
 */
export async function extendRatedBlock(db: Db, userId: string, gearId: string): Promise<boolean> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${RATED_BLOCK_LOCK})`);
  await db.execute(sql`
    INSERT INTO gear_rating_progress (user_id, top_created_at, top_id, bottom_created_at, bottom_id)
    SELECT ${userId}::uuid, created_at, id, created_at, id FROM gear_posts WHERE id = ${gearId}::uuid
    ON CONFLICT (user_id) DO NOTHING`);
  const [held] = await rows<{ user_id: string }>(
    db,
    sql`SELECT user_id FROM gear_rating_progress WHERE user_id = ${userId}::uuid FOR UPDATE`,
  );
  if (!held) return false;
  const moved = await rows<{ user_id: string }>(
    db,
    sql`WITH RECURSIVE
      down AS (${blockWalk(userId, 'bottom')}),
      up AS (${blockWalk(userId, 'top')}),
      d AS (SELECT created_at, id, n FROM down ORDER BY n DESC LIMIT 1),
      u AS (SELECT created_at, id, n FROM up ORDER BY n DESC LIMIT 1)
    UPDATE gear_rating_progress p SET
      bottom_created_at = d.created_at, bottom_id = d.id, top_created_at = u.created_at, top_id = u.id
    FROM d, u
    WHERE p.user_id = ${userId}::uuid AND (d.n > 0 OR u.n > 0)
    RETURNING p.user_id`,
  );
  return moved.length > 0;
}

/** DELETE /api/gear/{id}: the owner or an admin; its ratings go with it (the trigger adjusts C). */
export async function deleteGear(db: Db, user: SessionUser, id: string): Promise<void> {
  const [gear] = await rows<{ user_id: string }>(
    db,
    sql`SELECT user_id FROM gear_posts WHERE id = ${id}::uuid`,
  );
  if (!gear) throw notFound(GEAR_TEXTS.gearNotFound);
  if (!can(user, 'delete', { userId: gear.user_id, myRating: null })) throw forbidden();
  await db.execute(sql`DELETE FROM gear_posts WHERE id = ${id}::uuid`);
  await rerankGear(db);
}

/**
 * Re-ranks every rated item with the current C when it has moved by more than RERANK_TOLERANCE
 * from the C their weighted ratings were computed with (or always, with `force`). One statement
 * over the rated items, then the stats row, in one transaction: it takes the items before the
 * stats row, as the rating trigger does, so the two never wait on each other in a circle.
 */
export async function rerankGear(db: Db, force = false): Promise<boolean> {
  const [stats] = await rows<{
    ratings_count: number | string;
    ratings_sum: number | string;
    ranked_mean: number;
  }>(db, sql`SELECT ratings_count, ratings_sum, ranked_mean FROM gear_rating_stats WHERE id = 1`);
  if (!stats) return false;
  const count = Number(stats.ratings_count);
  const mean = count > 0 ? Number(stats.ratings_sum) / count : 0;
  if (!force && Math.abs(mean - Number(stats.ranked_mean)) <= RERANK_TOLERANCE) return false;
  return db.transaction(async (tx) => {
    const [lock] = await rows<{ got: boolean }>(
      asDb(tx),
      sql`SELECT pg_try_advisory_xact_lock(${RERANK_LOCK}) AS got`,
    );
    if (!lock?.got) return false;
    await tx.execute(sql`UPDATE gear_posts g
      SET weighted_rating = (g.rating_sum + s.prior * ${mean}::float8) / (g.total_ratings + s.prior)
      FROM gear_rating_stats s
      WHERE s.id = 1 AND g.total_ratings > 0`);
    await tx.execute(sql`UPDATE gear_rating_stats SET ranked_mean = ${mean}::float8 WHERE id = 1`);
    return true;
  });
}
