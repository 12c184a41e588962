import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type Database, type Db, openDatabase } from '../../db/client';
import { rows } from '../../db/rows';
import { notificationSettings, users } from '../../db/schema';
import { LocalStorage } from '../../storage/local';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { createAdmin, createEvent, createRegistration, createUser } from '../../test/factories';
import { updateEvent } from '../events';
import { JOB_MAX_ATTEMPTS, retryDelayMs, runNotificationJobs } from './jobs';
import { enqueueNotificationJob } from './notify';
import { remindEvents } from './reminders';

/**
 * The fan-out jobs and the reminders (issue 23) on a database without an app, so that no runner
 * takes the jobs but the test's own: what a write queued is seen before it runs.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());
// Each test's jobs are its own.
afterEach(async () => void (await database.db.execute(sql`DELETE FROM notification_jobs`)));
const db = () => database.db;
const NOTICE = { mail: false };

const count = async (query: ReturnType<typeof sql>) =>
  (await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM (${query}) q`))[0]?.n ?? 0;
const entriesFor = (userIds: string[], kind: string) =>
  count(
    sql`SELECT 1 FROM notifications WHERE kind = ${kind} AND recipient_id = ANY (${`{${userIds.join(',')}}`}::uuid[])`,
  );

/** `n` players straight in the database, registered for `eventId` (one statement each). */
async function registeredCrowd(on: Db, eventId: string, n: number, tag: string): Promise<string[]> {
  const made = await rows<{ id: string }>(
    on,
    sql`INSERT INTO users (username, email, password)
        SELECT ${tag} || g, ${tag} || g || '@example.test', 'x' FROM generate_series(1, ${n}::int) g
        RETURNING id::text`,
  );
  await on.execute(
    sql`INSERT INTO event_registrations (event_id, user_id, status)
        SELECT ${eventId}::uuid, u, 'registered' FROM unnest(${`{${made.map((m) => m.id).join(',')}}`}::uuid[]) u`,
  );
  await on.execute(
    sql`UPDATE events SET registered_count = registered_count + ${n}::int WHERE id = ${eventId}`,
  );
  return made.map((m) => m.id);
}

const sessionUser = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];

describe('fan-out of an event change', () => {
  it('the write queues one job and writes no entry; the job writes one per registered player (500)', async () => {
    const admin = await sessionUser((await createAdmin(db())).id);
    const event = await createEvent(db(), { capacity: 0 });
    const crowd = await registeredCrowd(db(), event.id, 500, 'fan_');
    await updateEvent(db(), admin, event.id, { location: 'Manchester' }, NOTICE);

    expect(await entriesFor(crowd, 'event-changed')).toBe(0);
    const jobs = await rows<{ kind: string; payload: { eventId: string } }>(
      db(),
      sql`SELECT kind, payload FROM notification_jobs`,
    );
    // And the saved searches' match of the event written (issue 26).
    expect(jobs).toEqual([
      { kind: 'event-players', payload: expect.objectContaining({ eventId: event.id }) },
      { kind: 'events-written', payload: { eventIds: [event.id], writerId: admin.id } },
    ]);

    expect(await runNotificationJobs(db(), NOTICE)).toBe(2);
    expect(await entriesFor(crowd, 'event-changed')).toBe(500);
    expect(await count(sql`SELECT 1 FROM notification_jobs`)).toBe(0);
    const [one] = await rows<{ data: { changed: string[]; location: string } }>(
      db(),
      sql`SELECT data FROM notifications WHERE recipient_id = ${crowd[0]} AND kind = 'event-changed'`,
    );
    expect(one?.data).toMatchObject({ changed: ['location'], location: 'Manchester' });
    // Nothing left to do.
    expect(await runNotificationJobs(db(), NOTICE)).toBe(0);
  });
});

