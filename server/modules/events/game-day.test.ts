import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULE_PRESETS, WAIVER_TEXTS } from '../../../contract';
import {
  eventMessages,
  eventRegistrations,
  eventWaivers,
  fieldWaivers,
  notifications,
  waiverSignatures,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import {
  createAdmin,
  createBlockedWord,
  createEvent,
  createField,
  createRegistration,
  createTeam,
  createUser,
  injectAs,
  type TestUser,
} from '../../test/factories';
import { NO_MAIL, runNotificationJobs } from '../notifications';
import { safeCell } from './roster';
import { hashText } from './waivers';

let t: TestApp, player: TestUser, registered: TestUser, admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ config: { notificationJobs: false } });
  player = await createUser(t.database.db);
  registered = await createUser(t.database.db);
  admin = await createAdmin(t.database.db);
});
afterAll(() => t.close());

const db = () => t.database.db;
const YEARS = 365.25 * 86_400_000;
/** A date of birth `years` (and a few days) before the event a week from now. */
const bornYearsAgo = (years: number) =>
  new Date(Date.now() + 7 * 86_400_000 - years * YEARS - 10 * 86_400_000).toISOString().slice(0, 10);
const ADULT = { fullName: 'Sam Carter', dateOfBirth: bornYearsAgo(30) };
const TEXT = '# Waiver\n\nI accept the **risks** of airsoft.';

const snapshot = async () => ({
  waivers: await db().select().from(eventWaivers).orderBy(eventWaivers.eventId),
  fieldWaivers: await db().select().from(fieldWaivers).orderBy(fieldWaivers.fieldId),
  signatures: await db().select().from(waiverSignatures).orderBy(waiverSignatures.id),
  registrations: await db().select().from(eventRegistrations).orderBy(eventRegistrations.id),
  messages: await db().select().from(eventMessages).orderBy(eventMessages.id),
});

/** An event (a week away, UK rules: minimum age 12) with a waiver set through the API. */
async function eventWithWaiver(text = TEXT, overrides: Parameters<typeof createEvent>[1] = {}) {
  const e = await createEvent(db(), { rules: RULE_PRESETS[0].rules, ...overrides });
  const res = await injectAs(t.app, admin, {
    method: 'PUT',
    url: `/api/events/${e.id}/waiver`,
    payload: { text },
  });
  expect(res.statusCode, res.body).toBe(200);
  return e;
}
const register = (user: TestUser | null, id: string, payload?: object) =>
  injectAs(t.app, user, { method: 'POST', url: `/api/events/${id}/registration`, payload });

