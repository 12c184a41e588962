import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, ts } from './columns';
import { posts } from './posts';
import { users } from './users';

/** Analytics visits (SPEC §3 `sessions`); not the login sessions. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    sessionId: text('session_id').notNull().unique(),
    startedAt: ts('started_at').notNull().defaultNow(),
    endedAt: ts('ended_at'),
    durationSeconds: integer('duration_seconds'),
    country: text('country'),
    region: text('region'),
    device: text('device'),
    referrer: text('referrer'),
  },
  (t) => [index('sessions_started_idx').on(t.startedAt)],
);

export const pageViews = pgTable(
  'page_views',
  {
    id: id(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    referrer: text('referrer'),
    occurredAt: ts('occurred_at').notNull().defaultNow(),
  },
  (t) => [
    index('page_views_session_idx').on(t.sessionId, t.occurredAt),
    // The report's daily counts and top pages read (time, path) from the index alone.
    index('page_views_occurred_path_idx').on(t.occurredAt, t.path),
  ],
);

export const searchEvents = pgTable(
  'search_events',
  {
    id: id(),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    query: text('query').notNull(),
    resultsCount: integer('results_count').notNull().default(0),
    occurredAt: ts('occurred_at').notNull().defaultNow(),
  },
  // The report's top searches read (time, query) from the index alone.
  (t) => [index('search_events_occurred_query_idx').on(t.occurredAt, t.query)],
);

/** Post actions; the post link is set null so a 'delete' action outlives its post. */
export const postEvents = pgTable(
  'post_events',
  {
    id: id(),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    occurredAt: ts('occurred_at').notNull().defaultNow(),
  },
  (t) => [index('post_events_occurred_idx').on(t.occurredAt)],
);
