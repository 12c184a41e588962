import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { EventRules } from '../../../contract/events';
import { createdAt, id, ts } from './columns';
import { users } from './users';

/** Airsoft fields (SPEC §3 fields; issue 13): the directory, the map, ratings and a default rules template. */
export const fields = pgTable(
  'fields',
  {
    id: id(),
    name: text('name').notNull(),
    type: text('type'),
    address: text('address'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    phone: text('phone'),
    website: text('website'),
    /** The Bayesian rating (v*R + m*C)/(v + m) over field_ratings; null until the first rating. */
    rating: doublePrecision('rating'),
    image: text('image'),
    verified: boolean('verified').notNull().default(false),
    /** The default rules of engagement (contract/events.ts eventRules) events held here start from. */
    rules: jsonb('rules').$type<EventRules>(),
    /** The players' ratings: their count and sum (exact; the raw average is sum / count). */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('fields_name_idx').on(t.name, t.id),
    // The header search (issue 20).
    index('fields_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('fields_type_name_idx').on(t.type, t.name, t.id),
    // Near me: the bounding box is a range on lat, then lng; id rides along (an index-only scan).
    index('fields_near_idx').on(t.lat, t.lng, t.id).where(sql`${t.lat} IS NOT NULL`),
    index('fields_rated_idx').on(t.id).where(sql`${t.ratingCount} > 0`),
  ],
);

/** One rating (1 to 5) per player and field. */
export const fieldRatings = pgTable(
  'field_ratings',
  {
    id: id(),
    fieldId: uuid('field_id')
      .notNull()
      .references(() => fields.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    /** false: the rater's account was new (RATING_TRUST_HOURS) or had no other activity: kept, not yet in the averages. */
    counted: boolean('counted').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('field_ratings_pair_uq').on(t.fieldId, t.userId),
    index('field_ratings_user_idx').on(t.userId),
    index('field_ratings_uncounted_idx').on(t.userId).where(sql`NOT ${t.counted}`),
    check('field_ratings_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);
