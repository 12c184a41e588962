import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventType, eventsQuery, RULE_PRESETS } from '../../../contract';
import { eventPromotions, eventRegistrations, events } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import {
  appWithPlayers,
  createAdmin,
  createEvent,
  createRegistration,
  createUser,
  injectAs,
  type TestUser,
} from '../../test/factories';
import { listEventsSql } from './queries';

let t: TestApp, member: TestUser, admin: TestUser;
beforeAll(async () => {
  ({ t, member, admin } = await appWithPlayers({ member: 'user', admin: 'admin' }));
});
afterAll(() => t.close());

const db = () => t.database.db;
const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY);
const snapshot = async () => ({
  events: await db().select().from(events).orderBy(events.id),
  registrations: await db().select().from(eventRegistrations).orderBy(eventRegistrations.id),
});
const valid = {
  title: 'Operation Nightfall',
  description: 'Two-day milsim',
  date: '2031-03-14T08:30:00-05:00',
  location: 'Austin, TX',
  address: '1 Field Road, Austin, TX',
  lat: 30.27,
  lng: -97.74,
  type: 'Milsim',
  image: 'https://images.example.com/nightfall.jpg',
  capacity: 120,
  url: 'https://tickets.example.com/nightfall',
  rules: RULE_PRESETS[0].rules,
};

