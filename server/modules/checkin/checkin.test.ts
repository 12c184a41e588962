import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joulesToFps, RULE_PRESETS } from '../../../contract';
import { eventCheckIns, eventChronoResults, eventRegistrations, eventSides } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import {
  createAdmin,
  createEvent,
  createRegistration,
  createTeam,
  createUser,
  injectAs,
  type TestUser,
} from '../../test/factories';
import { ticketCode, ticketKey } from './tickets';

let t: TestApp;
let admin: TestUser,
  leader: TestUser,
  coLeader: TestUser,
  otherLeader: TestUser,
  player: TestUser,
  registered: TestUser;
let eventId: string, otherEventId: string;
const db = () => t.database.db;
const codeOf = async (user: TestUser, id = eventId) =>
  (await injectAs(t.app, user, { url: `/api/events/${id}/ticket` })).json().code as string;
const snapshot = async () => ({
  checkIns: await db().select().from(eventCheckIns).orderBy(eventCheckIns.userId),
  chrono: await db().select().from(eventChronoResults).orderBy(eventChronoResults.id),
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(db());
  leader = await createUser(db());
  coLeader = await createUser(db());
  otherLeader = await createUser(db());
  player = await createUser(db());
  registered = await createUser(db());
  const team = await createTeam(db(), leader, { members: [{ user: coLeader, role: 'co-leader' }] });
  await createTeam(db(), otherLeader);
  const event = await createEvent(db(), { hostTeamId: team.id, rules: RULE_PRESETS[0].rules });
  eventId = event.id;
  otherEventId = (await createEvent(db())).id;
  const reg = await createRegistration(db(), registered, event);
  await createRegistration(db(), registered, { id: otherEventId });
  const [nato] = await db()
    .insert(eventSides)
    .values({ eventId, position: 0, name: 'NATO', colour: '#1f4e9c', registeredCount: 1 })
    .returning();
  await db().update(eventRegistrations).set({ sideId: nato.id }).where(eq(eventRegistrations.id, reg.id));
});
afterAll(() => t.close());

describe('tickets', () => {
  it('gives a registered player a grouped code, unguessable and not derived from the user id', async () => {
    const res = await injectAs(t.app, registered, { url: `/api/events/${eventId}/ticket` });
    expect(res.statusCode).toBe(200);
    const { code } = res.json();
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(code).not.toContain(registered.id.replace(/-/g, '').slice(0, 8).toUpperCase());
    // Another event, another code; another server secret, another code.
    expect(await codeOf(registered, otherEventId)).not.toBe(code);
    expect(ticketCode(ticketKey('another-secret'), eventId, 'x')).not.toBe(
      ticketCode(ticketKey('s'), eventId, 'x'),
    );
  });

  it('answers 401 anonymous, 404 not registered, waitlisted or no such event', async () => {
    expect((await injectAs(t.app, null, { url: `/api/events/${eventId}/ticket` })).statusCode).toBe(401);
    expect((await injectAs(t.app, player, { url: `/api/events/${eventId}/ticket` })).statusCode).toBe(404);
    const waiting = await createUser(db());
    await createRegistration(db(), waiting, { id: otherEventId }, 'waitlisted');
    expect((await injectAs(t.app, waiting, { url: `/api/events/${otherEventId}/ticket` })).statusCode).toBe(
      404,
    );
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await injectAs(t.app, registered, { url: `/api/events/${unknown}/ticket` })).statusCode).toBe(
      404,
    );
  });

  it('lists the viewer’s upcoming games with their tickets', async () => {
    const res = await injectAs(t.app, registered, { url: '/api/user/games' });
    expect(res.statusCode).toBe(200);
    const games = res.json();
    expect(games.map((g: { eventId: string }) => g.eventId).sort()).toEqual([eventId, otherEventId].sort());
    expect(games.find((g: { eventId: string }) => g.eventId === eventId).code).toBe(await codeOf(registered));
    expect((await injectAs(t.app, null, { url: '/api/user/games' })).statusCode).toBe(401);
  });
});

