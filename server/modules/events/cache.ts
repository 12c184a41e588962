import type { Ctx } from '../../context';
import { StampedCache } from '../../lib/stamped-cache';
import type { ListRow } from './queries';

/**
 * Pages of the events list as every viewer sees them (the viewer's own place is added per
 * request), kept in this process for `ttlMs` (EVENTS_CACHE_MS, default 2 s; 0 turns it off).
 * Every events write in this process (create, edit, delete, import, a registration or a
 * cancellation) empties it before it answers, so a writer always reads its own change; other
 * processes' changes show within `ttlMs`, like an HTTP cache would (bench/README.md).
 */
export class EventsCache extends StampedCache<ListRow[]> {
  constructor(ttlMs = 2_000, max = 500) {
    super(ttlMs, max);
  }
}

const caches = new WeakMap<Ctx, EventsCache>();

/** The one cache of an app (its Ctx), made on first use. */
export function eventsCache(ctx: Ctx): EventsCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new EventsCache(ctx.config.eventsCacheMs ?? 2_000);
    caches.set(ctx, cache);
  }
  return cache;
}
