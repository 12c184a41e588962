import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSessions } from '../../db/schema';
import { createTestApp, sessionCookie, type TestApp } from '../../test/app';
import { injectAs, registerViaApi, TEST_PASSWORD } from '../../test/factories';
import { SessionCache } from './session-cache';

const aUser = (id: string) => ({ id, username: id }) as never;
const account = (username: string) => ({
  username,
  email: `${username}@example.test`,
  password: TEST_PASSWORD,
});

describe('SessionCache', () => {
  it('answers an entry until its time is up, then forgets it', () => {
    let now = 1_000;
    const cache = new SessionCache(5_000, 10, () => now);
    cache.set('h1', aUser('u1'));
    expect(cache.get('h1')).toMatchObject({ id: 'u1' });
    now += 4_999;
    expect(cache.get('h1')).toMatchObject({ id: 'u1' });
    now += 1;
    expect(cache.get('h1')).toMatchObject({ id: 'u1' });
    now += 1;
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the oldest entry when full, and forgets by token and by user', () => {
    const cache = new SessionCache(5_000, 2);
    cache.set('a', aUser('u1'));
    cache.set('b', aUser('u1'));
    cache.set('c', aUser('u2'));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(2);
    cache.forgetUser('u1');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toMatchObject({ id: 'u2' });
    cache.forgetToken('c');
    expect(cache.size).toBe(0);
  });

  it('keeps no session read before a forget that came while it was read (a deleted account, a logout)', async () => {
    const cache = new SessionCache(5_000);
    const before = cache.stamp();
    await cache.forgetUser('u1');
    cache.set('a', aUser('u1'), before);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', aUser('u1'), cache.stamp());
    expect(cache.get('a')).toMatchObject({ id: 'u1' });
    const beforeLogout = cache.stamp();
    await cache.forgetToken('b');
    cache.set('b', aUser('u2'), beforeLogout);
    expect(cache.get('b')).toBeUndefined();
  });

  it('keeps nothing when the time to live is 0', () => {
    const cache = new SessionCache(0);
    cache.set('a', aUser('u1'));
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('sessions resolved through the cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { sessionCacheMs: 60_000 } });
  });
  afterAll(() => t.close());

  const me = (cookie: string) => injectAs(t.app, { cookie }, { url: '/api/user' });

  it('spares the session query for a few seconds (a row deleted behind its back still answers)', async () => {
    const cookie = sessionCookie(await registerViaApi(t.app, account('cached_one')));
    expect((await me(cookie)).statusCode).toBe(200);
    await t.database.db.delete(userSessions);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('forgets a session at logout at once', async () => {
    const cookie = sessionCookie(await registerViaApi(t.app, account('cached_two')));
    expect((await me(cookie)).statusCode).toBe(200);
    await injectAs(t.app, { cookie }, { method: 'POST', url: '/api/logout' });
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('answers the new profile at once after an update', async () => {
    const cookie = sessionCookie(await registerViaApi(t.app, account('cached_three')));
    expect((await me(cookie)).json().username).toBe('cached_three');
    const patch = await injectAs(
      t.app,
      { cookie },
      { method: 'PATCH', url: '/api/profile', payload: { username: 'renamed_three', bio: 'new bio' } },
    );
    expect(patch.statusCode).toBe(200);
    expect((await me(cookie)).json()).toMatchObject({ username: 'renamed_three', bio: 'new bio' });
  });

  it('answers 401 at once after the account is deleted', async () => {
    const res = await registerViaApi(t.app, account('cached_four'));
    const cookie = sessionCookie(res);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await injectAs(t.app, { cookie }, { method: 'DELETE', url: '/api/user' })).statusCode).toBe(204);
    expect((await me(cookie)).statusCode).toBe(401);
    const left = await t.database.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.userId, res.json().id));
    expect(left).toHaveLength(0);
  });
});
