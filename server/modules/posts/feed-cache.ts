import { LRUCache } from 'lru-cache';
import type { FeedStore, SharedCard } from '../../context';

export type { SharedCard };

interface LikeEntry {
  /** Posts whose like by this viewer is known... */
  known: Set<string>;
  /** ...and those of them the viewer likes... */
  liked: Set<string>;
  /** ...and those the viewer bookmarked (known together with the likes). */
  bookmarked: Set<string>;
}

/**
 * Feed pages and viewers' likes kept in this process (docs/decisions/008-feed-cache.md).
 *
 * Any change to posts, likes, comments or a player's name or picture empties it at once: the
 * routes that make such changes in this process call `invalidate()` before they answer, and every
 * other change (another process, plain SQL) arrives as a `feed_changed` notification from the
 * database's triggers. While the notifications cannot be heard the cache is off (`setListening`).
 * `ttlMs` bounds an entry's life in any case; 0 turns the cache off.
 */
export class FeedCache implements FeedStore {
  private generation = 0;
  private listening = false;
  private readonly pages: LRUCache<string, SharedCard[]>;
  private readonly likes: LRUCache<string, LikeEntry>;
  private prepareCards: (cards: SharedCard[]) => Promise<void> = async () => {};

  constructor(
    readonly ttlMs = 5_000,
    readonly maxPages = 500,
    readonly maxViewers = 2_000,
    readonly maxKnownPerViewer = 200,
    now: () => number = Date.now,
  ) {
    // lru-cache: bounded by count, entries expire ttlMs after they were stored (no refresh on read).
    const options = { ttl: Math.max(ttlMs, 1), ttlResolution: 0, perf: { now } };
    this.pages = new LRUCache({ max: maxPages, ...options });
    this.likes = new LRUCache({ max: maxViewers, ...options });
  }

  /**
   * What is done to a page once, as it is read from the database, rather than on every answer
   * that shows it: the image proxy's `media` maps (server/app.ts).
   */
  preparedBy(prepare: (cards: SharedCard[]) => Promise<void>): this {
    this.prepareCards = prepare;
    return this;
  }

  prepare(cards: SharedCard[]): Promise<void> {
    return this.prepareCards(cards);
  }

  get enabled(): boolean {
    return this.ttlMs > 0 && this.listening;
  }

  setListening(listening: boolean): void {
    this.listening = listening;
    this.invalidate();
  }

  /** Taken before reading the database; an answer read before a later invalidation is not kept. */
  stamp(): number {
    return this.generation;
  }

  invalidate(): void {
    this.generation++;
    this.pages.clear();
    this.likes.clear();
  }

  page(key: string): SharedCard[] | undefined {
    return this.enabled ? this.pages.get(key) : undefined;
  }

  storePage(key: string, cards: SharedCard[], stamp: number): void {
    if (!this.enabled || stamp !== this.generation) return;
    this.pages.set(key, cards);
  }

  /** The posts among `ids` that the viewer likes, or undefined when some of them are not known. */
  likedAmong(viewerId: string, ids: readonly string[]): Set<string> | undefined {
    const entry = this.enabled ? this.likes.get(viewerId) : undefined;
    return entry && ids.every((id) => entry.known.has(id)) ? entry.liked : undefined;
  }

  /** The posts among `ids` that the viewer bookmarked, or undefined when some of them are not known. */
  bookmarkedAmong(viewerId: string, ids: readonly string[]): Set<string> | undefined {
    const entry = this.enabled ? this.likes.get(viewerId) : undefined;
    return entry && ids.every((id) => entry.known.has(id)) ? entry.bookmarked : undefined;
  }

  storeLikes(
    viewerId: string,
    ids: readonly string[],
    liked: Iterable<string>,
    stamp: number,
    bookmarked: Iterable<string> = [],
  ): void {
    if (!this.enabled || stamp !== this.generation) return;
    let entry = this.likes.get(viewerId);
    if (!entry || entry.known.size + ids.length > this.maxKnownPerViewer) {
      entry = { known: new Set(), liked: new Set(), bookmarked: new Set() };
      this.likes.set(viewerId, entry);
    }
    for (const id of ids) entry.known.add(id);
    for (const id of liked) entry.liked.add(id);
    for (const id of bookmarked) entry.bookmarked.add(id);
  }

  get size(): { pages: number; viewers: number } {
    this.pages.purgeStale();
    this.likes.purgeStale();
    return { pages: this.pages.size, viewers: this.likes.size };
  }
}
