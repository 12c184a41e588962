import { mediaMap } from './common';
import { z } from './messages';

/**
 * Notifications (issue 23; SPEC §2 names the header menu only): what a player is told, the
 * answers of /api/notifications*, the preferences and the texts. The server writes each entry's
 * sentence and link (server/modules/notifications/presenters.ts): the web and the mails show
 * them as they come and never compose one.
 *
 * An entry's `id` is the time of its latest activity: a grouped entry (likes on one post, new
 * followers) that gains an actor while unread takes a new, higher id and so moves to the top
 * (and comes again on the stream). Pages go by id, newest first.
 */

/** Every kind a player may be told of; preferences are per kind. */
export const NOTIFICATION_KINDS = [
  'comment',
  'mention',
  'like',
  'follow',
  'team-application',
  'team-application-answered',
  'team-invitation',
  'team-role-changed',
  'team-removed',
  'team-disbanded',
  'event-waitlist-promoted',
  'event-changed',
  'event-cancelled',
  'event-reminder',
  'event-message',
  'event-squad',
  'event-ride',
  'event-comment',
  'event-unconfirmed',
  'saved-search-match',
  'badge-earned',
  'warning',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const notificationKind = z.enum(NOTIFICATION_KINDS);

/** How a player takes a kind: in the app only, in the app and by email, or not at all. */
export const NOTIFICATION_CHANNELS = ['app', 'email', 'off'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const notificationChannel = z.enum(NOTIFICATION_CHANNELS);

/** The defaults: everything in the app; by email too for waitlist moves, event changes, reminders and invitations. */
export const NOTIFICATION_DEFAULTS: Record<NotificationKind, NotificationChannel> = {
  comment: 'app',
  mention: 'app',
  like: 'app',
  follow: 'app',
  'team-application': 'app',
  'team-application-answered': 'app',
  'team-invitation': 'email',
  'team-role-changed': 'app',
  'team-removed': 'app',
  'team-disbanded': 'app',
  'event-waitlist-promoted': 'email',
  'event-changed': 'email',
  'event-cancelled': 'email',
  'event-reminder': 'email',
  'event-message': 'email',
  'event-squad': 'email',
  'event-ride': 'email',
  'event-comment': 'app',
  'event-unconfirmed': 'email',
  'saved-search-match': 'app',
  'badge-earned': 'app',
  warning: 'app',
};

/** Settings' labels, one per kind, in the order shown (grouped by NOTIFICATION_KIND_GROUPS). */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  comment: 'Comments on your posts',
  mention: 'Mentions of you',
  like: 'Likes on your posts',
  follow: 'New followers',
  'team-application': 'Applications to your team',
  'team-application-answered': 'Answers to your applications',
  'team-invitation': 'Team invitations',
  'team-role-changed': 'Your role in a team changed',
  'team-removed': 'Removed from a team',
  'team-disbanded': 'A team of yours disbanded',
  'event-waitlist-promoted': 'Moved up from a waitlist',
  'event-changed': 'Changes to your events',
  'event-cancelled': 'Your events cancelled',
  'event-reminder': 'Reminders the day before a game',
  'event-message': 'Messages from the organisers of your games',
  'event-squad': 'Squads asking you to confirm',
  'event-ride': 'Carpools for your games',
  'event-comment': 'Organisers’ answers in the discussion of your games',
  'event-unconfirmed': 'Games of your series waiting for confirmation',
  'saved-search-match': 'New games matching your saved searches',
  'badge-earned': 'Badges earned',
  warning: 'Warnings from the admins',
};
export const NOTIFICATION_KIND_GROUPS: ReadonlyArray<{ title: string; kinds: readonly NotificationKind[] }> =
  [
    { title: 'Posts and people', kinds: ['comment', 'mention', 'like', 'follow'] },
    {
      title: 'Teams',
      kinds: [
        'team-application',
        'team-application-answered',
        'team-invitation',
        'team-role-changed',
        'team-removed',
        'team-disbanded',
      ],
    },
    {
      title: 'Events',
      kinds: [
        'event-waitlist-promoted',
        'event-changed',
        'event-cancelled',
        'event-reminder',
        'event-message',
        'event-squad',
        'event-ride',
        'event-comment',
        'event-unconfirmed',
        'saved-search-match',
      ],
    },
    { title: 'Badges', kinds: ['badge-earned'] },
    { title: 'Community safety', kinds: ['warning'] },
  ];
export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  app: 'In the app',
  email: 'In the app and by email',
  off: 'Off',
};

/** Someone whose action an entry reports (the latest first). */
export const notificationActor = z.object({
  id: z.uuid(),
  username: z.string(),
  avatar: z.string().nullable(),
});
export type NotificationActor = z.infer<typeof notificationActor>;

