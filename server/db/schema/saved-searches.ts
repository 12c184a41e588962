import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { SavedSearchFilters } from '../../../contract/saved-searches';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * A player's saved searches (issue 26): a name and the events filters (GET /api/events' query,
 * its cursor left out). `notifiedOn` is the UTC day of the last notification and `matchedIds` the
 * events told that day: the first match of a day notifies, later ones that day update it.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<SavedSearchFilters>().notNull(),
    notifiedOn: text('notified_on'),
    matchedIds: jsonb('matched_ids').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId, t.createdAt)],
);
