import type { FeedPost } from '../../../contract';

/** A feed card as every viewer sees it: all but the viewer's own like. */
export type SharedCard = Omit<FeedPost, 'isLiked'>;

interface PageEntry {
  cards: SharedCard[];
  until: number;
}

interface LikeEntry {
  /** Posts whose like by this viewer is known... */
  known: Set<string>;
  /** ...and those of them the viewer likes. */
  liked: Set<string>;
  until: number;
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
export class FeedCache {
  private generation = 0;
  private listening = false;
  private readonly pages = new Map<string, PageEntry>();
  private readonly likes = new Map<string, LikeEntry>();

  constructor(
    readonly ttlMs = 5_000,
    readonly maxPages = 500,
    readonly maxViewers = 2_000,
    readonly maxKnownPerViewer = 200,
    private readonly now: () => number = Date.now,
  ) {}

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
    if (!this.enabled) return undefined;
    const entry = this.pages.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.pages.delete(key);
      return undefined;
    }
    return entry.cards;
  }

  storePage(key: string, cards: SharedCard[], stamp: number): void {
    if (!this.enabled || stamp !== this.generation) return;
    bounded(this.pages, this.maxPages, key, { cards, until: this.now() + this.ttlMs });
  }

  /** The posts among `ids` that the viewer likes, or undefined when some of them are not known. */
  likedAmong(viewerId: string, ids: readonly string[]): Set<string> | undefined {
    if (!this.enabled) return undefined;
    const entry = this.likes.get(viewerId);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.likes.delete(viewerId);
      return undefined;
    }
    if (!ids.every((id) => entry.known.has(id))) return undefined;
    return entry.liked;
  }

  storeLikes(viewerId: string, ids: readonly string[], liked: Iterable<string>, stamp: number): void {
    if (!this.enabled || stamp !== this.generation) return;
    let entry = this.likes.get(viewerId);
    if (!entry || entry.until <= this.now() || entry.known.size + ids.length > this.maxKnownPerViewer) {
      entry = { known: new Set(), liked: new Set(), until: this.now() + this.ttlMs };
      bounded(this.likes, this.maxViewers, viewerId, entry);
    }
    for (const id of ids) entry.known.add(id);
    for (const id of liked) entry.liked.add(id);
  }

  get size(): { pages: number; viewers: number } {
    return { pages: this.pages.size, viewers: this.likes.size };
  }
}

/** Sets key in a map that holds at most `max` entries, dropping the oldest (maps keep insertion order). */
function bounded<V>(map: Map<string, V>, max: number, key: string, value: V): void {
  map.delete(key);
  if (map.size >= max) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  map.set(key, value);
}
