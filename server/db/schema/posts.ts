import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns';
import { events } from './events';
import { users } from './users';

export const posts = pgTable(
  'posts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    caption: text('caption').notNull(),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    /** Kept by row triggers on post_likes and comments (migration 0002; decision 006). */
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    /** The event the post is tagged with (issue 26, "at Operation Northwind"); unset when the event goes. */
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('posts_feed_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('posts_user_feed_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // An event's gallery (GET /api/events/{id}/photos): its tagged posts, newest first.
    index('posts_event_idx')
      .on(t.eventId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.eventId} IS NOT NULL`),
  ],
);

export const postLikes = pgTable(
  'post_likes',
  {
    id: id(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('post_likes_pair_uq').on(t.postId, t.userId),
    index('post_likes_user_idx').on(t.userId),
  ],
);

/** A player's saved posts (issue 20): one row per player and post, newest bookmark first. */
export const postBookmarks = pgTable(
  'post_bookmarks',
  {
    id: id(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('post_bookmarks_pair_uq').on(t.postId, t.userId),
    index('post_bookmarks_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: id(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('comments_post_idx').on(t.postId, t.createdAt, t.id),
    index('comments_user_idx').on(t.userId),
  ],
);

export const blockedWords = pgTable(
  'blocked_words',
  {
    id: id(),
    word: text('word').notNull().unique(),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('blocked_words_lower_uq').on(sql`lower(${t.word})`)],
);
