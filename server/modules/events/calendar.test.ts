import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarTokens } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import {
  appWithPlayers,
  createEvent,
  createUser,
  injectAs,
  TEST_PASSWORD,
  type TestUser,
} from '../../test/factories';

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
      exists: false,
      createdAt: null,
    });
    const made = await injectAs(t.app, player, { method: 'POST', url: '/api/user/calendar-token' });
    expect(made.headers['cache-control']).toBe('private, no-store');
    const url = made.json().url as string;
    expect(url).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // Only the hash is kept: the address is answered once, by the POST that made it.
    expect((await injectAs(t.app, player, { url: '/api/user/calendar-token' })).json()).toEqual({
      url: null,
      exists: true,
      createdAt: made.json().createdAt,
    });

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

describe('the calendar secret (issue 24): hashed, kept out of the log, reset with the sessions', () => {
  const tokenOf = (url: string) => /\/api\/calendar\/([^.]+)\.ics$/.exec(url)?.[1] as string;

  it('stores the SHA-256 of the token, never the token', async () => {
    const p = await createUser(t.database.db);
    const url = (await injectAs(t.app, p, { method: 'POST', url: '/api/user/calendar-token' })).json().url;
    const token = tokenOf(url);
    const [row] = await t.database.db.select().from(calendarTokens).where(eq(calendarTokens.userId, p.id));
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    expect((await injectAs(t.app, null, { url })).statusCode).toBe(200);
    // A stored hash is not itself an address.
    expect((await injectAs(t.app, null, { url: `/api/calendar/${row.tokenHash}.ics` })).statusCode).toBe(404);
  });

  it('ends with "sign out everywhere" and with a password change; the player makes a new one', async () => {
    const p = await createUser(t.database.db);
    const first = (await injectAs(t.app, p, { method: 'POST', url: '/api/user/calendar-token' })).json().url;
    expect(
      (await injectAs(t.app, p, { method: 'POST', url: '/api/user/sessions/revoke-others' })).statusCode,
    ).toBe(204);
    expect((await injectAs(t.app, null, { url: first })).statusCode).toBe(404);
    expect((await injectAs(t.app, p, { url: '/api/user/calendar-token' })).json()).toMatchObject({
      exists: false,
    });
    const second = (await injectAs(t.app, p, { method: 'POST', url: '/api/user/calendar-token' })).json().url;
    expect((await injectAs(t.app, null, { url: second })).statusCode).toBe(200);
    const changed = await injectAs(t.app, p, {
      method: 'POST',
      url: '/api/user/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a-new-password-123' },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await injectAs(t.app, null, { url: second })).statusCode).toBe(404);
  });

  it('migration 0028 replaces each stored token by its SHA-256, so existing addresses keep working', async () => {
    const p = await createUser(t.database.db);
    const token = 'c'.repeat(43);
    const file = readFileSync(
      path.join(
        path.dirname(fileURLToPath(import.meta.url)),
        '../../db/migrations/0028_calendar_token_hash.sql',
      ),
      'utf8',
    );
    const rollback = new Error('rollback');
    const seen = await t.database.db
      .transaction(async (tx) => {
        await tx.insert(calendarTokens).values({ userId: p.id, tokenHash: token });
        await tx.execute(sql.raw(file));
        const [row] = await tx.select().from(calendarTokens).where(eq(calendarTokens.userId, p.id));
        expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
        throw rollback;
      })
      .catch((e: unknown) => e);
    expect(seen).toBe(rollback);
  });

  it('writes the feed address to the request log as [redacted]', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const logged = await createTestApp({ logger });
    try {
      const p = await createUser(logged.database.db);
      const url = (await injectAs(logged.app, p, { method: 'POST', url: '/api/user/calendar-token' })).json()
        .url;
      const token = tokenOf(url);
      expect((await logged.app.inject({ url: `${url}?x=1` })).statusCode).toBe(200);
      expect(
        (await logged.app.inject({ url: '/api/calendar/not-a-real-token-at-all-000000000000.ics' }))
          .statusCode,
      ).toBe(404);
      const log = lines.join('');
      expect(log).toContain('/api/calendar/[redacted].ics?x=1');
      expect(log).not.toContain(token);
      expect(log).not.toContain('not-a-real-token');
    } finally {
      await logged.close();
    }
  });
});

/** iCalendar lines folded at 75 octets, joined again. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

describe('absolute links in calendars (issue 24): PUBLIC_URL, never a Host header in production', () => {
  it('links to PUBLIC_URL whatever the Host; in production without it, leaves the links out', async () => {
    const withUrl = await createTestApp({
      config: { publicUrl: 'https://airsoft.example', production: true },
    });
    const bare = await createTestApp({ config: { production: true } });
    try {
      for (const app of [withUrl, bare]) {
        const e = await createEvent(app.database.db, { title: 'Linked game' });
        const res = await app.app.inject({ url: '/api/events.ics', headers: { host: 'evil.example' } });
        expect(res.statusCode).toBe(200);
        res.body = unfold(res.body);
        expect(res.body).not.toContain('evil.example');
        const one = await app.app.inject({
          url: `/api/events/${e.id}/ics`,
          headers: { host: 'evil.example' },
        });
        expect(unfold(one.body)).not.toContain('evil.example');
        if (app === withUrl) expect(res.body).toContain(`https://airsoft.example/events/${e.id}`);
        else expect(res.body).not.toContain(`/events/${e.id}`);
      }
    } finally {
      await withUrl.close();
      await bare.close();
    }
  });

  it('in development (and tests) without PUBLIC_URL, links to the request host as before', async () => {
    const e = await createEvent(t.database.db, { title: 'Dev game' });
    const res = await t.app.inject({ url: '/api/events.ics', headers: { host: 'localhost:5173' } });
    expect(unfold(res.body)).toContain(`http://localhost:5173/events/${e.id}`);
  });
});
