import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ReplicaClass } from '../../../contract/garage';
import { createdAt, id, ts } from './columns';
import { events } from './events';
import { users } from './users';

/**
 * Game day (issue 25): who was checked in at an event's gate, and when. One row per player and
 * event; offline scans synced later keep the earliest time (the batch's upsert only moves it back).
 */
export const eventCheckIns = pgTable(
  'event_check_ins',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** When the scan was made (the device's clock for offline scans, the server's otherwise). */
    checkedInAt: ts('checked_in_at').notNull(),
    checkedInBy: uuid('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    /** The scanning device's id for synced scans, else null. */
    deviceId: text('device_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    // A player's record of games played (issue 26: GET /api/user/{userId}/games), newest first.
    index('event_check_ins_user_idx').on(
      t.userId,
      t.checkedInAt.desc().nullsFirst(),
      t.eventId.desc().nullsFirst(),
    ),
  ],
);

/** Chrono results at the gate, kept with the player's ticket (who measured, when). */
export const eventChronoResults = pgTable(
  'event_chrono_results',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    replicaClass: text('replica_class').$type<ReplicaClass>().notNull(),
    fps: doublePrecision('fps'),
    bbWeightGrams: doublePrecision('bb_weight_grams'),
    joules: doublePrecision('joules').notNull(),
    /** The event's limit for the class when measured; null: none stated. */
    limitJoules: doublePrecision('limit_joules'),
    pass: boolean('pass').notNull(),
    measuredBy: uuid('measured_by').references(() => users.id, { onDelete: 'set null' }),
    measuredAt: ts('measured_at').notNull().defaultNow(),
    /** The gate device's id for readings sent by the batch route (the device's time kept), else null. */
    deviceId: text('device_id'),
  },
  (t) => [
    index('event_chrono_results_event_user_idx').on(t.eventId, t.userId, t.measuredAt),
    // A reading synced twice (same device, player and time) is kept once; readings of the single
    // route have no device and are never merged.
    uniqueIndex('event_chrono_results_device_reading_uq').on(t.eventId, t.userId, t.deviceId, t.measuredAt),
    check('event_chrono_results_class_check', sql`${t.replicaClass} IN ('aeg', 'dmr', 'sniper')`),
  ],
);

/** A player's garage: their replicas with the last chrono reading. */
export const userReplicas = pgTable(
  'user_replicas',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    replicaClass: text('replica_class').$type<ReplicaClass>().notNull(),
    fps: doublePrecision('fps').notNull(),
    bbWeightGrams: doublePrecision('bb_weight_grams').notNull(),
    measuredAt: ts('measured_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('user_replicas_user_idx').on(t.userId, t.createdAt),
    check('user_replicas_class_check', sql`${t.replicaClass} IN ('aeg', 'dmr', 'sniper')`),
  ],
);
