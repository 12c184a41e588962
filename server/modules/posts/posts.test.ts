import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEvents, postLikes, posts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser, injectAs, type TestUser } from '../../test/factories';

let t: TestApp;
let author: TestUser;
let other: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.database.db, { username: 'author' });
  other = await createUser(t.database.db, { username: 'other' });
  admin = await createAdmin(t.database.db);
});
afterAll(() => t.close());

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who?: TestUser, payload?: object) =>
  injectAs(t.app, who ?? null, { method, url, payload });

const newPost = async (who: TestUser, caption = 'Loadout check') => {
  const res = await inject('POST', '/api/posts', who, { caption, images: [] });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string };
};

describe('POST /api/posts', () => {
  it('creates a post with trimmed caption and images, answering the feed card', async () => {
    const res = await inject('POST', '/api/posts', author, {
      caption: '  New HPA build  ',
      images: ['/objects/images/a.webp', '/objects/images/b.webp'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      caption: 'New HPA build',
      images: ['/objects/images/a.webp', '/objects/images/b.webp'],
      user: { username: 'author' },
      likesCount: 0,
      commentsCount: 0,
      isLiked: false,
    });
    const [ev] = await t.database.db.select().from(postEvents).where(eq(postEvents.postId, res.json().id));
    expect(ev.action).toBe('create');
  });

  it('refuses anonymous, blank, huge, wrong-typed and too many images; nothing stored', async () => {
    const before = (await t.database.db.select().from(posts)).length;
    expect((await inject('POST', '/api/posts', undefined, { caption: 'x' })).statusCode).toBe(401);
    const blank = await inject('POST', '/api/posts', author, { caption: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.caption).toEqual(['Please add a caption to your post']);
    expect((await inject('POST', '/api/posts', author, { caption: 'x'.repeat(2201) })).statusCode).toBe(400);
    expect((await inject('POST', '/api/posts', author, { caption: 42 })).statusCode).toBe(400);
    const six = Array.from({ length: 6 }, (_, i) => `https://example.com/${i}.jpg`);
    expect((await inject('POST', '/api/posts', author, { caption: 'x', images: six })).statusCode).toBe(400);
    expect(
      (await inject('POST', '/api/posts', author, { caption: 'x', images: ['javascript:alert(1)'] }))
        .statusCode,
    ).toBe(400);
    expect((await t.database.db.select().from(posts)).length).toBe(before);
  });
});

describe('GET /api/posts/feed', () => {
  it('answers newest first with counts and isLiked, pages by keyset', async () => {
    const a = await newPost(author, 'first');
    const b = await newPost(other, 'second');
    await inject('POST', `/api/posts/${a.id}/like`, other);
    await inject('POST', `/api/posts/${a.id}/comments`, other, { content: 'nice' });
    const res = await inject('GET', '/api/posts/feed?limit=2', other);
    expect(res.statusCode).toBe(200);
    const [top, next] = res.json();
    expect(top.id).toBe(b.id);
    expect(next).toMatchObject({ id: a.id, likesCount: 1, commentsCount: 1, isLiked: true });
    const anon = await inject('GET', '/api/posts/feed?limit=2');
    expect(anon.json()[1].isLiked).toBe(false);
    const page2 = await inject('GET', `/api/posts/feed?limit=2&before=${a.id}`);
    expect(page2.json().every((p: { id: string }) => p.id !== a.id && p.id !== b.id)).toBe(true);
    expect((await inject('GET', '/api/posts/feed?before=nope')).statusCode).toBe(400);
    expect((await inject('GET', '/api/posts/feed?limit=0')).statusCode).toBe(400);
  });
});

describe('DELETE /api/posts/:id', () => {
  it('lets the author and an admin delete, nobody else', async () => {
    const p1 = await newPost(author);
    expect((await inject('DELETE', `/api/posts/${p1.id}`)).statusCode).toBe(401);
    expect((await inject('DELETE', `/api/posts/${p1.id}`, other)).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/posts/${p1.id}`, author)).statusCode).toBe(204);
    expect((await inject('DELETE', `/api/posts/${p1.id}`, author)).statusCode).toBe(404);
    const p2 = await newPost(author);
    expect((await inject('DELETE', `/api/posts/${p2.id}`, admin)).statusCode).toBe(204);
    const events = await t.database.db.select().from(postEvents).where(eq(postEvents.action, 'delete'));
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect((await inject('DELETE', '/api/posts/not-a-uuid', admin)).statusCode).toBe(400);
  });
});

describe('likes', () => {
  it('keep the counters on the post exact through comments, deletions and account deletion', async () => {
    const p = await newPost(author, 'Counter check');
    const [a, b] = [await createUser(t.database.db), await createUser(t.database.db)];
    for (const u of [a, b]) {
      await inject('POST', `/api/posts/${p.id}/like`, u);
      await inject('POST', `/api/posts/${p.id}/comments`, u, { content: 'Nice kit' });
    }
    const extra = await inject('POST', `/api/posts/${p.id}/comments`, a, { content: 'Second thought' });
    const card = async () =>
      (await inject('GET', '/api/posts/feed?limit=100', author))
        .json()
        .find((x: { id: string }) => x.id === p.id);
    expect(await card()).toMatchObject({ likesCount: 2, commentsCount: 3 });
    await inject('DELETE', `/api/comments/${extra.json().id}`, a);
    expect(await card()).toMatchObject({ likesCount: 2, commentsCount: 2 });
    // Deleting an account cascades to its likes and comments; the counters follow.
    expect((await inject('DELETE', '/api/user', a)).statusCode).toBe(204);
    expect(await card()).toMatchObject({ likesCount: 1, commentsCount: 1 });
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, p.id));
    expect(row).toMatchObject({ likesCount: 1, commentsCount: 1 });
    // Deleting the post itself cascades to its likes and comments without tripping the triggers.
    expect((await inject('DELETE', `/api/posts/${p.id}`, author)).statusCode).toBe(204);
    expect(await t.database.db.select().from(postLikes).where(eq(postLikes.postId, p.id))).toHaveLength(0);
  });

  it('are idempotent and exact when many likes and unlikes arrive at once', async () => {
    const p = await newPost(author);
    const likers = await Promise.all(Array.from({ length: 30 }, () => createUser(t.database.db)));
    const storm = likers.flatMap((u) => [
      inject('POST', `/api/posts/${p.id}/like`, u),
      inject('POST', `/api/posts/${p.id}/like`, u),
    ]);
    expect((await Promise.all(storm)).every((r) => r.statusCode === 200)).toBe(true);
    const rows = await t.database.db.select().from(postLikes).where(eq(postLikes.postId, p.id));
    expect(rows).toHaveLength(30);
    const unlikes = likers
      .slice(0, 10)
      .flatMap((u) => [
        inject('DELETE', `/api/posts/${p.id}/like`, u),
        inject('DELETE', `/api/posts/${p.id}/like`, u),
      ]);
    await Promise.all(unlikes);
    const answer = await inject('POST', `/api/posts/${p.id}/like`, likers[29]);
    expect(answer.json()).toEqual({ isLiked: true, likesCount: 20 });
    const un = await inject('DELETE', `/api/posts/${p.id}/like`, likers[29]);
    expect(un.json()).toEqual({ isLiked: false, likesCount: 19 });
  });

  it('need sign-in and an existing post', async () => {
    const p = await newPost(author);
    expect((await inject('POST', `/api/posts/${p.id}/like`)).statusCode).toBe(401);
    expect(
      (await inject('POST', '/api/posts/00000000-0000-4000-8000-000000000000/like', other)).statusCode,
    ).toBe(404);
  });
});

describe('comments', () => {
  it('add, list, edit (author only) and delete (author or admin)', async () => {
    const p = await newPost(author);
    const add = await inject('POST', `/api/posts/${p.id}/comments`, other, { content: '  Great shot  ' });
    expect(add.statusCode).toBe(201);
    const c = add.json();
    expect(c).toMatchObject({ content: 'Great shot', user: { id: other.id, username: 'other' } });
    expect((await inject('POST', `/api/posts/${p.id}/comments`, other, { content: '   ' })).statusCode).toBe(
      400,
    );
    expect(
      (await inject('POST', `/api/posts/${p.id}/comments`, undefined, { content: 'hi' })).statusCode,
    ).toBe(401);

    const list = await inject('GET', `/api/posts/${p.id}/comments`);
    expect(list.json().map((x: { id: string }) => x.id)).toEqual([c.id]);

    expect((await inject('PATCH', `/api/comments/${c.id}`, author, { content: 'hijack' })).statusCode).toBe(
      403,
    );
    expect((await inject('PATCH', `/api/comments/${c.id}`, admin, { content: 'hijack' })).statusCode).toBe(
      403,
    );
    const edit = await inject('PATCH', `/api/comments/${c.id}`, other, { content: 'Great shot!' });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().content).toBe('Great shot!');
    expect(new Date(edit.json().updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(c.updatedAt).getTime());

    expect((await inject('DELETE', `/api/comments/${c.id}`, author)).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/comments/${c.id}`, admin)).statusCode).toBe(204);
    expect((await inject('GET', `/api/posts/${p.id}/comments`)).json()).toEqual([]);
    expect((await inject('GET', '/api/posts/00000000-0000-4000-8000-000000000000/comments')).statusCode).toBe(
      404,
    );
  });

  it('pages oldest first with the last id as cursor', async () => {
    const p = await newPost(author);
    for (const content of ['one', 'two', 'three'])
      await inject('POST', `/api/posts/${p.id}/comments`, other, { content });
    const first = (await inject('GET', `/api/posts/${p.id}/comments?limit=2`)).json();
    expect(first.map((x: { content: string }) => x.content)).toEqual(['one', 'two']);
    const rest = (await inject('GET', `/api/posts/${p.id}/comments?limit=2&before=${first[1].id}`)).json();
    expect(rest.map((x: { content: string }) => x.content)).toEqual(['three']);
  });
});

