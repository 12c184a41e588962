import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RADIUS_MESSAGE } from '../../../contract';
import { events, userReplicas } from '../../db/schema';
import type { TestApp } from '../../test/app';
import { appWithPlayers, createEvent, injectAs, type TestUser } from '../../test/factories';
import { REPLICAS_FILTER_SIGN_IN } from './service';

/** Find a game (issue 26): GET /api/events' from/to days, near+radius, placesLeft, beginner, replicasAllowed. */

let t: TestApp, player: TestUser, bare: TestUser, admin: TestUser;
const db = () => t.database.db;
const LEEDS = { lat: 53.8, lng: -1.55 };
const YORK = { lat: 53.958, lng: -1.093 }; // ~35 km
const MANCHESTER = { lat: 53.48, lng: -2.24 }; // ~57 km
const LONDON = { lat: 51.507, lng: -0.128 }; // ~270 km

beforeAll(async () => {
  ({ t, player, bare, admin } = await appWithPlayers(
    { player: 'user', bare: 'user', admin: 'admin' },
    { config: { eventsCacheMs: 0 } },
  ));
  // The player's garage: an AEG at 350 fps with 0.20 g (1.138 J), a DMR at 420 fps (1.639 J).
  await db()
    .insert(userReplicas)
    .values([
      { userId: player.id, name: 'M4', replicaClass: 'aeg', fps: 350, bbWeightGrams: 0.2 },
      { userId: player.id, name: 'SR25', replicaClass: 'dmr', fps: 420, bbWeightGrams: 0.2 },
    ]);
});
afterAll(() => t.close());

const list = (query: string, as: TestUser | null = null) =>
  injectAs(t.app, as, { url: `/api/events?${query}` });
const titles = async (query: string, as: TestUser | null = null) => {
  const res = await list(query, as);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { title: string }[]).map((e) => e.title);
};
/** Events on `day` (a UTC noon), each year its own so that tests never see each other's. */
const on = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
const rules = (aegJ: number | null, dmrJ: number | null = null) => ({
  chronoBbWeightG: 0.2,
  classes: {
    aeg: aegJ === null ? null : { joules: aegJ, minEngagementM: null },
    dmr: dmrJ === null ? null : { joules: dmrJ, minEngagementM: 20 },
    sniper: null,
  },
  rateOfFireBps: null,
  eyeProtection: null,
  minimumAge: null,
  pyroAllowed: false,
  smokeAllowed: false,
  hpaAllowed: false,
  tracersAllowed: false,
  notes: null,
});

