import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema';
import { defaultTimeZone } from '../../lib/time-zone';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createEvent, injectAs, type TestUser } from '../../test/factories';
import { icsTimes } from './ics';
import { parseICalendar } from './import';

/** Issue 20: events have an end (`endsAt`, after `date`) and a time zone (`timeZone`, IANA). */
let t: TestApp;
let admin: TestUser;
const db = () => t.database.db;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(db());
});
afterAll(() => t.close());

const base = { title: 'Op Zulu', date: '2031-01-10T16:00:00Z', location: 'Austin, TX' };
const create = (payload: object) => injectAs(t.app, admin, { method: 'POST', url: '/api/events', payload });
const patch = (id: string, payload: object) =>
  injectAs(t.app, admin, { method: 'PATCH', url: `/api/events/${id}`, payload });

describe('endsAt and timeZone on create, edit and read', () => {
  it('are stored and returned', async () => {
    const res = await create({ ...base, endsAt: '2031-01-10T22:00:00Z', timeZone: 'America/Chicago' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      date: '2031-01-10T16:00:00.000Z',
      endsAt: '2031-01-10T22:00:00.000Z',
      timeZone: 'America/Chicago',
    });
    const got = await injectAs(t.app, null, { url: `/api/events/${res.json().id}` });
    expect(got.json()).toMatchObject({ endsAt: '2031-01-10T22:00:00.000Z', timeZone: 'America/Chicago' });
    const list = await injectAs(t.app, null, { url: '/api/events' });
    expect(list.json().find((e: { id: string }) => e.id === res.json().id)).toMatchObject({
      timeZone: 'America/Chicago',
    });
  });

  it("default: no end, and the server's TZ (or UTC)", async () => {
    const res = await create(base);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ endsAt: null, timeZone: defaultTimeZone() });
    expect(defaultTimeZone({ TZ: 'Europe/London' })).toBe('Europe/London');
    expect(defaultTimeZone({ TZ: ':America/Chicago' })).toBe('America/Chicago');
    expect(defaultTimeZone({ TZ: 'Not/AZone' })).toBe('UTC');
    expect(defaultTimeZone({})).toBe('UTC');
  });

  it('refuses an end at or before the start, on create and on edit, with a clear message; nothing changes', async () => {
    for (const endsAt of ['2031-01-10T16:00:00Z', '2031-01-09T16:00:00Z']) {
      const res = await create({ ...base, title: 'Never stored', endsAt });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.endsAt).toEqual(['The end must be after the start']);
    }
    expect(await db().select().from(events).where(eq(events.title, 'Never stored'))).toEqual([]);

    const e = (await create({ ...base, endsAt: '2031-01-10T22:00:00Z' })).json();
    // The end alone, before the stored start.
    let res = await patch(e.id, { endsAt: '2031-01-10T15:00:00Z' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The end must be after the start');
    // The start alone, after the stored end.
    res = await patch(e.id, { date: '2031-01-11T10:00:00Z' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.endsAt).toEqual(['The end must be after the start']);
    // Both in one patch.
    res = await patch(e.id, { date: '2031-01-11T10:00:00Z', endsAt: '2031-01-11T09:00:00Z' });
    expect(res.statusCode).toBe(400);
    const [row] = await db().select().from(events).where(eq(events.id, e.id));
    expect(row.date).toEqual(new Date('2031-01-10T16:00:00Z'));
    expect(row.endDate).toEqual(new Date('2031-01-10T22:00:00Z'));
    // A later start with a later end, and clearing the end, are fine.
    res = await patch(e.id, {
      date: '2031-01-11T10:00:00Z',
      endsAt: '2031-01-11T12:00:00Z',
      timeZone: 'Asia/Tokyo',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ endsAt: '2031-01-11T12:00:00.000Z', timeZone: 'Asia/Tokyo' });
    res = await patch(e.id, { endsAt: null });
    expect(res.json().endsAt).toBeNull();
  });

  it('refuses a time zone Intl does not know, NUL bytes and huge values (400, never 500)', async () => {
    for (const timeZone of ['Mars/Olympus', 'America/Chicago\u0000', 'x'.repeat(1000), '', '../etc', 42]) {
      const res = await create({ ...base, timeZone });
      expect(res.statusCode, String(timeZone)).toBe(400);
      expect(res.json().errors.timeZone).toBeDefined();
    }
    const res = await create({ ...base, endsAt: 'tomorrow' });
    expect(res.statusCode).toBe(400);
  });
});

