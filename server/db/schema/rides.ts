import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { RideKind, RideRequestStatus } from '../../../contract/rides';
import { createdAt, id, ts } from './columns';
import { events } from './events';
import { users } from './users';

/**
 * Carpools (issue 26): rides offered or asked for on an event, and the requests to join them. A
 * ride goes with its event and its owner's account; a request with its ride and its player's
 * account. The seats taken are the accepted requests' (summed, so that a passenger's deleted
 * account frees theirs); a request is accepted only with its ride's row locked.
 */
export const rides = pgTable(
  'rides',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<RideKind>().notNull(),
    fromPlace: text('from_place').notNull(),
    /** Rough: rounded to two decimals. */
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    departsAt: ts('departs_at'),
    seats: integer('seats').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('rides_event_idx').on(t.eventId, t.createdAt),
    index('rides_user_idx').on(t.userId),
    check('rides_seats_ck', sql`${t.seats} BETWEEN 1 AND 8`),
  ],
);

export const rideRequests = pgTable(
  'ride_requests',
  {
    id: id(),
    rideId: uuid('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seats: integer('seats').notNull(),
    status: text('status').$type<RideRequestStatus>().notNull().default('pending'),
    note: text('note'),
    respondedAt: ts('responded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ride_requests_pair_uq').on(t.rideId, t.userId),
    index('ride_requests_user_idx').on(t.userId),
  ],
);
