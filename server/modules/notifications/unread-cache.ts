import { LRUCache } from 'lru-cache';

/** How long a player's unread count is kept in this process when nothing announces a change (UNREAD_CACHE_MS). */
export const UNREAD_CACHE_MS = 30_000;
/** How long a player's first page of the list is kept when nothing announces a change (NOTIFICATIONS_PAGE_CACHE_MS). */
export const PAGE_CACHE_MS = 5_000;

/**
 * A value per player kept in this process until a change of theirs is announced: the unread counts
 * (issue 23: the badge's count is asked on every page and changes far less often) and the first
 * pages of the list (PlayerPages). Every change of a player's count is announced on
 * NOTIFICATIONS_CHANNEL by the statement that makes it (notify(), a read, and the delete trigger of
 * migration 0030), from any process: `forget` drops that player's count. While the listening
 * connection is down (`setLive(false)`) nothing is kept or answered.
 *
 * A read takes a `stamp()` before it asks the database and stores with it; a count read before a
 * later announcement of the same player is not kept (`changedAt`), nor one read before an
 * announcement this cache has since forgotten (`floor`).
 */
export class PlayerCache<T extends {}> {
  private generation = 0;
  /** Stamps older than this are refused: the cache was emptied, or a player's last change forgotten. */
  private floor = 0;
  private live = false;
  private readonly counts: LRUCache<string, T>;
  private readonly changedAt: LRUCache<string, number>;

  constructor(
    readonly ttlMs: number,
    max = 20_000,
  ) {
    this.counts = new LRUCache({ max, ttl: Math.max(ttlMs, 1), ttlResolution: 0 });
    this.changedAt = new LRUCache({
      max,
      // A player's last change pushed out of the map: reads older than it are refused from now on.
      dispose: (changed, _userId, reason) => {
        if (reason === 'evict') this.floor = Math.max(this.floor, changed);
      },
    });
  }

  stamp(): number {
    return this.generation;
  }

  get(userId: string): T | undefined {
    return this.ttlMs > 0 && this.live ? this.counts.get(userId) : undefined;
  }

  set(userId: string, count: T, stamp: number): void {
    if (this.ttlMs <= 0 || !this.live || stamp < this.floor) return;
    if ((this.changedAt.get(userId) ?? -1) > stamp) return;
    this.counts.set(userId, count);
  }

  /** A change of `userId`'s count was announced. */
  forget(userId: string): void {
    this.generation++;
    this.counts.delete(userId);
    this.changedAt.set(userId, this.generation);
  }

  /** The listening connection is up (true) or changes may have been missed (false: empty, keep nothing). */
  setLive(live: boolean): void {
    this.live = live;
    this.generation++;
    this.floor = this.generation;
    this.counts.clear();
    this.changedAt.clear();
  }

  /** The count of `userId`, or `read()`'s, kept when no announcement of them came in between. */
  async through(userId: string, read: () => Promise<T>): Promise<T> {
    const hit = this.get(userId);
    if (hit !== undefined) return hit;
    const stamp = this.stamp();
    const count = await read();
    this.set(userId, count, stamp);
    return count;
  }
}

/** The unread counts (the header's badge). */
export class UnreadCounts extends PlayerCache<number> {}

/**
 * The first page of each player's list (no `before`), per page size (the bell's 10, the page's
 * 20), kept until the player's entries change (announced: a new entry, a read, a deleted entry)
 * or PAGE_CACHE_MS pass. The subjects' names in it (a team renamed, an event deleted: set null,
 * not announced) may be that old. Fewer players than the counts: a page weighs some kilobytes.
 */
export class PlayerPages<P extends {}> {
  readonly cache: PlayerCache<ReadonlyMap<number, P>>;
  constructor(ttlMs: number, max = 2_000) {
    this.cache = new PlayerCache(ttlMs, max);
  }

  async through(userId: string, limit: number, read: () => Promise<P>): Promise<P> {
    const hit = this.cache.get(userId)?.get(limit);
    if (hit !== undefined) return hit;
    const stamp = this.cache.stamp();
    const page = await read();
    this.cache.set(userId, new Map(this.cache.get(userId) ?? []).set(limit, page), stamp);
    return page;
  }
}
