import {
  markReadBody,
  type NotificationsPage,
  notificationPreferences,
  notificationsPage,
  notificationsQuery,
  notificationsStreamQuery,
  preferencesBody,
  unreadCountAnswer,
  z,
} from '../../../contract';
import type { App, Ctx } from '../../context';
import { requireUser } from '../auth';
import { NOTIFICATIONS_CHANNEL } from './notify';
import { attachNotificationMedia } from './presenters';
import {
  getPreferences,
  markRead,
  notificationsPage as readPage,
  setPreferences,
  unreadCount,
} from './service';
import { NotificationHub } from './stream';
import { PAGE_CACHE_MS, PlayerPages, UNREAD_CACHE_MS, UnreadCounts } from './unread-cache';

/** A Last-Event-ID header as a seq, or null when absent or not one. */
const seqOf = (value: unknown): number | null =>
  typeof value === 'string' && /^[0-9]{1,18}$/.test(value) ? Number(value) : null;

/** The signed-in player's notifications (issue 23): the list, the count, reads, preferences and the live stream. */
export async function notificationsRoutes(app: App, ctx: Ctx) {
  const db = ctx.db;
  const emailConfigured = () => Boolean(ctx.config.mail);
  const hub = new NotificationHub({
    db,
    listen: ctx.listen,
    media: ctx.media,
    log: app.log,
    heartbeatMs: ctx.config.streamHeartbeatMs,
  });
  // Open streams end before the server closes (it waits for its connections).
  app.addHook('preClose', async () => hub.close());
  // Unread counts and first pages kept in this process, each dropped when its player's entries
  // change (announced on NOTIFICATIONS_CHANNEL by any process).
  const counts = new UnreadCounts(ctx.config.unreadCacheMs ?? UNREAD_CACHE_MS);
  const pages = new PlayerPages<NotificationsPage>(ctx.config.notificationsPageCacheMs ?? PAGE_CACHE_MS);
  const caches = [counts, pages.cache].filter((c) => c.ttlMs > 0);
  if (caches.length > 0) {
    const stop = await ctx.listen(
      NOTIFICATIONS_CHANNEL,
      (userId) => {
        for (const c of caches) c.forget(userId);
      },
      (live) => {
        for (const c of caches) c.setLive(live);
      },
    );
    app.addHook('onClose', async () => stop());
  }
  /** The first page of the list, as read (with its actors' media) or kept. */
  const readList = async (userId: string, limit: number, before: number | undefined) => {
    const read = async () => {
      const page = await readPage(db, userId, { limit, before });
      await attachNotificationMedia(ctx.media, page.items);
      return page;
    };
    return before === undefined ? pages.through(userId, limit, read) : read();
  };

  app.get(
    '/api/notifications',
    { schema: { querystring: notificationsQuery, response: { 200: notificationsPage } } },
    async (request) => {
      const user = requireUser(request);
      const { limit, before } = request.query;
      return readList(user.id, limit, before ? Number(before) : undefined);
    },
  );

  app.get(
    '/api/notifications/unread-count',
    { schema: { response: { 200: unreadCountAnswer } } },
    async (request) => {
      const id = requireUser(request).id;
      return { count: await counts.through(id, () => unreadCount(db, id)) };
    },
  );

  app.post(
    '/api/notifications/read',
    { schema: { body: markReadBody, response: { 200: unreadCountAnswer } } },
    async (request) => {
      const id = requireUser(request).id;
      const count = await markRead(db, id, request.body);
      // The reader's next list and count show the read at once, before its announcement comes back.
      for (const c of caches) c.forget(id);
      return { count };
    },
  );

  app.get(
    '/api/notifications/preferences',
    { schema: { response: { 200: notificationPreferences } } },
    async (request) => getPreferences(db, requireUser(request).id, emailConfigured()),
  );

  app.put(
    '/api/notifications/preferences',
    { schema: { body: preferencesBody, response: { 200: notificationPreferences } } },
    async (request) => setPreferences(db, requireUser(request).id, request.body, emailConfigured()),
  );

  app.get(
    '/api/notifications/stream',
    {
      schema: {
        querystring: notificationsStreamQuery,
        response: {
          200: {
            description:
              'Server-Sent Events: `count` ({"count": n}) at once and on every change, `notification` (an entry, `id:` its id) as they come; `: ping` heartbeats.',
            content: { 'text/event-stream': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const last = seqOf(request.headers['last-event-id']) ?? seqOf(request.query.lastEventId);
      await hub.open(reply, user.id, last);
      return reply;
    },
  );
}
