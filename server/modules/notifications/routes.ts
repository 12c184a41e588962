import {
  markReadBody,
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
import { UNREAD_CACHE_MS, UnreadCounts } from './unread-cache';

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
  // Unread counts kept in this process, each dropped when its player's count is announced.
  const counts = new UnreadCounts(ctx.config.unreadCacheMs ?? UNREAD_CACHE_MS);
  if (counts.ttlMs > 0) {
    const stop = await ctx.listen(
      NOTIFICATIONS_CHANNEL,
      (userId) => counts.forget(userId),
      (live) => counts.setLive(live),
    );
    app.addHook('onClose', async () => stop());
  }

  app.get(
    '/api/notifications',
    { schema: { querystring: notificationsQuery, response: { 200: notificationsPage } } },
    async (request) => {
      const user = requireUser(request);
      const { limit, before } = request.query;
      const page = await readPage(db, user.id, { limit, before: before ? Number(before) : undefined });
      await attachNotificationMedia(ctx.media, page.items);
      return page;
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
    async (request) => ({ count: await markRead(db, requireUser(request).id, request.body) }),
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
