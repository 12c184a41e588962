import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MessageAudience } from '../../../contract/game-day';
import { createdAt, id, ts } from './columns';
import { events } from './events';
import { fields } from './fields';
import { users } from './users';

/**
 * Game day (issue 25): waivers (an event's own, a field's inherited by its events, and the
 * players' signatures) and the organisers' messages to an event's players.
 */

/** An event's own waiver: Markdown text, its SHA-256 (hex) and version (raised when the text changes). */
export const eventWaivers = pgTable('event_waivers', {
  eventId: uuid('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  textHash: text('text_hash').notNull(),
  version: integer('version').notNull().default(1),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A field's waiver, required by the events held there that have none of their own. */
export const fieldWaivers = pgTable('field_waivers', {
  fieldId: uuid('field_id')
    .primaryKey()
    .references(() => fields.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  textHash: text('text_hash').notNull(),
  version: integer('version').notNull().default(1),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * A player's acceptance of an event's waiver: the text's version and SHA-256, when, and the
 * answers. One per player, event and text (signing the same text again keeps the first); kept with
 * the event's title when the event goes. A later text (another hash) makes it outdated.
 */
export const waiverSignatures = pgTable(
  'waiver_signatures',
  {
    id: id(),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventTitle: text('event_title').notNull(),
    eventDate: ts('event_date').notNull(),
    /** Where the text came from: 'event' or 'field'. */
    source: text('source').$type<'event' | 'field'>().notNull(),
    version: integer('version').notNull(),
    textHash: text('text_hash').notNull(),
    fullName: text('full_name').notNull(),
    /** YYYY-MM-DD. */
    dateOfBirth: text('date_of_birth').notNull(),
    guardianName: text('guardian_name'),
    guardianPhone: text('guardian_phone'),
    signedAt: createdAt(),
    /** The organiser who witnessed a signature made at the gate on their phone; null: the player's own. */
    witnessedBy: uuid('witnessed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('waiver_signatures_event_user_hash_uq').on(t.eventId, t.userId, t.textHash),
    index('waiver_signatures_user_idx').on(t.userId, t.signedAt),
  ],
);

/** A message from an event's organisers to its players (delivered as notifications). */
export const eventMessages = pgTable(
  'event_messages',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    audience: text('audience').$type<MessageAudience>().notNull(),
    /** The side told, for audience 'side' (sides come with another part of issue 25: no reference yet). */
    sideId: uuid('side_id'),
    recipientCount: integer('recipient_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('event_messages_event_idx').on(t.eventId, t.createdAt)],
);
