import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost, createUser, injectAs, type TestUser } from '../../test/factories';
import { FeedCache, type SharedCard } from './feed-cache';

const card = (id: string): SharedCard => ({
  id,
  userId: 'u',
  user: { username: 'u', avatar: null },
  caption: id,
  images: [],
  createdAt: '2026-11-23T00:00:00.000Z',
  likesCount: 0,
  commentsCount: 0,
  event: null,
});

describe('FeedCache', () => {
  let clock = 0;
  const listeningCache = (ttl = 1_000, maxPages = 1_000) => {
    const cache = new FeedCache(ttl, maxPages, 10_000, 2_000, () => clock);
    cache.setListening(true);
    return cache;
  };
  beforeEach(() => {
    clock = 1_000;
  });

  it('keeps a page for its time to live, and nothing while not listening or with ttl 0', () => {
    const cache = listeningCache();
    cache.storePage('k', [card('a')], cache.stamp());
    expect(cache.page('k')?.map((c) => c.id)).toEqual(['a']);
    clock += 1_000;
    expect(cache.page('k')?.map((c) => c.id)).toEqual(['a']);
    clock += 1;
    expect(cache.page('k')).toBeUndefined();

    cache.storePage('k', [card('a')], cache.stamp());
    cache.setListening(false);
    expect(cache.page('k')).toBeUndefined();
    cache.storePage('k', [card('a')], cache.stamp());
    expect(cache.page('k')).toBeUndefined();

    const off = new FeedCache(0);
    off.setListening(true);
    off.storePage('k', [card('a')], off.stamp());
    expect(off.enabled).toBe(false);
    expect(off.page('k')).toBeUndefined();
  });

  it('does not keep an answer read before an invalidation', () => {
    const cache = listeningCache();
    const stamp = cache.stamp();
    cache.invalidate();
    cache.storePage('k', [card('a')], stamp);
    cache.storeLikes('viewer', ['a'], ['a'], stamp);
    expect(cache.page('k')).toBeUndefined();
    expect(cache.likedAmong('viewer', ['a'])).toBeUndefined();
  });

  it("answers a viewer's likes only when every post asked about is known", () => {
    const cache = listeningCache();
    cache.storeLikes('viewer', ['a', 'b'], ['b'], cache.stamp());
    expect([...(cache.likedAmong('viewer', ['a', 'b']) ?? [])]).toEqual(['b']);
    expect(cache.likedAmong('viewer', ['a', 'c'])).toBeUndefined();
    expect(cache.likedAmong('someone else', ['a'])).toBeUndefined();
    cache.storeLikes('viewer', ['c'], [], cache.stamp());
    expect(cache.likedAmong('viewer', ['a', 'b', 'c'])?.has('c')).toBe(false);
    cache.invalidate();
    expect(cache.likedAmong('viewer', ['a'])).toBeUndefined();
  });

  it('holds at most maxPages pages, dropping the oldest', () => {
    const cache = listeningCache(1_000, 2);
    for (const key of ['k1', 'k2', 'k3']) cache.storePage(key, [card(key)], cache.stamp());
    expect(cache.page('k1')).toBeUndefined();
    expect(cache.page('k2')).toBeDefined();
    expect(cache.size.pages).toBe(2);
  });
});

describe('GET /api/posts/feed through the cache', () => {
  let t: TestApp;
  let author: TestUser;
  let reader: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ config: { feedCacheMs: 60_000 } });
    author = await createUser(t.database.db, { username: 'cached_author' });
    reader = await createUser(t.database.db, { username: 'cached_reader' });
  });
  afterAll(() => t.close());

  const feed = async (who?: TestUser) => {
    const res = await injectAs(t.app, who ?? null, { url: '/api/posts/feed?limit=5' });
    expect(res.statusCode).toBe(200);
    return res.json() as { id: string; caption: string; likesCount: number; isLiked: boolean }[];
  };
  const post = async (caption: string) => {
    const res = await injectAs(t.app, author, {
      method: 'POST',
      url: '/api/posts',
      payload: { caption, images: [] },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string };
  };
  /** Runs fn with the feed_changed triggers off: only this process's own invalidation is left. */
  const silently = async (fn: () => Promise<void>) => {
    const triggers = [
      ['posts', 'posts_feed_changed'],
      ['post_likes', 'post_likes_feed_changed'],
    ];
    const set = async (mode: 'ENABLE' | 'DISABLE') => {
      for (const [table, trigger] of triggers)
        await t.database.db.execute(sql.raw(`ALTER TABLE ${table} ${mode} TRIGGER ${trigger}`));
    };
    await set('DISABLE');
    try {
      await fn();
    } finally {
      await set('ENABLE');
    }
  };

  it('answers a repeated read from memory, not from the database', async () => {
    const { id } = await post('Cached caption');
    expect((await feed(reader))[0].caption).toBe('Cached caption');
    await silently(async () => {
      await t.database.db.execute(sql`UPDATE posts SET caption = 'Changed unseen' WHERE id = ${id}`);
      expect((await feed(reader))[0].caption).toBe('Cached caption');
    });
    // The enabled trigger's notification (any later change) empties the cache.
    await t.database.db.execute(sql`UPDATE posts SET caption = 'Changed seen' WHERE id = ${id}`);
    await expect.poll(async () => (await feed(reader))[0].caption).toBe('Changed seen');
  });

  it("shows the writer's like and unlike in their very next read, by the route's own invalidation", async () => {
    const { id } = await post('Like me');
    await silently(async () => {
      expect((await feed(reader))[0]).toMatchObject({ id, likesCount: 0, isLiked: false });
      const like = await injectAs(t.app, reader, { method: 'POST', url: `/api/posts/${id}/like` });
      expect(like.statusCode).toBe(200);
      expect((await feed(reader))[0]).toMatchObject({ id, likesCount: 1, isLiked: true });
      const unlike = await injectAs(t.app, reader, { method: 'DELETE', url: `/api/posts/${id}/like` });
      expect(unlike.statusCode).toBe(200);
      expect((await feed(reader))[0]).toMatchObject({ id, likesCount: 0, isLiked: false });
    });
  });

  it('gives every viewer their own likes on the one shared page', async () => {
    const { id } = await post('Shared page');
    await injectAs(t.app, reader, { method: 'POST', url: `/api/posts/${id}/like` });
    expect((await feed())[0]).toMatchObject({ id, likesCount: 1, isLiked: false });
    expect((await feed(reader))[0]).toMatchObject({ id, likesCount: 1, isLiked: true });
    expect((await feed(author))[0]).toMatchObject({ id, likesCount: 1, isLiked: false });
    expect((await feed(reader))[0].isLiked).toBe(true);
  });

  it('sees a post added by plain SQL (another process) through the notification', async () => {
    await feed(reader);
    await createPost(t.database.db, author, { caption: 'From elsewhere' });
    await expect.poll(async () => (await feed(reader))[0].caption).toBe('From elsewhere');
  });
});
