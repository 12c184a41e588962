import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieSecureOf } from '../env';
import { createTestApp, sessionCookie, type TestApp } from '../test/app';
import {
  appWithPlayers,
  createEvent,
  createGearPost,
  createTeam,
  injectAs,
  TEST_PASSWORD,
  type TestUser,
} from '../test/factories';
import { PERSONAL_CACHE } from './personal-cache';

let t: TestApp;
let player: TestUser;
let leader: TestUser;
let paths: string[];
beforeAll(async () => {
  ({ t, player, leader } = await appWithPlayers({ player: 'user', leader: 'user' }));
  const team = await createTeam(t.database.db, leader);
  const event = await createEvent(t.database.db);
  await createGearPost(t.database.db, leader);
  paths = [
    '/api/user',
    '/api/user/invites',
    `/api/teams/${team.id}`,
    `/api/teams/${team.id}/applications`,
    '/api/events',
    `/api/events/${event.id}`,
    '/api/gear/to-rate',
    '/api/gear/top-rated',
    '/api/posts/feed',
    '/api/notifications',
    '/api/user/bookmarks',
    '/api/teams',
  ];
});
afterAll(async () => {
  await t.close();
});

describe('answers that carry the viewer’s own data (issue 24)', () => {
  it('go out `private, no-store` to a signed-in viewer', async () => {
    for (const url of paths) {
      const res = await injectAs(t.app, url.includes('applications') ? leader : player, { url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(PERSONAL_CACHE);
    }
  });

  it('public answers to a signed-out visitor keep no such header', async () => {
    const res = await injectAs(t.app, null, { url: '/api/events' });
    expect(res.headers['cache-control']).not.toBe(PERSONAL_CACHE);
  });
});

describe('the session cookie behind TLS (COOKIE_SECURE, PUBLIC_URL with https)', () => {
  it('COOKIE_SECURE=1 or an https PUBLIC_URL makes it Secure', () => {
    expect(cookieSecureOf({ COOKIE_SECURE: '1' })).toBe(true);
    expect(cookieSecureOf({ COOKIE_SECURE: '0', PUBLIC_URL: 'https://airsoft.example.org' })).toBe(true);
    expect(cookieSecureOf({ COOKIE_SECURE: '0', PUBLIC_URL: 'http://localhost:5000' })).toBe(false);
    expect(cookieSecureOf({ COOKIE_SECURE: '0' })).toBe(false);
  });

  it('is Secure and named __Host-sid, read under that name only, and cleared under it', async () => {
    const secure = await createTestApp({ config: { cookieSecure: true } });
    try {
      const login = await secure.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: player.username, password: TEST_PASSWORD },
      });
      // Another database: register instead.
      const reg =
        login.statusCode === 200
          ? login
          : await secure.app.inject({
              method: 'POST',
              url: '/api/register',
              payload: { username: 'secure_one', email: 'secure_one@example.test', password: TEST_PASSWORD },
            });
      const set = reg.cookies.find((c) => c.name === '__Host-sid');
      expect(set, JSON.stringify(reg.cookies)).toBeDefined();
      expect(set?.secure).toBe(true);
      expect(set?.httpOnly).toBe(true);
      expect(set?.path).toBe('/');
      expect(set?.domain).toBeUndefined();
      const cookie = sessionCookie(reg);
      expect((await secure.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(200);
      // The unprefixed name (which a sibling subdomain could set) is not read.
      const plain = `sid=${set?.value}`;
      expect((await secure.app.inject({ url: '/api/user', headers: { cookie: plain } })).statusCode).toBe(
        401,
      );
      const out = await secure.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
      const cleared = out.cookies.find((c) => c.name === '__Host-sid');
      expect(cleared?.secure).toBe(true);
      expect(cleared?.value).toBe('');
      expect((await secure.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
    } finally {
      await secure.close();
    }
  });
});
