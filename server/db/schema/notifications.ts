import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { NotificationChannel, NotificationKind } from '../../../contract/notifications';
import { createdAt, ts } from './columns';
import { events } from './events';
import { comments, posts } from './posts';
import { teams } from './teams';
import { pendingRegistrations, users } from './users';

/**
 * What an entry remembers of its subject when written, so that its sentence can be told after the
 * subject changed or is gone (an event's title, date and place; a team's name; a badge's id; a
 * comment's or caption's excerpt; a role).
 */
export interface NotificationData {
  title?: string;
  excerpt?: string;
  startsAt?: string;
  location?: string;
  role?: string;
  badge?: string;
  accepted?: boolean;
  /** What changed on an event: 'date', 'location', 'rules'. */
  changed?: string[];
  /** The target of a link whose subject has no column (a profile: its username). */
  username?: string;
  /** A carpool entry (issue 26, 'event-ride'): what happened to the ride or the request. */
  ride?: 'requested' | 'accepted' | 'declined' | 'cancelled' | 'withdrawn';
  /** A saved search's matches that day (issue 26, 'saved-search-match'), and its filters' query string. */
  count?: number;
  query?: string;
}

/** An entry's place in its recipient's list: taken when written and again when a grouped entry gains an actor. */
export const notificationSeq = pgSequence('notification_seq');

/**
 * One entry of a player's list (issue 23). `id` is the row's own; `seq` (the API's `id`) is taken
 * again when a grouped entry gains an actor while unread, so that ordering by seq is ordering by
 * latest activity. Subjects whose removal removes the entry (a post, a comment) cascade; subjects
 * whose removal the entry reports (a team, an event) are set null.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    seq: bigint('seq', { mode: 'number' }).notNull().default(sql`nextval('notification_seq')`),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    /** Entries of one group (likes on one post, new followers) merge while unread. */
    groupKey: text('group_key'),
    /** At most one entry per recipient and key, ever (the reminder of an event). */
    dedupeKey: text('dedupe_key'),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<NotificationData>().notNull().default({}),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_recipient_seq_uq').on(t.recipientId, t.seq.desc()),
    index('notifications_unread_idx').on(t.recipientId).where(sql`${t.readAt} IS NULL`),
    uniqueIndex('notifications_group_uq')
      .on(t.recipientId, t.groupKey)
      .where(sql`${t.readAt} IS NULL AND ${t.groupKey} IS NOT NULL`),
    uniqueIndex('notifications_dedupe_uq')
      .on(t.recipientId, t.dedupeKey)
      .where(sql`${t.dedupeKey} IS NOT NULL`),
    index('notifications_post_idx').on(t.postId).where(sql`${t.postId} IS NOT NULL`),
    index('notifications_comment_idx').on(t.commentId).where(sql`${t.commentId} IS NOT NULL`),
    index('notifications_team_idx').on(t.teamId).where(sql`${t.teamId} IS NOT NULL`),
    index('notifications_event_idx').on(t.eventId).where(sql`${t.eventId} IS NOT NULL`),
  ],
);

/** Who did what an entry reports (one row for a comment, many for grouped likes). */
export const notificationActors = pgTable(
  'notification_actors',
  {
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.actorId] }),
    index('notification_actors_actor_idx').on(t.actorId),
  ],
);

/** A player's choices: a channel per kind (absent: the default) and the daily digest. */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  channels: jsonb('channels')
    .$type<Partial<Record<NotificationKind, NotificationChannel>>>()
    .notNull()
    .default({}),
  digest: boolean('digest').notNull().default(false),
  digestSentAt: ts('digest_sent_at'),
});

/**
 * Mail waiting to be sent, sent, or given up on (issue 23), queued in the transaction that decided
 * it. A notification's mail is written when it is sent (its entry's sentence then, its recipient's
 * address then), at most one waiting per entry; a digest's is written when queued.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** The player it goes to; null for an account mail to an address with no account yet (issue 24). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    notificationId: bigint('notification_id', { mode: 'number' }).references(() => notifications.id, {
      onDelete: 'cascade',
    }),
    /** An account mail's address (ACCOUNT_MAIL_KINDS): sent there, not to the player's current email. */
    toAddress: text('to_address'),
    /** The registration a confirmation mail is for: the mail (and the link in it) goes with it. */
    pendingRegistrationId: uuid('pending_registration_id').references(() => pendingRegistrations.id, {
      onDelete: 'cascade',
    }),
    /** A notification kind, 'digest', or an account mail's kind ('signup-confirm', 'signup-attempt'). */
    kind: text('kind').notNull(),
    subject: text('subject'),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    failedAt: ts('failed_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
    uniqueIndex('mail_outbox_waiting_uq')
      .on(t.notificationId)
      .where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
    index('mail_outbox_user_idx').on(t.userId),
    index('mail_outbox_pending_registration_idx').on(t.pendingRegistrationId),
    check('mail_outbox_recipient_ck', sql`${t.userId} IS NOT NULL OR ${t.toAddress} IS NOT NULL`),
  ],
);

/** Fan-out to many recipients (an event changed, a team disbanded), queued in the write's transaction. */
export const notificationJobs = pgTable(
  'notification_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    runAfter: ts('run_after').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('notification_jobs_due_idx').on(t.runAfter)],
);
