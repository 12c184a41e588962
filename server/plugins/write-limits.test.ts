import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../db/schema';
import type { TestApp } from '../test/app';
import { appWithPlayers, createAdmin, injectAs, type TestUser } from '../test/factories';
import { OWN_LIMIT, SESSION_READS, WRITE_LIMITS } from './write-limits';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const LIMITS = { account: 2, address: 3 };
let t: TestApp;
let admin: TestUser;
let other: TestUser;
let open: TestApp;
let openAdmin: TestUser;
beforeAll(async () => {
  ({ t, admin, other } = await appWithPlayers(
    { admin: 'admin', other: 'admin' },
    { config: { rateLimits: true, writeLimits: LIMITS } },
  ));
  ({ t: open, admin: openAdmin } = await appWithPlayers(
    { admin: 'admin' },
    { config: { rateLimits: false, writeLimits: LIMITS } },
  ));
});
afterAll(async () => {
  await t.close();
  await open.close();
});

/** A route key's method and an address for it: every parameter a fresh id (checked after the limits). */
const call = (key: string) => {
  const [method, url] = key.split(' ');
  return { method: method as Method, url: url.replace(/:\w+/g, () => randomUUID()) };
};
/** Rows whose call ends the session (counted per address in the test). */
const ENDS_SESSION = ['POST /api/logout', 'DELETE /api/user'];
const live = Object.entries(WRITE_LIMITS);

describe('limits on every write (issue 24)', () => {
  it('every write route has a row in the table or a limit of its own, and every row names a route', async () => {
    expect(t.app.writeRoutesUnlisted).toEqual([]);
    for (const [key] of live) {
      const { method, url } = call(key);
      expect(t.app.hasRoute({ method, url: key.split(' ')[1] }), `${method} ${url}`).toBe(true);
    }
    for (const key of OWN_LIMIT)
      expect(t.app.hasRoute({ method: 'POST', url: key.split(' ')[1] })).toBe(true);
  });

  it('a start with a row naming no route fails and says which', async () => {
    WRITE_LIMITS['POST /api/nowhere'] = { account: 1, address: 1, session: true };
    try {
      const { createTestApp } = await import('../test/app');
      await expect(createTestApp()).rejects.toThrow(/POST \/api\/nowhere/);
    } finally {
      delete WRITE_LIMITS['POST /api/nowhere'];
    }
  });

  it('each write route answers 429 with Retry-After and a message past its per-account limit', async () => {
    const refused: string[] = [];
    for (const [key] of live) {
      if (ENDS_SESSION.includes(key)) continue;
      // A player of its own per route: some rows end the session (logout, account deletion).
      const player = await createAdmin(t.database.db);
      const target = call(key);
      const codes: number[] = [];
      for (let i = 0; i < LIMITS.account; i++) codes.push((await injectAs(t.app, player, target)).statusCode);
      const res = await injectAs(t.app, player, target);
      expect(codes, key).not.toContain(429);
      if (res.statusCode !== 429) {
        refused.push(`${key}: ${res.statusCode}`);
        continue;
      }
      expect(Number(res.headers['retry-after']), key).toBeGreaterThan(3000);
      expect(res.json().message, key).toMatch(
        /Too many requests from this account: please try again in \d+ (minutes|hours)/,
      );
    }
    expect(refused).toEqual([]);
  });

  it.each(ENDS_SESSION)('%s, which ends the session, is limited per address', async (key) => {
    const codes: number[] = [];
    let last = null;
    for (let i = 0; i <= LIMITS.address; i++) {
      const player = await createAdmin(t.database.db);
      last = await t.app.inject({
        ...call(key),
        headers: { cookie: player.cookie },
        remoteAddress: '192.0.2.44',
      });
      codes.push(last.statusCode);
    }
    expect(codes.slice(0, -1), key).not.toContain(429);
    expect(last?.statusCode).toBe(429);
    expect(last?.json().message).toMatch(/from this address/);
  });

  it('counts per address too: a second account from the same address is refused past the address limit', async () => {
    const key = 'POST /api/posts/:id/like';
    const target = { ...call(key), headers: { 'x-test': '1' } };
    const from = (user: TestUser, remoteAddress: string) =>
      t.app.inject({ ...target, headers: { cookie: user.cookie }, remoteAddress });
    // An IPv6 /64 is one address: two accounts, three different interface ids.
    expect((await from(admin, '2001:db8:1:2::1')).statusCode).not.toBe(429);
    expect((await from(other, '2001:db8:1:2::2')).statusCode).not.toBe(429);
    expect((await from(other, '2001:db8:1:2::3')).statusCode).not.toBe(429);
    const fourth = await from(admin, '2001:db8:1:2:ffff::4');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(/from this address/);
    // Another /64 is another address.
    const third = await createAdmin(t.database.db);
    expect((await from(third, '2001:db8:1:3::1')).statusCode).not.toBe(429);
  });

  it('a refused write changes nothing', async () => {
    const fresh = await createAdmin(t.database.db);
    const post = async () =>
      t.app.inject({
        method: 'POST',
        url: '/api/posts',
        payload: { caption: 'hello there' },
        headers: { cookie: fresh.cookie },
        remoteAddress: '198.51.100.7',
      });
    const codes = [];
    for (let i = 0; i <= LIMITS.account; i++) codes.push((await post()).statusCode);
    expect(codes).toEqual([201, 201, 429]);
    const rows = await t.database.db.select().from(posts).where(eq(posts.userId, fresh.id));
    expect(rows).toHaveLength(2);
  });

  it('RATE_LIMITS=off lifts these limits too', async () => {
    const target = call('POST /api/posts');
    for (let i = 0; i < LIMITS.address + 2; i++)
      expect((await injectAs(open.app, openAdmin, target)).statusCode).not.toBe(429);
  });
});

describe('the session is checked before the body (401 before 400)', () => {
  const sessionRoutes = [...live.filter(([, limit]) => limit.session).map(([key]) => key), ...SESSION_READS];
  it.each(sessionRoutes)('%s answers 401 to a signed-out call with a bad body', async (key) => {
    const { method, url } = call(key);
    const bad = method === 'GET' ? { url: `${url}?limit=nope&before=x` } : { url, payload: '{"not json' };
    const res = await open.app.inject({
      method,
      ...bad,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode, key).toBe(401);
  });

  it('POST /api/gear with no session and no image answers 401', async () => {
    const res = await open.app.inject({ method: 'POST', url: '/api/gear', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
