import { LRUCache } from 'lru-cache';

/**
 * Answers (or rows) as every viewer sees them, kept in this process for `ttlMs` (0 turns the
 * cache off). The area's writes in this process empty it (`invalidate`) before they answer, so a
 * writer always reads its own change; changes made elsewhere show within `ttlMs`, as through an
 * HTTP cache. A reader takes a `stamp()` before it reads the database and stores with it: what was
 * read before a later invalidation is not kept.
 */
export class StampedCache<T extends {}> {
  private generation = 0;
  private readonly entries: LRUCache<string, T>;

  constructor(
    readonly ttlMs: number,
    max = 500,
  ) {
    this.entries = new LRUCache({ max, ttl: Math.max(ttlMs, 1), ttlResolution: 0 });
  }

  stamp(): number {
    return this.generation;
  }

  get(key: string): T | undefined {
    return this.ttlMs > 0 ? this.entries.get(key) : undefined;
  }

  set(key: string, value: T, stamp: number): void {
    if (this.ttlMs > 0 && stamp === this.generation) this.entries.set(key, value);
  }

  invalidate(): void {
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
