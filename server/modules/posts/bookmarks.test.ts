import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postBookmarks } from '../../db/schema';
import type { TestApp } from '../../test/app';
import { appWithPlayers, createUser, injectAs, type TestUser } from '../../test/factories';

let t: TestApp, author: TestUser, reader: TestUser, other: TestUser;
beforeAll(async () => {
  ({ t, author, reader, other } = await appWithPlayers({ author: 'user', reader: 'user', other: 'user' }));
});
afterAll(() => t.close());

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: TestUser, payload?: object) =>
  injectAs(t.app, who ?? null, { method, url, payload });

const newPost = async (who: TestUser, caption = 'Loadout check') => {
  const res = await inject('POST', '/api/posts', who, { caption, images: [] });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string };
};

const ids = (res: { json: () => unknown }) => (res.json() as { id: string }[]).map((p) => p.id);
const bookmarksOf = async (who: TestUser, query = '') => {
  const res = await inject('GET', `/api/user/bookmarks${query}`, who);
  expect(res.statusCode).toBe(200);
  return ids(res);
};
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('GET /api/posts/:id', () => {
  it("answers the feed card's shape with the viewer's like and bookmark", async () => {
    const p = await newPost(author, 'One post');
    await inject('POST', `/api/posts/${p.id}/like`, reader);
    await inject('PUT', `/api/posts/${p.id}/bookmark`, reader);
    const mine = await inject('GET', `/api/posts/${p.id}`, reader);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      id: p.id,
      userId: author.id,
      user: { username: author.username },
      caption: 'One post',
      likesCount: 1,
      commentsCount: 0,
      isLiked: true,
      isBookmarked: true,
      canDelete: false,
    });
    const anon = await inject('GET', `/api/posts/${p.id}`);
    expect(anon.json()).toMatchObject({ isLiked: false, isBookmarked: false, canDelete: false });
    const own = await inject('GET', `/api/posts/${p.id}`, author);
    expect(own.json()).toMatchObject({ isBookmarked: false, canDelete: true });
  });

  it("answers 404 'Post not found' for an unknown post and 400 for a bad id, never 500", async () => {
    const missing = await inject('GET', `/api/posts/${MISSING}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Post not found');
    for (const bad of ['nope', '123', '%00', 'a%00b', `${MISSING}%00`, 'x'.repeat(5000)]) {
      const res = await inject('GET', `/api/posts/${bad}`);
      expect(res.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, bad).toBeLessThan(500);
    }
  });
});

describe('bookmarks', () => {
  it('are kept per player, newest bookmark first, and shown in the feed for their viewer only', async () => {
    const saver = await createUser(t.database.db);
    const a = await newPost(author, 'a');
    const b = await newPost(author, 'b');
    const c = await newPost(author, 'c');
    // Bookmarked in the order b, a, c: the list follows the bookmarks, not the posts.
    for (const p of [b, a, c]) {
      const res = await inject('PUT', `/api/posts/${p.id}/bookmark`, saver);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ isBookmarked: true });
    }
    expect(await bookmarksOf(saver)).toEqual([c.id, a.id, b.id]);
    // Another player's bookmarks are not visible: their own list is theirs.
    expect(await bookmarksOf(other)).toEqual([]);
    const feedOf = async (who?: TestUser) =>
      (
        (await inject('GET', '/api/posts/feed?limit=100', who)).json() as {
          id: string;
          isBookmarked: boolean;
        }[]
      )
        .filter((p) => [a.id, b.id, c.id].includes(p.id))
        .map((p) => p.isBookmarked);
    expect(await feedOf(saver)).toEqual([true, true, true]);
    expect(await feedOf(other)).toEqual([false, false, false]);
    expect(await feedOf()).toEqual([false, false, false]);
    // The profile's list of posts carries it too.
    const profile = (await inject('GET', `/api/posts/user/${author.id}?limit=3`, saver)).json();
    expect(profile.every((p: { isBookmarked: boolean }) => p.isBookmarked)).toBe(true);

    // Removing it shows at once in the feed (the cache is emptied) and in the list.
    const removed = await inject('DELETE', `/api/posts/${a.id}/bookmark`, saver);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ isBookmarked: false });
    expect(await feedOf(saver)).toEqual([true, true, false]);
    expect(await bookmarksOf(saver)).toEqual([c.id, b.id]);
    // Idempotent both ways.
    expect((await inject('DELETE', `/api/posts/${a.id}/bookmark`, saver)).statusCode).toBe(200);
    expect((await inject('PUT', `/api/posts/${b.id}/bookmark`, saver)).statusCode).toBe(200);
    expect(await bookmarksOf(saver)).toEqual([c.id, b.id]);
    // Another player removing a post from their own bookmarks leaves this one's alone.
    expect((await inject('DELETE', `/api/posts/${c.id}/bookmark`, other)).statusCode).toBe(200);
    expect(await bookmarksOf(saver)).toEqual([c.id, b.id]);
  });

  it('page with the last post shown as the cursor', async () => {
    const who = await createUser(t.database.db);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await newPost(author, `page ${i}`));
    for (const p of made) await inject('PUT', `/api/posts/${p.id}/bookmark`, who);
    const newest = made.map((p) => p.id).reverse();
    const first = await bookmarksOf(who, '?limit=2');
    expect(first).toEqual(newest.slice(0, 2));
    const second = await bookmarksOf(who, `?limit=2&before=${first[1]}`);
    expect(second).toEqual(newest.slice(2, 4));
    const third = await bookmarksOf(who, `?limit=2&before=${second[1]}`);
    expect(third).toEqual(newest.slice(4));
    // A post that is not (or no longer) in the list yields an empty page.
    expect(await bookmarksOf(who, `?before=${MISSING}`)).toEqual([]);
    expect((await inject('GET', '/api/user/bookmarks?before=nope', who)).statusCode).toBe(400);
    expect((await inject('GET', '/api/user/bookmarks?limit=0', who)).statusCode).toBe(400);
    expect((await inject('GET', '/api/user/bookmarks?limit=1000', who)).statusCode).toBe(400);
  });

  it('need sign-in, an existing post and a well-formed id; refusals change nothing', async () => {
    const p = await newPost(author);
    expect((await inject('PUT', `/api/posts/${p.id}/bookmark`)).statusCode).toBe(401);
    expect((await inject('DELETE', `/api/posts/${p.id}/bookmark`)).statusCode).toBe(401);
    expect((await inject('GET', '/api/user/bookmarks')).statusCode).toBe(401);
    const missing = await inject('PUT', `/api/posts/${MISSING}/bookmark`, reader);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Post not found');
    for (const bad of ['nope', '%00', `${p.id}%00`, '1']) {
      for (const method of ['PUT', 'DELETE'] as const) {
        const res = await inject(method, `/api/posts/${bad}/bookmark`, reader);
        expect(res.statusCode, `${method} ${bad}`).toBe(400);
      }
    }
    expect(await t.database.db.select().from(postBookmarks).where(eq(postBookmarks.postId, p.id))).toEqual(
      [],
    );
  });

  it('1,000 concurrent PUTs on one post leave one row', async () => {
    const p = await newPost(author);
    const who = await createUser(t.database.db);
    const answers = await Promise.all(
      Array.from({ length: 1000 }, () => inject('PUT', `/api/posts/${p.id}/bookmark`, who)),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await t.database.db.select().from(postBookmarks).where(eq(postBookmarks.postId, p.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].userId).toBe(who.id);
  }, 60_000);

  it("go with a deleted post and with the player's account", async () => {
    const gone = await newPost(author, 'to be deleted');
    const kept = await newPost(author, 'kept');
    const who = await createUser(t.database.db);
    await inject('PUT', `/api/posts/${gone.id}/bookmark`, who);
    await inject('PUT', `/api/posts/${kept.id}/bookmark`, who);
    expect((await inject('DELETE', `/api/posts/${gone.id}`, author)).statusCode).toBe(204);
    expect(await bookmarksOf(who)).toEqual([kept.id]);
    expect((await inject('DELETE', '/api/user', who)).statusCode).toBe(204);
    expect(await t.database.db.select().from(postBookmarks).where(eq(postBookmarks.userId, who.id))).toEqual(
      [],
    );
  });
});