describe('setting a waiver', () => {
  it('refuses anonymous (401), players and registered players (403), bad input (400): data unchanged', async () => {
    const e = await eventWithWaiver();
    await createRegistration(db(), registered, e);
    const f = await createField(db());
    const before = await snapshot();
    const calls = [
      { method: 'GET' as const, url: `/api/events/${e.id}/waiver` },
      { method: 'PUT' as const, url: `/api/events/${e.id}/waiver`, payload: { text: 'Hacked' } },
      { method: 'DELETE' as const, url: `/api/events/${e.id}/waiver` },
      { method: 'PUT' as const, url: `/api/admin/fields/${f.id}/waiver`, payload: { text: 'Hacked' } },
      { method: 'DELETE' as const, url: `/api/admin/fields/${f.id}/waiver` },
    ];
    for (const call of calls) {
      expect((await injectAs(t.app, null, call)).statusCode, call.url).toBe(401);
      expect((await injectAs(t.app, player, call)).statusCode, call.url).toBe(403);
      expect((await injectAs(t.app, registered, call)).statusCode, call.url).toBe(403);
    }
    for (const payload of [
      { text: '' },
      { text: 'x'.repeat(20_001) },
      { text: 'a\u0000b' },
      { text: 'ok', more: 1 },
    ])
      expect(
        (await injectAs(t.app, admin, { method: 'PUT', url: `/api/events/${e.id}/waiver`, payload }))
          .statusCode,
      ).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (
        await injectAs(t.app, admin, {
          method: 'PUT',
          url: `/api/events/${unknown}/waiver`,
          payload: { text: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await injectAs(t.app, admin, {
          method: 'PUT',
          url: `/api/admin/fields/${unknown}/waiver`,
          payload: { text: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('versions the text: the same text keeps the version, a new text raises it', async () => {
    const e = await eventWithWaiver();
    const put = (text: string) =>
      injectAs(t.app, admin, { method: 'PUT', url: `/api/events/${e.id}/waiver`, payload: { text } });
    expect((await put(TEXT)).json().waiver.version).toBe(1);
    expect((await put('Version two')).json().waiver.version).toBe(2);
    const [row] = await db().select().from(eventWaivers).where(eq(eventWaivers.eventId, e.id));
    expect(row.textHash).toBe(hashText('Version two'));
    const shown = (await injectAs(t.app, player, { url: `/api/events/${e.id}` })).json();
    expect(shown.waiver).toEqual({ version: 2, text: 'Version two' });
  });

  it("a field's waiver is inherited by its events, unless the event has its own", async () => {
    const f = await createField(db());
    const set = await injectAs(t.app, admin, {
      method: 'PUT',
      url: `/api/admin/fields/${f.id}/waiver`,
      payload: { text: 'Field waiver' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await injectAs(t.app, null, { url: `/api/fields/${f.id}/waiver` })).json().waiver.text).toBe(
      'Field waiver',
    );
    const e = await createEvent(db(), { fieldId: f.id });
    // Read in one statement with the event (signed out, and signed in: its other shape).
    for (const viewer of [null, player]) {
      const shown = (await injectAs(t.app, viewer, { url: `/api/events/${e.id}` })).json();
      expect(shown.waiver).toEqual({ version: 1, text: 'Field waiver' });
      expect(shown.field).toEqual({ id: f.id, name: f.name });
    }
    await injectAs(t.app, admin, {
      method: 'PUT',
      url: `/api/events/${e.id}/waiver`,
      payload: { text: 'Own' },
    });
    expect((await injectAs(t.app, null, { url: `/api/events/${e.id}` })).json().waiver.text).toBe('Own');
    const setting = (await injectAs(t.app, admin, { url: `/api/events/${e.id}/waiver` })).json();
    expect(setting.inherited.text).toBe('Field waiver');
    await injectAs(t.app, admin, { method: 'DELETE', url: `/api/events/${e.id}/waiver` });
    expect((await injectAs(t.app, null, { url: `/api/events/${e.id}` })).json().waiver.text).toBe(
      'Field waiver',
    );
    const plain = await createEvent(db());
    for (const viewer of [null, player])
      expect((await injectAs(t.app, viewer, { url: `/api/events/${plain.id}` })).json()).toMatchObject({
        waiver: null,
        field: null,
        sides: [],
      });
  });

  it('the lists say waiverRequired (own or the field’s), kept fresh when a waiver is set or removed', async () => {
    const f = await createField(db());
    const day = (n: number) => new Date(Date.UTC(2040, 2, n, 10));
    const own = await createEvent(db(), { title: 'own', date: day(1) });
    const atField = await createEvent(db(), { title: 'field', date: day(2), fieldId: f.id });
    const plain = await createEvent(db(), { title: 'plain', date: day(3) });
    const list = async (viewer: TestUser | null = null) => {
      const res = await injectAs(t.app, viewer, {
        url: '/api/events?from=2040-03-01T00:00:00Z&to=2040-03-05T00:00:00Z',
      });
      expect(res.statusCode, res.body).toBe(200);
      return Object.fromEntries(
        (res.json() as { title: string; waiverRequired: boolean }[]).map((e) => [e.title, e.waiverRequired]),
      );
    };
    // Read once: the page is cached; the writes below must empty it.
    expect(await list()).toEqual({ own: false, field: false, plain: false });
    const put = (url: string, method: 'PUT' | 'DELETE' = 'PUT') =>
      injectAs(t.app, admin, { method, url, payload: method === 'PUT' ? { text: 'Sign me' } : undefined });
    expect((await put(`/api/events/${own.id}/waiver`)).statusCode).toBe(200);
    expect((await put(`/api/admin/fields/${f.id}/waiver`)).statusCode).toBe(200);
    expect(await list()).toEqual({ own: true, field: true, plain: false });
    expect(await list(player)).toEqual({ own: true, field: true, plain: false });
    // One event's answer says it too.
    expect((await injectAs(t.app, null, { url: `/api/events/${atField.id}` })).json().waiverRequired).toBe(
      true,
    );
    expect((await injectAs(t.app, null, { url: `/api/events/${plain.id}` })).json().waiverRequired).toBe(
      false,
    );
    expect((await put(`/api/events/${own.id}/waiver`, 'DELETE')).statusCode).toBe(200);
    expect((await put(`/api/admin/fields/${f.id}/waiver`, 'DELETE')).statusCode).toBe(200);
    expect(await list()).toEqual({ own: false, field: false, plain: false });
  });
});

describe('registering with a waiver', () => {
  it('an event without a waiver registers as before (no body)', async () => {
    const e = await createEvent(db());
    const res = await register(player, e.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().viewerStatus).toBe('registered');
  });

  it('refuses a registration without the answers, or with bad ones (400): nothing stored', async () => {
    const e = await eventWithWaiver();
    const before = await snapshot();
    const noWaiver = await register(player, e.id);
    expect(noWaiver.statusCode).toBe(400);
    expect(noWaiver.json().message).toBe(WAIVER_TEXTS.required);
    for (const waiver of [
      { fullName: 'Sa', dateOfBirth: ADULT.dateOfBirth },
      { fullName: 'Sam Carter', dateOfBirth: '1990-02-30' },
      { fullName: 'Sam Carter', dateOfBirth: 'yesterday' },
      { ...ADULT, extra: true },
      { ...ADULT, dateOfBirth: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) },
    ])
      expect((await register(player, e.id, { waiver })).statusCode, JSON.stringify(waiver)).toBe(400);
    expect((await register(null, e.id, { waiver: ADULT })).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('stores the version, the SHA-256, the time and the answers', async () => {
    const e = await eventWithWaiver();
    const res = await register(player, e.id, { waiver: { ...ADULT, guardianName: 'Not needed' } });
    expect(res.statusCode, res.body).toBe(200);
    const [sig] = await db().select().from(waiverSignatures).where(eq(waiverSignatures.eventId, e.id));
    expect(sig).toMatchObject({
      userId: player.id,
      version: 1,
      textHash: hashText(TEXT),
      source: 'event',
      fullName: 'Sam Carter',
      dateOfBirth: ADULT.dateOfBirth,
      guardianName: null,
    });
    expect(Date.now() - sig.signedAt.getTime()).toBeLessThan(60_000);
  });

  it('a minor needs a guardian; below the minimum age is refused with a clear 400', async () => {
    const e = await eventWithWaiver(); // UK standard: minimum age 12
    const minor = await createUser(db());
    const young = await createUser(db());
    const before = await snapshot();
    const noGuardian = await register(minor, e.id, {
      waiver: { fullName: 'Kid Player', dateOfBirth: bornYearsAgo(15) },
    });
    expect(noGuardian.statusCode).toBe(400);
    expect(noGuardian.json().errors['waiver.guardianPhone']).toEqual([WAIVER_TEXTS.guardianRequired]);
    const tooYoung = await register(young, e.id, {
      waiver: {
        fullName: 'Tiny Player',
        dateOfBirth: bornYearsAgo(11),
        guardianName: 'Pat',
        guardianPhone: '+44 7700 900123',
      },
    });
    expect(tooYoung.statusCode).toBe(400);
    expect(tooYoung.json().message).toBe('Players must be at least 12 on the day of the event');
    expect(await snapshot()).toEqual(before);
    const ok = await register(minor, e.id, {
      waiver: {
        fullName: 'Kid Player',
        dateOfBirth: bornYearsAgo(15),
        guardianName: 'Pat Player',
        guardianPhone: '+44 7700 900123',
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const [sig] = await db().select().from(waiverSignatures).where(eq(waiverSignatures.userId, minor.id));
    expect(sig.guardianPhone).toBe('+44 7700 900123');
  });

  it('an 18+ only event refuses minors', async () => {
    const e = await eventWithWaiver(TEXT, { rules: { ...RULE_PRESETS[0].rules, minimumAge: 18 } });
    const res = await register(player, e.id, {
      waiver: {
        fullName: 'Kid Player',
        dateOfBirth: bornYearsAgo(17),
        guardianName: 'Pat',
        guardianPhone: '0123456789',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Players must be at least 18 on the day of the event');
  });

  it('a new text marks the signature outdated (roster and own list) until signed again', async () => {
    const e = await eventWithWaiver();
    const p = await createUser(db());
    expect((await register(p, e.id, { waiver: ADULT })).statusCode).toBe(200);
    const state = async () =>
      (await injectAs(t.app, admin, { url: `/api/events/${e.id}/roster` }))
        .json()
        .entries.find((x: { userId: string }) => x.userId === p.id).waiver;
    expect(await state()).toMatchObject({ state: 'signed', version: 1 });
    // The event tells the player where they stand (and nobody else: not on the event, no state).
    const mine = async (u: TestUser | null) =>
      (await injectAs(t.app, u, { url: `/api/events/${e.id}` })).json().viewerWaiver;
    expect(await mine(p)).toBe('signed');
    expect(await mine(player)).toBeUndefined();
    expect(await mine(null)).toBeUndefined();
    await injectAs(t.app, admin, {
      method: 'PUT',
      url: `/api/events/${e.id}/waiver`,
      payload: { text: 'New rules' },
    });
    expect(await state()).toMatchObject({ state: 'outdated', version: 1 });
    expect(await mine(p)).toBe('outdated');
    const own = (await injectAs(t.app, p, { url: '/api/user/waivers' })).json();
    expect(own, JSON.stringify(own)).toHaveLength(1);
    expect(own[0]).toMatchObject({ eventId: e.id, version: 1, outdated: true, fullName: 'Sam Carter' });
    // Registered already: registering again with the answers signs the new text.
    expect((await register(p, e.id, { waiver: ADULT })).statusCode).toBe(200);
    expect(await state()).toMatchObject({ state: 'signed', version: 2 });
    expect(await mine(p)).toBe('signed');
    expect((await injectAs(t.app, null, { url: '/api/user/waivers' })).statusCode).toBe(401);
    // Another player's list does not show it.
    expect(
      (await injectAs(t.app, player, { url: '/api/user/waivers' }))
        .json()
        .some((w: { eventId: string }) => w.eventId === e.id),
    ).toBe(false);
  });
});

describe('roster', () => {
  it('refuses anonymous (401), players and registered players (403), unknown events (404)', async () => {
    const e = await createEvent(db());
    await createRegistration(db(), registered, e);
    for (const url of [`/api/events/${e.id}/roster`, `/api/events/${e.id}/roster.csv`]) {
      expect((await injectAs(t.app, null, { url })).statusCode).toBe(401);
      expect((await injectAs(t.app, player, { url })).statusCode).toBe(403);
      expect((await injectAs(t.app, registered, { url })).statusCode).toBe(403);
    }
    expect(
      (await injectAs(t.app, admin, { url: '/api/events/00000000-0000-4000-8000-000000000000/roster' }))
        .statusCode,
    ).toBe(404);
  });

  it('lists registered then waitlist with positions, names and waiver states', async () => {
    const e = await createEvent(db(), { capacity: 1 });
    const a = await createUser(db());
    const b = await createUser(db());
    const c = await createUser(db());
    expect((await register(a, e.id)).statusCode).toBe(200);
    expect((await register(b, e.id)).statusCode).toBe(200);
    expect((await register(c, e.id)).statusCode).toBe(200);
    await injectAs(t.app, admin, {
      method: 'PUT',
      url: `/api/events/${e.id}/waiver`,
      payload: { text: TEXT },
    });
    const res = await injectAs(t.app, admin, { url: `/api/events/${e.id}/roster` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const roster = res.json();
    expect(roster.waiver).toEqual({ version: 1 });
    expect(
      roster.entries.map((x: { username: string; status: string; position: number }) => [
        x.username,
        x.status,
        x.position,
      ]),
    ).toEqual([
      [a.username, 'registered', 1],
      [b.username, 'waitlisted', 1],
      [c.username, 'waitlisted', 2],
    ]);
    expect(roster.entries[0].waiver.state).toBe('missing');
  });

  it('the CSV escapes cells that a spreadsheet would run as formulas', async () => {
    expect(safeCell('=1+2')).toBe("'=1+2");
    expect(safeCell('+1')).toBe("'+1");
    expect(safeCell('-2')).toBe("'-2");
    expect(safeCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(safeCell('\tx')).toBe("'\tx");
    expect(safeCell('\rx')).toBe("'\rx");
    expect(safeCell('plain')).toBe('plain');
    const e = await createEvent(db(), { title: 'Op "Quote", =Danger' });
    const evil = await createUser(db(), { username: '=HYPERLINK("http://x","y")' });
    const dash = await createUser(db(), { username: '-1+2' });
    await createRegistration(db(), evil, e);
    await createRegistration(db(), dash, e);
    const res = await injectAs(t.app, admin, { url: `/api/events/${e.id}/roster.csv` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="roster-Op-Quote-Danger.csv"');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      '#,Player,Status,Registered at,Side,Checked in,Chrono,Waiver,Waiver version,Waiver signed at,Minor',
    );
    expect(lines[1]).toMatch(/^1,"'=HYPERLINK\(""http:\/\/x"",""y""\)",Registered,/);
    expect(lines[2]).toMatch(/^2,'-1\+2,Registered,/);
  });
});

describe('messages', () => {
  it('refuses anonymous (401), players (403), bad input and blocked words (400), a side of no event: nothing stored', async () => {
    const e = await createEvent(db());
    await createRegistration(db(), registered, e);
    await createBlockedWord(db(), 'spambot');
    const before = await snapshot();
    const url = `/api/events/${e.id}/messages`;
    const ok = { text: 'Gates open at 8', audience: 'registered' };
    expect((await injectAs(t.app, null, { method: 'POST', url, payload: ok })).statusCode).toBe(401);
    expect((await injectAs(t.app, player, { method: 'POST', url, payload: ok })).statusCode).toBe(403);
    expect((await injectAs(t.app, registered, { method: 'POST', url, payload: ok })).statusCode).toBe(403);
    for (const payload of [
      { text: '' },
      { text: 'x'.repeat(1001) },
      { text: 'hi', audience: 'everyone' },
      { text: 'buy from spambot now' },
      { text: 'hi', audience: 'side', sideId: '00000000-0000-4000-8000-000000000000' },
    ])
      expect(
        (await injectAs(t.app, admin, { method: 'POST', url, payload })).statusCode,
        JSON.stringify(payload),
      ).toBe(400);
    expect((await injectAs(t.app, null, { url })).statusCode).toBe(401);
    expect((await injectAs(t.app, player, { url })).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
    expect(await db().select().from(notifications).where(eq(notifications.eventId, e.id))).toEqual([]);
  });

  it('reach the right audience as notifications, and are listed for organisers and the players told', async () => {
    const e = await createEvent(db(), { capacity: 1, title: 'Op Message' });
    const reg = await createUser(db());
    const wait = await createUser(db());
    const outsider = await createUser(db());
    await createRegistration(db(), reg, e);
    await createRegistration(db(), wait, e, 'waitlisted');
    const url = `/api/events/${e.id}/messages`;
    const first = await injectAs(t.app, admin, { method: 'POST', url, payload: { text: 'Registered only' } });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      audience: 'registered',
      recipientCount: 1,
      sender: { id: admin.id },
    });
    const second = await injectAs(t.app, admin, {
      method: 'POST',
      url,
      payload: { text: 'Everyone', audience: 'all' },
    });
    expect(second.json().recipientCount).toBe(2);
    await runNotificationJobs(db(), NO_MAIL);
    const told = await db()
      .select({ to: notifications.recipientId, kind: notifications.kind, data: notifications.data })
      .from(notifications)
      .where(eq(notifications.eventId, e.id));
    const excerptsOf = (id: string) =>
      told
        .filter((n) => n.to === id)
        .map((n) => n.data.excerpt)
        .sort();
    expect(told.every((n) => n.kind === 'event-message')).toBe(true);
    expect(excerptsOf(reg.id)).toEqual(['Everyone', 'Registered only']);
    expect(excerptsOf(wait.id)).toEqual(['Everyone']);
    expect(excerptsOf(outsider.id)).toEqual([]);
    expect(excerptsOf(admin.id)).toEqual([]);
    const list = (u: TestUser) => injectAs(t.app, u, { url });
    expect((await list(admin)).json()).toMatchObject({ canSend: true });
    expect((await list(admin)).json().messages.map((m: { text: string }) => m.text)).toEqual([
      'Everyone',
      'Registered only',
    ]);
    expect((await list(reg)).json().messages.map((m: { text: string }) => m.text)).toEqual([
      'Everyone',
      'Registered only',
    ]);
    expect((await list(wait)).json()).toMatchObject({ canSend: false, messages: [{ text: 'Everyone' }] });
    expect((await list(outsider)).statusCode).toBe(403);
    const feed = (await injectAs(t.app, reg, { url: '/api/notifications' })).json();
    const entry = (feed.items ?? feed).find((n: { kind: string }) => n.kind === 'event-message');
    expect(entry).toMatchObject({
      text: 'Message from the organisers of Op Message',
      url: `/events/${e.id}`,
    });
  });
});

describe('a message to one side', () => {
  it('reaches the registered players of that side only, and is listed for them; a side of another event is a 400', async () => {
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const made = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/events',
      payload: {
        title: 'Op Two Sides',
        date: day,
        location: 'Leeds, West Yorkshire',
        type: 'Milsim',
        capacity: 0,
        rules: RULE_PRESETS[0].rules,
        sides: [
          { name: 'NATO', colour: '#1d4ed8', capacity: 5 },
          { name: 'OPFOR', colour: '#b91c1c', capacity: 5 },
        ],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const e = made.json() as { id: string };
    const sides = (await injectAs(t.app, admin, { url: `/api/events/${e.id}` })).json().sides as {
      id: string;
    }[];
    const [blue, red] = [await createUser(db()), await createUser(db())];
    expect((await register(blue, e.id, { sideId: sides[0].id })).statusCode).toBe(200);
    expect((await register(red, e.id, { sideId: sides[1].id })).statusCode).toBe(200);
    const url = `/api/events/${e.id}/messages`;
    const other = await createEvent(db());
    const before = await snapshot();
    for (const payload of [
      { text: 'NATO only', audience: 'side' },
      { text: 'NATO only', audience: 'side', sideId: other.id },
    ])
      expect((await injectAs(t.app, admin, { method: 'POST', url, payload })).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
    const sent = await injectAs(t.app, admin, {
      method: 'POST',
      url,
      payload: { text: 'NATO only', audience: 'side', sideId: sides[0].id },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ audience: 'side', sideId: sides[0].id, recipientCount: 1 });
    await runNotificationJobs(db(), NO_MAIL);
    const told = await db()
      .select({ to: notifications.recipientId })
      .from(notifications)
      .where(eq(notifications.eventId, e.id));
    expect(told.map((n) => n.to)).toEqual([blue.id]);
    const texts = async (u: TestUser) =>
      (await injectAs(t.app, u, { url })).json().messages.map((m: { text: string }) => m.text);
    expect(await texts(blue)).toEqual(['NATO only']);
    expect(await texts(red)).toEqual([]);

    // The roster: each player's side, check-in and latest chrono verdict, in the CSV too.
    const inAt = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/events/${e.id}/check-ins`,
      payload: { userId: blue.id },
    });
    expect(inAt.statusCode, inAt.body).toBeLessThan(300);
    const chrono = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/events/${e.id}/chrono`,
      payload: { userId: red.id, replicaClass: 'aeg', joules: 19 },
    });
    expect(chrono.statusCode, chrono.body).toBeLessThan(300);
    const roster = (await injectAs(t.app, admin, { url: `/api/events/${e.id}/roster` })).json();
    expect(roster.sides.map((s: { name: string }) => s.name)).toEqual(['NATO', 'OPFOR']);
    const byName = Object.fromEntries(
      roster.entries.map((x: { username: string }) => [x.username, x]),
    ) as Record<string, { side: string; checkedInAt: string | null; chrono: string | null }>;
    expect(byName[blue.username]).toMatchObject({ side: 'NATO', chrono: null });
    expect(byName[blue.username].checkedInAt).not.toBeNull();
    expect(byName[red.username]).toMatchObject({ side: 'OPFOR', checkedInAt: null, chrono: 'fail' });
    const csv = (await injectAs(t.app, admin, { url: `/api/events/${e.id}/roster.csv` })).body;
    expect(csv.split(/\r?\n/)[0]).toContain('Side,Checked in,Chrono');
    expect(csv).toContain(`${red.username},Registered,`);
    expect(csv.split(/\r?\n/).find((l) => l.includes(red.username))).toMatch(/,OPFOR,,Fail,/);
  });
});

describe('host team organisers (the foundation: leader and co-leaders of the host team)', () => {
  it('the leader and a co-leader run roster, waiver and messages; another team’s leader and a member are refused', async () => {
    const leader = await createUser(db());
    const coLeader = await createUser(db());
    const member = await createUser(db());
    const otherLeader = await createUser(db());
    const team = await createTeam(db(), leader, {
      members: [
        { user: coLeader, role: 'co-leader' },
        { user: member, role: 'member' },
      ],
    });
    await createTeam(db(), otherLeader);
    const e = await createEvent(db(), { hostTeamId: team.id });
    await createRegistration(db(), member, e);
    const before = await snapshot();
    for (const who of [otherLeader, member]) {
      expect((await injectAs(t.app, who, { url: `/api/events/${e.id}/roster` })).statusCode).toBe(403);
      expect(
        (
          await injectAs(t.app, who, {
            method: 'PUT',
            url: `/api/events/${e.id}/waiver`,
            payload: { text: 'x' },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await injectAs(t.app, who, {
            method: 'POST',
            url: `/api/events/${e.id}/messages`,
            payload: { text: 'x' },
          })
        ).statusCode,
      ).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
    for (const who of [leader, coLeader]) {
      expect((await injectAs(t.app, who, { url: `/api/events/${e.id}/roster` })).statusCode).toBe(200);
      expect((await injectAs(t.app, who, { url: `/api/events/${e.id}/roster.csv` })).statusCode).toBe(200);
    }
    const put = await injectAs(t.app, coLeader, {
      method: 'PUT',
      url: `/api/events/${e.id}/waiver`,
      payload: { text: 'Host waiver' },
    });
    expect(put.json().waiver.version).toBe(1);
    const sent = await injectAs(t.app, leader, {
      method: 'POST',
      url: `/api/events/${e.id}/messages`,
      payload: { text: 'Bring water' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().recipientCount).toBe(1);
  });
});
