import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKIN_TEXTS, joulesToFps, RULE_PRESETS } from '../../../contract';
import { eventChronoResults, waiverSignatures } from '../../db/schema';
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
import { collectUserData } from '../data-export';

/**
 * The gate with no network (issue 25): chrono readings synced by POST /api/events/{id}/chrono/batch
 * and waivers signed on an organiser's phone, POST /api/events/{id}/roster/{userId}/waiver.
 */

let t: TestApp;
let admin: TestUser, leader: TestUser, coLeader: TestUser, otherLeader: TestUser;
let player: TestUser, registered: TestUser, unsigned: TestUser;
let eventId: string;
const db = () => t.database.db;
const AEG_LIMIT = RULE_PRESETS[0].rules.classes.aeg?.joules as number;
const WAIVER = '# Waiver\n\nI accept the risks.';
const snapshot = async () => ({
  chrono: await db().select().from(eventChronoResults).orderBy(eventChronoResults.id),
  signatures: await db().select().from(waiverSignatures).orderBy(waiverSignatures.id),
});
const batchUrl = () => `/api/events/${eventId}/chrono/batch`;
const waiverUrl = (userId: string, id = eventId) => `/api/events/${id}/roster/${userId}/waiver`;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(db());
  leader = await createUser(db());
  coLeader = await createUser(db());
  otherLeader = await createUser(db());
  player = await createUser(db());
  registered = await createUser(db());
  unsigned = await createUser(db());
  const team = await createTeam(db(), leader, { members: [{ user: coLeader, role: 'co-leader' }] });
  await createTeam(db(), otherLeader);
  const event = await createEvent(db(), {
    hostTeamId: team.id,
    rules: { ...RULE_PRESETS[0].rules, minimumAge: 12 },
  });
  eventId = event.id;
  await createRegistration(db(), registered, event);
  await createRegistration(db(), unsigned, event);
  const set = await injectAs(t.app, leader, {
    method: 'PUT',
    url: `/api/events/${eventId}/waiver`,
    payload: { text: WAIVER },
  });
  expect(set.statusCode, set.body).toBe(200);
});
afterAll(() => t.close());

const states = async () => {
  const data = await injectAs(t.app, admin, { url: `/api/events/${eventId}/check-in-data` });
  return Object.fromEntries(
    (data.json().players as { userId: string; waiver: string }[]).map((p) => [p.userId, p.waiver]),
  );
};

