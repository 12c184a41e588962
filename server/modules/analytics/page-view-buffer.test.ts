import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Db, openDatabase } from '../../db/client';
import { pageViews, sessions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { createAdmin, createUser, injectAs, type TestUser } from '../../test/factories';
import { locate, type Place } from './geo';
import { PageViewBuffer } from './page-view-buffer';
import { deviceOf, type PageView } from './visits';

const HOUR = 3_600_000;
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0';

/** What the log was told. */
function logSink() {
  const lines: { level: 'warn' | 'error'; msg: string; obj: Record<string, unknown> }[] = [];
  return {
    lines,
    warn: (obj: object, msg: string) => void lines.push({ level: 'warn', msg, obj: obj as never }),
    error: (obj: object, msg: string) => void lines.push({ level: 'error', msg, obj: obj as never }),
  };
}

/** A page view `s` seconds after `t0`. */
const viewAt =
  (t0: number) =>
  (s: number, visitId: string, more: Partial<PageView> = {}): PageView => ({
    visitId,
    userId: null,
    path: `/p${s}`,
    referrer: null,
    device: 'desktop',
    place: null,
    at: new Date(t0 + s * 1000),
    ...more,
  });

/** Today's code before decision 027, one view at a time, four statements: the reference. */
async function recordOneAtATime(
  db: Db,
  v: {
    visitId: string;
    userId: string | null;
    path: string;
    referrer: string | null;
    device: string;
    place: Place | null;
  },
) {
  await db
    .insert(sessions)
    .values({
      sessionId: v.visitId,
      userId: v.userId,
      device: v.device,
      referrer: v.referrer,
      country: v.place?.country ?? null,
      region: v.place?.region ?? null,
    })
    .onConflictDoNothing();
  const [row] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.sessionId, v.visitId));
  await db.insert(pageViews).values({ sessionId: row.id, path: v.path, referrer: v.referrer });
  await db
    .update(sessions)
    .set({
      endedAt: sql`now()`,
      durationSeconds: sql`greatest(0, extract(epoch from (now() - ${sessions.startedAt}))::int)`,
      userId: sql`coalesce(${sessions.userId}, ${v.userId}::uuid)`,
    })
    .where(eq(sessions.id, row.id));
}

/** Every visit whose id starts with `prefix` (the prefix cut), its views in order. */
async function visitsOf(db: Db, prefix: string) {
  const rows = await db
    .select({ session: sessions, view: pageViews })
    .from(sessions)
    .innerJoin(pageViews, eq(pageViews.sessionId, sessions.id))
    .where(sql`${sessions.sessionId} LIKE ${`${prefix}%`}`)
    .orderBy(asc(sessions.sessionId), asc(pageViews.occurredAt), asc(pageViews.path));
  const byVisit = new Map<
    string,
    { session: typeof sessions.$inferSelect; views: { path: string; referrer: string | null }[] }
  >();
  for (const { session, view } of rows) {
    const visit = byVisit.get(session.sessionId) ?? { session, views: [] };
    visit.views.push({ path: view.path, referrer: view.referrer });
    byVisit.set(session.sessionId, visit);
  }
  return [...byVisit].map(([id, { session, views }]) => ({
    visit: id.slice(prefix.length),
    userId: session.userId,
    device: session.device,
    referrer: session.referrer,
    country: session.country,
    region: session.region,
    views,
  }));
}

