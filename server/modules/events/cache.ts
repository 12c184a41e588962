import type { Ctx } from '../../context';
import { type SharedBy, StampedCache } from '../../lib/stamped-cache';
import type { ListRow } from './queries';

/**
 * Pages of the events list as every viewer sees them (the viewer's own place is added per
 * request), kept in this process for `ttlMs` (EVENTS_CACHE_MS, default 2 s; 0 turns it off).
 * Every events write (create, edit, delete, import, a registration or a cancellation) empties it
 * before it answers, in this process and, through the change bus, in every other process on the
 * database (decision 025), so nobody reads a page older than the last write.
 */
export class EventsCache extends StampedCache<ListRow[]> {
  constructor(ttlMs = 2_000, max = 500, shared?: SharedBy) {
    super(ttlMs, max, shared);
  }
}

/** The change-bus topic of every events write (decision 025): the list pages, and the pages kept for signed-out visitors. */
export const EVENTS_CHANGED = 'events';

const caches = new WeakMap<Ctx, EventsCache>();

/** The one cache of an app (its Ctx), made on first use. */
export function eventsCache(ctx: Ctx): EventsCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new EventsCache(ctx.config.eventsCacheMs ?? 2_000, 500, { bus: ctx.bus, topic: EVENTS_CHANGED });
    caches.set(ctx, cache);
  }
  return cache;
}