describe('the job runner', () => {
  const log = () => {
    const lines: { level: string; msg: string }[] = [];
    return {
      lines,
      error: (_: object, msg: string) => void lines.push({ level: 'error', msg }),
      warn: (_: object, msg: string) => void lines.push({ level: 'warn', msg }),
    };
  };

  it('a failing job is undone and put back with backoff, then given up after its attempts, logged', async () => {
    const [good, other] = [await createUser(db()), await createUser(db())];
    // A subject that does not exist: the statement fails, and nobody is told.
    await enqueueNotificationJob(db(), 'notify', {
      input: {
        recipientIds: [good.id, other.id],
        kind: 'comment',
        postId: '00000000-0000-4000-8000-000000000000',
        data: { excerpt: 'Ghosts' },
      },
    });
    const sink = log();
    expect(await runNotificationJobs(db(), { ...NOTICE, log: sink })).toBe(1);
    expect(await entriesFor([good.id, other.id], 'comment')).toBe(0);
    const [job] = await rows<{ attempts: number; last_error: string; wait_ms: number }>(
      db(),
      sql`SELECT attempts, last_error, extract(epoch FROM run_after - now()) * 1000 AS wait_ms FROM notification_jobs`,
    );
    expect(job?.attempts).toBe(1);
    expect(job?.last_error).toMatch(/foreign key|violates/);
    expect(Number(job?.wait_ms)).toBeGreaterThan(retryDelayMs(1) - 5_000);
    expect(sink.lines).toEqual([{ level: 'warn', msg: 'notification job failed' }]);
    // Not due yet: a run takes nothing.
    expect(await runNotificationJobs(db(), NOTICE)).toBe(0);

    for (let attempt = 2; attempt <= JOB_MAX_ATTEMPTS; attempt++) {
      await db().execute(sql`UPDATE notification_jobs SET run_after = now() - interval '1 second'`);
      expect(await runNotificationJobs(db(), { ...NOTICE, log: sink })).toBe(1);
    }
    expect(sink.lines.at(-1)).toEqual({ level: 'error', msg: 'notification job given up' });
    const [kept] = await rows<{ attempts: number; never: boolean }>(
      db(),
      sql`SELECT attempts, run_after = 'infinity'::timestamptz AS never FROM notification_jobs`,
    );
    expect(kept).toEqual({ attempts: JOB_MAX_ATTEMPTS, never: true });
    expect(await runNotificationJobs(db(), NOTICE)).toBe(0);
  });

  it('leaves out the recipients whose accounts went before the job ran, and tells the others', async () => {
    const [stays, leaves] = [await createUser(db()), await createUser(db())];
    await enqueueNotificationJob(db(), 'notify', {
      input: { recipientIds: [stays.id, leaves.id], kind: 'team-disbanded', data: { title: 'Ghosts' } },
    });
    await db().delete(users).where(eq(users.id, leaves.id));
    expect(await runNotificationJobs(db(), NOTICE)).toBe(1);
    expect(await entriesFor([stays.id], 'team-disbanded')).toBe(1);
    expect(await count(sql`SELECT 1 FROM notification_jobs`)).toBe(0);
  });

  it('a job of a kind this version does not know is retried, not lost', async () => {
    await enqueueNotificationJob(db(), 'from-the-future', {});
    expect(await runNotificationJobs(db(), NOTICE)).toBe(1);
    const [job] = await rows<{ attempts: number; last_error: string }>(
      db(),
      sql`SELECT attempts, last_error FROM notification_jobs`,
    );
    expect(job).toEqual({ attempts: 1, last_error: "unknown notification job kind 'from-the-future'" });
  });

  it('two processes running at once take each job once', async () => {
    const other: Database = database.url ? await openDatabase({ databaseUrl: database.url }) : database;
    try {
      const players = await Promise.all(Array.from({ length: 4 }, () => createUser(db())));
      for (let i = 0; i < 30; i++)
        await enqueueNotificationJob(db(), 'notify', {
          input: {
            recipientIds: players.map((p) => p.id),
            kind: 'event-cancelled',
            data: { title: `Op ${i}` },
          },
        });
      const [a, b] = await Promise.all([
        runNotificationJobs(db(), NOTICE),
        runNotificationJobs(other.db, NOTICE),
      ]);
      expect(a + b).toBe(30);
      expect(
        await entriesFor(
          players.map((p) => p.id),
          'event-cancelled',
        ),
      ).toBe(120);
    } finally {
      if (other !== database) await other.close();
    }
  });
});

