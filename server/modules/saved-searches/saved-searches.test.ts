import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_SEARCH_LIMITS, SAVED_SEARCH_TEXTS, savedSearchFilters } from '../../../contract';
import { rows } from '../../db/rows';
import {
  events,
  mailOutbox,
  notificationJobs,
  notificationSettings,
  notifications,
  savedSearches,
  userReplicas,
} from '../../db/schema';
import type { TestApp } from '../../test/app';
import { appWithPlayers, createUser, injectAs, type TestUser } from '../../test/factories';
import { notifyOptionsOf, runNotificationJobs } from '../notifications';
import { matchAll, matchOneByOne, notifySavedSearches } from './matching';

/** Saved searches (issue 26): CRUD, attacks, and matching on create, update and import. */

let t: TestApp, owner: TestUser, other: TestUser, admin: TestUser;
const db = () => t.database.db;
const MAIL = {
  smtpUrl: 'smtp://127.0.0.1:9',
  from: 'x@example.test',
  publicUrl: 'http://localhost',
  pollMs: 3_600_000,
};
const NEAR_LEEDS = { near: '53.8,-1.55', radius: 50 };
const YORK = { lat: 53.958, lng: -1.093 };

beforeAll(async () => {
  ({ t, owner, other, admin } = await appWithPlayers(
    { owner: 'user', other: 'user', admin: 'admin' },
    // Mail on (an unreachable server, never polled): a kind set to 'email' queues its mail.
    // The queued matching jobs are run by the tests (jobs()), not raced by the app's own runner.
    {
      config: {
        eventsCacheMs: 0,
        notificationJobs: false,
        mail: MAIL,
      },
    },
  ));
});
afterAll(() => t.close());

const save = (as: TestUser | null, payload: object) =>
  injectAs(t.app, as, { method: 'POST', url: '/api/user/saved-searches', payload });
const mine = async (as: TestUser) => (await injectAs(t.app, as, { url: '/api/user/saved-searches' })).json();
const createEvent = async (payload: object, as: TestUser = admin) => {
  const res = await injectAs(t.app, as, {
    method: 'POST',
    url: '/api/events',
    payload: { location: 'Leeds', ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
};
/** The queued jobs run (mail on, as the app's runner would with this config). */
const jobs = () => runNotificationJobs(db(), notifyOptionsOf({ mail: MAIL }));
const told = async (userId: string) => {
  await jobs();
  return db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), eq(notifications.kind, 'saved-search-match')));
};

