import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull().unique(),
    password: text('password').notNull(),
    email: text('email').notNull().unique(),
    bio: text('bio'),
    location: text('location'),
    avatar: text('avatar'),
    coverImage: text('cover_image'),
    role: text('role').notNull().default('user'),
    joinedAt: ts('joined_at').notNull().defaultNow(),
    /** A suspension (issue 24): until this time, or until lifted when `suspendedIndefinitely`. */
    suspendedUntil: ts('suspended_until'),
    suspendedIndefinitely: boolean('suspended_indefinitely').notNull().default(false),
    suspensionReason: text('suspension_reason'),
  },
  (t) => [
    // Usernames and emails are unique regardless of case ('Admin' cannot shadow 'admin').
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_username_trgm_idx').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
    // The analytics report's registrations per day.
    index('users_joined_idx').on(t.joinedAt),
  ],
);

export const follows = pgTable(
  'follows',
  {
    id: id(),
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followingId: uuid('following_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('follows_pair_uq').on(t.followerId, t.followingId),
    index('follows_following_idx').on(t.followingId),
  ],
);

export const userBadges = pgTable(
  'user_badges',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    badge: text('badge').notNull(),
    createdAt: createdAt(),
  },
  // One row per player and badge: an award is never made twice (ON CONFLICT DO NOTHING); it also
  // serves the player's badges.
  (t) => [uniqueIndex('user_badges_user_badge_uq').on(t.userId, t.badge)],
);

/** Login sessions (not the analytics `sessions` table): only the SHA-256 of the token is kept. */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId), index('user_sessions_expires_idx').on(t.expiresAt)],
);

/** Signed, single-use upload addresses handed out by POST /api/objects/upload. */
export const uploadTokens = pgTable(
  'upload_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    objectKey: text('object_key').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    uploadedAt: ts('uploaded_at'),
    registeredAt: ts('registered_at'),
    objectPath: text('object_path'),
    /**
     * Bytes received (the upload quota's daily budget counts them); while the upload is being
     * received, the bytes reserved for it (receiveUpload).
     */
    bytes: integer('bytes'),
    /** When housekeeping deleted the raw upload (the row stays a day for the quotas). */
    cleanedAt: ts('cleaned_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('upload_tokens_user_idx').on(t.userId, t.createdAt),
    index('upload_tokens_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Every image the server stored from an upload (re-encoded), with what the web needs to show it
 * without layout shift: its width and height, a thumbhash placeholder (base64), and the widths of
 * its smaller WebP variants (`<path>-w<width>.webp`, decision 012; empty for an image narrower
 * than the smallest). Images that no column references any more (modules/uploads/image-references.ts)
 * are swept, variants with them, after a grace period. Rows from before decision 012 have no size.
 */
export const images = pgTable(
  'images',
  {
    objectPath: text('object_path').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    width: integer('width'),
    height: integer('height'),
    placeholder: text('placeholder'),
    variantWidths: integer('variant_widths').array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [index('images_created_idx').on(t.createdAt)],
);

/**
 * The one-time grants of ADMIN_USERNAMES: a listed name (lower-cased) grants the admin role once,
 * to the first account that holds it; the row binds the grant to that account's id, so renaming
 * or deleting it never passes the role to whoever takes the name next.
 */
export const adminGrants = pgTable('admin_grants', {
  name: text('name').primaryKey(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  grantedAt: ts('granted_at').notNull().defaultNow(),
});

/**
 * Registrations waiting for their emailed link (issue 24, with SMTP_URL set): what the account
 * will be, the password already hashed, and the SHA-256 of the link's token only. One per email
 * (a new registration replaces it) and per username (held against others until it expires);
 * housekeeping deletes the expired ones.
 */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: id(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    password: text('password').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pending_registrations_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('pending_registrations_email_lower_uq').on(sql`lower(${t.email})`),
    index('pending_registrations_expires_idx').on(t.expiresAt),
  ],
);
