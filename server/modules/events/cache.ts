import { LRUCache } from 'lru-cache';
import type { Ctx } from '../../context';
import type { EventRow } from './service';

/**
 * Pages of the events list as every viewer sees them (the viewer's own place is added per
 * request), kept in this process for `ttlMs` (EVENTS_CACHE_MS, default 2 s; 0 turns it off).
 * Every events write in this process (create, edit, delete, import, a registration or a
 * cancellation) empties it before it answers, so a writer always reads its own change; other
 * processes' changes show within `ttlMs`, like an HTTP cache would (bench/README.md).
 */
export class EventsCache {
  private generation = 0;
  private readonly pages: LRUCache<string, EventRow[]>;

  constructor(
    readonly ttlMs = 2_000,
    max = 500,
  ) {
    this.pages = new LRUCache({ max, ttl: Math.max(ttlMs, 1), ttlResolution: 0 });
  }

  /** Taken before reading the database; a page read before a later invalidation is not kept. */
  stamp(): number {
    return this.generation;
  }

  get(key: string): EventRow[] | undefined {
    return this.ttlMs > 0 ? this.pages.get(key) : undefined;
  }

  set(key: string, rows: EventRow[], stamp: number): void {
    if (this.ttlMs > 0 && stamp === this.generation) this.pages.set(key, rows);
  }

  invalidate(): void {
    this.generation++;
    this.pages.clear();
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