describe('page views written in batches (decision 027)', () => {
  let t: TestApp;
  let ann: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ config: { analyticsFlushMs: HOUR, analyticsCacheMs: 0 } });
    ann = await createUser(t.database.db);
    bob = await createUser(t.database.db);
    admin = await createAdmin(t.database.db);
  });
  afterAll(() => t.close());

  it('counts the views still waiting in this process: it writes them first', async () => {
    for (let i = 0; i < 6; i++)
      expect(
        (
          await injectAs(
            t.app,
            { cookie: `aid=report-${i % 3}` },
            { method: 'POST', url: '/api/analytics/page-view', payload: { path: `/news/${i % 2}` } },
          )
        ).statusCode,
      ).toBe(204);
    expect(await t.database.db.$count(pageViews)).toBe(0);
    const res = await injectAs(t.app, admin, { url: '/api/admin/analytics?range=7d' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalSessions).toBe(3);
    expect(body.daily.at(-1)).toMatchObject({ sessions: 3, pageViews: 6 });
    expect(body.topPages).toEqual([
      { path: '/news/0', count: 3 },
      { path: '/news/1', count: 3 },
    ]);
  });

  it('answers every beacon at once, writes nothing until a flush, and then the rows one view at a time wrote', async () => {
    const db = t.database.db;
    // Four visits, twenty beacons: signed out, signed in later in the visit, two accounts on one
    // visit (the first one stays), phones and desktops, addresses with and without a place.
    const plan: {
      visit: string;
      who: TestUser | null;
      path: string;
      referrer?: string;
      ua: string;
      ip: string;
    }[] = [];
    for (let i = 0; i < 5; i++) {
      plan.push({
        visit: 'v1',
        who: null,
        path: `/teams/${i}`,
        referrer: i === 0 ? 'https://search.example' : undefined,
        ua: PHONE,
        ip: '8.8.8.8',
      });
      plan.push({ visit: 'v2', who: i < 2 ? null : ann, path: `/events/${i}`, ua: DESKTOP, ip: '10.0.0.1' });
      plan.push({
        visit: 'v3',
        who: i === 0 ? null : i < 3 ? bob : ann,
        path: '/',
        ua: DESKTOP,
        ip: '1.1.1.1',
      });
      plan.push({
        visit: 'v4',
        who: ann,
        path: `/gear/${i}`,
        referrer: 'https://x.example',
        ua: PHONE,
        ip: '8.8.8.8',
      });
    }
    for (const b of plan) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/analytics/page-view',
        payload: { path: b.path, referrer: b.referrer },
        headers: {
          'user-agent': b.ua,
          cookie: b.who ? `${b.who.cookie}; aid=batch-${b.visit}` : `aid=batch-${b.visit}`,
        },
        remoteAddress: b.ip,
      });
      expect(res.statusCode).toBe(204);
    }
    expect(await db.$count(sessions, sql`${sessions.sessionId} LIKE 'batch-%'`)).toBe(0);

    // The same beacons, one view at a time as before.
    for (const b of plan)
      await recordOneAtATime(db, {
        visitId: `ref-${b.visit}`,
        userId: b.who?.id ?? null,
        path: b.path,
        referrer: b.referrer ?? null,
        device: deviceOf(b.ua),
        place: locate(b.ip),
      });

    // Closing the app writes what waits (the server stopping, or a test's end).
    await t.app.close();
    const batched = await visitsOf(db, 'batch-');
    expect(batched).toEqual(await visitsOf(db, 'ref-'));
    expect(batched.map((v) => [v.visit, v.userId, v.views.length])).toEqual([
      ['v1', null, 5],
      ['v2', ann.id, 5],
      ['v3', bob.id, 5],
      ['v4', ann.id, 5],
    ]);
    expect(batched[0]).toMatchObject({ device: 'mobile', country: 'US', referrer: 'https://search.example' });
    // Each visit's times: started at its first view, ended at its last, the duration between.
    const times = await db
      .select({
        visit: sessions.sessionId,
        startedAt: sessions.startedAt,
        endedAt: sessions.endedAt,
        duration: sessions.durationSeconds,
        first: sql<string>`min(${pageViews.occurredAt})`,
        last: sql<string>`max(${pageViews.occurredAt})`,
      })
      .from(sessions)
      .innerJoin(pageViews, eq(pageViews.sessionId, sessions.id))
      .where(sql`${sessions.sessionId} LIKE 'batch-%'`)
      .groupBy(sessions.id);
    for (const v of times) {
      expect(v.startedAt.getTime()).toBe(new Date(v.first).getTime());
      expect(v.endedAt?.getTime()).toBe(new Date(v.last).getTime());
      expect(v.duration).toBe(Math.round((new Date(v.last).getTime() - new Date(v.first).getTime()) / 1000));
    }
  });
});

