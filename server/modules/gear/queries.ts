import { and, desc, eq, isNull, ne, notExists, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import { type GearCategory, PAGE_MAX_LIMIT } from '../../../contract';
import type { Db } from '../../db/client';
import { literalLimit, preparedQuery, type Statement, statementOf } from '../../db/prepared';
import { rows } from '../../db/rows';
import * as schema from '../../db/schema';
import { gearPosts, gearRatingProgress, gearRatingStats, gearRatings, images, users } from '../../db/schema';

/**
 * The gear module's reads, typed from the schema (issue 21). The two hot reads, the to-rate page
 * and Top Rated, are prepared once per shape (preparedQuery: named prepared statements on
 * PostgreSQL, decision 007) with their values as placeholders and their page sizes written in as
 * literals; their statements are those of decisions 016 and 017 (plans in bench/README.md,
 * "bench:gear").
 */

const qb = new QueryBuilder();
const ph = sql.placeholder;
const pageLimit = (limit: number) => literalLimit(limit, PAGE_MAX_LIMIT);

/** A gear post's key, (created_at, id), the order of every list but Top Rated. */
const postKey = sql`(${gearPosts.createdAt}, ${gearPosts.id})`;
const bp = alias(gearPosts, 'b');

/** The key of the post `before` (a placeholder, or a value) names: the cursor of a newest-first list. */
const keyOf = (before: Placeholder | string, owner?: string) =>
  sql`(${qb
    .select({ createdAt: bp.createdAt, id: bp.id })
    .from(bp)
    .where(and(eq(bp.id, before), owner === undefined ? undefined : eq(bp.userId, owner)))})`;

/**
 * The viewer's rating: one probe of gear_ratings_pair_uq per row shown (a subquery, not a join:
 * as a join the generic plan read all of a player's ratings and matched each row against them).
 * No viewer (a null `viewer`) finds none.
 */
const viewerRating = () =>
  sql<number | null>`(${qb
    .select({ rating: gearRatings.rating })
    .from(gearRatings)
    .where(and(eq(gearRatings.gearPostId, gearPosts.id), eq(gearRatings.userId, ph('viewer'))))})`
    .mapWith(gearRatings.rating)
    .as('my_rating');

/** The to-rate rows are unrated by the viewer: nothing to probe. */
const noRating = () => sql<number | null>`NULL::int`.as('my_rating');

/** The columns of a Gear post answer (SPEC §3), with the viewer's rating as `myRating`. */
const gearColumns = (myRating: SQL.Aliased<number | null>) => ({
  id: gearPosts.id,
  userId: gearPosts.userId,
  title: gearPosts.title,
  description: gearPosts.description,
  image: gearPosts.image,
  category: gearPosts.category,
  averageRating: gearPosts.averageRating,
  totalRatings: gearPosts.totalRatings,
  weightedRating: gearPosts.weightedRating,
  createdAt: gearPosts.createdAt,
  username: users.username,
  avatar: users.avatar,
  myRating,
});

const gearWith = (db: Db, myRating: SQL.Aliased<number | null>) =>
  db.select(gearColumns(myRating)).from(gearPosts).innerJoin(users, eq(users.id, gearPosts.userId));

/** One gear post with the viewer's rating (no row: no such post). */
export async function selectGear(db: Db, id: string, viewerId: string | null) {
  const [row] = await gearWith(db, viewerRating()).where(eq(gearPosts.id, id)).execute({ viewer: viewerId });
  return row;
}

export type GearRow = NonNullable<Awaited<ReturnType<typeof selectGear>>>;

export interface GearPage {
  limit: number;
  before?: string;
}

// ---------------------------------------------------------------------------------------------
// To rate (decision 017)
// ---------------------------------------------------------------------------------------------

/**
 * The viewer's block bound `end` (top or bottom) as a (created_at, id) row, or the key below every
 * post when the viewer has no block: one look-up of gear_rating_progress, always one row.
 */
function blockBound(end: 'top' | 'bottom') {
  const [createdAt, id] =
    end === 'top'
      ? [gearRatingProgress.topCreatedAt, gearRatingProgress.topId]
      : [gearRatingProgress.bottomCreatedAt, gearRatingProgress.bottomId];
  return sql`(${qb
    .select({
      createdAt: sql`coalesce(${createdAt}, '-infinity'::timestamptz)`,
      id: sql`coalesce(${id}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    })
    .from(sql`(VALUES (1)) one`)
    .leftJoin(gearRatingProgress, eq(gearRatingProgress.userId, ph('viewer')))})`;
}

/**
 * Gear the viewer neither posted nor rated, newest first; `before` the id of the last item shown.
 * Every post inside the viewer's rated block (gear_rating_progress, decision 017) is rated or
 * theirs, so the list is two ordered walks of gear_posts_created_idx, LIMIT n each: the posts
 * newer than the block's top, then those older than its bottom (each candidate probed in
 * gear_ratings_pair_uq), merged newest first. Without a block the first walk is every post and
 * the second is empty: the plain anti-join. A `before` inside or below the block continues below
 * it. The page size is written in the text (decision 007: with `LIMIT $n` the generic plan
 * guesses a tenth of the table and walks in parallel).
 */
function toRateQuery(db: Db, page: GearPage) {
  const limit = pageLimit(page.limit);
  const walk = (end: 'top' | 'bottom') =>
    gearWith(db, noRating())
      .where(
        and(
          end === 'top' ? sql`${postKey} > ${blockBound('top')}` : sql`${postKey} < ${blockBound('bottom')}`,
          ne(gearPosts.userId, ph('viewer')),
          notExists(
            qb
              .select({ one: sql`1` })
              .from(gearRatings)
              .where(and(eq(gearRatings.gearPostId, gearPosts.id), eq(gearRatings.userId, ph('viewer')))),
          ),
          page.before ? sql`${postKey} < ${keyOf(ph('before'))}` : undefined,
        ),
      )
      .orderBy(desc(gearPosts.createdAt), desc(gearPosts.id))
      .limit(limit);
  const t = walk('top').unionAll(walk('bottom')).as('t');
  return db.select().from(t).orderBy(desc(t.createdAt), desc(t.id)).limit(limit);
}

const toRateShape = (page: GearPage) => `gear.toRate:${Boolean(page.before)}:${page.limit}`;

export const selectToRate = (db: Db, viewerId: string, page: GearPage) =>
  preparedQuery(db, toRateShape(page), () => toRateQuery(db, page)).execute({
    viewer: viewerId,
    before: page.before,
  });

// ---------------------------------------------------------------------------------------------
// Top Rated (decision 016) and a player's gear
// ---------------------------------------------------------------------------------------------

export interface TopRatedOptions extends GearPage {
  category?: GearCategory;
}

/**
 * Rated gear by weighted rating, highest first (gear_posts_weighted_idx, or
 * gear_posts_category_weighted_idx with a category; both partial on `total_ratings > 0`, written
 * as a literal so that the generic plan can use them); `before` the id of the last item shown.
 */
function topRatedQuery(db: Db, opts: TopRatedOptions) {
  return gearWith(db, viewerRating())
    .where(
      and(
        sql`${gearPosts.totalRatings} > 0`,
        opts.category ? eq(gearPosts.category, ph('category')) : undefined,
        opts.before
          ? sql`(${gearPosts.weightedRating}, ${gearPosts.id}) < (${qb
              .select({ weightedRating: bp.weightedRating, id: bp.id })
              .from(bp)
              .where(eq(bp.id, ph('before')))})`
          : undefined,
      ),
    )
    .orderBy(sql`${gearPosts.weightedRating} DESC NULLS LAST`, sql`${gearPosts.id} DESC NULLS LAST`)
    .limit(pageLimit(opts.limit));
}

const topRatedShape = (opts: TopRatedOptions) =>
  `gear.topRated:${Boolean(opts.category)}:${Boolean(opts.before)}:${opts.limit}`;

const topRatedValues = (opts: TopRatedOptions, viewerId: string | null) => ({
  viewer: viewerId,
  category: opts.category,
  before: opts.before,
});

export const selectTopRated = (db: Db, opts: TopRatedOptions, viewerId: string | null) =>
  preparedQuery(db, topRatedShape(opts), () => topRatedQuery(db, opts)).execute(
    topRatedValues(opts, viewerId),
  );

/** A player's gear for their profile, newest first (gear_posts_user_created_idx). */
export function selectUserGear(db: Db, userId: string, page: GearPage, viewerId: string | null) {
  return gearWith(db, viewerRating())
    .where(
      and(
        eq(gearPosts.userId, userId),
        page.before ? sql`${postKey} < ${keyOf(page.before, userId)}` : undefined,
      ),
    )
    .orderBy(sql`${gearPosts.createdAt} DESC NULLS LAST`, sql`${gearPosts.id} DESC NULLS LAST`)
    .limit(page.limit)
    .execute({ viewer: viewerId });
}

// ---------------------------------------------------------------------------------------------
// Reads inside the writes
// ---------------------------------------------------------------------------------------------

/** Whether `image` is one of our uploads that `userId` may use (theirs, or one with no owner). */
export async function imageUsable(db: Db, image: string, userId: string): Promise<boolean> {
  const found = await db
    .select({ objectPath: images.objectPath })
    .from(images)
    .where(and(eq(images.objectPath, image), or(eq(images.userId, userId), isNull(images.userId))));
  return found.length > 0;
}

/** The owner of a gear post (undefined: no such post). */
export async function ownerOf(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: gearPosts.userId }).from(gearPosts).where(eq(gearPosts.id, id));
  return row?.userId;
}

/** The stats row (decision 015): every rating's count and sum, and the C the ranks were computed with. */
export async function selectStats(db: Db) {
  const [row] = await db
    .select({
      ratingsCount: gearRatingStats.ratingsCount,
      ratingsSum: gearRatingStats.ratingsSum,
      rankedMean: gearRatingStats.rankedMean,
    })
    .from(gearRatingStats)
    .where(eq(gearRatingStats.id, 1));
  return row;
}

/**
 * The ratings lock (decision 037): every write that changes C (a rating, a gear deletion, a
 * re-rank) takes it first, before any item or the stats row, so they run one at a time and each
 * can re-rank to the C it leaves without waiting on another in a circle.
 */
const RATINGS_LOCK = 727_274_013;

/** Takes the ratings lock until the transaction ends (pg_advisory_xact_lock: waits for it). */
export async function lockRatings(db: Db): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${RATINGS_LOCK})`);
}

