import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXTS } from '../../../contract';
import { pageViews, postEvents, searchEvents, sessions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createPost, createUser, injectAs, type TestUser } from '../../test/factories';
import { analyticsWindow } from './report';
import { ReportCache } from './report-cache';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
const MIN = 60_000;
const w7 = analyticsWindow('7d');
const w30 = analyticsWindow('30d');
const at = (base: Date, deltaMs: number) => new Date(base.getTime() + deltaMs);
const insideBoth = at(w7.from, MIN);
const just7Out = at(w7.from, -MIN); // inside 30d, outside 7d
const just30Out = at(w30.from, -MIN); // outside both

beforeAll(async () => {
  t = await createTestApp({ config: { analyticsCacheMs: 0 } });
  const db = t.database.db;
  admin = await createAdmin(db);
  member = await createUser(db);
  await createPost(db, member);
  const s = await db
    .insert(sessions)
    .values([
      { sessionId: 'a', startedAt: insideBoth, durationSeconds: 10, country: 'US' },
      { sessionId: 'b', startedAt: new Date(), durationSeconds: 20, country: 'US' },
      { sessionId: 'c', startedAt: new Date(), durationSeconds: 60, country: 'DE', region: 'Berlin' },
      { sessionId: 'd', startedAt: just7Out, durationSeconds: 100, country: 'FR' },
      { sessionId: 'e', startedAt: at(w30.from, MIN), durationSeconds: 100, country: 'FR' },
      { sessionId: 'f', startedAt: just30Out, durationSeconds: 1000, country: 'JP' },
    ])
    .returning();
  const sid = s[0].id;
  await db.insert(pageViews).values([
    { sessionId: sid, path: '/', occurredAt: insideBoth },
    { sessionId: sid, path: '/', occurredAt: new Date() },
    { sessionId: sid, path: '/', occurredAt: new Date() },
    { sessionId: sid, path: '/teams', occurredAt: new Date() },
    { sessionId: sid, path: '/events', occurredAt: just7Out },
    { sessionId: sid, path: '/old', occurredAt: just30Out },
  ]);
  const q = (query: string, occurredAt = new Date()) => ({ query, occurredAt });
  await db
    .insert(searchEvents)
    .values([
      q('  Sniper '),
      q('sniper'),
      q('SNIPER', insideBoth),
      ...Array.from({ length: 11 }, (_, i) => q(`q${String(i + 1).padStart(2, '0')}`)),
      q('outside', just7Out),
      q('ancient', just30Out),
    ]);
  await db.insert(postEvents).values([
    { action: 'create', occurredAt: new Date() },
    { action: 'create', occurredAt: insideBoth },
    { action: 'like', occurredAt: new Date() },
    { action: 'delete', occurredAt: just7Out },
    { action: 'comment', occurredAt: just30Out },
  ]);
});
afterAll(() => t.close());

const report = (url: string, user: TestUser | null = admin) => injectAs(t.app, user, { url });