describe('.ics: TZID (or UTC) and DTEND; no end is a one-day event', () => {
  it('writes DTSTART and DTEND with the TZID in the event zone', async () => {
    const e = await createEvent(db(), {
      title: 'Zoned',
      date: new Date('2031-01-10T16:00:00Z'),
      endDate: new Date('2031-01-10T22:00:00Z'),
      timeZone: 'America/Chicago',
    });
    const res = await injectAs(t.app, null, { url: `/api/events/${e.id}/ics` });
    expect(res.body).toContain('DTSTART;TZID=America/Chicago:20310110T100000');
    expect(res.body).toContain('DTEND;TZID=America/Chicago:20310110T160000');
  });

  it('writes UTC times for a UTC event', async () => {
    const e = await createEvent(db(), {
      title: 'Utc',
      date: new Date('2031-01-10T16:00:00Z'),
      endDate: new Date('2031-01-10T18:30:00Z'),
    });
    const res = await injectAs(t.app, null, { url: `/api/events/${e.id}/ics` });
    expect(res.body).toContain('DTSTART:20310110T160000Z');
    expect(res.body).toContain('DTEND:20310110T183000Z');
  });

  it('writes an event without an end as a one-day event on its date in its zone, never 0 minutes', async () => {
    const e = await createEvent(db(), {
      title: 'Open ended',
      // 03:00 UTC on the 11th is 21:00 on the 10th in Chicago.
      date: new Date('2031-01-11T03:00:00Z'),
      timeZone: 'America/Chicago',
    });
    const res = await injectAs(t.app, null, { url: `/api/events/${e.id}/ics` });
    expect(res.body).toContain('DTSTART;VALUE=DATE:20310110');
    expect(res.body).toContain('DTEND;VALUE=DATE:20310111');
    expect(res.body).not.toMatch(/DTSTART[^\r\n]*T030000/);
    expect(icsTimes({ date: new Date('2031-01-11T03:00:00Z'), endDate: null, timeZone: 'UTC' })).toEqual({
      start: '2031-01-11',
      end: '2031-01-12',
      allDay: true,
    });
  });
});

const vcal = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Zones//EN', ...lines, 'END:VCALENDAR'].join('\r\n');

describe('import: DTEND and TZID; schema.org endDate', () => {
  const now = new Date('2030-01-01T00:00:00Z');

  it('reads DTEND and a TZID without a VTIMEZONE in its zone', () => {
    const [e] = parseICalendar(
      vcal(
        'BEGIN:VEVENT',
        'UID:zoned@test',
        'DTSTAMP:20300101T000000Z',
        'DTSTART;TZID=America/Chicago:20310110T100000',
        'DTEND;TZID=America/Chicago:20310110T160000',
        'SUMMARY:Chicago game',
        'LOCATION:Chicago',
        'END:VEVENT',
      ),
      now,
    );
    expect(e.date.toISOString()).toBe('2031-01-10T16:00:00.000Z');
    expect(e.endDate?.toISOString()).toBe('2031-01-10T22:00:00.000Z');
    expect(e.timeZone).toBe('America/Chicago');
  });

  it('keeps UTC times, drops an unknown TZID and an end before the start', () => {
    const list = parseICalendar(
      vcal(
        'BEGIN:VEVENT',
        'UID:utc@test',
        'DTSTAMP:20300101T000000Z',
        'DTSTART:20310110T100000Z',
        'DTEND:20310110T090000Z',
        'SUMMARY:Backwards',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:odd@test',
        'DTSTAMP:20300101T000000Z',
        'DTSTART;TZID=Custom Zone:20310110T100000',
        'SUMMARY:Odd zone',
        'END:VEVENT',
      ),
      now,
    );
    const byUid = Object.fromEntries(list.map((e) => [e.uid, e]));
    expect(byUid['utc@test']).toMatchObject({ endDate: null, timeZone: null });
    expect(byUid['utc@test'].date.toISOString()).toBe('2031-01-10T10:00:00.000Z');
    expect(byUid['odd@test'].timeZone).toBeNull();
  });

  it('stores the end and the zone through POST /api/events/import (the zone defaulted when the feed has none)', async () => {
    const ics = vcal(
      'BEGIN:VEVENT',
      'UID:stored@zones.test',
      'DTSTAMP:20300101T000000Z',
      'DTSTART;TZID=Europe/London:20310601T090000',
      'DTEND;TZID=Europe/London:20310601T170000',
      'SUMMARY:London day',
      'LOCATION:London',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:plain@zones.test',
      'DTSTAMP:20300101T000000Z',
      'DTSTART:20310602T090000Z',
      'SUMMARY:Plain day',
      'LOCATION:London',
      'END:VEVENT',
    );
    const res = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/events/import',
      payload: { source: 'custom', ics },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [london] = await db().select().from(events).where(eq(events.title, 'London day'));
    expect(london).toMatchObject({
      date: new Date('2031-06-01T08:00:00Z'),
      endDate: new Date('2031-06-01T16:00:00Z'),
      timeZone: 'Europe/London',
    });
    const [plain] = await db().select().from(events).where(eq(events.title, 'Plain day'));
    expect(plain).toMatchObject({ endDate: null, timeZone: defaultTimeZone() });
  });
});
