import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERIES_TEXTS, wallTime } from '../../../contract';
import { eventSides, events, notifications } from '../../db/schema';
import type { TestApp } from '../../test/app';
import {
  appWithPlayers,
  createEvent,
  createField,
  createTeam,
  injectAs,
  type TestUser,
} from '../../test/factories';
import { NO_MAIL, runNotificationJobs } from '../notifications';
import { flagUnconfirmedGames } from './series';

let t: TestApp, leader: TestUser, member: TestUser, outsider: TestUser, player: TestUser, other: TestUser;
let teamId: string;
const db = () => t.database.db;
const DAY = 86_400_000;

beforeAll(async () => {
  ({ t, leader, member, outsider, player, other } = await appWithPlayers({
    leader: 'user',
    member: 'user',
    outsider: 'user',
    player: 'user',
    other: 'user',
  }));
  teamId = (await createTeam(db(), leader, { members: [{ user: member }] })).id;
  // `other` leads a team of their own: not an organiser of `leader`'s events.
  await createTeam(db(), other);
});
afterAll(() => t.close());

/** An event hosted by the leader's team, made through the API (its sides and rules with it). */
async function hosted(date: Date, extra: Record<string, unknown> = {}) {
  const res = await injectAs(t.app, leader, {
    method: 'POST',
    url: '/api/events',
    payload: {
      title: 'Sunday skirmish',
      date: date.toISOString(),
      location: 'Leeds, West Yorkshire',
      hostTeamId: teamId,
      capacity: 20,
      rules: { minimumAge: 16 },
      ...extra,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string };
}
const repeat = (as: TestUser | null, id: string, payload: object) =>
  injectAs(t.app, as, { method: 'POST', url: `/api/events/${id}/series`, payload });
const patch = (as: TestUser, id: string, payload: object, scope?: string) =>
  injectAs(t.app, as, {
    method: 'PATCH',
    url: `/api/events/${id}${scope ? `?scope=${scope}` : ''}`,
    payload,
  });
const gamesOf = async (seriesId: string) =>
  (await injectAs(t.app, null, { url: `/api/event-series/${seriesId}` })).json().games as Array<{
    id: string;
    title: string;
    date: string;
    status: string;
    registeredCount: number;
  }>;
const row = async (id: string) => (await db().select().from(events).where(eq(events.id, id)))[0];
const register = (as: TestUser, id: string) =>
  injectAs(t.app, as, { method: 'POST', url: `/api/events/${id}/registration`, payload: {} });

/** A Saturday at 10:00 UTC at least `days` from now. */
function saturdayAfter(days: number): Date {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(10, 0, 0, 0);
  while (d.getUTCDay() !== 6) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

describe('creating a series', () => {
  it('weekly for 4 games: each its own event with the fields, rules and sides copied, never the registrations', async () => {
    const first = await hosted(saturdayAfter(20), {
      sides: [
        { name: 'Red', colour: '#ff0000', capacity: 10 },
        { name: 'Blue', colour: '#0000ff', capacity: 10 },
      ],
    });
    expect((await register(player, first.id)).statusCode).toBe(200);
    const res = await repeat(leader, first.id, { frequency: 'weekly', count: 4 });
    expect(res.statusCode).toBe(201);
    const series = res.json();
    expect(series).toMatchObject({ frequency: 'weekly', abilities: { canManage: true } });
    expect(series.icsUrl).toBe(`/api/event-series/${series.id}.ics`);
    expect(series.games).toHaveLength(4);
    const times = series.games.map((g: { date: string }) => Date.parse(g.date));
    for (let k = 1; k < 4; k++) expect(times[k] - times[k - 1]).toBe(7 * DAY);
    expect(series.games[0]).toMatchObject({ id: first.id, registeredCount: 1, status: 'scheduled' });
    for (const g of series.games.slice(1)) {
      expect(g).toMatchObject({
        title: 'Sunday skirmish',
        registeredCount: 0,
        capacity: 20,
        confirmed: false,
      });
      const copy = await row(g.id);
      expect(copy).toMatchObject({
        seriesId: series.id,
        hostTeamId: teamId,
        location: 'Leeds, West Yorkshire',
      });
      expect(copy.rules?.minimumAge).toBe(16);
      const sides = await db().select().from(eventSides).where(eq(eventSides.eventId, g.id));
      expect(sides.map((s) => [s.name, s.capacity, s.registeredCount]).sort()).toEqual([
        ['Blue', 10, 0],
        ['Red', 10, 0],
      ]);
    }
    // Each game has its own registrations.
    expect((await register(player, series.games[2].id)).statusCode).toBe(200);
    const after = await gamesOf(series.id);
    expect(after.map((g) => g.registeredCount)).toEqual([1, 0, 1, 0]);
    // The event answer names its series; anonymous viewers see no abilities.
    const seen = (await injectAs(t.app, null, { url: `/api/events/${series.games[1].id}` })).json();
    expect(seen.seriesId).toBe(series.id);
    expect(seen.needsConfirmation).toBeUndefined();
    const anon = (await injectAs(t.app, null, { url: `/api/event-series/${series.id}` })).json();
    expect(anon.abilities.canManage).toBe(false);
    expect(anon.games[1].confirmed).toBeUndefined();
    // Not twice.
    expect((await repeat(leader, first.id, { frequency: 'weekly', count: 2 })).statusCode).toBe(409);
    expect((await repeat(leader, series.games[1].id, { frequency: 'weekly', count: 2 })).statusCode).toBe(
      409,
    );
  });

  it('every two weeks until a date (inclusive, in the event zone)', async () => {
    const start = saturdayAfter(20);
    const first = await hosted(start, { timeZone: 'UTC' });
    const until = new Date(start.getTime() + 28 * DAY).toISOString().slice(0, 10);
    const res = await repeat(leader, first.id, { frequency: 'biweekly', until });
    expect(res.statusCode).toBe(201);
    const dates = res.json().games.map((g: { date: string }) => g.date);
    expect(dates).toEqual([0, 14, 28].map((d) => new Date(start.getTime() + d * DAY).toISOString()));
  });

  it('monthly on the same weekday of the month (the 2nd Saturday)', async () => {
    // The 2nd Saturday of a month at least 20 days ahead.
    let d = saturdayAfter(20);
    while (Math.ceil(d.getUTCDate() / 7) !== 2) d = new Date(d.getTime() + 7 * DAY);
    const first = await hosted(d, { timeZone: 'UTC' });
    const res = await repeat(leader, first.id, { frequency: 'monthly', count: 4 });
    expect(res.statusCode).toBe(201);
    for (const g of res.json().games) {
      const day = new Date(g.date);
      expect(day.getUTCDay()).toBe(6);
      expect(Math.ceil(day.getUTCDate() / 7)).toBe(2);
      expect(day.getUTCHours()).toBe(10);
    }
    const months = res.json().games.map((g: { date: string }) => new Date(g.date).getUTCMonth());
    expect(new Set(months).size).toBe(4);
  });

  it('a weekly series across a daylight saving change keeps the local time', async () => {
    // 1 March (London, GMT) at 10:00, six weeks: the clocks go forward on March's last Sunday.
    const year =
      new Date(Date.now() + 2 * DAY).getUTCMonth() >= 2
        ? new Date().getUTCFullYear() + 1
        : new Date().getUTCFullYear();
    const first = await hosted(new Date(Date.UTC(year, 2, 1, 10, 0)), {
      timeZone: 'Europe/London',
      endsAt: new Date(Date.UTC(year, 2, 1, 16, 0)).toISOString(),
    });
    const res = await repeat(leader, first.id, { frequency: 'weekly', count: 6 });
    expect(res.statusCode).toBe(201);
    const games = res.json().games as Array<{ date: string; endsAt: string }>;
    expect(games.map((g) => wallTime('Europe/London', Date.parse(g.date)).slice(11, 16))).toEqual(
      Array(6).fill('10:00'),
    );
    expect(games.map((g) => wallTime('Europe/London', Date.parse(g.endsAt)).slice(11, 16))).toEqual(
      Array(6).fill('16:00'),
    );
    // In UTC: 10:00 before the change, 09:00 after.
    expect(new Set(games.map((g) => new Date(g.date).getUTCHours()))).toEqual(new Set([10, 9]));
  });

  it('refuses more than a year, both or neither of until and count, and bad types, with 400s', async () => {
    const start = saturdayAfter(20);
    const first = await hosted(start);
    const tooFar = await repeat(leader, first.id, {
      frequency: 'weekly',
      until: new Date(start.getTime() + 400 * DAY).toISOString().slice(0, 10),
    });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().message).toBe(SERIES_TEXTS.tooFar);
    const tooMany = await repeat(leader, first.id, { frequency: 'biweekly', count: 30 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(SERIES_TEXTS.tooMany(27));
    expect((await repeat(leader, first.id, { frequency: 'weekly', count: 54 })).statusCode).toBe(400);
    expect((await repeat(leader, first.id, { frequency: 'weekly' })).statusCode).toBe(400);
    expect(
      (await repeat(leader, first.id, { frequency: 'weekly', count: 3, until: '2099-01-01' })).statusCode,
    ).toBe(400);
    expect((await repeat(leader, first.id, { frequency: 'daily', count: 3 })).statusCode).toBe(400);
    expect((await repeat(leader, first.id, { frequency: 'weekly', count: '3' })).statusCode).toBe(400);
    expect(
      (await repeat(leader, first.id, { frequency: 'weekly', until: '2027-01-01\u0000' })).statusCode,
    ).toBe(400);
    const before = new Date(start.getTime() - DAY).toISOString().slice(0, 10);
    expect((await repeat(leader, first.id, { frequency: 'weekly', until: before })).statusCode).toBe(400);
    // A week ahead every month: no second game.
    expect(
      (
        await repeat(leader, first.id, {
          frequency: 'monthly',
          until: new Date(start.getTime() + 7 * DAY).toISOString().slice(0, 10),
        })
      ).statusCode,
    ).toBe(400);
    expect((await row(first.id)).seriesId).toBeNull();
  });

  it('only organisers: a member 403, another team leader 403, anonymous 401, unknown 404, malformed 400', async () => {
    const first = await hosted(saturdayAfter(20));
    expect((await repeat(member, first.id, { frequency: 'weekly', count: 3 })).statusCode).toBe(403);
    expect((await repeat(outsider, first.id, { frequency: 'weekly', count: 3 })).statusCode).toBe(403);
    expect((await repeat(other, first.id, { frequency: 'weekly', count: 3 })).statusCode).toBe(403);
    expect((await repeat(null, first.id, { frequency: 'weekly', count: 3 })).statusCode).toBe(401);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await repeat(leader, unknown, { frequency: 'weekly', count: 3 })).statusCode).toBe(404);
    expect((await repeat(leader, 'nope', { frequency: 'weekly', count: 3 })).statusCode).toBe(400);
    expect((await row(first.id)).seriesId).toBeNull();
    expect((await injectAs(t.app, null, { url: `/api/event-series/${unknown}` })).statusCode).toBe(404);
    expect((await injectAs(t.app, null, { url: '/api/event-series/nope' })).statusCode).toBe(400);
    // An event already past: 409.
    const past = await createEvent(db(), { hostTeamId: teamId, date: new Date(Date.now() - DAY) });
    expect((await repeat(leader, past.id, { frequency: 'weekly', count: 3 })).statusCode).toBe(409);
  });
});

describe('editing a game of a series', () => {
  it('"this" changes the one game; "following" this and every later game in one go; dates shift alike', async () => {
    const first = await hosted(saturdayAfter(20), { timeZone: 'Europe/London' });
    const s = (await repeat(leader, first.id, { frequency: 'weekly', count: 4 })).json();
    const [g1, g2, g3, g4] = s.games.map((g: { id: string }) => g.id);
    expect((await patch(leader, g2, { title: 'Night game' }, 'this')).statusCode).toBe(200);
    expect((await gamesOf(s.id)).map((g) => g.title)).toEqual([
      'Sunday skirmish',
      'Night game',
      'Sunday skirmish',
      'Sunday skirmish',
    ]);
    // No scope: this game only.
    expect((await patch(leader, g4, { capacity: 30 })).statusCode).toBe(200);
    expect((await row(g3)).capacity).toBe(20);

    const before = await gamesOf(s.id);
    const moved = new Date(Date.parse(before[2].date) + 3_600_000).toISOString();
    const res = await patch(leader, g3, { title: 'Evening game', capacity: 25, date: moved }, 'following');
    expect(res.statusCode).toBe(200);
    const after = await gamesOf(s.id);
    expect(after.map((g) => g.title)).toEqual([
      'Sunday skirmish',
      'Night game',
      'Evening game',
      'Evening game',
    ]);
    expect([
      (await row(g1)).capacity,
      (await row(g2)).capacity,
      (await row(g3)).capacity,
      (await row(g4)).capacity,
    ]).toEqual([20, 20, 25, 25]);
    expect(after.map((g, k) => Date.parse(g.date) - Date.parse(before[k].date))).toEqual([
      0, 0, 3_600_000, 3_600_000,
    ]);

    // A member may not; a refusal changes nothing, in any game.
    expect((await patch(member, g3, { title: 'Hijack' }, 'following')).statusCode).toBe(403);
    expect((await patch(leader, g3, { title: 'x' }, 'sometimes')).statusCode).toBe(400);
    // endsAt null clears the end of every later game too.
    await db()
      .update(events)
      .set({ endDate: new Date(Date.parse(after[3].date) + 3_600_000) })
      .where(eq(events.id, g4));
    const bad = await patch(leader, g3, { title: 'Nope', endsAt: null, date: after[2].date }, 'following');
    expect(bad.statusCode).toBe(200);
    expect((await gamesOf(s.id)).map((g) => g.title).slice(2)).toEqual(['Nope', 'Nope']);
    expect((await row(g4)).endDate).toBeNull();

    // Scope on an event outside a series: as 'this'.
    const lone = await hosted(saturdayAfter(30));
    expect((await patch(leader, lone.id, { title: 'Lone' }, 'following')).json().title).toBe('Lone');
  });

  it('"following" changes only the fields sent: each later game keeps its own others', async () => {
    const first = await hosted(saturdayAfter(20), { description: 'Bring water', capacity: 20 });
    const s = (await repeat(leader, first.id, { frequency: 'weekly', count: 3 })).json();
    const [g1, g2, g3] = s.games.map((g: { id: string }) => g.id);
    // The third game's own edits (this game only).
    const own = {
      description: 'Night game: bring a torch',
      capacity: 12,
      location: 'Bradford',
      type: 'Milsim',
    };
    expect((await patch(leader, g3, own, 'this')).statusCode).toBe(200);
    const before = await row(g3);
    expect((await patch(leader, g1, { title: 'Sunday op' }, 'following')).statusCode).toBe(200);
    for (const g of [g1, g2, g3]) expect((await row(g)).title).toBe('Sunday op');
    const after = await row(g3);
    expect(after).toMatchObject({ ...own, lat: before.lat, lng: before.lng, rules: before.rules });
    expect(after.date).toEqual(before.date);
    expect((await row(g2)).description).toBe('Bring water');
  });

  it('"following" with sides matches them by position', async () => {
    const first = await hosted(saturdayAfter(20), {
      sides: [
        { name: 'Red', colour: '#ff0000', capacity: 10 },
        { name: 'Blue', colour: '#0000ff', capacity: 10 },
      ],
    });
    const s = (await repeat(leader, first.id, { frequency: 'weekly', count: 3 })).json();
    const mine = (await injectAs(t.app, leader, { url: `/api/events/${s.games[0].id}` })).json().sides;
    const res = await patch(
      leader,
      s.games[0].id,
      {
        sides: [
          { id: mine[0].id, name: 'Crimson', colour: '#aa0000', capacity: 12 },
          { id: mine[1].id, name: 'Blue', colour: '#0000ff', capacity: 12 },
        ],
      },
      'following',
    );
    expect(res.statusCode).toBe(200);
    for (const g of s.games) {
      const sides = await db().select().from(eventSides).where(eq(eventSides.eventId, g.id));
      expect(sides.map((x) => `${x.name}:${x.capacity}`).sort()).toEqual(['Blue:12', 'Crimson:12']);
      expect((await row(g.id)).capacity).toBe(24);
    }
  });

  it('cancelling one game tells its registered players; it takes no more registrations', async () => {
    const first = await hosted(saturdayAfter(20));
    const s = (await repeat(leader, first.id, { frequency: 'weekly', count: 3 })).json();
    const g2 = s.games[1].id;
    expect((await register(player, g2)).statusCode).toBe(200);
    expect((await register(member, s.games[2].id)).statusCode).toBe(200);
    const res = await patch(leader, g2, { cancelled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().cancelled).toBe(true);
    const cancelledFor = (id: string) =>
      db()
        .select({ data: notifications.data })
        .from(notifications)
        .where(and(eq(notifications.recipientId, id), eq(notifications.kind, 'event-cancelled')));
    // The queued job: run here, or by the app's own runner (PostgreSQL) a moment later.
    await runNotificationJobs(db(), NO_MAIL);
    await expect.poll(async () => (await cancelledFor(player.id)).length, { timeout: 20_000 }).toBe(1);
    expect((await cancelledFor(player.id))[0].data).toMatchObject({ title: 'Sunday skirmish' });
    expect(await cancelledFor(member.id)).toHaveLength(0);
    expect((await gamesOf(s.id)).map((g) => g.status)).toEqual(['scheduled', 'cancelled', 'scheduled']);
    const late = await register(outsider, g2);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(SERIES_TEXTS.gameCancelled);
    // Cancelling again tells no one again.
    await patch(leader, g2, { cancelled: true });
    await runNotificationJobs(db(), NO_MAIL);
    expect(await cancelledFor(player.id)).toHaveLength(1);
  });
});

/** The VEVENTs' UIDs and titles of an iCalendar text, read back with ical.js. */
function readBack(text: string) {
  const root = new ICAL.Component(ICAL.parse(text) as unknown as unknown[]);
  expect(root.name).toBe('vcalendar');
  return root.getAllSubcomponents('vevent').map((c) => {
    const e = new ICAL.Event(c);
    return { uid: e.uid, summary: e.summary };
  });
}

describe('calendar feeds of a series, a team and a field', () => {
  it('each parses back and holds its events; 404 unknown, 400 malformed', async () => {
    const field = await createField(db(), { name: 'Hollow Woods' });
    const first = await hosted(saturdayAfter(20), { title: 'Woodland weekly', fieldId: field.id });
    const s = (await repeat(leader, first.id, { frequency: 'weekly', count: 3 })).json();
    await patch(leader, s.games[2].id, { cancelled: true });
    const elsewhere = await createEvent(db(), { title: 'Elsewhere' });

    const feed = await injectAs(t.app, null, { url: `/api/event-series/${s.id}.ics` });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('public, max-age=300');
    // The cancelled game is left out.
    expect(readBack(feed.body).map((e) => e.uid)).toEqual(
      s.games.slice(0, 2).map((g: { id: string }) => `${g.id}@airsoft-community`),
    );

    const team = await injectAs(t.app, null, { url: `/api/teams/${teamId}/events.ics` });
    expect(team.statusCode).toBe(200);
    expect(team.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const teamUids = readBack(team.body).map((e) => e.uid);
    expect(teamUids).toEqual(expect.arrayContaining([`${s.games[0].id}@airsoft-community`]));
    expect(teamUids).not.toContain(`${elsewhere.id}@airsoft-community`);

    const atField = await injectAs(t.app, null, { url: `/api/fields/${field.id}/events.ics` });
    expect(atField.statusCode).toBe(200);
    expect(readBack(atField.body)).toEqual(
      s.games
        .slice(0, 2)
        .map((g: { id: string }) => ({ uid: `${g.id}@airsoft-community`, summary: 'Woodland weekly' })),
    );

    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const url of [
      `/api/event-series/${unknown}.ics`,
      `/api/teams/${unknown}/events.ics`,
      `/api/fields/${unknown}/events.ics`,
    ])
      expect((await injectAs(t.app, null, { url })).statusCode).toBe(404);
    for (const url of [
      '/api/event-series/nope.ics',
      '/api/teams/nope/events.ics',
      '/api/fields/nope/events.ics',
    ])
      expect((await injectAs(t.app, null, { url })).statusCode).toBe(400);
  });
});

describe('the stale flag', () => {
  it('tells the organiser once of a game within a week not confirmed; never of a confirmed one', async () => {
    const soon = new Date(Date.now() + 2 * DAY);
    const first = await hosted(soon);
    const s = (await repeat(leader, first.id, { frequency: 'weekly', count: 3 })).json();
    const [g1, g2] = s.games.map((g: { id: string }) => g.id);
    const flagged = () =>
      db()
        .select({ eventId: notifications.eventId })
        .from(notifications)
        .where(and(eq(notifications.recipientId, leader.id), eq(notifications.kind, 'event-unconfirmed')));

    const seen = (await injectAs(t.app, leader, { url: `/api/events/${g1}` })).json();
    expect(seen.needsConfirmation).toBe(true);
    expect(
      (await injectAs(t.app, member, { url: `/api/events/${g1}` })).json().needsConfirmation,
    ).toBeUndefined();

    // The second game is confirmed ahead; a member may not confirm.
    expect(
      (await injectAs(t.app, member, { method: 'POST', url: `/api/events/${g2}/confirm` })).statusCode,
    ).toBe(403);
    const confirmed = await injectAs(t.app, leader, { method: 'POST', url: `/api/events/${g2}/confirm` });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().needsConfirmation).toBe(false);

    const now = new Date();
    expect(await flagUnconfirmedGames(db(), NO_MAIL, now)).toBe(1);
    expect(await flagUnconfirmedGames(db(), NO_MAIL, now)).toBe(0);
    // A week on, the second game is within a week, but confirmed; the first is told of once, ever.
    expect(await flagUnconfirmedGames(db(), NO_MAIL, new Date(now.getTime() + 3 * DAY))).toBe(0);
    expect(await flagUnconfirmedGames(db(), NO_MAIL, new Date(now.getTime() + DAY))).toBe(0);
    expect(await flagged()).toEqual([{ eventId: g1 }]);
    // Confirming an event outside a series: 409.
    const lone = await hosted(saturdayAfter(20));
    expect(
      (await injectAs(t.app, leader, { method: 'POST', url: `/api/events/${lone.id}/confirm` })).statusCode,
    ).toBe(409);
  });
});