describe('GET /api/admin/analytics', () => {
  it('counts exactly over 7 days by default: rows just outside the range are left out', async () => {
    const res = await report('/api/admin/analytics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    expect(body).toMatchObject({
      range: '7d',
      totalSessions: 3,
      avgDuration: 30,
      topLocations: [
        { country: 'US', count: 2 },
        { country: 'DE', count: 1 },
      ],
      postActivity: [
        { action: 'create', count: 2 },
        { action: 'like', count: 1 },
      ],
      topPages: [
        { path: '/', count: 3 },
        { path: '/teams', count: 1 },
      ],
    });
    // Trimmed and lower-cased into one query, then the top 10 (ties by name).
    expect(body.topSearches).toEqual([
      { query: 'sniper', count: 3 },
      ...Array.from({ length: 9 }, (_, i) => ({ query: `q0${i + 1}`, count: 1 })),
    ]);
    expect(body.daily).toHaveLength(7);
    expect(body.daily[0]).toEqual({
      date: w7.from.toISOString().slice(0, 10),
      sessions: 1,
      pageViews: 1,
      newPosts: 0,
      registrations: 0,
    });
    expect(body.daily[6]).toEqual({
      date: new Date().toISOString().slice(0, 10),
      sessions: 2,
      pageViews: 3,
      newPosts: 1,
      registrations: 2,
    });
    expect(body.daily.slice(1, 6).every((d: { sessions: number }) => d.sessions === 0)).toBe(true);
  });

  it('counts exactly over 30 days', async () => {
    const body = (await report('/api/admin/analytics?range=30d')).json();
    expect(body).toMatchObject({
      range: '30d',
      totalSessions: 5,
      avgDuration: 58,
      topLocations: [
        { country: 'FR', count: 2 },
        { country: 'US', count: 2 },
        { country: 'DE', count: 1 },
      ],
      postActivity: [
        { action: 'create', count: 2 },
        { action: 'delete', count: 1 },
        { action: 'like', count: 1 },
      ],
    });
    expect(body.topPages).toContainEqual({ path: '/events', count: 1 });
    expect(body.topPages).not.toContainEqual(expect.objectContaining({ path: '/old' }));
    expect(body.topSearches.map((s: { query: string }) => s.query)).not.toContain('ancient');
    expect(body.daily).toHaveLength(30);
    expect(body.daily.reduce((n: number, d: { sessions: number }) => n + d.sessions, 0)).toBe(5);
    expect(body.daily.reduce((n: number, d: { pageViews: number }) => n + d.pageViews, 0)).toBe(5);
  });

  it('refuses another range with a field error', async () => {
    for (const range of ['90d', '', '7D']) {
      const res = await report(`/api/admin/analytics?range=${range}`);
      expect(res.statusCode, range).toBe(400);
      expect(res.json().errors.range).toBeDefined();
    }
  });

  it('is for admins only, however the path is spelled', async () => {
    expect((await report('/api/admin/analytics', null)).statusCode).toBe(401);
    const forbidden = await report('/api/admin/analytics', member);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(ADMIN_TEXTS.adminOnly);
    for (const url of ['/api/admin/%61nalytics', '/api/%61dmin/analytics?range=30d']) {
      expect((await report(url, null)).statusCode, url).not.toBe(200);
      expect((await report(url, member)).statusCode, url).not.toBe(200);
    }
  });
});

describe('the report cache', () => {
  it('counts once for requests that arrive while a count runs, and keeps the answer for its time', async () => {
    const cache = new ReportCache(60_000);
    let counts = 0;
    const count = async () => {
      counts++;
      await new Promise((r) => setTimeout(r, 20));
      return { totalSessions: counts } as never;
    };
    const [a, b] = await Promise.all([cache.get('7d', count), cache.get('7d', count)]);
    expect(a).toBe(b);
    expect(counts).toBe(1);
    await cache.get('7d', count);
    expect(counts).toBe(1);
    await cache.get('30d', count);
    expect(counts).toBe(2);
  });

  it('with no time to keep, counts again once the last count is done; a failed count is not kept', async () => {
    const cache = new ReportCache(0);
    let counts = 0;
    const count = async () => ({ totalSessions: ++counts }) as never;
    await cache.get('7d', count);
    await cache.get('7d', count);
    expect(counts).toBe(2);
    const failing = new ReportCache(60_000);
    await expect(failing.get('7d', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await failing.get('7d', count)).toEqual({ totalSessions: 3 });
  });

  it('is on by default: a new session shows on the next read after ANALYTICS_CACHE_MS', async () => {
    const cached = await createTestApp({ config: { analyticsCacheMs: 60_000 } });
    try {
      const boss = await createAdmin(cached.database.db);
      const read = async () =>
        (await injectAs(cached.app, boss, { url: '/api/admin/analytics' })).json().totalSessions;
      expect(await read()).toBe(0);
      await cached.database.db.insert(sessions).values({ sessionId: 'late' });
      expect(await read()).toBe(0);
      expect(await report('/api/admin/analytics').then((r) => r.json().totalSessions)).toBe(3);
    } finally {
      await cached.close();
    }
  });
});
