import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_SEARCH_LIMITS, SAVED_SEARCH_TEXTS } from '../../../contract';
import { mailOutbox, notificationSettings, notifications, savedSearches } from '../../db/schema';
import type { TestApp } from '../../test/app';
import { appWithPlayers, createUser, injectAs, type TestUser } from '../../test/factories';

/** Saved searches (issue 26): CRUD, attacks, and matching on create, update and import. */

let t: TestApp, owner: TestUser, other: TestUser, admin: TestUser;
const db = () => t.database.db;
const NEAR_LEEDS = { near: '53.8,-1.55', radius: 50 };
const YORK = { lat: 53.958, lng: -1.093 };

beforeAll(async () => {
  ({ t, owner, other, admin } = await appWithPlayers(
    { owner: 'user', other: 'user', admin: 'admin' },
    // Mail on (an unreachable server, never polled): a kind set to 'email' queues its mail.
    {
      config: {
        eventsCacheMs: 0,
        mail: {
          smtpUrl: 'smtp://127.0.0.1:9',
          from: 'x@example.test',
          publicUrl: 'http://localhost',
          pollMs: 3_600_000,
        },
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
const told = (userId: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), eq(notifications.kind, 'saved-search-match')));

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
