import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns';
import { events } from './events';
import { users } from './users';

/**
 * An event's discussion (issue 26): questions to the host and the organisers' answers. A comment
 * goes with its event and its author's account. `byOrganiser` is decided when it is written (the
 * author organised the event then: an admin, the host team's leader or a co-leader), so that an
 * answer stays marked as one; `pinned` is set by an organiser. Listed pinned first, then oldest
 * first (the index's order).
 */
export const eventComments = pgTable(
  'event_comments',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    byOrganiser: boolean('by_organiser').notNull().default(false),
    pinned: boolean('pinned').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('event_comments_event_idx').on(t.eventId, t.pinned.desc(), t.createdAt, t.id),
    index('event_comments_user_idx').on(t.userId),
  ],
);
