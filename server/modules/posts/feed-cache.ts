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
    return this.enabled ? this.live(this.pages, key)?.cards : undefined;
  }

  storePage(key: string, cards: SharedCard[], stamp: number): void {
    if (!this.enabled || stamp !== this.generation) return;
    bounded(this.pages, this.maxPages, key, { cards, until: this.now() + this.ttlMs });
  }

  /** The posts among `ids` that the viewer likes, or undefined when some of them are not known. */
  likedAmong(viewerId: string, ids: readonly string[]): Set<string> | undefined {
    const entry = this.enabled ? this.live(this.likes, viewerId) : undefined;
    return entry && ids.every((id) => entry.known.has(id)) ? entry.liked : undefined;
  }

  storeLikes(viewerId: string, ids: readonly string[], liked: Iterable<string>, stamp: number): void {
    if (!this.enabled || stamp !== this.generation) return;
    let entry = this.live(this.likes, viewerId);
    if (!entry || entry.known.size + ids.length > this.maxKnownPerViewer) {
      entry = { known: new Set(), liked: new Set(), until: this.now() + this.ttlMs };
      bounded(this.likes, this.maxViewers, viewerId, entry);
    }
    for (const id of ids) entry.known.add(id);
    for (const id of liked) entry.liked.add(id);
  }

  /** The entry under key while its time lasts; an expired one is dropped. */
  private live<V extends { until: number }>(map: Map<string, V>, key: string): V | undefined {
    const entry = map.get(key);
    if (entry && entry.until <= this.now()) {
      map.delete(key);
      return undefined;
    }
    return entry;
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
