import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import { appWithPlayers, createEvent, createUser, injectAs, type TestUser } from '../../test/factories';

let t: TestApp, player: TestUser, admin: TestUser;
beforeAll(async () => {
  ({ t, player, admin } = await appWithPlayers({ player: 'user', admin: 'admin' }));
});
afterAll(() => t.close());

/** The VEVENTs of an iCalendar text, read back with ical.js. */
function readBack(text: string) {
  const root = new ICAL.Component(ICAL.parse(text) as unknown as unknown[]);
  expect(root.name).toBe('vcalendar');
  return root.getAllSubcomponents('vevent').map((c) => {
    const e = new ICAL.Event(c);
    return {
      uid: e.uid,
      summary: e.summary,
      start: e.startDate.toJSDate().toISOString(),
      end: e.endDate ? e.endDate.toJSDate().toISOString() : null,
      sequence: e.sequence,
      location: e.location,
      categories: c.getAllProperties('categories').flatMap((p) => p.getValues()),
      geo: c.getFirstPropertyValue('geo'),
      url: c.getFirstPropertyValue('url'),
    };
  });
}

describe('calendar feeds (RFC 5545)', () => {
  it('GET /api/events.ics lists upcoming events, optionally of one type, and reads back', async () => {
    const d = t.database.db;
    const milsim = await createEvent(d, {
      title: 'Op Iron Gate',
      type: 'Milsim',
      date: new Date('2031-02-01T09:00:00Z'),
      endDate: new Date('2031-02-02T15:00:00Z'),
      location: 'Salisbury, Wiltshire',
      lat: 51.07,
      lng: -1.79,
      url: 'https://tickets.example.com/iron-gate',
    });
    const local = await createEvent(d, { title: 'Sunday game', date: new Date('2031-01-05T10:00:00Z') });
    await createEvent(d, { title: 'Long gone', date: new Date('2020-01-05T10:00:00Z') });
    const res = await injectAs(t.app, null, { url: '/api/events.ics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const all = readBack(res.body);
    expect(all.map((e) => e.summary)).toEqual(['Sunday game', 'Op Iron Gate']);
    const op = all[1];
    expect(op).toMatchObject({
      uid: `${milsim.id}@airsoft-community`,
      start: '2031-02-01T09:00:00.000Z',
      end: '2031-02-02T15:00:00.000Z',
      sequence: 0,
      categories: ['Milsim'],
      url: 'https://tickets.example.com/iron-gate',
    });
    expect(op.location).toContain('Salisbury, Wiltshire');
    expect(op.geo).toEqual([51.07, -1.79]);
    const typed = readBack((await injectAs(t.app, null, { url: '/api/events.ics?type=Local' })).body);
    expect(typed.map((e) => e.uid)).toEqual([`${local.id}@airsoft-community`]);
    expect((await injectAs(t.app, null, { url: '/api/events.ics?type=Other' })).statusCode).toBe(400);
  });

  it('GET /api/events/{id}/ics keeps the UID and raises SEQUENCE on every edit', async () => {
    const e = await createEvent(t.database.db, { title: 'Night op' });
    const first = readBack((await injectAs(t.app, null, { url: `/api/events/${e.id}/ics` })).body);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ uid: `${e.id}@airsoft-community`, sequence: 0, summary: 'Night op' });
    for (const title of ['Night op (moved)', 'Night op (final)'])
      await injectAs(t.app, admin, { method: 'PATCH', url: `/api/events/${e.id}`, payload: { title } });
    const res = await injectAs(t.app, null, { url: `/api/events/${e.id}/ics` });
    expect(res.headers['content-disposition']).toContain('.ics');
    expect(readBack(res.body)[0]).toMatchObject({
      uid: `${e.id}@airsoft-community`,
      sequence: 2,
      summary: 'Night op (final)',
    });
    expect(
      (await injectAs(t.app, null, { url: '/api/events/00000000-0000-4000-8000-000000000000/ics' }))
        .statusCode,
    ).toBe(404);
  });

  it("serves a player's own registrations at a secret address, which a reset replaces", async () => {
    const d = t.database.db;
    const mine = await createEvent(d, { title: 'My game', capacity: 5 });
    const full = await createEvent(d, { title: 'Full game', capacity: 1 });
    const other = await createUser(d);
    await injectAs(t.app, other, { method: 'POST', url: `/api/events/${full.id}/registration` });
    await createEvent(d, { title: 'Not mine' });
    await injectAs(t.app, player, { method: 'POST', url: `/api/events/${mine.id}/registration` });
    await injectAs(t.app, player, { method: 'POST', url: `/api/events/${full.id}/registration` });

    expect((await injectAs(t.app, null, { url: '/api/user/calendar-token' })).statusCode).toBe(401);
    expect(
      (await injectAs(t.app, null, { method: 'POST', url: '/api/user/calendar-token' })).statusCode,
    ).toBe(401);
    expect((await injectAs(t.app, player, { url: '/api/user/calendar-token' })).json()).toEqual({
      url: null,
    });
    const made = await injectAs(t.app, player, { method: 'POST', url: '/api/user/calendar-token' });
    expect(made.headers['cache-control']).toBe('private, no-store');
    const url = made.json().url as string;
    expect(url).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await injectAs(t.app, player, { url: '/api/user/calendar-token' })).json()).toEqual({ url });

    const feed = await injectAs(t.app, null, { url });
    expect(feed.statusCode).toBe(200);
    const list = readBack(feed.body);
    expect(list.map((e) => e.summary).sort()).toEqual(['Full game (On the waitlist)', 'My game']);
    // A promotion changes the copy: the mark goes and SEQUENCE goes up.
    await injectAs(t.app, other, { method: 'DELETE', url: `/api/events/${full.id}/registration` });
    const after = readBack((await injectAs(t.app, null, { url })).body);
    const promoted = after.find((e) => e.uid.startsWith(full.id));
    expect(promoted).toMatchObject({ summary: 'Full game', sequence: 1 });

    const reset = (await injectAs(t.app, player, { method: 'POST', url: '/api/user/calendar-token' })).json()
      .url;
    expect(reset).not.toBe(url);
    expect((await injectAs(t.app, null, { url })).statusCode).toBe(404);
    expect((await injectAs(t.app, null, { url: reset })).statusCode).toBe(200);
    expect((await injectAs(t.app, null, { url: '/api/calendar/short.ics' })).statusCode).toBe(404);
  });
});