describe('saved searches: CRUD', () => {
  it('saves the filters under a name (kept as the address writes them), lists and deletes them', async () => {
    const res = await save(owner, {
      name: ' Weekend near Leeds ',
      filters: {
        ...NEAR_LEEDS,
        from: '2040-01-04',
        to: '2040-01-05',
        beginner: true,
        placesLeft: false,
        sort: 'date',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    expect(made).toMatchObject({
      name: 'Weekend near Leeds',
      filters: { near: '53.8,-1.55', radius: '50', from: '2040-01-04', to: '2040-01-05', beginner: 'true' },
    });
    expect(made.filters).not.toHaveProperty('placesLeft');
    expect(await mine(owner)).toEqual([made]);
    expect(await mine(other)).toEqual([]);
    expect(
      (await injectAs(t.app, owner, { method: 'DELETE', url: `/api/user/saved-searches/${made.id}` }))
        .statusCode,
    ).toBe(204);
    expect(await mine(owner)).toEqual([]);
  });

  it('refuses attacks and bad input with 4xx, changing nothing', async () => {
    const kept = (
      await save(owner, { name: 'Mine', filters: { type: 'Milsim', from: '2041-01-01' } })
    ).json();
    const before = await db().select().from(savedSearches);
    // Another player's search is not found for them.
    const theirs = await injectAs(t.app, other, {
      method: 'DELETE',
      url: `/api/user/saved-searches/${kept.id}`,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(SAVED_SEARCH_TEXTS.notFound);
    for (const [payload, status] of [
      [{ name: 'a\u0000b', filters: {} }, 400],
      [{ name: '', filters: {} }, 400],
      [{ name: 'x'.repeat(SAVED_SEARCH_LIMITS.nameMax + 1), filters: {} }, 400],
      [{ name: 'x', filters: { near: '53.8,-1.55', radius: 30 } }, 400],
      [{ name: 'x', filters: { radius: 50 } }, 400],
      [{ name: 'x', filters: { before: kept.id } }, 400],
      [{ name: 'x', filters: { type: 'Paintball' } }, 400],
      [{ name: 'x', filters: { near: 'a\u0000b' } }, 400],
      [{ name: 'x', filters: {}, userId: other.id }, 400],
      [{ name: 7, filters: {} }, 400],
    ] as const) {
      const res = await save(owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
    }
    expect((await save(null, { name: 'x', filters: {} })).statusCode).toBe(401);
    expect((await injectAs(t.app, null, { url: '/api/user/saved-searches' })).statusCode).toBe(401);
    expect(
      (await injectAs(t.app, owner, { method: 'DELETE', url: '/api/user/saved-searches/nope' })).statusCode,
    ).toBe(400);
    expect(await db().select().from(savedSearches)).toEqual(before);
  });

  it(`keeps at most ${SAVED_SEARCH_LIMITS.perUser} per player, with a clear message`, async () => {
    const hoarder = await createUser(db());
    for (let i = 0; i < SAVED_SEARCH_LIMITS.perUser; i++)
      expect((await save(hoarder, { name: `s${i}`, filters: { from: '2042-01-01' } })).statusCode).toBe(201);
    const more = await save(hoarder, { name: 'one more', filters: {} });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(SAVED_SEARCH_TEXTS.tooMany);
    expect(await mine(hoarder)).toHaveLength(SAVED_SEARCH_LIMITS.perUser);
  });
});

describe('saved searches: matching', () => {
  it('tells the owner once a day: the first match writes an entry, later ones (create, update) update it', async () => {
    const player = await createUser(db());
    // By email too: the first match queues one mail; the updates none.
    await db()
      .insert(notificationSettings)
      .values({ userId: player.id, channels: { 'saved-search-match': 'email' } });
    const filters = { ...NEAR_LEEDS, from: '2043-03-01', to: '2043-03-31', beginner: true };
    expect((await save(player, { name: 'Beginners near Leeds', filters })).statusCode).toBe(201);
    // The organiser's own matching search is never told of their own event.
    expect((await save(admin, { name: 'Admin’s own', filters })).statusCode).toBe(201);

    await createEvent({
      title: 'far',
      date: '2043-03-07T10:00:00Z',
      lat: 51.5,
      lng: -0.12,
      rentalsAvailable: true,
    });
    await createEvent({ title: 'hard', date: '2043-03-07T10:00:00Z', ...YORK });
    expect(await told(player.id)).toHaveLength(0);

    const first = await createEvent({
      title: 'york',
      date: '2043-03-07T10:00:00Z',
      ...YORK,
      rentalsAvailable: true,
    });
    let entries = await told(player.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      eventId: first.id,
      data: { count: 1, title: 'Beginners near Leeds' },
    });
    const list = (await injectAs(t.app, player, { url: '/api/notifications' })).json();
    const entry = (list.items ?? list).find((n: { kind: string }) => n.kind === 'saved-search-match');
    expect(entry.text).toBe(SAVED_SEARCH_TEXTS.matched(1, 'Beginners near Leeds'));
    expect(entry.url).toContain('/events?');
    expect(entry.url).toContain('beginner=true');
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.userId, player.id))).toHaveLength(1);
    // Read it: a later match the same day makes it unread again, still one entry.
    await db().update(notifications).set({ readAt: new Date() }).where(eq(notifications.id, entries[0].id));

    const second = await createEvent({
      title: 'leeds',
      date: '2043-03-08T10:00:00Z',
      lat: 53.8,
      lng: -1.55,
      firstTimersWelcome: true,
    });
    entries = await told(player.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ eventId: second.id, readAt: null, data: { count: 2 } });

    // An edit that makes an event match joins the day's entry; the same event again does not count twice.
    const hard = await createEvent({ title: 'later beginner', date: '2043-03-09T10:00:00Z', ...YORK });
    const patch = (payload: object) =>
      injectAs(t.app, admin, { method: 'PATCH', url: `/api/events/${hard.id}`, payload });
    expect((await patch({ rentalsAvailable: true })).statusCode).toBe(200);
    expect((await told(player.id))[0].data).toMatchObject({ count: 3 });
    expect((await patch({ title: 'renamed' })).statusCode).toBe(200);
    entries = await told(player.id);
    expect(entries).toHaveLength(1);
    expect(entries[0].data).toMatchObject({ count: 3 });
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.userId, player.id))).toHaveLength(1);
    expect(await told(admin.id)).toHaveLength(0);
  });

  it('tells the owner of the games a series adds (they are new events)', async () => {
    const player = await createUser(db());
    const filters = { from: '2044-05-01', to: '2044-05-31', type: 'Milsim' };
    expect((await save(player, { name: 'May milsims', filters })).statusCode).toBe(201);
    const first = await createEvent({ title: 'April op', type: 'Milsim', date: '2044-04-23T09:00:00Z' });
    expect(await told(player.id)).toHaveLength(0);
    const made = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/events/${first.id}/series`,
      payload: { frequency: 'weekly', count: 3 },
    });
    expect(made.statusCode, made.body).toBe(201);
    // Games on 23 April (the event), 30 April and 7 May: only the last is in May, and it is told.
    const entries = await told(player.id);
    expect(entries).toHaveLength(1);
    expect(entries[0].data).toMatchObject({ title: 'May milsims', count: 1 });
  });

  it('tells of every game a "this and following" edit writes, in one entry', async () => {
    const player = await createUser(db());
    await save(player, {
      name: 'Trainings',
      filters: { type: 'Training', from: '2047-09-01', to: '2047-09-30' },
    });
    const first = await createEvent({ title: 'Sept games', type: 'Local', date: '2047-09-04T09:00:00Z' });
    const made = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/events/${first.id}/series`,
      payload: { frequency: 'weekly', count: 3 },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(await told(player.id)).toHaveLength(0);
    const res = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/events/${first.id}?scope=following`,
      payload: { type: 'Training' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const entries = await told(player.id);
    expect(entries).toHaveLength(1);
    expect(entries[0].data).toMatchObject({ title: 'Trainings', count: 3 });
    expect(entries[0].eventId).toBe(first.id);
  });

  it('runs the search as its viewer: replicasAllowed reads the owner’s garage', async () => {
    const player = await createUser(db());
    await injectAs(t.app, player, {
      method: 'POST',
      url: '/api/user/replicas',
      payload: { name: 'M4', replicaClass: 'aeg', fps: 400, bbWeightGrams: 0.2 },
    });
    await save(player, {
      name: 'My guns',
      filters: { from: '2044-05-01', to: '2044-05-31', replicasAllowed: true },
    });
    const rules = (j: number) => ({ classes: { aeg: { joules: j } } });
    await createEvent({ title: 'strict', date: '2044-05-05T10:00:00Z', rules: rules(1.14) });
    expect(await told(player.id)).toHaveLength(0);
    const ok = await createEvent({ title: 'open', date: '2044-05-05T10:00:00Z', rules: rules(1.8) });
    expect((await told(player.id))[0]).toMatchObject({ eventId: ok.id, data: { count: 1 } });
  });

  it('tells of imported events that match, once for the whole import', async () => {
    const player = await createUser(db());
    await save(player, {
      name: 'Imported Milsims',
      filters: { type: 'Milsim', from: '2045-06-01', to: '2045-06-30' },
    });
    await save(other, { name: 'Other year', filters: { from: '2046-06-01', to: '2046-06-30' } });
    const vevent = (uid: string, day: string, summary: string) =>
      [
        'BEGIN:VEVENT',
        `UID:${uid}@find.test`,
        `DTSTART:${day}T090000Z`,
        `SUMMARY:${summary}`,
        'LOCATION:Leeds',
        'CATEGORIES:Milsim',
        'END:VEVENT',
      ].join('\r\n');
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      vevent('a', '20450605', 'Op A'),
      vevent('b', '20450612', 'Op B'),
      'END:VCALENDAR',
    ].join('\r\n');
    const res = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/events/import',
      payload: { source: 'custom', ics },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ added: 2 });
    const entries = await told(player.id);
    expect(entries).toHaveLength(1);
    expect(entries[0].data).toMatchObject({ count: 2, title: 'Imported Milsims' });
    expect(await told(other.id)).toHaveLength(0);
  });
});

describe('saved searches: matched by a queued job, in one statement', () => {
  it('answers the write without telling anyone: the job tells, and it reads the searches in one statement', async () => {
    const players = await Promise.all([0, 1, 2, 3, 4].map(() => createUser(db())));
    const filters = { type: 'Training', from: '2048-02-01', to: '2048-02-29' };
    for (const p of players) expect((await save(p, { name: 'Feb training', filters })).statusCode).toBe(201);
    const before = await db().select().from(notificationJobs);
    const made = await createEvent({ title: 'drill', type: 'Training', date: '2048-02-10T10:00:00Z' });
    // The request only queued a job: nobody is told yet.
    const queued = await db().select().from(notificationJobs);
    expect(queued.length).toBe(before.length + 1);
    expect(queued.at(-1)).toMatchObject({ kind: 'events-written', payload: { eventIds: [made.id] } });
    const entries = () =>
      rows<{ n: number }>(
        db(),
        sql`SELECT count(*)::int AS n FROM notifications WHERE kind = 'saved-search-match'
            AND event_id = ${made.id}::uuid AND recipient_id = ANY(${`{${players.map((p) => p.id).join(',')}}`}::uuid[])`,
      );
    expect((await entries())[0].n).toBe(0);
    expect(await jobs()).toBe(1);
    expect((await entries())[0].n).toBe(players.length);
    // However many searches there are, matching them is one statement.
    const found = await matchAll(db(), [made.id], admin.id, new Date());
    expect(found.filter((f) => players.some((p) => p.id === f.userId))).toHaveLength(players.length);
  });

  it('tells the others when one search’s stored filters can no longer be read (each search run alone)', async () => {
    const player = await createUser(db());
    const broken = await createUser(db());
    await save(player, {
      name: 'March locals',
      filters: { type: 'Local', from: '2049-03-01', to: '2049-03-31' },
    });
    // Written straight into the database: a day PostgreSQL refuses to cast.
    await db()
      .insert(savedSearches)
      .values({ userId: broken.id, name: 'broken', filters: { from: '2049-02-30', to: '2049-03-31' } });
    const made = await createEvent({ title: 'march', type: 'Local', date: '2049-03-05T10:00:00Z' });
    expect((await told(player.id)).map((n) => n.eventId)).toEqual([made.id]);
    expect(await told(broken.id)).toHaveLength(0);
    await db().delete(savedSearches).where(eq(savedSearches.userId, broken.id));
  });

  it('answers exactly what the per-search path answers, for random searches, events, garages and writers', async () => {
    let seed = 20261127;
    const rnd = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
    const now = new Date('2050-06-15T12:00:00Z');
    const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
    const day = (d: number) =>
      at(d * 24)
        .toISOString()
        .slice(0, 10);
    const CENTRES = [
      { lat: 53.8, lng: -1.55 },
      { lat: 51.5, lng: -0.12 },
      { lat: -33.9, lng: 151.2 },
      { lat: 0, lng: 179.9 },
      { lat: 89.5, lng: 10 },
    ];
    const ZONES = [
      'UTC',
      'Europe/London',
      'Pacific/Kiritimati',
      'Pacific/Pago_Pago',
      'America/New_York',
      'Asia/Tokyo',
    ];
    const people = await Promise.all([0, 1, 2, 3, 4, 5].map(() => createUser(db())));
    for (const p of people.slice(0, 4))
      for (let i = 0; i < 1 + Math.floor(rnd() * 2); i++)
        await db()
          .insert(userReplicas)
          .values({
            userId: p.id,
            name: `r${i}`,
            replicaClass: pick(['aeg', 'dmr', 'sniper'] as const),
            fps: 250 + Math.floor(rnd() * 250),
            bbWeightGrams: pick([0.2, 0.25, 0.28]),
          });
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) {
      const centre = pick(CENTRES);
      const far = rnd() < 0.2;
      const capacity = pick([0, 0, 2, 5]);
      const joules = (j: number) => ({ joules: j });
      const [made] = await db()
        .insert(events)
        .values({
          title: `random ${i}`,
          location: 'somewhere',
          date: at(Math.floor((rnd() - 0.3) * 24 * 40)),
          timeZone: pick(ZONES),
          type: pick(['Milsim', 'Local', 'Training'] as const),
          lat: rnd() < 0.1 ? null : centre.lat + (far ? 5 : 1) * (rnd() - 0.5),
          lng: rnd() < 0.1 ? null : centre.lng + (far ? 5 : 1) * (rnd() - 0.5),
          capacity,
          registeredCount: capacity === 0 ? 0 : Math.floor(rnd() * (capacity + 1)),
          rentalsAvailable: rnd() < 0.3,
          firstTimersWelcome: rnd() < 0.3,
          rules:
            rnd() < 0.4
              ? null
              : ({
                  classes: { aeg: joules(pick([1, 1.14, 1.5, 2.5])), dmr: joules(pick([1.5, 2.3, 3])) },
                } as unknown as typeof events.$inferInsert.rules),
        })
        .returning({ id: events.id });
      ids.push(made.id);
    }
    const bound = () => {
      const d = Math.floor((rnd() - 0.3) * 40);
      return rnd() < 0.6
        ? day(d)
        : at(d * 24 + Math.floor(rnd() * 24) - 12)
            .toISOString()
            .replace('.000Z', pick(['Z', '+05:30', '.500Z']));
    };
    for (let i = 0; i < 150; i++) {
      const f: Record<string, string | number | boolean> = {};
      if (rnd() < 0.4) f.type = pick(['Milsim', 'Local', 'Training']);
      if (rnd() < 0.6) f.from = bound();
      if (rnd() < 0.6) f.to = bound();
      if (rnd() < 0.5) {
        const c = pick(CENTRES);
        f.near = `${c.lat},${c.lng}`;
        if (rnd() < 0.3) f.sort = 'distance';
        if (rnd() < 0.8) f.radius = f.sort ? pick([10, 75, 300, 1000]) : pick([25, 50, 100, 250]);
      }
      if (rnd() < 0.3) f.placesLeft = true;
      if (rnd() < 0.3) f.beginner = true;
      if (rnd() < 0.3) f.replicasAllowed = true;
      const owner = pick(people);
      const checked = savedSearchFilters.safeParse(f);
      // Some filters the API would refuse are written straight in, as a later change of the rules might leave them.
      const filters = checked.success
        ? checked.data
        : Object.fromEntries(Object.entries(f).map(([k, v]) => [k, String(v)]));
      await db()
        .insert(savedSearches)
        .values({ userId: owner.id, name: `random ${i}`, filters });
    }
    await db()
      .insert(savedSearches)
      .values(
        [
          { type: 'Paintball' },
          { near: '53.8,-1.55', radius: '30' },
          { radius: '50' },
          { sort: 'distance' },
          { from: day(5), to: day(2) },
          { near: '100,0' },
          { near: ' 53.8, -1.55 ', radius: '250' },
          { beginner: 'yes' },
        ].map((filters, i) => ({ userId: pick(people).id, name: `odd ${i}`, filters })),
      );
    let matches = 0;
    for (let round = 0; round < 12; round++) {
      const some = ids.filter(() => rnd() < 0.5);
      const writer = rnd() < 0.3 ? null : pick(people).id;
      const batched = await matchAll(db(), some, writer, now);
      const plain = await matchOneByOne(db(), some, writer, now);
      expect(batched, `round ${round}`).toEqual(plain);
      matches += batched.reduce((n, m) => n + m.matched.length, 0);
    }
    // The rounds did match something.
    expect(matches).toBeGreaterThan(100);
    // The job's entry point answers the same count.
    expect(await notifySavedSearches(db(), ids, null, { mail: false }, now)).toBe(
      (await matchOneByOne(db(), ids, null, now)).length,
    );
  }, 120_000);
});
