import type { App, FeedStore } from '../context';
import type { Database } from '../db/client';

/** The database triggers' channel (migration 0003_feed_changed). */
export const FEED_CHANGED_CHANNEL = 'feed_changed';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route may change what feeds show: the feed cache is emptied before it answers. */
    changesFeed?: boolean;
  }
}

/**
 * Keeps the feed cache true (docs/decisions/008-feed-cache.md): routes marked `changesFeed` empty
 * it before their answer leaves, so the writer's next read is fresh; the database's feed_changed
 * notifications empty it for every other change. Without a listening connection it stays off.
 */
export async function registerFeedInvalidation(app: App, cache: FeedStore, database: Database) {
  if (cache.ttlMs <= 0) return;
  const stop = await database.listen(
    FEED_CHANGED_CHANNEL,
    () => cache.invalidate(),
    (listening) => cache.setListening(listening),
  );
  app.addHook('onClose', async () => stop());
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.routeOptions.config?.changesFeed) cache.invalidate();
    return payload;
  });
}
