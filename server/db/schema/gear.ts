import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

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
    category: text('category').notNull(),
    averageRating: doublePrecision('average_rating').notNull().default(0),
    totalRatings: integer('total_ratings').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('gear_posts_top_idx').on(
      t.averageRating.desc().nullsFirst(),
      t.totalRatings.desc().nullsFirst(),
      t.id,
    ),
    index('gear_posts_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('gear_posts_user_idx').on(t.userId),
    index('gear_posts_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gear_ratings_pair_uq').on(t.gearPostId, t.userId),
    index('gear_ratings_user_idx').on(t.userId),
  ],
);