describe('PageViewBuffer', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const sessionOf = async (visit: string) =>
    (await database.db.select().from(sessions).where(eq(sessions.sessionId, visit)))[0];
  const pathsOf = async (visit: string) =>
    (
      await database.db
        .select({ path: pageViews.path, at: pageViews.occurredAt })
        .from(pageViews)
        .innerJoin(sessions, eq(sessions.id, pageViews.sessionId))
        .where(eq(sessions.sessionId, visit))
        .orderBy(asc(pageViews.occurredAt))
    ).map((r) => r.path);

  it('keeps the start, the end, the duration from the start and the first signed-in viewer across batches', async () => {
    const ann = await createUser(database.db);
    const bob = await createUser(database.db);
    const log = logSink();
    const buffer = new PageViewBuffer(database.db, { flushMs: HOUR, log });
    const t0 = Date.now() - 60_000;
    const at = viewAt(t0);
    buffer.add(
      at(0, 'rule', {
        referrer: 'https://r.example',
        device: 'mobile',
        place: { country: 'SE', region: 'Skåne' },
      }),
    );
    buffer.add(at(5, 'rule', { userId: ann.id, device: 'desktop' }));
    buffer.add(at(12.6, 'rule', { userId: bob.id }));
    await buffer.flush();
    expect(await sessionOf('rule')).toMatchObject({
      userId: ann.id,
      device: 'mobile',
      referrer: 'https://r.example',
      country: 'SE',
      region: 'Skåne',
      startedAt: new Date(t0),
      endedAt: new Date(t0 + 12_600),
      durationSeconds: 13,
    });
    // A later batch extends it; a view older than its end (written late by another process) does not shorten it.
    buffer.add(at(40, 'rule', { userId: bob.id }));
    await buffer.flush();
    buffer.add(at(30, 'rule'));
    await buffer.flush();
    expect(await sessionOf('rule')).toMatchObject({
      userId: ann.id,
      startedAt: new Date(t0),
      endedAt: new Date(t0 + 40_000),
      durationSeconds: 40,
    });
    expect(await pathsOf('rule')).toEqual(['/p0', '/p5', '/p12.6', '/p30', '/p40']);
    expect(log.lines).toEqual([]);
  });

  it('writes a full batch at once and more than one batch in one flush', async () => {
    const buffer = new PageViewBuffer(database.db, { flushMs: HOUR, batch: 4, log: logSink() });
    const at = viewAt(Date.now());
    for (let i = 0; i < 4; i++) buffer.add(at(i, `full-${i % 2}`));
    await vi.waitFor(async () =>
      expect((await pathsOf('full-0')).length + (await pathsOf('full-1')).length).toBe(4),
    );
    for (let i = 0; i < 10; i++) buffer.add(at(10 + i, 'more'));
    await buffer.flush();
    expect(await pathsOf('more')).toHaveLength(10);
    expect(buffer.size).toBe(0);
  });

  it("counts a view as signed out when its viewer's account is gone, and loses none of the batch", async () => {
    const gone = await createUser(database.db);
    const kept = await createUser(database.db);
    const buffer = new PageViewBuffer(database.db, { flushMs: HOUR, log: logSink() });
    const at = viewAt(Date.now());
    buffer.add(at(0, 'gone-a', { userId: gone.id }));
    buffer.add(at(1, 'gone-b', { userId: kept.id }));
    buffer.add(at(2, 'gone-a', { userId: kept.id }));
    buffer.add(at(3, 'gone-c'));
    await database.db.delete(users).where(eq(users.id, gone.id));
    await buffer.flush();
    // The first signed-in view's account is gone: the next signed-in one fills the visit.
    expect((await sessionOf('gone-a')).userId).toBe(kept.id);
    expect((await sessionOf('gone-b')).userId).toBe(kept.id);
    expect((await sessionOf('gone-c')).userId).toBeNull();
    expect([
      ...(await pathsOf('gone-a')),
      ...(await pathsOf('gone-b')),
      ...(await pathsOf('gone-c')),
    ]).toEqual(['/p0', '/p2', '/p1', '/p3']);
    const alone = new PageViewBuffer(database.db, { flushMs: HOUR, log: logSink() });
    alone.add(at(4, 'gone-d', { userId: gone.id }));
    await alone.flush();
    expect((await sessionOf('gone-d')).userId).toBeNull();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'waits for an account being deleted and then counts its view as signed out (PostgreSQL)',
    async () => {
      const doomed = await createUser(database.db);
      const log = logSink();
      const buffer = new PageViewBuffer(database.db, { flushMs: HOUR, log });
      const at = viewAt(Date.now());
      buffer.add(at(0, 'race-a', { userId: doomed.id }));
      buffer.add(at(1, 'race-b'));
      const deleting = new pg.Client({ connectionString: database.url! });
      await deleting.connect();
      try {
        await deleting.query('BEGIN');
        await deleting.query('DELETE FROM users WHERE id = $1', [doomed.id]);
        const flushed = buffer.flush();
        // The batch waits for the deletion's lock on the account...
        await vi.waitFor(async () => {
          const { rows } = await deleting.query(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          );
          expect(rows[0].n).toBeGreaterThan(0);
        });
        await deleting.query('COMMIT');
        await flushed;
      } finally {
        await deleting.end();
      }
      // ...and then finds it gone: both views are kept, the doomed one's as signed out.
      expect(log.lines).toEqual([]);
      expect((await sessionOf('race-a')).userId).toBeNull();
      expect(await pathsOf('race-a')).toEqual(['/p0']);
      expect(await pathsOf('race-b')).toEqual(['/p1']);
    },
  );

  it('drops new views while full, says so once, and says how many once it drained', async () => {
    const log = logSink();
    const buffer = new PageViewBuffer(database.db, { flushMs: HOUR, batch: 4, capacity: 4, log });
    const at = viewAt(Date.now());
    // The fourth view starts a write; until it is done the buffer is full.
    for (let i = 0; i < 7; i++) expect(buffer.add(at(i, 'full'))).toBeUndefined();
    expect(buffer.size).toBe(4);
    await buffer.flush();
    expect(await pathsOf('full')).toEqual(['/p0', '/p1', '/p2', '/p3']);
    expect(log.lines.map((l) => [l.level, l.obj])).toEqual([
      ['warn', { waiting: 4 }],
      ['warn', { dropped: 3 }],
    ]);
    buffer.add(at(10, 'full'));
    await buffer.flush();
    expect(await pathsOf('full')).toHaveLength(5);
    expect(log.lines).toHaveLength(2);
  });

  it('loses only the view the database refuses, not the rest of its batch', async () => {
    const log = logSink();
    const buffer = new PageViewBuffer(database.db, { flushMs: HOUR, log });
    const at = viewAt(Date.now());
    for (let i = 0; i < 9; i++) buffer.add(at(i, `poison-${i % 3}`, i === 4 ? { path: '/bad\u0000' } : {}));
    await buffer.flush();
    expect(await pathsOf('poison-0')).toEqual(['/p0', '/p3', '/p6']);
    expect(await pathsOf('poison-1')).toEqual(['/p1', '/p7']);
    expect(await pathsOf('poison-2')).toEqual(['/p2', '/p5', '/p8']);
    expect(log.lines.map((l) => [l.level, l.msg, l.obj.views])).toEqual([
      ['error', 'page views not recorded', 1],
    ]);
  });

  it('logs a failed write, lets its views go and keeps serving', async () => {
    const down = await openDatabase({ dataDir: null });
    await down.close();
    const log = logSink();
    const buffer = new PageViewBuffer(down.db, { flushMs: HOUR, log });
    const at = viewAt(Date.now());
    for (let i = 0; i < 3; i++) buffer.add(at(i, 'lost'));
    await buffer.flush();
    expect(log.lines.map((l) => [l.level, l.msg, l.obj.views])).toEqual([
      ['error', 'page views not recorded', 3],
    ]);
    expect(buffer.size).toBe(0);
    // Not tried again: the next flush has nothing to write.
    await buffer.flush();
    expect(log.lines).toHaveLength(1);
    // Written at once (ANALYTICS_FLUSH_MS=0), the failure is the request's, as before.
    const atOnce = new PageViewBuffer(down.db, { flushMs: 0, log });
    await expect(atOnce.add(at(5, 'lost'))).rejects.toThrow();
  });
});
