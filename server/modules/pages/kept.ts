import { LRUCache } from 'lru-cache';
import type { Ctx } from '../../context';
import type { FinishedPage } from './html';

/**
 * How long a page's finished answer for a signed-out visitor may be kept, and what empties it
 * (decision 026): no longer than the caches it reads from keep what it shows.
 */
export interface KeepRule {
  /** At most this long (ms) after its data began to be read; 0: not kept; Infinity: until index.html changes. */
  ms: (ctx: Ctx) => number;
  /**
   * Emptied whenever the feed cache is (decision 008: posts, likes, comments added or removed,
   * bookmarks, a player's username or avatar, in any process), and not kept while it is off.
   */
  feed?: boolean;
  /** Emptied on every message of these change-bus topics (decision 025); not kept while the bus may miss them. */
  topics?: readonly string[];
}

interface Entry {
  page: FinishedPage;
  /** The index.html it was made from: a new build's is not answered with the old one. */
  index: string;
  /** What empties it, as it stood when its data began to be read (`KeptPages.stamp`). */
  stamp: string;
  /** `performance.now()` after which it is not answered. */
  until: number;
  /** `performance.now()` before which it is answered whatever changed (SIGNED_OUT_CACHE_MS after its reading began). */
  floor: number;
  bytes: number;
}

/** What a making gives: the answer, and whether it may be kept (not when its markup failed). */
export interface Made {
  page: FinishedPage;
  index: string;
  keep: boolean;
}

/**
 * Finished answers of pages for signed-out visitors, kept in this process (decision 026): the
 * rendered HTML with its brotli and gzip copies, keyed by the page and its parameters. An answer is
 * given while it is younger than its rule's time, nothing that empties it has happened since its
 * data began to be read (the feed cache's generation, a count of each topic's messages) and
 * index.html is the one it was made from. Requests that come while a page is being made wait for
 * that one making. An LRU bounded by count and bytes.
 *
 * Whatever changed, an answer is given for SIGNED_OUT_CACHE_MS (1 s) after its data began to be
 * read, as a signed-out visitor's API reads are (decision 038): under many players every like
 * emptied `/` and each worker rendered it again, several times a second.
 */
export class KeptPages {
  private readonly answers: LRUCache<string, Entry>;
  private readonly making = new Map<string, { stamp: string; done: Promise<Made> }>();
  /** Messages heard on each topic a rule names (subscribed on first use: nothing was kept before). */
  private readonly heard = new Map<string, number>();

  constructor(
    private readonly ctx: Ctx,
    { maxEntries = 1_000, maxBytes = 64 * 1024 * 1024 }: { maxEntries?: number; maxBytes?: number } = {},
  ) {
    this.answers = new LRUCache({ max: maxEntries, maxSize: maxBytes, sizeCalculation: (e) => e.bytes });
  }

  /** What would empty an answer under `rule`, as it stands now; null while nothing may be kept. */
  private stamp(rule: KeepRule): string | null {
    let stamp = '';
    if (rule.feed) {
      if (!this.ctx.feed.enabled) return null;
      stamp += `feed:${this.ctx.feed.stamp()}`;
    }
    for (const topic of rule.topics ?? []) {
      if (!this.ctx.bus.live) return null;
      let count = this.heard.get(topic);
      if (count === undefined) {
        count = 0;
        this.heard.set(topic, 0);
        this.ctx.bus.subscribe(topic, () => this.heard.set(topic, (this.heard.get(topic) ?? 0) + 1));
      }
      stamp += ` ${topic}:${count}`;
    }
    return stamp;
  }

  /**
   * The kept answer of `key` under `rule`, or `make()`'s (shared with every request for `key`
   * that comes while it runs), kept when it may be. `index` reads the current index.html.
   */
  async answer(
    key: string,
    rule: KeepRule,
    index: () => Promise<string>,
    make: () => Promise<Made>,
  ): Promise<FinishedPage> {
    const ms = rule.ms(this.ctx);
    const stamp = ms > 0 ? this.stamp(rule) : null;
    if (stamp === null) return (await make()).page;
    const floorMs = Math.min(ms, this.ctx.config.signedOutCacheMs ?? 0);
    const kept = this.answers.get(key);
    if (kept) {
      const now = performance.now();
      const fresh = now < kept.floor || (kept.stamp === stamp && now < kept.until);
      if (fresh && kept.index === (await index())) return kept.page;
      if (this.answers.get(key) === kept) this.answers.delete(key);
    }
    const running = this.making.get(key);
    if (running && (running.stamp === stamp || floorMs > 0)) return (await running.done).page;
    const started = performance.now();
    const done = make();
    const mine = { stamp, done };
    this.making.set(key, mine);
    try {
      const made = await done;
      // Kept for its time only when nothing emptied it while it was made (a later reader would
      // miss it); else for the floor alone.
      if (made.keep && (floorMs > 0 || this.stamp(rule) === stamp)) {
        const bytes = made.page.compressed();
        const until = this.stamp(rule) === stamp ? started + ms : started + floorMs;
        this.answers.set(key, {
          page: made.page,
          index: made.index,
          stamp,
          until,
          floor: started + floorMs,
          bytes,
        });
      }
      return made.page;
    } finally {
      if (this.making.get(key) === mine) this.making.delete(key);
    }
  }

  /** How many answers and bytes are kept (tests). */
  get size(): { answers: number; bytes: number } {
    return { answers: this.answers.size, bytes: this.answers.calculatedSize };
  }
}