describe('admin writes: create, edit, delete', () => {
  it('refuses anonymous (401) and members (403) on every admin route, data unchanged', async () => {
    const e = await createEvent(db());
    const before = await snapshot();
    const calls = [
      { method: 'POST' as const, url: '/api/events', payload: valid },
      { method: 'PATCH' as const, url: `/api/events/${e.id}`, payload: { title: 'Hacked' } },
      { method: 'DELETE' as const, url: `/api/events/${e.id}` },
      {
        method: 'POST' as const,
        url: '/api/events/import',
        payload: { source: 'custom', ics: 'BEGIN:VCALENDAR' },
      },
      { method: 'GET' as const, url: '/api/events/import/preset' },
    ];
    for (const call of calls) {
      expect((await injectAs(t.app, null, call)).statusCode, call.url).toBe(401);
      expect((await injectAs(t.app, member, call)).statusCode, call.url).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('percent-encoded spellings of the admin routes answer as the plain ones', async () => {
    const e = await createEvent(db());
    const before = await snapshot();
    for (const url of [
      `/api/%65vents/${e.id}`,
      `/%61pi/events/${e.id}`,
      `/api/events/${e.id.replace(/^./, (c) => `%${c.charCodeAt(0).toString(16)}`)}`,
    ]) {
      expect((await injectAs(t.app, member, { method: 'DELETE', url })).statusCode, url).toBe(403);
      expect(
        (await injectAs(t.app, null, { method: 'PATCH', url, payload: { title: 'x' } })).statusCode,
      ).toBe(401);
    }
    expect(
      (await injectAs(t.app, member, { method: 'POST', url: '/api/%65vents', payload: valid })).statusCode,
    ).toBe(403);
    expect(await snapshot()).toEqual(before);
    const res = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/%61pi/events/${e.id}`,
      payload: { capacity: 3 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().capacity).toBe(3);
  });

  it('creates an event keeping the instant sent, with abilities and rules', async () => {
    const res = await injectAs(t.app, admin, { method: 'POST', url: '/api/events', payload: valid });
    expect(res.statusCode).toBe(201);
    const e = res.json();
    expect(e).toMatchObject({
      title: 'Operation Nightfall',
      date: '2031-03-14T13:30:00.000Z',
      type: 'Milsim',
      capacity: 120,
      registeredCount: 0,
      waitlistCount: 0,
      viewerStatus: 'none',
      waitlistPosition: null,
      isPast: false,
      canEdit: true,
      canDelete: true,
      canRegister: true,
      canCancel: false,
      rules: RULE_PRESETS[0].rules,
    });
    // The outside image goes to browsers through the signed proxy.
    expect(e.media[valid.image].src).toMatch(/^\/api\/image-proxy\?url=/);
    const seen = (await injectAs(t.app, member, { url: `/api/events/${e.id}` })).json();
    expect(seen).toMatchObject({
      canEdit: false,
      canDelete: false,
      canRegister: true,
      rules: RULE_PRESETS[0].rules,
    });
  });

  it('defaults type to Local and capacity to 0; empty optional fields are null', async () => {
    const res = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/events',
      payload: {
        title: 'Sunday skirmish',
        location: 'Leeds, UK',
        date: '2031-01-05T10:00:00Z',
        description: '',
        url: '',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'Local',
      capacity: 0,
      description: null,
      url: null,
      rules: null,
    });
  });

  it('answers 400 with the field for each bad input, storing nothing', async () => {
    const before = await snapshot();
    const cases: [object, string][] = [
      [{ ...valid, title: '  ' }, 'title'],
      [{ ...valid, location: undefined }, 'location'],
      [{ ...valid, date: 'next tuesday' }, 'date'],
      [{ ...valid, date: '2031-03-14T08:30:00' }, 'date'],
      [{ ...valid, type: 'Speedsoft' }, 'type'],
      [{ ...valid, capacity: -1 }, 'capacity'],
      [{ ...valid, capacity: 2.5 }, 'capacity'],
      [{ ...valid, capacity: '10' }, 'capacity'],
      [{ ...valid, lat: 95 }, 'lat'],
      [{ ...valid, lng: -181 }, 'lng'],
      [{ ...valid, lng: undefined }, 'lng'],
      [{ ...valid, url: 'javascript:alert(1)' }, 'url'],
      [{ ...valid, image: '/objects/../api/logout' }, 'image'],
      [{ ...valid, description: 'bad\u0000text' }, 'description'],
      [{ ...valid, rules: { ...valid.rules, minimumAge: -3 } }, 'rules'],
    ];
    for (const [payload, field] of cases) {
      const res = await injectAs(t.app, admin, { method: 'POST', url: '/api/events', payload });
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().errors ?? {}).join(','), field).toContain(field);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('edits any field, raising SEQUENCE and updatedAt; 404 for an unknown id; 400 for a bad id', async () => {
    const e = await createEvent(db(), { title: 'Old' });
    const res = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/events/${e.id}`,
      payload: { title: 'New', rules: null, date: '2031-06-01T12:00:00+02:00' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'New',
      date: '2031-06-01T10:00:00.000Z',
      location: e.location,
    });
    const [row] = await db().select().from(events).where(eq(events.id, e.id));
    expect(row.sequence).toBe(1);
    expect(row.updatedAt.getTime()).toBeGreaterThan(e.updatedAt.getTime() - 1);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      (
        await injectAs(t.app, admin, {
          method: 'PATCH',
          url: `/api/events/${missing}`,
          payload: { title: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await injectAs(t.app, admin, { method: 'PATCH', url: '/api/events/nope', payload: { title: 'x' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await injectAs(t.app, admin, { method: 'PATCH', url: `/api/events/${e.id}`, payload: { title: '' } }))
        .statusCode,
    ).toBe(400);
  });

  it('deletes an event with its registrations; a second delete is 404', async () => {
    const e = await createEvent(db());
    await createRegistration(db(), member, e);
    const res = await injectAs(t.app, admin, { method: 'DELETE', url: `/api/events/${e.id}` });
    expect(res.statusCode).toBe(204);
    expect(await db().select().from(eventRegistrations).where(eq(eventRegistrations.eventId, e.id))).toEqual(
      [],
    );
    expect((await injectAs(t.app, admin, { method: 'DELETE', url: `/api/events/${e.id}` })).statusCode).toBe(
      404,
    );
  });
});

describe('GET /api/events and /api/events/{id}', () => {
  let t2: TestApp;
  let viewer: TestUser;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t2 = await createTestApp();
    viewer = await createUser(t2.database.db);
    const d = t2.database.db;
    const mk = async (name: string, days: number, type: EventType, lat?: number, lng?: number) => {
      ids[name] = (await createEvent(d, { title: name, date: inDays(days), type, lat, lng })).id;
    };
    await mk('past', -3, 'Local', 51.5, -0.12);
    await mk('soon', 1, 'Local', 53.8, -1.55); // Leeds
    await mk('milsim', 2, 'Milsim', 52.48, -1.9); // Birmingham
    await mk('training', 3, 'Training', 51.45, -0.97); // Reading
    await mk('far', 4, 'Milsim', 40.7, -74); // New York
    await mk('noplace', 5, 'Local');
  });
  afterAll(() => t2.close());
  const get = async (url: string, who: TestUser | null = null) => {
    const res = await injectAs(t2.app, who, { url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: string; title: string; distance?: number }[];
  };

  it('lists upcoming events soonest first by default', async () => {
    expect((await get('/api/events')).map((e) => e.title)).toEqual([
      'soon',
      'milsim',
      'training',
      'far',
      'noplace',
    ]);
  });

  it('filters by type; anything else is 400', async () => {
    expect((await get('/api/events?type=Milsim')).map((e) => e.title)).toEqual(['milsim', 'far']);
    expect((await get('/api/events?type=Training')).map((e) => e.title)).toEqual(['training']);
    expect((await injectAs(t2.app, null, { url: '/api/events?type=milsim' })).statusCode).toBe(400);
    expect((await injectAs(t2.app, null, { url: '/api/events?type=Other' })).statusCode).toBe(400);
  });

  it('takes a from/to window with past events included', async () => {
    const from = inDays(-4).toISOString();
    const to = inDays(2.5).toISOString();
    const list = await get(`/api/events?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    expect(list.map((e) => e.title)).toEqual(['past', 'soon', 'milsim']);
    expect((await injectAs(t2.app, null, { url: '/api/events?from=yesterday' })).statusCode).toBe(400);
    expect(
      (
        await injectAs(t2.app, null, {
          url: `/api/events?from=${encodeURIComponent(to)}&to=${encodeURIComponent(from)}`,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('pages with limit and the keyset cursor', async () => {
    const first = await get('/api/events?limit=2');
    expect(first.map((e) => e.title)).toEqual(['soon', 'milsim']);
    const next = await get(`/api/events?limit=2&before=${first[1].id}`);
    expect(next.map((e) => e.title)).toEqual(['training', 'far']);
    for (const bad of ['limit=0', 'limit=101', 'before=zzz'])
      expect((await injectAs(t2.app, null, { url: `/api/events?${bad}` })).statusCode, bad).toBe(400);
  });

  it('adds the distance in km with one decimal for ?near=, and sorts by it within the radius', async () => {
    const london = '51.5074,-0.1278';
    const list = await get(`/api/events?near=${london}`);
    const byTitle = Object.fromEntries(list.map((e) => [e.title, e.distance]));
    expect(byTitle.training).toBeCloseTo(58.7, 0);
    expect(byTitle.soon).toBeCloseTo(273, -1);
    expect(byTitle.far).toBeGreaterThan(5500);
    expect(byTitle.noplace).toBeUndefined();
    expect(Number.isInteger((byTitle.soon as number) * 10)).toBe(true);
    const sorted = await get(`/api/events?near=${london}&sort=distance`);
    expect(sorted.map((e) => e.title)).toEqual(['training', 'milsim', 'soon']);
    const page2 = await get(`/api/events?near=${london}&sort=distance&limit=1&before=${sorted[0].id}`);
    expect(page2.map((e) => e.title)).toEqual(['milsim']);
    const wide = await get(`/api/events?near=${london}&sort=distance&radius=20000`);
    expect(wide.map((e) => e.title)).toEqual(['training', 'milsim', 'soon', 'far']);
    const milsim = await get(`/api/events?near=${london}&sort=distance&type=Milsim`);
    expect(milsim.map((e) => e.title)).toEqual(['milsim']);
    for (const bad of ['near=91,0', 'near=abc', 'sort=distance', 'near=1,2&sort=size'])
      expect((await injectAs(t2.app, null, { url: `/api/events?${bad}` })).statusCode, bad).toBe(400);
  });

  it('answers one event, or 404 Event not found, or 400 for a malformed id', async () => {
    const one = await injectAs(t2.app, null, { url: `/api/events/${ids.soon}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      title: 'soon',
      viewerStatus: 'none',
      canRegister: false,
      canEdit: false,
    });
    const past = (await injectAs(t2.app, viewer, { url: `/api/events/${ids.past}` })).json();
    expect(past).toMatchObject({ isPast: true, canRegister: false });
    const missing = await injectAs(t2.app, null, { url: '/api/events/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Event not found');
    expect((await injectAs(t2.app, null, { url: '/api/events/123' })).statusCode).toBe(400);
  });

  it('keeps the header search', async () => {
    const res = await injectAs(t2.app, null, { url: '/api/events/search?q=mil' });
    expect(res.json()).toEqual([{ id: ids.milsim, title: 'milsim' }]);
  });
});

describe('registration and the waitlist', () => {
  const players: TestUser[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 4; i++) players.push(await createUser(db()));
  });
  const reg = (who: TestUser | null, id: string, method: 'POST' | 'DELETE' = 'POST') =>
    injectAs(t.app, who, { method, url: `/api/events/${id}/registration` });

  it('registers, then waitlists once full, and answers the viewer status and position', async () => {
    const e = await createEvent(db(), { capacity: 2 });
    const answers = [];
    for (const p of players) answers.push((await reg(p, e.id)).json());
    expect(answers.map((a) => a.viewerStatus)).toEqual([
      'registered',
      'registered',
      'waitlisted',
      'waitlisted',
    ]);
    expect(answers.map((a) => a.waitlistPosition)).toEqual([null, null, 1, 2]);
    expect(answers[3]).toMatchObject({
      registeredCount: 2,
      waitlistCount: 2,
      canRegister: false,
      canCancel: true,
    });
    // Registering again keeps the place.
    expect((await reg(players[2], e.id)).json()).toMatchObject({
      viewerStatus: 'waitlisted',
      waitlistCount: 2,
    });
    // The list answers the same for the viewer.
    const [listed] = (
      await injectAs(t.app, players[3], {
        url: `/api/events?from=${encodeURIComponent(new Date(0).toISOString())}&limit=100`,
      })
    )
      .json()
      .filter((x: { id: string }) => x.id === e.id);
    expect(listed).toMatchObject({ viewerStatus: 'waitlisted', waitlistPosition: 2 });
  });

  it('promotes the first of the waitlist when a registered player cancels, recording who and when', async () => {
    const e = await createEvent(db(), { capacity: 2 });
    for (const p of players) await reg(p, e.id);
    const res = await reg(players[0], e.id, 'DELETE');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      viewerStatus: 'none',
      registeredCount: 2,
      waitlistCount: 1,
      canRegister: true,
    });
    expect((await injectAs(t.app, players[2], { url: `/api/events/${e.id}` })).json()).toMatchObject({
      viewerStatus: 'registered',
      waitlistPosition: null,
    });
    expect((await injectAs(t.app, players[3], { url: `/api/events/${e.id}` })).json()).toMatchObject({
      viewerStatus: 'waitlisted',
      waitlistPosition: 1,
    });
    const promotions = await db().select().from(eventPromotions).where(eq(eventPromotions.eventId, e.id));
    expect(promotions.map((p) => p.userId)).toEqual([players[2].id]);
    // Told in the same transaction (issue 23: 'event-waitlist-promoted').
    expect(promotions[0].notifiedAt).not.toBeNull();
    // A waitlisted player leaving changes only the waitlist.
    expect((await reg(players[3], e.id, 'DELETE')).json()).toMatchObject({
      registeredCount: 2,
      waitlistCount: 0,
    });
    // Cancelling again is harmless.
    expect((await reg(players[3], e.id, 'DELETE')).json()).toMatchObject({
      registeredCount: 2,
      waitlistCount: 0,
    });
  });

  it('capacity 0 means no limit; raising the capacity promotes the waitlist at once', async () => {
    const open = await createEvent(db(), { capacity: 0 });
    for (const p of players) expect((await reg(p, open.id)).json().viewerStatus).toBe('registered');
    const e = await createEvent(db(), { capacity: 1 });
    for (const p of players) await reg(p, e.id);
    const res = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/events/${e.id}`,
      payload: { capacity: 3 },
    });
    expect(res.json()).toMatchObject({ registeredCount: 3, waitlistCount: 1 });
    const removed = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/events/${e.id}`,
      payload: { capacity: 0 },
    });
    expect(removed.json()).toMatchObject({ registeredCount: 4, waitlistCount: 0 });
  });

  it('refuses anonymous (401), unknown events (404) and past events (409), changing nothing', async () => {
    const e = await createEvent(db(), { capacity: 5 });
    const past = await createEvent(db(), { date: inDays(-1) });
    await createRegistration(db(), players[0], past);
    const before = await snapshot();
    expect((await reg(null, e.id)).statusCode).toBe(401);
    expect((await reg(null, e.id, 'DELETE')).statusCode).toBe(401);
    expect((await reg(member, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const closed = await reg(member, past.id);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('This event has already taken place');
    expect((await reg(players[0], past.id, 'DELETE')).statusCode).toBe(409);
    expect(await snapshot()).toEqual(before);
  });

  it("counts only the player's registrations in the profile's eventsCount", async () => {
    const p = await createUser(db());
    const full = await createEvent(db(), { capacity: 1 });
    await createRegistration(db(), players[0], full);
    await reg(p, full.id);
    await reg(p, (await createEvent(db())).id);
    const profile = (await injectAs(t.app, null, { url: `/api/profile/${p.username}` })).json();
    expect(profile.eventsCount).toBe(1);
  });

  it('keeps the counters equal to the rows', async () => {
    const drift = await db().execute(
      sql`SELECT e.id FROM events e WHERE e.registered_count <> (SELECT count(*) FROM event_registrations r WHERE r.event_id = e.id AND r.status = 'registered')
          OR e.waitlist_count <> (SELECT count(*) FROM event_registrations r WHERE r.event_id = e.id AND r.status = 'waitlisted')`,
    );
    expect((drift as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});

describe('the events page cache', () => {
  it('serves a page again for its time, emptied at once by writes through the API', async () => {
    const c = await createTestApp({ config: { eventsCacheMs: 300 } });
    try {
      const d = c.database.db;
      const boss = await createAdmin(d);
      await createEvent(d, { title: 'First' });
      const titles = async () =>
        ((await injectAs(c.app, null, { url: '/api/events' })).json() as { title: string }[]).map(
          (e) => e.title,
        );
      expect(await titles()).toEqual(['First']);
      // A change made elsewhere (another process, plain SQL) shows once the page has expired.
      await createEvent(d, { title: 'Second', date: inDays(8) });
      expect(await titles()).toEqual(['First']);
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect(await titles()).toEqual(['First', 'Second']);
      // A write through this process shows at once.
      await injectAs(c.app, boss, {
        method: 'POST',
        url: '/api/events',
        payload: { title: 'Third', location: 'York, UK', date: inDays(9).toISOString() },
      });
      expect(await titles()).toEqual(['First', 'Second', 'Third']);
    } finally {
      await c.close();
    }
  });
});

describe('the list statement as bench:events sends it (listEventsSql)', () => {
  it('answers the rows the endpoint answers, boxes without a longitude bound included', async () => {
    const d = db();
    const at = (title: string, lat: number, lng: number, type: EventType = 'Local', day = 1) =>
      createEvent(d, { title, lat, lng, type, date: new Date(Date.UTC(2001, 5, day, 10)) });
    await at('pole', 89.9, 100);
    await at('east of the date line', 0.1, 179.95, 'Milsim', 2);
    await at('west of the date line', -0.1, -179.95, 'Local', 3);
    const plain = await at('plain', 51.5, -0.12, 'Training', 4);
    await at('plain later', 51.6, -0.1, 'Training', 5);
    // A window in 2001 keeps the other tests' events out.
    const window = 'from=2001-01-01T00:00:00Z&to=2002-01-01T00:00:00Z';
    const raw = (
      d as unknown as {
        $client: { query(text: string, values: unknown[]): Promise<{ rows: { id: string }[] }> };
      }
    ).$client;
    const cases: [string, string[]][] = [
      [window, ['pole', 'east of the date line', 'west of the date line', 'plain', 'plain later']],
      [`${window}&type=Training&limit=1&before=${plain.id}`, ['plain later']],
      [`${window}&near=89.5,0&sort=distance&radius=500`, ['pole']],
      [`${window}&near=0,179.99&sort=distance&radius=50`, ['east of the date line', 'west of the date line']],
      [`${window}&near=51.5,-0.12&sort=distance&limit=1&before=${plain.id}`, ['plain later']],
      [`${window}&near=51.5,-0.12&type=Training`, ['plain', 'plain later']],
    ];
    for (const [query, titles] of cases) {
      const answer = (await injectAs(t.app, null, { url: `/api/events?${query}` })).json() as {
        id: string;
        title: string;
      }[];
      expect(
        answer.map((e) => e.title),
        query,
      ).toEqual(titles);
      const statement = listEventsSql(
        eventsQuery.parse(Object.fromEntries(new URLSearchParams(query))),
        new Date(),
      );
      const { rows } = await raw.query(statement.text, statement.values);
      expect(
        rows.map((r) => r.id),
        query,
      ).toEqual(answer.map((e) => e.id));
    }
  });
});
