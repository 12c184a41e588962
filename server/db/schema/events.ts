import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { EventRules, EventType, ViewerStatus } from '../../../contract/events';
import { createdAt, id, ts } from './columns';
import { fields } from './fields';
import { teams } from './teams';
import { users } from './users';

export const events = pgTable(
  'events',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description'),
    date: ts('date').notNull(),
    /** When the event ends, if known (imported feeds give it; calendar feeds use it). */
    endDate: ts('end_date'),
    /** The IANA time zone its times are shown in (issue 20); the server's TZ or UTC by default. */
    timeZone: text('time_zone').notNull().default('UTC'),
    location: text('location').notNull(),
    address: text('address'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    type: text('type').$type<EventType>().notNull().default('Local'),
    image: text('image'),
    capacity: integer('capacity').notNull().default(0),
    /** Registered players (status 'registered'), written in the registration's transaction. */
    registeredCount: integer('registered_count').notNull().default(0),
    /** Players on the waitlist, written in the same transaction. */
    waitlistCount: integer('waitlist_count').notNull().default(0),
    url: text('url'),
    /** Rules of engagement (contract/events.ts eventRules), or null. */
    rules: jsonb('rules').$type<EventRules>(),
    /** Beginner-friendly (issue 26): rentals available, first-timers welcome. */
    rentalsAvailable: boolean('rentals_available').notNull().default(false),
    firstTimersWelcome: boolean('first_timers_welcome').notNull().default(false),
    /** The field the event is held at (issue 13): it filled the place and the rules; kept when the field goes. */
    fieldId: uuid('field_id').references(() => fields.id, { onDelete: 'set null' }),
    /**
     * The team hosting the event (issue 25), or null: its leader and co-leaders are the event's
     * organisers (events/organisers.ts). Unset when the team goes.
     */
    hostTeamId: uuid('host_team_id').references(() => teams.id, { onDelete: 'set null' }),
    /** The series it is a game of (issue 26), or null; kept as a lone event when the series goes. */
    seriesId: uuid('series_id').references((): AnyPgColumn => eventSeries.id, { onDelete: 'set null' }),
    /** When an organiser confirmed this game of a series will run (issue 26: the stale flag), or null. */
    confirmedAt: ts('confirmed_at'),
    /** When an organiser cancelled it (issue 26), or null: kept with its registrations, closed to new ones. */
    cancelledAt: ts('cancelled_at'),
    /** iCalendar SEQUENCE: raised on every edit, so subscribed calendars take the change. */
    sequence: integer('sequence').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** Imported events: the feed (its address, or 'upload'), the UID there, its SEQUENCE and LAST-MODIFIED. */
    source: text('source'),
    sourceUid: text('source_uid'),
    sourceSequence: integer('source_sequence'),
    sourceModified: ts('source_modified'),
    /** A digest of the imported fields, for sources without SEQUENCE (JSON-LD). */
    sourceHash: text('source_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    index('events_date_idx').on(t.date, t.id),
    index('events_type_date_idx').on(t.type, t.date, t.id),
    index('events_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    // The near-me bounding box (DESIGN §4): a range on lat, then lng; date, type and id ride along so
    // the nearest page is chosen from the index alone (an index-only scan), then 20 rows are read.
    index('events_near_idx').on(t.lat, t.lng, t.date, t.type, t.id).where(sql`${t.lat} IS NOT NULL`),
    uniqueIndex('events_source_uid_uq').on(t.source, t.sourceUid),
    index('events_field_date_idx').on(t.fieldId, t.date).where(sql`${t.fieldId} IS NOT NULL`),
    index('events_host_team_date_idx').on(t.hostTeamId, t.date).where(sql`${t.hostTeamId} IS NOT NULL`),
    index('events_series_date_idx').on(t.seriesId, t.date, t.id).where(sql`${t.seriesId} IS NOT NULL`),
  ],
);

/**
 * A weekly, fortnightly or monthly series of games (issue 26): each game is its own event
 * (events.series_id), made from the first by POST /api/events/{id}/series.
 */
export const eventSeries = pgTable('event_series', {
  id: id(),
  frequency: text('frequency').$type<'weekly' | 'biweekly' | 'monthly'>().notNull(),
  /** The organiser who made it: told when a game is not confirmed a week before (null once they go). */
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * An event's sides (factions, issue 25): 2 to 6, each with its own capacity (0: no limit) and
 * counters, written like the event's in the registration's transaction (event row locked first,
 * then its sides, by position). The event's own counters stay the totals.
 */
export const eventSides = pgTable(
  'event_sides',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** Its place in the event's list (0-based): the order they are shown and locked in. */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    /** '#rrggbb'. */
    colour: text('colour').notNull(),
    capacity: integer('capacity').notNull().default(0),
    registeredCount: integer('registered_count').notNull().default(0),
    waitlistCount: integer('waitlist_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('event_sides_event_idx').on(t.eventId, t.position)],
);

/**
 * A squad (issue 25): players of one team a leader or co-leader registers together; each member
 * confirms, and when the last does all are registered on one side at once, or none.
 */
export const eventSquads = pgTable(
  'event_squads',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The side asked for, or null: the smaller side with room for all. */
    sideId: uuid('side_id').references(() => eventSides.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** 'pending' until the last member confirms and all are placed, then 'registered'. */
    status: text('status').$type<'pending' | 'registered'>().notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [index('event_squads_event_idx').on(t.eventId, t.createdAt)],
);

export const eventSquadMembers = pgTable(
  'event_squad_members',
  {
    squadId: uuid('squad_id')
      .notNull()
      .references(() => eventSquads.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    confirmedAt: ts('confirmed_at'),
  },
  (t) => [primaryKey({ columns: [t.squadId, t.userId] }), index('event_squad_members_user_idx').on(t.userId)],
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
    /** 'registered' or 'waitlisted'. */
    status: text('status').$type<Exclude<ViewerStatus, 'none'>>().notNull().default('registered'),
    /** Arrival order: taken while the event row is locked, so the waitlist is first come, first served. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    /** When a waitlisted player was moved up. */
    promotedAt: ts('promoted_at'),
    /** The side (faction) the player is on (issue 25), for an event with sides; its place and waitlist are that side's. */
    sideId: uuid('side_id').references(() => eventSides.id, { onDelete: 'set null' }),
    /** Registered privately (issue 26): counted, never listed among who is going (but to the player). */
    private: boolean('private').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('event_registrations_pair_uq').on(t.eventId, t.userId),
    index('event_registrations_side_status_seq_idx')
      .on(t.sideId, t.status, t.seq)
      .where(sql`${t.sideId} IS NOT NULL`),
    index('event_registrations_user_idx').on(t.userId),
    index('event_registrations_event_status_seq_idx').on(t.eventId, t.status, t.seq),
  ],
);

/** Who was moved from the waitlist to registered, and when: read by the notifications to come. */
export const eventPromotions = pgTable(
  'event_promotions',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    promotedAt: ts('promoted_at').notNull().defaultNow(),
    /** Set once the player has been told. */
    notifiedAt: ts('notified_at'),
  },
  (t) => [
    index('event_promotions_user_idx').on(t.userId, t.promotedAt),
    index('event_promotions_pending_idx').on(t.promotedAt).where(sql`${t.notifiedAt} IS NULL`),
  ],
);

/**
 * The secret address of each player's own calendar feed (/api/calendar/{token}.ics): only the
 * token's SHA-256 (hex) is kept (issue 24, migration 0028), so the address is shown once, when
 * it is made. Signing out everywhere and a password change delete it.
 */
export const calendarTokens = pgTable('calendar_tokens', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token').notNull().unique(),
  createdAt: createdAt(),
});
