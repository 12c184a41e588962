import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns';
import { users } from './users';

export const events = pgTable(
  'events',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description'),
    date: ts('date').notNull(),
    location: text('location').notNull(),
    address: text('address'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    type: text('type').notNull().default('Local'),
    image: text('image'),
    capacity: integer('capacity').notNull().default(0),
    registeredCount: integer('registered_count').notNull().default(0),
    url: text('url'),
    createdAt: createdAt(),
  },
  (t) => [
    index('events_date_idx').on(t.date, t.id),
    index('events_type_date_idx').on(t.type, t.date, t.id),
    index('events_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
  ],
);

export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('event_registrations_pair_uq').on(t.eventId, t.userId),
    index('event_registrations_user_idx').on(t.userId),
  ],
);