describe("the app's runner", () => {
  it('runs the jobs queued while no app was up once it starts, and those announced while it runs', async () => {
    const player = await createUser(db());
    const queued = (title: string) =>
      enqueueNotificationJob(db(), 'notify', {
        input: { recipientIds: [player.id], kind: 'team-disbanded', data: { title } },
      });
    await queued('Before');
    const app = await buildApp({
      database,
      storage: new LocalStorage(path.join(tmpdir(), 'jobs-test-objects')),
      config: { rateLimits: false, adminUsernames: [], sessionSecret: 's'.repeat(40), webDist: null },
    });
    await app.ready();
    try {
      await expect.poll(() => entriesFor([player.id], 'team-disbanded')).toBe(1);
      await queued('While up');
      await expect.poll(() => entriesFor([player.id], 'team-disbanded')).toBe(2);
    } finally {
      await app.close();
    }
    expect(await count(sql`SELECT 1 FROM notification_jobs`)).toBe(0);
  });
});

describe('the reminder a day before a game', () => {
  const HOUR = 3_600_000;

  it('tells each registered player once, whatever the runs, and nobody else', async () => {
    const soon = await createEvent(db(), {
      title: 'Op Soon',
      location: 'Leeds',
      date: new Date(Date.now() + 3 * HOUR),
      capacity: 2,
    });
    const later = await createEvent(db(), { date: new Date(Date.now() + 30 * HOUR) });
    const past = await createEvent(db(), { date: new Date(Date.now() - HOUR) });
    const [a, b, waiting, off, far, gone] = await Promise.all(
      Array.from({ length: 6 }, () => createUser(db())),
    );
    await createRegistration(db(), a, soon);
    await createRegistration(db(), b, soon);
    await createRegistration(db(), waiting, soon, 'waitlisted');
    await createRegistration(db(), off, soon);
    await db()
      .insert(notificationSettings)
      .values({ userId: off.id, channels: { 'event-reminder': 'off' } });
    await createRegistration(db(), far, later);
    await createRegistration(db(), gone, past);

    expect(await remindEvents(db(), NOTICE)).toBe(2);
    expect(await remindEvents(db(), NOTICE)).toBe(0);
    const told = await rows<{ recipient_id: string; event_id: string; dedupe_key: string; data: object }>(
      db(),
      sql`SELECT recipient_id::text, event_id::text, dedupe_key, data FROM notifications WHERE kind = 'event-reminder' ORDER BY recipient_id`,
    );
    expect(told.map((r) => r.recipient_id).sort()).toEqual([a.id, b.id].sort());
    expect(told[0]).toMatchObject({
      event_id: soon.id,
      dedupe_key: `reminder:${soon.id}`,
      data: { title: 'Op Soon', location: 'Leeds', startsAt: soon.date.toISOString() },
    });

    // A player registering after the reminders went out gets theirs at the next run.
    const late = await createUser(db());
    await createRegistration(db(), late, soon);
    expect(await remindEvents(db(), NOTICE)).toBe(1);
    // And the later event's players a day before it.
    expect(await remindEvents(db(), NOTICE, new Date(Date.now() + 7 * HOUR))).toBe(1);
    expect(await count(sql`SELECT 1 FROM notifications WHERE kind = 'event-reminder'`)).toBe(4);
  });

  it('is written once per player by two processes at once, and not again after a restart', async () => {
    // PostgreSQL: pools of their own stand for other processes and for the process after a restart.
    // PGlite belongs to one process: the same database, run on at once and again.
    const open = async (): Promise<Database> =>
      database.url ? openDatabase({ databaseUrl: database.url }) : database;
    const close = async (d: Database) => {
      if (d !== database) await d.close();
    };
    const first = await open();
    const second = database.url ? await open() : first;
    let eventId = '';
    try {
      const event = await createEvent(first.db, { date: new Date(Date.now() + 5 * HOUR) });
      eventId = event.id;
      await registeredCrowd(first.db, event.id, 40, 'rem_');
      const runs = await Promise.all([
        remindEvents(first.db, NOTICE),
        remindEvents(second.db, NOTICE),
        remindEvents(first.db, NOTICE),
      ]);
      expect(runs.reduce((x, y) => x + y, 0)).toBe(40);
    } finally {
      await close(second);
      await close(first);
    }
    const again = await open();
    try {
      expect(await remindEvents(again.db, NOTICE)).toBe(0);
      const [told] = await rows<{ n: number; players: number }>(
        again.db,
        sql`SELECT count(*)::int AS n, count(DISTINCT recipient_id)::int AS players FROM notifications
            WHERE kind = 'event-reminder' AND event_id = ${eventId}`,
      );
      expect(told).toEqual({ n: 40, players: 40 });
    } finally {
      await close(again);
    }
  });
});
