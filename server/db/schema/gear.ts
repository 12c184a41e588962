import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { GearCategory } from '../../../contract/gear';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * Gear posts. averageRating, totalRatings, ratingSum and weightedRating are kept by the
 * `gear_ratings_count` trigger on gear_ratings (migration 0013): totals exact under concurrent
 * ratings and account deletion. weightedRating is the Bayesian average Top Rated orders by,
 * (ratingSum + m*C) / (totalRatings + m), with m and C from gear_rating_stats (decision 015).
 */
export const gearPosts = pgTable(
  'gear_posts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    image: text('image').notNull(),
    category: text('category').$type<GearCategory>().notNull(),
    averageRating: doublePrecision('average_rating').notNull().default(0),
    totalRatings: integer('total_ratings').notNull().default(0),
    /** The sum of the item's ratings, so the average is computed exactly, never drifted. */
    ratingSum: integer('rating_sum').notNull().default(0),
    /** 0 until rated; then (ratingSum + m*C) / (totalRatings + m) with gear_rating_stats' m and C. */
    weightedRating: doublePrecision('weighted_rating').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('gear_posts_weighted_idx')
      .on(t.weightedRating.desc(), t.id.desc())
      .where(sql`${t.totalRatings} > 0`),
    index('gear_posts_category_weighted_idx')
      .on(t.category, t.weightedRating.desc(), t.id.desc())
      .where(sql`${t.totalRatings} > 0`),
    index('gear_posts_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('gear_posts_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The header search (issue 20): title and category ('m4' finds 'HPA Speedsoft M4').
    index('gear_posts_search_trgm_idx').using(
      'gin',
      sql`lower(${t.title} || ' ' || ${t.category}) gin_trgm_ops`,
    ),
  ],
);

export const gearRatings = pgTable(
  'gear_ratings',
  {
    id: id(),
    gearPostId: uuid('gear_post_id')
      .notNull()
      .references(() => gearPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    /** false: the rater's account was new (RATING_TRUST_HOURS) or had no other activity: kept, not yet in the averages. */
    counted: boolean('counted').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gear_ratings_pair_uq').on(t.gearPostId, t.userId),
    index('gear_ratings_user_idx').on(t.userId),
    index('gear_ratings_uncounted_idx').on(t.userId).where(sql`NOT ${t.counted}`),
    check('gear_ratings_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

/**
 * One row (id 1): every rating's count and sum, kept by the same trigger, so C (the mean rating
 * over all gear) is always known; `rankedMean` is the C the stored weighted ratings were computed
 * with, refreshed for every rated item when C has moved by more than a small tolerance; `prior`
 * is m, 3 by default (decision 015).
 */
export const gearRatingStats = pgTable(
  'gear_rating_stats',
  {
    id: smallint('id').primaryKey().default(1),
    ratingsCount: bigint('ratings_count', { mode: 'number' }).notNull().default(0),
    ratingsSum: bigint('ratings_sum', { mode: 'number' }).notNull().default(0),
    rankedMean: doublePrecision('ranked_mean').notNull().default(0),
    prior: doublePrecision('prior').notNull().default(3),
  },
  (t) => [check('gear_rating_stats_one_row', sql`${t.id} = 1`)],
);

/**
 * Each player's rated block (decision 017): every gear post whose (created_at, id) lies between
 * bottom and top, both included, is rated by the player or is theirs (deleted posts do not break
 * it). Kept after each rating by extendRatedBlock (server/modules/gear/service.ts); the triggers
 * of migration 0020 end a block that a new or moved post, or a deleted rating, would break. The
 * bounds are keys, not references: the posts they name may be gone.
 */
export const gearRatingProgress = pgTable(
  'gear_rating_progress',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    topCreatedAt: timestamp('top_created_at', { withTimezone: true, mode: 'date' }).notNull(),
    topId: uuid('top_id').notNull(),
    bottomCreatedAt: timestamp('bottom_created_at', { withTimezone: true, mode: 'date' }).notNull(),
    bottomId: uuid('bottom_id').notNull(),
  },
  (t) => [index('gear_rating_progress_top_idx').on(t.topCreatedAt, t.topId)],
);