/** One entry of the list, as the bell menu, the page, the stream and the mails show it. */
export const notification = z.object({
  /** A decimal integer (see above): the entry's place in the list. */
  id: z.string(),
  kind: notificationKind,
  read: z.boolean(),
  /** When its latest activity happened (ISO 8601). */
  createdAt: z.string(),
  /** Up to three, the latest first; `actorCount` counts them all (grouped likes and follows). */
  actors: z.array(notificationActor),
  actorCount: z.number().int(),
  /** The sentence, written by the server: "alex and 4 others liked your post". */
  text: z.string(),
  /** A quoted excerpt shown under the sentence (a comment, a post's caption), or null. */
  excerpt: z.string().nullable(),
  /** Where opening the entry leads (a path of the web app), or null when its subject is gone. */
  url: z.string().nullable(),
  /** Its subject (an event, a team) no longer exists: the sentence says so and there is no link. */
  gone: z.boolean(),
  media: mediaMap.optional(),
});
export type Notification = z.infer<typeof notification>;

export const NOTIFICATIONS_PAGE_DEFAULT = 20;
export const NOTIFICATIONS_PAGE_MAX = 50;
/** The bell menu lists the latest ten. */
export const NOTIFICATIONS_MENU_LIMIT = 10;
/** The unread count is counted up to this; the badge shows '99+' above 99. */
export const UNREAD_COUNT_CAP = 100;

export const notificationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(NOTIFICATIONS_PAGE_DEFAULT),
  /** The `nextCursor` of the previous page: entries with a smaller id. */
  before: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, 'Must be a notification id')
    .optional(),
});
export type NotificationsQuery = z.infer<typeof notificationsQuery>;

export const notificationsPage = z.object({
  items: z.array(notification),
  nextCursor: z.string().nullable(),
  unreadCount: z.number().int(),
});
export type NotificationsPage = z.infer<typeof notificationsPage>;

export const unreadCountAnswer = z.object({ count: z.number().int() });
export type UnreadCountAnswer = z.infer<typeof unreadCountAnswer>;

const notificationId = z.string().regex(/^[1-9][0-9]{0,17}$/, 'Must be a notification id');
/** POST /api/notifications/read: everything, everything up to an entry (inclusive), or one entry. */
export const markReadBody = z.union([
  z.object({ all: z.literal(true) }).strict(),
  z.object({ upTo: notificationId }).strict(),
  z.object({ id: notificationId }).strict(),
]);
export type MarkReadBody = z.infer<typeof markReadBody>;

export const notificationPreferences = z.object({
  kinds: z.record(notificationKind, notificationChannel),
  /** A daily mail gathering the unread entries that were not sent by email. */
  digest: z.boolean(),
  /** Whether this site sends mail at all (SMTP_URL set); when false the settings say so. */
  emailConfigured: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

export const preferencesBody = z
  .object({
    kinds: z.partialRecord(notificationKind, notificationChannel).optional(),
    digest: z.boolean().optional(),
  })
  .strict();
export type PreferencesBody = z.infer<typeof preferencesBody>;

/** GET /api/notifications/unsubscribe?token=: a signed (user, kind) pair, or (user, 'digest'). */
export const unsubscribeQuery = z.object({ token: z.string().min(1).max(512) });
/**
 * The unsubscribe link's answer as JSON (a browser, which asks for text/html, gets a page): what it
 * stops (a kind's mail, or the digest), and whether it is done (POST) or only asked (GET).
 */
export const unsubscribeAnswer = z.object({
  kind: z.union([notificationKind, z.literal('digest')]),
  label: z.string(),
  unsubscribed: z.boolean(),
  message: z.string(),
});
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswer>;

/** The stream's events (Server-Sent Events): `notification` (an entry) and `count` (the unread count). */
export const STREAM_HEARTBEAT_MS = 25_000;

/**
 * GET /api/notifications/stream's event names. `count`'s data is an UnreadCountAnswer as JSON
 * (`{"count":3}`); `notification`'s is a Notification as JSON, with `id:` its id (so that an
 * EventSource's reconnection sends it back as Last-Event-ID). A grouped entry that gained an actor
 * comes again with a new, higher id. Comments (`: ping`) are the heartbeat.
 */
export const NOTIFICATION_STREAM_EVENTS = { count: 'count', notification: 'notification' } as const;
/** GET /api/notifications/stream?lastEventId=: what a new EventSource sends instead of the Last-Event-ID header. */
export const notificationsStreamQuery = z.object({
  lastEventId: z
    .string()
    .regex(/^[0-9]{1,18}$/, 'Must be a notification id')
    .optional(),
});
/** Open streams one player may hold on one server (tabs); one more is refused with 429. */
export const NOTIFICATION_STREAMS_PER_USER = 10;

export const NOTIFICATION_TEXTS = {
  title: 'Notifications',
  empty: 'No new notifications',
  markAllRead: 'Mark all as read',
  loadMore: 'Load more',
  loading: 'Loading notifications...',
  fetchFailed: 'Failed to fetch notifications',
  viewAll: 'See all notifications',
  settingsTitle: 'Notifications',
  settingsIntro: 'Choose what you are told of, and how.',
  digest: 'Send me a daily email with what I have not read',
  emailNotConfigured: 'Email is not configured on this site: notifications are shown in the app only.',
  saved: 'Notification settings saved',
  saveFailed: 'Failed to save notification settings',
  unsubscribed: 'You will no longer get these emails.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  tooManyStreams: 'Too many open notification streams: close another tab and try again.',
} as const;