/** A player's ratings kept but not counted yet (issue 24): how many, and their sum (gear_ratings_uncounted_idx). */
export async function selectKeptRatings(db: Db, userId: string): Promise<{ count: number; sum: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      sum: sql<number>`coalesce(sum(${gearRatings.rating}), 0)::int`,
    })
    .from(gearRatings)
    .where(and(eq(gearRatings.userId, userId), eq(gearRatings.counted, false)));
  return { count: Number(row?.count ?? 0), sum: Number(row?.sum ?? 0) };
}

/** The counted ratings of one item (its counters), as the stats row holds them; none when no such item. */
export async function selectItemCounters(db: Db, id: string): Promise<{ count: number; sum: number }> {
  const [row] = await db
    .select({ count: gearPosts.totalRatings, sum: gearPosts.ratingSum })
    .from(gearPosts)
    .where(eq(gearPosts.id, id));
  return { count: row?.count ?? 0, sum: row?.sum ?? 0 };
}

/** Rated-block extensions queue on it; a new or moved post takes it shared (migration 0020). */
export const RATED_BLOCK_LOCK = 727_274_014;
/** How many posts one extension walks at most in each direction (bounds a rating's write). */
export const RATED_BLOCK_STEP_CAP = 200;

/** Takes the rated-block lock exclusively until the transaction ends (decision 017). */
export async function lockRatedBlocks(db: Db): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${RATED_BLOCK_LOCK})`);
}

/**
 * Starts the player's rated block at `gearId` if they have none, then answers whether they have
 * one, holding its row FOR UPDATE until the transaction ends.
 */
export async function holdRatedBlock(db: Db, userId: string, gearId: string): Promise<boolean> {
  await db
    .insert(gearRatingProgress)
    .select(
      qb
        .select({
          userId: sql`${userId}::uuid`.as('user_id'),
          topCreatedAt: gearPosts.createdAt,
          topId: gearPosts.id,
          bottomCreatedAt: gearPosts.createdAt,
          bottomId: gearPosts.id,
        })
        .from(gearPosts)
        .where(eq(gearPosts.id, gearId)),
    )
    .onConflictDoNothing();
  const held = await db
    .select({ userId: gearRatingProgress.userId })
    .from(gearRatingProgress)
    .where(eq(gearRatingProgress.userId, userId))
    .for('update');
  return held.length > 0;
}

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
 * Walks the player's held block down and up over rated-or-own posts and stores the new bounds;
 * answers whether they moved. Raw SQL kept by decision 017, which names this statement (a
 * recursive CTE, each step an index probe of gear_posts_created_idx and one of
 * gear_ratings_pair_uq): Drizzle's builder has no WITH RECURSIVE. Its row is the schema's.
 */
export async function walkRatedBlock(db: Db, userId: string): Promise<boolean> {
  const moved = await rows<Pick<typeof gearRatingProgress.$inferSelect, 'userId'>>(
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
    RETURNING p.user_id AS "userId"`,
  );
  return moved.length > 0;
}

// ---------------------------------------------------------------------------------------------
// The benchmark's raw side (bench/gear.mts): the statements exactly as the app sends them.
// ---------------------------------------------------------------------------------------------

/** Builds statements' text only (never run): the bench asks for them before it opens a database. */
const offline = drizzle.mock({ schema }) as unknown as Db;

export const toRateSql = (viewerId: string, page: GearPage): Statement =>
  statementOf(toRateQuery(offline, page), { viewer: viewerId, before: page.before }, true);

export const topRatedSql = (viewerId: string | null, opts: TopRatedOptions): Statement =>
  statementOf(topRatedQuery(offline, opts), topRatedValues(opts, viewerId), true);
