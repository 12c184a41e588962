import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../context';
import { type Database, openDatabase } from '../db/client';
import { createSecondInstance, createTestApp, sessionCookie, type TestApp } from '../test/app';
import { openTestDatabase, type TestDatabase } from '../test/db';
import { createAdmin, createEvent, createUser, injectAs, TEST_PASSWORD } from '../test/factories';
import { DatabaseChangeBus } from './change-bus';

const onPostgres = !!process.env.TEST_DATABASE_URL;

describe('DatabaseChangeBus', () => {
  let database: TestDatabase;
  let other: Database | null = null;
  beforeAll(async () => {
    database = await openTestDatabase();
    if (database.url) other = await openDatabase({ databaseUrl: database.url });
  });
  afterAll(async () => {
    await other?.close();
    await database.close();
  });

  it("tells this process's subscribers at once, with the key", async () => {
    const bus = new DatabaseChangeBus(database);
    await bus.start();
    try {
      const heard: Array<string | null> = [];
      bus.subscribe('user', (key) => heard.push(key));
      const sent = bus.publish('user', 'u1');
      // Before the promise settles: a local reader never sees the old entry.
      expect(heard).toEqual(['u1']);
      await sent;
      await bus.publish('user');
      expect(heard).toEqual(['u1', null]);
      expect(bus.live).toBe(true);
    } finally {
      await bus.close();
    }
  });

  it.skipIf(!onPostgres)('tells the other processes on the database, and not itself twice', async () => {
    const a = new DatabaseChangeBus(database);
    const b = new DatabaseChangeBus(other as Database);
    await a.start();
    await b.start();
    try {
      const onA: Array<string | null> = [];
      const onB: Array<string | null> = [];
      a.subscribe('session', (key) => onA.push(key));
      b.subscribe('session', (key) => onB.push(key));
      b.subscribe('other', () => onB.push('wrong topic'));
      onA.length = 0;
      onB.length = 0;
      await a.publish('session', 'hash-1');
      await expect.poll(() => onB, { timeout: 1_000 }).toEqual(['hash-1']);
      expect(onA).toEqual(['hash-1']);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

/*
 * Two instances of the app on one PostgreSQL database (as two workers or two machines are), every
 * cache kept 60 s: without the change bus the second would answer what it kept for that long.
 */
describe.skipIf(!onPostgres)('caches across instances', () => {
  const config = {
    sessionCacheMs: 60_000,
    eventsCacheMs: 60_000,
    publicCacheMs: 60_000,
    analyticsCacheMs: 600_000,
  };
  let t: TestApp;
  let a: App;
  let b: App;
  let second: Awaited<ReturnType<typeof createSecondInstance>>;
  beforeAll(async () => {
    t = await createTestApp({ config });
    second = await createSecondInstance(t, { config });
    a = t.app;
    b = second.app;
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const me = (app: App, user: { cookie: string }) => injectAs(app, user, { url: '/api/user' });
  /** Polls `read` briefly (the NOTIFY crosses in milliseconds); far shorter than any cache's time. */
  const soon = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 1_000, interval: 20 });

  it('a logout on one makes the cookie 401 on the other', async () => {
    const user = await createUser(t.database.db);
    expect((await me(b, user)).statusCode).toBe(200);
    expect((await injectAs(a, user, { method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
    await soon(async () => (await me(b, user)).statusCode).toBe(401);
  });

  it("a password change on one ends the other sessions on the other, and keeps the changer's", async () => {
    const user = await createUser(t.database.db);
    const login = await a.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password: TEST_PASSWORD },
    });
    const here = { cookie: sessionCookie(login) };
    expect((await me(b, user)).statusCode).toBe(200);
    expect((await me(b, here)).statusCode).toBe(200);
    const changed = await injectAs(a, here, {
      method: 'POST',
      url: '/api/user/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'another-horse-battery-9' },
    });
    expect(changed.statusCode).toBe(204);
    await soon(async () => (await me(b, user)).statusCode).toBe(401);
    expect((await me(b, here)).statusCode).toBe(200);
  });

  it('a profile change on one is what the other answers', async () => {
    const user = await createUser(t.database.db);
    expect((await me(b, user)).json().bio).toBeNull();
    const patch = await injectAs(a, user, { method: 'PATCH', url: '/api/profile', payload: { bio: 'on A' } });
    expect(patch.statusCode).toBe(200);
    await soon(async () => (await me(b, user)).json().bio).toBe('on A');
  });

  it('a deleted account is 401 on the other, and leaves its admin report at once', async () => {
    const admin = await createAdmin(t.database.db);
    const user = await createUser(t.database.db);
    const today = async () => {
      const res = await injectAs(b, admin, { url: '/api/admin/analytics?range=7d' });
      expect(res.statusCode).toBe(200);
      return res.json().daily.at(-1).registrations as number;
    };
    const before = await today();
    expect((await me(b, user)).statusCode).toBe(200);
    expect((await injectAs(a, user, { method: 'DELETE', url: '/api/user' })).statusCode).toBe(204);
    await soon(async () => (await me(b, user)).statusCode).toBe(401);
    await soon(today).toBe(before - 1);
  });

  it("an event registration on one shows in the other's events list", async () => {
    const event = await createEvent(t.database.db, { capacity: 10 });
    const player = await createUser(t.database.db);
    const count = async () => {
      const res = await injectAs(b, null, { url: '/api/events?limit=100' });
      return res.json().find((e: { id: string }) => e.id === event.id)?.registeredCount;
    };
    expect(await count()).toBe(0);
    const reg = await injectAs(a, player, { method: 'POST', url: `/api/events/${event.id}/registration` });
    expect(reg.statusCode).toBe(200);
    await soon(count).toBe(1);
  });

  it("a team made on one shows in the other's directory for anonymous visitors", async () => {
    const leader = await createUser(t.database.db);
    const names = async () =>
      (await injectAs(b, null, { url: '/api/teams?limit=100' })).json().map((x: { name: string }) => x.name);
    expect(await names()).not.toContain('Bus Riders');
    const made = await injectAs(a, leader, {
      method: 'POST',
      url: '/api/teams',
      payload: { name: 'Bus Riders' },
    });
    expect(made.statusCode).toBe(201);
    await soon(names).toContain('Bus Riders');
  });
});