describe('blocked words', () => {
  it('admins manage them; non-admins get 401/403 on every admin route', async () => {
    expect((await inject('GET', '/api/admin/blocked-words')).statusCode).toBe(401);
    expect((await inject('GET', '/api/admin/blocked-words', other)).statusCode).toBe(403);
    expect((await inject('POST', '/api/admin/blocked-words', other, { word: 'x' })).statusCode).toBe(403);
    // Guards belong to routes (issue 7): a path that is no route is a 404 for everyone.
    expect((await inject('GET', '/api/admin/anything-else', other)).statusCode).toBe(404);

    const add = await inject('POST', '/api/admin/blocked-words', admin, { word: '  Cheater  ' });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({ word: 'Cheater' });
    const dup = await inject('POST', '/api/admin/blocked-words', admin, { word: 'cheater' });
    expect(dup.statusCode).toBe(409);
    expect((await inject('POST', '/api/admin/blocked-words', admin, { word: '   ' })).statusCode).toBe(400);
    const list = await inject('GET', '/api/admin/blocked-words', admin);
    expect(list.json()).toEqual([{ id: add.json().id, word: 'Cheater' }]);
    expect((await inject('DELETE', `/api/admin/blocked-words/${add.json().id}`, other)).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/admin/blocked-words/${add.json().id}`, admin)).statusCode).toBe(204);
    expect((await inject('DELETE', `/api/admin/blocked-words/${add.json().id}`, admin)).statusCode).toBe(404);
  });

  it('stop posts and comments that use one as a whole word, in any case', async () => {
    await inject('POST', '/api/admin/blocked-words', admin, { word: 'hacker' });
    const before = (await t.database.db.select().from(posts)).length;
    const refused = await inject('POST', '/api/posts', author, { caption: 'That HACKER again!' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/blocked word/);
    expect((await t.database.db.select().from(posts)).length).toBe(before);
    // A longer word that merely contains it is fine.
    expect((await inject('POST', '/api/posts', author, { caption: 'Lifehackers unite' })).statusCode).toBe(
      201,
    );
    const p = await newPost(author);
    const c = await inject('POST', `/api/posts/${p.id}/comments`, other, { content: 'you hacker' });
    expect(c.statusCode).toBe(400);
  });
});
