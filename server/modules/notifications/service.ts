import { eq, sql } from 'drizzle-orm';
import {
  type MarkReadBody,
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationsPage,
  type PreferencesBody,
} from '../../../contract';
import { notificationSettings } from '../../db/schema';
import type { Db } from '../../db/types';
import { type NotificationRow, presentNotification } from './presenters';
import { markEntriesRead, type ReadScope, selectEntries, selectPage, selectUnreadCount } from './queries';

export interface ListOptions {
  limit?: number;
  /** Entries older than this seq (a page's `nextCursor`). */
  before?: number;
  /** Only these entries (the mail composes the entries it sends); `limit` defaults to their number. */
  seqs?: readonly number[];
}

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 50;

/**
 * The recipient's entries, newest first (by seq), each with its latest three actors and their
 * count, its sentence, excerpt and link (presenters.ts), in one statement. With `seqs`, those of
 * them that are the recipient's (another player's seqs answer nothing). No `media` maps: the
 * routes attach them (attachNotificationMedia).
 */
export async function listNotifications(
  db: Db,
  recipientId: string,
  opts: ListOptions = {},
): Promise<Notification[]> {
  if (opts.seqs && opts.seqs.length === 0) return [];
  const limit = Math.min(opts.limit ?? (opts.seqs ? opts.seqs.length : DEFAULT_LIMIT), MAX_LIMIT);
  const rows = await selectEntries(db, recipientId, { before: opts.before, seqs: opts.seqs }, limit);
  return rows.map(presentNotification);
}

/** A page of the list with its cursor and the unread count (one statement). */
export async function notificationsPage(
  db: Db,
  recipientId: string,
  opts: { limit: number; before?: number },
): Promise<NotificationsPage> {
  const rows = await selectPage(db, recipientId, { before: opts.before }, opts.limit);
  const items = rows.filter((r) => r.seq != null).map((r) => presentNotification(r as NotificationRow));
  return {
    items,
    nextCursor: items.length === opts.limit ? (items[items.length - 1]?.id ?? null) : null,
    unreadCount: Number(rows[0]?.unread ?? 0),
  };
}

/** The unread count, up to UNREAD_COUNT_CAP (the badge shows '99+' above 99). */
export const unreadCount = (db: Db, recipientId: string) => selectUnreadCount(db, recipientId);

/** Marks entries read (all, up to an id inclusive, or one), the reader's own only; answers the new count. */
export async function markRead(db: Db, recipientId: string, body: MarkReadBody): Promise<number> {
  const scope: ReadScope =
    'all' in body ? { all: true } : 'upTo' in body ? { upTo: Number(body.upTo) } : { seq: Number(body.id) };
  await markEntriesRead(db, recipientId, scope);
  return selectUnreadCount(db, recipientId);
}

/** Every kind's channel: the player's choice, else the default. */
function channelsOf(saved: Partial<Record<NotificationKind, NotificationChannel>> | undefined) {
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, saved?.[kind] ?? NOTIFICATION_DEFAULTS[kind]]),
  ) as Record<NotificationKind, NotificationChannel>;
}

/** The player's preferences (defaults for what they never chose). */
export async function getPreferences(
  db: Db,
  userId: string,
  emailConfigured: boolean,
): Promise<NotificationPreferences> {
  const [row] = await db
    .select({ channels: notificationSettings.channels, digest: notificationSettings.digest })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return { kinds: channelsOf(row?.channels), digest: row?.digest ?? false, emailConfigured };
}

/**
 * Merges `body` into the player's preferences (kinds not named keep their channel; the digest is
 * kept when not given), in one upsert; answers them all.
 */
export async function setPreferences(
  db: Db,
  userId: string,
  body: PreferencesBody,
  emailConfigured: boolean,
): Promise<NotificationPreferences> {
  const kinds = body.kinds ?? {};
  const [row] = await db
    .insert(notificationSettings)
    .values({ userId, channels: kinds, digest: body.digest ?? false })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: {
        channels: sql`${notificationSettings.channels} || excluded.channels`,
        digest: body.digest ?? sql`${notificationSettings.digest}`,
      },
    })
    .returning({ channels: notificationSettings.channels, digest: notificationSettings.digest });
  return { kinds: channelsOf(row?.channels), digest: row?.digest ?? false, emailConfigured };
}
