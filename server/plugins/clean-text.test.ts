import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARS_MESSAGE } from '../../contract';
import { blockedWords, comments, pageViews, posts, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import {
  createAdmin,
  createComment,
  createPost,
  createUser,
  injectAs,
  type TestUser,
} from '../test/factories';
import { errorForLog } from './error-handler';

let t: TestApp;
let member: TestUser;
let admin: TestUser;
let postId: string;
let commentId: string;

beforeAll(async () => {
  t = await createTestApp();
  member = await createUser(t.database.db, { username: 'clean_member' });
  admin = await createAdmin(t.database.db);
  const post = await createPost(t.database.db, member, { caption: 'clean' });
  postId = post.id;
  commentId = (await createComment(t.database.db, member, post, { content: 'clean comment' })).id;
});
afterAll(() => t.close());

const NUL = 'a\u0000b';

describe('text with control characters is refused with 400, never a 500', () => {
  const cases: [string, string, string, (() => string) | null, unknown][] = [
    [
      'POST',
      '/api/register',
      'username',
      null,
      { username: NUL, email: 'x@example.test', password: 'a-strong-pass-1' },
    ],
    ['POST', '/api/login', 'username', null, { username: NUL, password: 'whatever-pass' }],
    ['PATCH', '/api/profile', 'bio', () => member.cookie, { bio: `bio ${NUL}` }],
    ['PATCH', '/api/profile', 'location', () => member.cookie, { location: NUL }],
    ['PATCH', '/api/profile', 'avatar', () => member.cookie, { avatar: `https://example.com/${NUL}.png` }],
    ['POST', '/api/posts', 'caption', () => member.cookie, { caption: `hello ${NUL}` }],
    [
      'POST',
      '/api/posts',
      'images.0',
      () => member.cookie,
      { caption: 'ok', images: [`/objects/images/${NUL}`] },
    ],
    ['POST', `/api/posts/:post/comments`, 'content', () => member.cookie, { content: NUL }],
    ['PATCH', `/api/comments/:comment`, 'content', () => member.cookie, { content: NUL }],
    ['POST', '/api/admin/blocked-words', 'word', () => admin.cookie, { word: NUL }],
    ['POST', '/api/analytics/page-view', 'path', null, { path: `/x${NUL}` }],
    ['POST', '/api/analytics/page-view', 'referrer', null, { path: '/x', referrer: NUL }],
    ['PUT', '/api/post-images', 'imageURL', () => member.cookie, { imageURL: `/api/objects/upload/${NUL}` }],
  ];

  it.each(cases)('%s %s (%s)', async (method, path, field, cookie, payload) => {
    const url = path.replace(':post', postId).replace(':comment', commentId);
    const res = await injectAs(t.app, cookie ? { cookie: cookie() } : null, {
      method: method as 'POST',
      url,
      payload: payload as object,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field][0]).toBe(CONTROL_CHARS_MESSAGE);
  });

  it('refuses it in query strings and paths too', async () => {
    for (const url of [
      '/api/users/search?q=ab%00cd',
      '/api/events/search?q=ab%00cd',
      '/api/products?search=ab%00cd',
      '/api/profile/ab%00cd',
      '/api/posts/feed?before=ab%00cd',
    ]) {
      const res = await injectAs(t.app, member, { url });
      expect(res.statusCode, url).toBe(400);
    }
    const admins = await injectAs(t.app, admin, { url: '/api/admin/users?q=ab%00' });
    expect(admins.statusCode).toBe(400);
  });

  it('stores nothing on refusal', async () => {
    const [u] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(u).toMatchObject({ bio: null, location: null, avatar: null });
    expect(await t.database.db.select().from(posts)).toHaveLength(1);
    const [c] = await t.database.db.select().from(comments).where(eq(comments.id, commentId));
    expect(c.content).toBe('clean comment');
    expect(await t.database.db.select().from(blockedWords)).toHaveLength(0);
    expect(await t.database.db.select().from(pageViews)).toHaveLength(0);
  });

  it('keeps newlines and tabs', async () => {
    const res = await injectAs(t.app, member, {
      method: 'POST',
      url: '/api/posts',
      payload: { caption: 'line one\nline\ttwo' },
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('ids and names in paths', () => {
  it('reads ids in any case as the same id: following oneself in upper case is refused', async () => {
    const res = await injectAs(t.app, member, {
      method: 'POST',
      url: `/api/follow/${member.id.toUpperCase()}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You cannot follow yourself');
    const like = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/posts/${postId.toUpperCase()}/like`,
    });
    expect(like.json()).toEqual({ isLiked: true, likesCount: 1 });
    const again = await injectAs(t.app, admin, { method: 'POST', url: `/api/posts/${postId}/like` });
    expect(again.json()).toEqual({ isLiked: true, likesCount: 1 });
  });

  it('answers 404 JSON for an over-long or malformed object name, never a 500', async () => {
    for (const url of [
      `/objects/images/${'a'.repeat(256)}.webp`,
      `/objects/${'b'.repeat(300)}`,
      '/objects/images/%00',
    ]) {
      const res = await t.app.inject({ url });
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.json().message).toBeTruthy();
    }
    const long = await t.app.inject({ url: `/objects/images/${'a'.repeat(256)}.webp` });
    expect(long.statusCode).toBe(404);
    expect(long.json()).toEqual({ message: 'Object not found' });
  });
});

describe('errorForLog', () => {
  it("logs a failed query's SQL and code, never its parameters", () => {
    const err = Object.assign(new Error('Failed query: select 1 where x = $1\nparams: hunter2'), {
      name: 'DrizzleQueryError',
      query: 'select 1 where x = $1',
      params: ['hunter2'],
      cause: { code: '22021', message: 'invalid byte sequence' },
    });
    const logged = errorForLog(err);
    expect(JSON.stringify(logged)).not.toContain('hunter2');
    expect(logged).toMatchObject({ query: 'select 1 where x = $1', code: '22021' });
    const plain = new Error('boom');
    expect(errorForLog(plain)).toBe(plain);
  });
});