describe('find a game: GET /api/events filters', () => {
  it('from/to days are inclusive, each event on its own local day', async () => {
    // 23:30 UTC on the 9th is 00:30 on the 10th in Berlin.
    await createEvent(db(), {
      title: 'berlin midnight',
      date: new Date('2031-03-09T23:30:00Z'),
      timeZone: 'Europe/Berlin',
    });
    await createEvent(db(), { title: 'utc 9th', date: on('2031-03-09') });
    await createEvent(db(), { title: 'utc 10th late', date: new Date('2031-03-10T23:59:00Z') });
    await createEvent(db(), { title: 'utc 11th', date: on('2031-03-11') });
    expect(await titles('from=2031-03-10&to=2031-03-10')).toEqual(['berlin midnight', 'utc 10th late']);
    expect(await titles('from=2031-03-09&to=2031-03-09')).toEqual(['utc 9th']);
    expect(await titles('from=2031-03-09&to=2031-03-11')).toEqual([
      'utc 9th',
      'berlin midnight',
      'utc 10th late',
      'utc 11th',
    ]);
    // Instants keep their meaning (the calendar's window): `to` exclusive.
    expect(await titles('from=2031-03-09T00:00:00Z&to=2031-03-10T00:00:00Z')).toEqual([
      'utc 9th',
      'berlin midnight',
    ]);
  });

  it('a cancelled game stays in the list, flagged cancelled (its card says so)', async () => {
    const kept = await createEvent(db(), { title: 'kept game', date: on('2033-02-01') });
    const off = await createEvent(db(), { title: 'called off', date: on('2033-02-02') });
    const res = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/events/${off.id}`,
      payload: { cancelled: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const as of [null, player]) {
      const page = (await list('from=2033-02-01&to=2033-02-28', as)).json() as {
        id: string;
        cancelled: boolean;
      }[];
      expect(page.map((e) => [e.id, e.cancelled])).toEqual([
        [kept.id, false],
        [off.id, true],
      ]);
    }
    // Near pages (the nearest-first statement) say so too.
    await db()
      .update(events)
      .set({ ...LEEDS })
      .where(inArray(events.id, [kept.id, off.id]));
    const near = (await list('from=2033-02-01&to=2033-02-28&near=53.8,-1.55&sort=distance')).json();
    expect(near.map((e: { cancelled: boolean }) => e.cancelled).sort()).toEqual([false, true]);
  });

  it('near with radius keeps the events within that many km, soonest first, and combines with type', async () => {
    await createEvent(db(), { title: 'york', date: on('2032-05-01'), ...YORK, type: 'Milsim' });
    await createEvent(db(), { title: 'leeds', date: on('2032-05-02'), ...LEEDS });
    await createEvent(db(), { title: 'manchester', date: on('2032-05-03'), ...MANCHESTER, type: 'Milsim' });
    await createEvent(db(), { title: 'london', date: on('2032-05-04'), ...LONDON });
    await createEvent(db(), { title: 'nowhere', date: on('2032-05-05') });
    const w = 'from=2032-05-01&to=2032-05-31&near=53.8,-1.55';
    expect(await titles(`${w}&radius=25`)).toEqual(['leeds']);
    expect(await titles(`${w}&radius=50`)).toEqual(['york', 'leeds']);
    expect(await titles(`${w}&radius=100`)).toEqual(['york', 'leeds', 'manchester']);
    expect(await titles(`${w}&radius=250`)).toEqual(['york', 'leeds', 'manchester']);
    expect(await titles(`${w}&radius=100&type=Milsim`)).toEqual(['york', 'manchester']);
    const [york] = (await list(`${w}&radius=50`)).json();
    expect(york.distance).toBeGreaterThan(30);
    expect(york.distance).toBeLessThan(40);
    // Without radius, near only measures.
    expect(await titles(w)).toHaveLength(5);
  });

  it('placesLeft keeps events with room, no capacity counting as room', async () => {
    const d = on('2033-01-10');
    await createEvent(db(), { title: 'no limit', date: d, capacity: 0, registeredCount: 40 });
    await createEvent(db(), { title: 'full', date: d, capacity: 2, registeredCount: 2 });
    await createEvent(db(), { title: 'one left', date: d, capacity: 2, registeredCount: 1 });
    const w = 'from=2033-01-10&to=2033-01-10';
    expect((await titles(w)).sort()).toEqual(['full', 'no limit', 'one left']);
    expect((await titles(`${w}&placesLeft=true`)).sort()).toEqual(['no limit', 'one left']);
    expect((await titles(`${w}&placesLeft=false`)).sort()).toEqual(['full', 'no limit', 'one left']);
  });

  it('beginner keeps events with rentals or welcoming first-timers, set through create and update', async () => {
    const base = { date: '2034-02-01T10:00:00Z', location: 'Leeds' };
    const post = (payload: object) => injectAs(t.app, admin, { method: 'POST', url: '/api/events', payload });
    const rentals = (await post({ ...base, title: 'rentals', rentalsAvailable: true })).json();
    expect(rentals).toMatchObject({ rentalsAvailable: true, firstTimersWelcome: false });
    await post({ ...base, title: 'welcome', firstTimersWelcome: true });
    const plain = (await post({ ...base, title: 'plain' })).json();
    expect(plain).toMatchObject({ rentalsAvailable: false, firstTimersWelcome: false });
    const w = 'from=2034-02-01&to=2034-02-01';
    expect((await titles(`${w}&beginner=true`)).sort()).toEqual(['rentals', 'welcome']);
    const patched = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/events/${plain.id}`,
      payload: { firstTimersWelcome: true },
    });
    expect(patched.json().firstTimersWelcome).toBe(true);
    expect((await injectAs(t.app, null, { url: `/api/events/${plain.id}` })).json().firstTimersWelcome).toBe(
      true,
    );
    expect((await titles(`${w}&beginner=true`)).sort()).toEqual(['plain', 'rentals', 'welcome']);
    const wrong = await post({ ...base, title: 'x', rentalsAvailable: 'yes' });
    expect(wrong.statusCode).toBe(400);
  });

  it('replicasAllowed keeps events whose rules allow every replica of the garage (at the limit passes)', async () => {
    const d = on('2035-04-04');
    await createEvent(db(), { title: 'uk', date: d, rules: rules(1.14, 1.64) });
    await createEvent(db(), { title: 'cqb', date: d, rules: rules(1.0) });
    await createEvent(db(), { title: 'dmr strict', date: d, rules: rules(1.5, 1.5) });
    await createEvent(db(), { title: 'no rules', date: d });
    await createEvent(db(), { title: 'no aeg limit', date: d, rules: rules(null, 2) });
    const w = 'from=2035-04-04&to=2035-04-04';
    expect((await titles(`${w}&replicasAllowed=true`, player)).sort()).toEqual([
      'no aeg limit',
      'no rules',
      'uk',
    ]);
    // An empty garage passes everywhere; another player's garage is not the viewer's.
    expect(await titles(`${w}&replicasAllowed=true`, bare)).toHaveLength(5);
    const out = await list(`${w}&replicasAllowed=true`);
    expect(out.statusCode).toBe(401);
    expect(out.json().message).toBe(REPLICAS_FILTER_SIGN_IN);
  });

  it('combines every filter with the cursor', async () => {
    const d = (day: string) => on(day);
    const good = {
      ...LEEDS,
      capacity: 10,
      registeredCount: 1,
      rentalsAvailable: true,
      type: 'Local' as const,
      rules: rules(1.2),
    };
    await createEvent(db(), { title: 'a', date: d('2036-06-06'), ...good });
    await createEvent(db(), { title: 'b', date: d('2036-06-07'), ...good, ...YORK });
    await createEvent(db(), { ...good, ...YORK, title: 'c', date: d('2036-06-07') });
    await createEvent(db(), { title: 'far', date: d('2036-06-06'), ...good, ...LONDON });
    await createEvent(db(), { title: 'full', date: d('2036-06-06'), ...good, registeredCount: 10 });
    await createEvent(db(), { title: 'hard', date: d('2036-06-06'), ...good, rentalsAvailable: false });
    await createEvent(db(), { title: 'milsim', date: d('2036-06-06'), ...good, type: 'Milsim' });
    await createEvent(db(), { title: 'strict', date: d('2036-06-06'), ...good, rules: rules(1.0) });
    await createEvent(db(), { title: 'later', date: d('2036-06-09'), ...good });
    const q =
      'from=2036-06-06&to=2036-06-08&near=53.8,-1.55&radius=50&type=Local&placesLeft=true&beginner=true&replicasAllowed=true';
    const all = await titles(q, player);
    expect(all.slice(0, 1)).toEqual(['a']);
    expect(all.slice(1).sort()).toEqual(['b', 'c']);
    const first = (await list(`${q}&limit=2`, player)).json();
    const rest = await titles(`${q}&limit=2&before=${first[1].id}`, player);
    expect([...first.map((e: { title: string }) => e.title), ...rest]).toEqual(all);
  });

  it('refuses bad filters with 400 and a clear message', async () => {
    for (const [query, field, message] of [
      ['near=53.8,-1.55&radius=30', 'radius', RADIUS_MESSAGE],
      ['radius=50', 'radius', 'radius needs near'],
      ['placesLeft=yes', 'placesLeft', undefined],
      ['beginner=1', 'beginner', undefined],
      ['from=2030-13-01', 'from', undefined],
      ['from=2030-02-02&to=2030-02-01', 'to', 'from must be before to'],
    ] as const) {
      const res = await list(query, player);
      expect(res.statusCode, query).toBe(400);
      const body = res.json();
      expect(Object.keys(body.errors ?? {}), query).toContain(field);
      if (message) expect(body.errors[field], query).toContain(message);
    }
    // The nearest-first page keeps its wider radius.
    expect((await list('near=53.8,-1.55&sort=distance&radius=500')).statusCode).toBe(200);
    // Nothing was written by the refusals.
    expect((await db().select().from(events)).length).toBeGreaterThan(0);
  });
});
