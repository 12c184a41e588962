import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_LIMITS } from '../../contract';
import type { TestApp } from '../test/app';
import { appWithPlayers, injectAs, type TestUser } from '../test/factories';
import { JSON_BODY_LIMIT, JSON_MAX_DEPTH, JSON_TOO_DEEP, nestedBeyond } from './json-body';

let t: TestApp, admin: TestUser, player: TestUser;
beforeAll(async () => {
  ({ t, admin, player } = await appWithPlayers({ admin: 'admin', player: 'user' }));
});
afterAll(() => t.close());

const post = (url: string, body: string, who: TestUser | null = null) =>
  injectAs(t.app, who, {
    method: 'POST',
    url,
    payload: body,
    headers: { 'content-type': 'application/json' },
  });
const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const objects = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;

describe('nestedBeyond', () => {
  it('counts objects and arrays opened inside each other, never brackets inside strings', () => {
    expect(nestedBeyond(arrays(3), 3)).toBe(false);
    expect(nestedBeyond(arrays(4), 3)).toBe(true);
    expect(nestedBeyond(objects(4), 3)).toBe(true);
    expect(nestedBeyond('[[],[],[[]]]', 3)).toBe(false);
    expect(nestedBeyond('{"a":"[[[[[[","b":["{{{{"]}', 2)).toBe(false);
    expect(nestedBeyond('["\\"[[[[", [[]]]', 3)).toBe(false);
    expect(nestedBeyond('["\\\\", [[[]]]]', 3)).toBe(true);
  });
});

describe('a JSON body', () => {
  it('nested 10,000 levels deep answers 400 before it is parsed, and the server still answers', async () => {
    for (const body of [
      arrays(10_000),
      objects(10_000),
      `{"username":${arrays(10_000)},"password":"x"}`,
      `{"caption":"x","images":${arrays(10_000)}}`,
    ]) {
      const res = await post('/api/login', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: JSON_TOO_DEEP });
    }
    const deepPost = await post('/api/posts', `{"caption":"x","images":${arrays(10_000)}}`, player);
    expect(deepPost.json()).toEqual({ message: JSON_TOO_DEEP });
    expect((await injectAs(t.app, null, { url: '/api/health' })).json()).toEqual({ ok: true });
  });

  it(`up to ${JSON_MAX_DEPTH} levels is parsed and validated as usual; brackets in text do not count`, async () => {
    const res = await post('/api/login', arrays(JSON_MAX_DEPTH));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).not.toBe(JSON_TOO_DEEP);
    expect((await post('/api/login', arrays(JSON_MAX_DEPTH + 1))).json()).toEqual({ message: JSON_TOO_DEEP });
    const caption = `${'['.repeat(200)} brackets in a caption`;
    const created = await post('/api/posts', JSON.stringify({ caption }), player);
    expect(created.statusCode).toBe(201);
    expect(created.json().caption).toBe(caption);
  });

  it('over 64 KiB answers 413, except on a route that takes more (Manage News: 100,000 characters)', async () => {
    const big = JSON.stringify({ username: 'x'.repeat(JSON_BODY_LIMIT), password: 'x' });
    const res = await post('/api/login', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Request body is too large' });

    // 100,000 characters of three bytes each: about 300 KB of JSON.
    const content = 'é€'.repeat(NEWS_LIMITS.content / 2);
    const article = await post('/api/admin/news', JSON.stringify({ title: 'Long read', content }), admin);
    expect(article.statusCode).toBe(201);
    expect(article.json().content).toBe(content);
    const tooLong = await post(
      '/api/admin/news',
      JSON.stringify({ title: 'Longer', content: `${content}!` }),
      admin,
    );
    expect(tooLong.statusCode).toBe(400);
  });

  it('keeps refusing prototype poisoning and malformed JSON with 400', async () => {
    const poisoned = await post('/api/login', '{"username":"a","password":"b","__proto__":{"admin":true}}');
    expect(poisoned.statusCode).toBe(400);
    const broken = await post('/api/login', '{"username":');
    expect(broken.statusCode).toBe(400);
    const empty = await post('/api/login', '');
    expect(empty.statusCode).toBe(400);
  });
});