describe('check-in', () => {
  it('refuses every non-organiser role, data unchanged', async () => {
    const code = await codeOf(registered);
    const before = await snapshot();
    const calls = [
      { method: 'POST' as const, url: `/api/events/${eventId}/check-ins`, payload: { code } },
      {
        method: 'POST' as const,
        url: `/api/events/${eventId}/check-ins`,
        payload: { userId: registered.id },
      },
      {
        method: 'POST' as const,
        url: `/api/events/${eventId}/check-ins/batch`,
        payload: { scans: [{ code, scannedAt: new Date().toISOString(), deviceId: 'd1' }] },
      },
      {
        method: 'POST' as const,
        url: `/api/events/${eventId}/chrono`,
        payload: { code, replicaClass: 'aeg', joules: 1 },
      },
      { method: 'GET' as const, url: `/api/events/${eventId}/check-in-data` },
    ];
    for (const call of calls) {
      expect((await injectAs(t.app, null, call)).statusCode, call.url).toBe(401);
      for (const who of [player, registered, otherLeader])
        expect((await injectAs(t.app, who, call)).statusCode, call.url).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a code of another event and nonsense, 404 or 400, data unchanged', async () => {
    const before = await snapshot();
    const foreign = await codeOf(registered, otherEventId);
    for (const payload of [{ code: foreign }, { code: 'AAAA-BBBB-CCCC-DDDD' }, { userId: player.id }]) {
      const res = await injectAs(t.app, leader, {
        method: 'POST',
        url: `/api/events/${eventId}/check-ins`,
        payload,
      });
      expect(res.statusCode).toBe(404);
    }
    for (const payload of [{}, { code: '' }, { code: 'x', userId: player.id }, { userId: 'nope' }])
      expect(
        (await injectAs(t.app, leader, { method: 'POST', url: `/api/events/${eventId}/check-ins`, payload }))
          .statusCode,
      ).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('checks in by code (any spelling), idempotently: a second scan keeps the first time', async () => {
    const code = await codeOf(registered);
    const first = await injectAs(t.app, coLeader, {
      method: 'POST',
      url: `/api/events/${eventId}/check-ins`,
      payload: { code: code.toLowerCase().replace(/(.{4})/g, '$1 ') },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      alreadyCheckedIn: false,
      player: { userId: registered.id, side: 'NATO' },
    });
    const again = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/events/${eventId}/check-ins`,
      payload: { userId: registered.id },
    });
    expect(again.json()).toMatchObject({ alreadyCheckedIn: true, checkedInAt: first.json().checkedInAt });
    const rows = await db().select().from(eventCheckIns).where(eq(eventCheckIns.eventId, eventId));
    expect(rows).toHaveLength(1);
  });

  it('syncs two devices’ offline scans: the earliest wins, replays are harmless, unknown codes answered', async () => {
    const event = await createEvent(db(), { hostTeamId: null });
    const a = await createUser(db());
    const b = await createUser(db());
    await createRegistration(db(), a, event);
    await createRegistration(db(), b, event);
    const codeA = await codeOf(a, event.id);
    const codeB = await codeOf(b, event.id);
    const url = `/api/events/${event.id}/check-ins/batch`;
    const t0 = Date.now() - 3_600_000;
    const at = (min: number) => new Date(t0 + min * 60_000).toISOString();
    const device1 = { scans: [{ code: codeA, scannedAt: at(5), deviceId: 'phone-1' }] };
    const device2 = {
      scans: [
        { code: codeA, scannedAt: at(2), deviceId: 'phone-2' },
        { code: codeB, scannedAt: at(7), deviceId: 'phone-2' },
        { code: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ', scannedAt: at(8), deviceId: 'phone-2' },
        { userId: a.id, scannedAt: at(3), deviceId: 'phone-2' },
        { userId: player.id, scannedAt: at(3), deviceId: 'phone-2' },
      ],
    };
    const r1 = await injectAs(t.app, admin, { method: 'POST', url, payload: device1 });
    expect(r1.json().results[0]).toMatchObject({ status: 'checked-in', checkedInAt: at(5) });
    const r2 = await injectAs(t.app, admin, { method: 'POST', url, payload: device2 });
    expect(r2.json().results.map((r: { status: string }) => r.status)).toEqual([
      'already',
      'checked-in',
      'unknown',
      'already',
      'unknown',
    ]);
    expect(r2.json().results[0].checkedInAt).toBe(at(2));
    // Replays of both, in any order, change nothing.
    const before = await snapshot();
    await injectAs(t.app, admin, { method: 'POST', url, payload: device2 });
    await injectAs(t.app, admin, { method: 'POST', url, payload: device1 });
    expect(await snapshot()).toEqual(before);
    const rows = await db().select().from(eventCheckIns).where(eq(eventCheckIns.eventId, event.id));
    const byUser = Object.fromEntries(rows.map((r) => [r.userId, r]));
    expect(byUser[a.id].checkedInAt.toISOString()).toBe(at(2));
    expect(byUser[a.id].deviceId).toBe('phone-2');
    expect(byUser[b.id].checkedInAt.toISOString()).toBe(at(7));
    // The offline roster: codes as digests only, with the check-ins.
    const data = await injectAs(t.app, admin, { url: `/api/events/${event.id}/check-in-data` });
    expect(data.statusCode).toBe(200);
    expect(data.body).not.toContain(codeA);
    expect(data.json().players).toHaveLength(2);
    expect(data.json().players.every((p: { checkedInAt: string | null }) => p.checkedInAt)).toBe(true);
  });

  it('clamps a scan dated in the future to the server’s clock', async () => {
    const event = await createEvent(db());
    const a = await createUser(db());
    await createRegistration(db(), a, event);
    const res = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/events/${event.id}/check-ins/batch`,
      payload: {
        scans: [{ code: await codeOf(a, event.id), scannedAt: '2099-01-01T00:00:00Z', deviceId: 'd' }],
      },
    });
    expect(Date.parse(res.json().results[0].checkedInAt)).toBeLessThan(Date.now() + 120_000);
  });
});

describe('chrono', () => {
  const url = () => `/api/events/${eventId}/chrono`;
  it('passes a reading exactly at the class limit, fails just above, keeps who and when', async () => {
    const limit = RULE_PRESETS[0].rules.classes.aeg?.joules as number;
    const atLimit = await injectAs(t.app, leader, {
      method: 'POST',
      url: url(),
      payload: { userId: registered.id, replicaClass: 'aeg', joules: limit },
    });
    expect(atLimit.statusCode).toBe(200);
    expect(atLimit.json()).toEqual({ joules: limit, limitJoules: limit, pass: true });
    const fps = joulesToFps(limit, 0.25);
    const byFps = await injectAs(t.app, leader, {
      method: 'POST',
      url: url(),
      payload: { code: await codeOf(registered), replicaClass: 'aeg', fps, bbWeightGrams: 0.25 },
    });
    expect(byFps.json().pass).toBe(true);
    const over = await injectAs(t.app, leader, {
      method: 'POST',
      url: url(),
      payload: { userId: registered.id, replicaClass: 'aeg', joules: limit + 0.01 },
    });
    expect(over.json()).toMatchObject({ pass: false, limitJoules: limit });
    const rows = await db().select().from(eventChronoResults).where(eq(eventChronoResults.eventId, eventId));
    expect(rows.filter((r) => r.measuredBy === leader.id)).toHaveLength(3);
    const data = await injectAs(t.app, leader, { url: `/api/events/${eventId}/check-in-data` });
    const me = data.json().players.find((p: { userId: string }) => p.userId === registered.id);
    expect(me.chrono.map((c: { pass: boolean }) => c.pass)).toEqual([true, true, false]);
    expect(me.chrono[0].measuredBy).toBe(leader.username);
  });

  it('refuses bad readings with 400, data unchanged', async () => {
    const before = await snapshot();
    for (const payload of [
      { userId: registered.id, replicaClass: 'aeg' },
      { userId: registered.id, replicaClass: 'rocket', joules: 1 },
      { userId: registered.id, replicaClass: 'aeg', joules: 1, fps: 300 },
      { replicaClass: 'aeg', joules: 1 },
      { userId: registered.id, replicaClass: 'aeg', joules: -1 },
    ])
      expect((await injectAs(t.app, admin, { method: 'POST', url: url(), payload })).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('the waiver at the gate', () => {
  it('shows each player signed, missing, or signs again once the text changed', async () => {
    const event = await createEvent(db());
    const setWaiver = (text: string) =>
      injectAs(t.app, admin, { method: 'PUT', url: `/api/events/${event.id}/waiver`, payload: { text } });
    expect((await setWaiver('# Waiver\n\nI accept the risks.')).statusCode).toBe(200);
    const [signer, unsigned] = [await createUser(db()), await createUser(db())];
    const joined = await injectAs(t.app, signer, {
      method: 'POST',
      url: `/api/events/${event.id}/registration`,
      payload: { waiver: { fullName: 'Sam Carter', dateOfBirth: '1990-04-02' } },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    await createRegistration(db(), unsigned, event);
    const states = async () => {
      const data = await injectAs(t.app, admin, { url: `/api/events/${event.id}/check-in-data` });
      const players = data.json().players as { userId: string; waiver: string | null }[];
      return Object.fromEntries(players.map((p) => [p.userId, p.waiver]));
    };
    expect(await states()).toEqual({ [signer.id]: 'signed', [unsigned.id]: 'missing' });
    expect((await setWaiver('# Waiver\n\nI accept the risks, version 2.')).statusCode).toBe(200);
    expect(await states()).toEqual({ [signer.id]: 'outdated', [unsigned.id]: 'missing' });
  });
});
