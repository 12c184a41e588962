import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ChangeBus } from '../context';

/** A cache emptied in every process on the database: its topic on the change bus (decision 025). */
export interface SharedBy {
  bus: ChangeBus;
  topic: string;
}

/**
 * Answers (or rows) as every viewer sees them, kept in this process for `ttlMs` (0 turns the
 * cache off). The area's writes empty it (`invalidate`) before they answer, so a writer always
 * reads its own change; with `shared`, every other process on the database empties its own copy
 * too (the change bus, decision 025), and while the bus may miss messages nothing is kept. Changes
 * made outside the area's writes show within `ttlMs`, as through an HTTP cache. A reader takes a
 * `stamp()` before it reads the database and stores with it: what was read before a later
 * invalidation is not kept.
 */
export class StampedCache<T extends {}> {
  private generation = 0;
  private readonly entries: LRUCache<string, T>;

  constructor(
    readonly ttlMs: number,
    max = 500,
    private readonly shared?: SharedBy,
  ) {
    this.entries = new LRUCache({ max, ttl: Math.max(ttlMs, 1), ttlResolution: 0 });
    shared?.bus.subscribe(shared.topic, () => this.clear());
  }

  stamp(): number {
    return this.generation;
  }

  get(key: string): T | undefined {
    return this.ttlMs > 0 && (this.shared?.bus.live ?? true) ? this.entries.get(key) : undefined;
  }

  set(key: string, value: T, stamp: number): void {
    if (this.ttlMs > 0 && stamp === this.generation) this.entries.set(key, value);
  }

  /** Empties this process's entries at once and, when shared, every other process's before it resolves. */
  invalidate(): Promise<void> {
    if (!this.shared) {
      this.clear();
      return Promise.resolve();
    }
    return this.shared.bus.publish(this.shared.topic);
  }

  private clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /** The cached value of `key`, or `read()`'s, kept when no invalidation came in between. */
  async through(key: string, read: () => Promise<T>): Promise<T> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const stamp = this.stamp();
    const value = await read();
    this.set(key, value, stamp);
    return value;
  }
}

/**
 * What an anonymous visitor reads from an area's public lists is the same for every anonymous
 * visitor: `publicRead` keeps it for `ttlMs` (PUBLIC_CACHE_MS), keyed by the address, and every
 * write (not GET or HEAD) of the scope `app` empties it before it answers, in this process and,
 * with `shared`, in every other one (decision 025). A signed-in viewer's answers carry their own
 * role and abilities and are never kept. Changes made outside the scope (a username, an account
 * deleted) show within the TTL.
 */
export function anonymousReads(app: FastifyInstance, ttlMs: number, shared?: SharedBy) {
  const cache = new StampedCache<object>(ttlMs, 1_000, shared);
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') await cache.invalidate();
    return payload;
  });
  return <T extends object>(request: FastifyRequest, read: () => Promise<T>): Promise<T> =>
    request.user ? read() : (cache.through(request.url, read) as Promise<T>);
}
