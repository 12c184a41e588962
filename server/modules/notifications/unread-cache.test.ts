import { describe, expect, it } from 'vitest';
import { PlayerPages, UnreadCounts } from './unread-cache';

const live = (ttlMs = 30_000, max?: number) => {
  const c = new UnreadCounts(ttlMs, max);
  c.setLive(true);
  return c;
};

describe('UnreadCounts', () => {
  it('keeps a count until its player is announced, and only that player’s', () => {
    const c = live();
    c.set('a', 3, c.stamp());
    c.set('b', 5, c.stamp());
    expect(c.get('a')).toBe(3);
    c.forget('a');
    expect(c.get('a')).toBeUndefined();
    expect(c.get('b')).toBe(5);
  });

  it('does not keep a count read before a later announcement of the same player', () => {
    const c = live();
    const before = c.stamp();
    c.forget('a'); // the change committed while the count was being read
    c.set('a', 3, before);
    expect(c.get('a')).toBeUndefined();
    // Another player's read of the same time is kept: their count did not change.
    c.set('b', 1, before);
    expect(c.get('b')).toBe(1);
  });

  it('refuses reads older than a change it no longer remembers (pushed out of its map)', () => {
    const c = live(30_000, 2);
    const before = c.stamp();
    c.forget('a');
    c.forget('b');
    c.forget('c'); // 'a' is pushed out
    c.set('a', 3, before);
    expect(c.get('a')).toBeUndefined();
    c.set('a', 3, c.stamp());
    expect(c.get('a')).toBe(3);
  });

  it('keeps and answers nothing while announcements may be missed, and forgets all when they may have been', () => {
    const c = live();
    c.set('a', 3, c.stamp());
    c.setLive(false);
    expect(c.get('a')).toBeUndefined();
    c.set('a', 4, c.stamp());
    c.setLive(true);
    expect(c.get('a')).toBeUndefined();
    expect(new UnreadCounts(30_000).get('a')).toBeUndefined(); // not live until listening
  });

  it('is off with a time to live of 0', async () => {
    const c = live(0);
    let reads = 0;
    const read = async () => ++reads;
    await c.through('a', read);
    await c.through('a', read);
    expect(reads).toBe(2);
  });
});

describe('PlayerPages', () => {
  it('keeps a page per player and page size, drops all of a player’s on a change, keeps none read before it', async () => {
    const pages = new PlayerPages<{ n: number }>(30_000);
    pages.cache.setLive(true);
    let reads = 0;
    const read = async () => ({ n: ++reads });
    expect(await pages.through('a', 20, read)).toEqual({ n: 1 });
    expect(await pages.through('a', 20, read)).toEqual({ n: 1 });
    expect(await pages.through('a', 10, read)).toEqual({ n: 2 }); // another size, read on its own
    expect(await pages.through('a', 20, read)).toEqual({ n: 1 }); // the first size still kept
    pages.cache.forget('a');
    expect(await pages.through('a', 10, read)).toEqual({ n: 3 });
    // A read in flight when the player's change is announced is answered, not kept.
    const slow = pages.through('a', 20, async () => {
      pages.cache.forget('a');
      return { n: 99 };
    });
    expect(await slow).toEqual({ n: 99 });
    expect(await pages.through('a', 20, read)).toEqual({ n: 4 });
  });
});