describe('the new gate routes: who may', () => {
  it('refuses anonymous, a player, a registered player and another team’s leader, data unchanged', async () => {
    const before = await snapshot();
    const calls = [
      {
        method: 'POST' as const,
        url: batchUrl(),
        payload: {
          readings: [
            {
              userId: registered.id,
              replicaClass: 'aeg',
              joules: 1,
              measuredAt: minutesAgo(1),
              deviceId: 'd',
            },
          ],
        },
      },
      {
        method: 'POST' as const,
        url: waiverUrl(unsigned.id),
        payload: { version: 1, fullName: 'Una Signed', dateOfBirth: '1990-01-02' },
      },
    ];
    for (const call of calls) {
      expect((await injectAs(t.app, null, call)).statusCode, call.url).toBe(401);
      for (const who of [player, registered, otherLeader])
        expect((await injectAs(t.app, who, call)).statusCode, call.url).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('carries the chrono limits and the waiver in check-in-data', async () => {
    const data = (await injectAs(t.app, coLeader, { url: `/api/events/${eventId}/check-in-data` })).json();
    expect(data.chronoLimits).toEqual({
      classes: {
        aeg: AEG_LIMIT,
        dmr: RULE_PRESETS[0].rules.classes.dmr?.joules,
        sniper: RULE_PRESETS[0].rules.classes.sniper?.joules,
      },
      bbWeightGrams: 0.2,
    });
    expect(data.waiver).toEqual({ version: 1, text: WAIVER });
    const bare = await createEvent(db());
    const none = await injectAs(t.app, admin, { url: `/api/events/${bare.id}/check-in-data` });
    expect(none.json().waiver).toBeNull();
    expect(none.json().chronoLimits.classes).toEqual({ aeg: null, dmr: null, sniper: null });
  });
});

describe('POST /api/events/{id}/chrono/batch', () => {
  it('judges again on the server (exactly at the limit passes), keeps the device’s time and the organiser who synced, once per reading', async () => {
    const readings = [
      {
        userId: registered.id,
        replicaClass: 'aeg',
        joules: AEG_LIMIT,
        measuredAt: minutesAgo(10),
        deviceId: 'p1',
      },
      {
        userId: registered.id,
        replicaClass: 'aeg',
        fps: joulesToFps(AEG_LIMIT, 0.25),
        bbWeightGrams: 0.25,
        measuredAt: minutesAgo(9),
        deviceId: 'p1',
      },
      {
        userId: registered.id,
        replicaClass: 'aeg',
        joules: AEG_LIMIT + 0.01,
        measuredAt: minutesAgo(8),
        deviceId: 'p1',
      },
      // The server's clock may be a little behind the device's: up to 60 s is taken.
      {
        userId: registered.id,
        replicaClass: 'sniper',
        fps: 450,
        measuredAt: new Date(Date.now() + 30_000).toISOString(),
        deviceId: 'p1',
      },
      { userId: player.id, replicaClass: 'aeg', joules: 1, measuredAt: minutesAgo(7), deviceId: 'p1' },
    ];
    const first = await injectAs(t.app, coLeader, { method: 'POST', url: batchUrl(), payload: { readings } });
    expect(first.statusCode, first.body).toBe(200);
    const results = first.json().results;
    expect(results.map((r: { status: string }) => r.status)).toEqual([
      'recorded',
      'recorded',
      'recorded',
      'recorded',
      'unknown',
    ]);
    expect(results[0]).toMatchObject({ joules: AEG_LIMIT, limitJoules: AEG_LIMIT, pass: true });
    expect(results[1]).toMatchObject({ pass: true });
    expect(results[2]).toMatchObject({ pass: false });
    const rows = await db().select().from(eventChronoResults).where(eq(eventChronoResults.eventId, eventId));
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.measuredBy === coLeader.id && r.deviceId === 'p1')).toBe(true);
    expect(rows.map((r) => r.measuredAt.toISOString()).sort()).toEqual(
      readings
        .slice(0, 4)
        .map((r) => r.measuredAt)
        .sort(),
    );
    // A sniper reading without a BB weight takes the event's (0.20 g); no stated limit passes.
    expect(rows.find((r) => r.replicaClass === 'sniper')).toMatchObject({ bbWeightGrams: 0.2 });

    // Sent again (the answer was lost), by another organiser: kept once, answered 'already'.
    const before = await snapshot();
    const again = await injectAs(t.app, admin, { method: 'POST', url: batchUrl(), payload: { readings } });
    expect(again.json().results.map((r: { status: string }) => r.status)).toEqual([
      'already',
      'already',
      'already',
      'already',
      'unknown',
    ]);
    expect(await snapshot()).toEqual(before);
    // The same moment on another device is another reading.
    const other = await injectAs(t.app, leader, {
      method: 'POST',
      url: batchUrl(),
      payload: { readings: [{ ...readings[0], deviceId: 'p2' }] },
    });
    expect(other.json().results[0].status).toBe('recorded');
  });

  it('refuses a reading dated past the server’s clock + 60 s, keeping the rest', async () => {
    const before = await snapshot();
    const res = await injectAs(t.app, admin, {
      method: 'POST',
      url: batchUrl(),
      payload: {
        readings: [
          {
            userId: unsigned.id,
            replicaClass: 'aeg',
            joules: 1,
            measuredAt: new Date(Date.now() + 5 * 60_000).toISOString(),
            deviceId: 'fast-clock',
          },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0]).toMatchObject({ status: 'refused', message: CHECKIN_TEXTS.readingRefused });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad batches with 400 as the single route does, data unchanged', async () => {
    const before = await snapshot();
    const ok = {
      userId: registered.id,
      replicaClass: 'aeg',
      joules: 1,
      measuredAt: minutesAgo(1),
      deviceId: 'd',
    };
    for (const readings of [
      [],
      [{ ...ok, fps: 300 }],
      [{ ...ok, joules: undefined }],
      [{ ...ok, userId: undefined }],
      [{ ...ok, replicaClass: 'rocket' }],
      [{ ...ok, measuredAt: 'yesterday' }],
      [{ ...ok, deviceId: '' }],
      [{ ...ok, joules: undefined, fps: 300, bbWeightGrams: 2 }],
      Array.from({ length: 501 }, () => ok),
    ]) {
      const res = await injectAs(t.app, admin, { method: 'POST', url: batchUrl(), payload: { readings } });
      expect(res.statusCode, JSON.stringify(readings[0])).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('takes a full batch of 500 readings (long device ids and ticket codes) in one request', async () => {
    const a = await createUser(db());
    await createRegistration(db(), a, { id: eventId });
    const code = (await injectAs(t.app, a, { url: `/api/events/${eventId}/ticket` })).json().code as string;
    const t0 = Date.now() - 3_600_000;
    const readings = Array.from({ length: 500 }, (_, i) => ({
      code: code.replace(/(.{4})(?!$)/g, '$1-'),
      replicaClass: 'dmr',
      fps: 399.123456789,
      bbWeightGrams: 0.283333333,
      measuredAt: new Date(t0 + i * 1000).toISOString().replace('Z', '+00:00'),
      deviceId: `device-${'x'.repeat(92)}`,
    }));
    const res = await injectAs(t.app, admin, { method: 'POST', url: batchUrl(), payload: { readings } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.json().results.every((r: { status: string }) => r.status === 'recorded')).toBe(true);
    const rows = await db().select().from(eventChronoResults).where(eq(eventChronoResults.userId, a.id));
    expect(rows).toHaveLength(500);
  });
});

describe('POST /api/events/{id}/roster/{userId}/waiver', () => {
  it('stores the current text’s signature with its witness; the player then reads signed, and their export shows it', async () => {
    expect((await states())[unsigned.id]).toBe('missing');
    const res = await injectAs(t.app, coLeader, {
      method: 'POST',
      url: waiverUrl(unsigned.id),
      payload: {
        version: 1,
        fullName: '  Una Signed ',
        dateOfBirth: '1990-01-02',
        guardianName: 'Not Needed',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().player).toMatchObject({ userId: unsigned.id, waiver: 'signed' });
    const [row] = await db().select().from(waiverSignatures).where(eq(waiverSignatures.userId, unsigned.id));
    expect(row).toMatchObject({
      eventId,
      version: 1,
      source: 'event',
      fullName: 'Una Signed',
      dateOfBirth: '1990-01-02',
      guardianName: null,
      witnessedBy: coLeader.id,
    });
    expect(row.textHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await states())[unsigned.id]).toBe('signed');
    // The player's own list and their data export carry it.
    const own = await injectAs(t.app, unsigned, { url: '/api/user/waivers' });
    expect(own.json()).toMatchObject([{ eventId, version: 1, fullName: 'Una Signed', outdated: false }]);
    const exported = await collectUserData(db(), unsigned.id, new Date());
    expect(exported?.data.waivers).toMatchObject([
      { version: 1, fullName: 'Una Signed', signedAtGate: true },
    ]);
    expect(JSON.stringify(exported?.data.waivers)).not.toContain(coLeader.id);
  });

  it('answers 409 when the text changed since the device loaded it; the new version signs', async () => {
    const changed = await injectAs(t.app, admin, {
      method: 'PUT',
      url: `/api/events/${eventId}/waiver`,
      payload: { text: `${WAIVER}\n\nVersion 2.` },
    });
    expect(changed.json().waiver.version).toBe(2);
    expect((await states())[unsigned.id]).toBe('outdated');
    const before = await snapshot();
    const stale = await injectAs(t.app, leader, {
      method: 'POST',
      url: waiverUrl(unsigned.id),
      payload: { version: 1, fullName: 'Una Signed', dateOfBirth: '1990-01-02' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(CHECKIN_TEXTS.waiverVersionChanged);
    expect(await snapshot()).toEqual(before);
    const fresh = await injectAs(t.app, leader, {
      method: 'POST',
      url: waiverUrl(unsigned.id),
      payload: { version: 2, fullName: 'Una Signed', dateOfBirth: '1990-01-02' },
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await states())[unsigned.id]).toBe('signed');
  });

  it('refuses an unregistered player (404), bad answers and a minor without a guardian (400), no waiver (409); data unchanged', async () => {
    const before = await snapshot();
    const answers = { version: 2, fullName: 'Rae Gistered', dateOfBirth: '1990-01-02' };
    const post = (userId: string, payload: object, id = eventId) =>
      injectAs(t.app, admin, { method: 'POST', url: waiverUrl(userId, id), payload });
    expect((await post(player.id, answers)).statusCode).toBe(404);
    const waitlisted = await createUser(db());
    await createRegistration(db(), waitlisted, { id: eventId }, 'waitlisted');
    expect((await post(waitlisted.id, answers)).statusCode).toBe(404);
    for (const bad of [
      { ...answers, dateOfBirth: '1990-02-30' },
      { ...answers, dateOfBirth: '02/01/1990' },
      { ...answers, dateOfBirth: '2999-01-01' },
      { ...answers, fullName: 'R' },
      { ...answers, version: 0 },
      { ...answers, guardianPhone: 'call me' },
      { ...answers, extra: true },
      { fullName: 'Rae Gistered', dateOfBirth: '1990-01-02' },
    ])
      expect((await post(registered.id, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    // Under 18 on the event's day: a guardian's name and phone; under the rules' 12: refused.
    const year = new Date().getUTCFullYear();
    const minor = await post(registered.id, { ...answers, dateOfBirth: `${year - 14}-01-01` });
    expect(minor.statusCode).toBe(400);
    expect(minor.json().message).toMatch(/guardian/);
    const child = await post(registered.id, {
      ...answers,
      dateOfBirth: `${year - 8}-01-01`,
      guardianName: 'Pat Parent',
      guardianPhone: '+44 7700 900123',
    });
    expect(child.statusCode).toBe(400);
    expect(child.json().message).toMatch(/at least 12/);
    const bare = await createEvent(db());
    await createRegistration(db(), registered, bare);
    const none = await post(registered.id, answers, bare.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(CHECKIN_TEXTS.noWaiverRequired);
    expect(await snapshot()).toEqual(before);
    // With a guardian, the minor signs.
    const withGuardian = await post(registered.id, {
      ...answers,
      dateOfBirth: `${year - 14}-01-01`,
      guardianName: 'Pat Parent',
      guardianPhone: '+44 7700 900123',
    });
    expect(withGuardian.statusCode, withGuardian.body).toBe(200);
    const [row] = await db()
      .select()
      .from(waiverSignatures)
      .where(eq(waiverSignatures.userId, registered.id));
    expect(row).toMatchObject({ guardianName: 'Pat Parent', witnessedBy: admin.id });
  });
});
