import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULE_PRESETS, WAIVER_TEXTS } from '../../../contract';
import {
  eventRegistrations,
  eventSquadMembers,
  eventSquads,
  notifications,
  waiverSignatures,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import {
  createAdmin,
  createEvent,
  createTeam,
  createUser,
  injectAs,
  type TestUser,
} from '../../test/factories';
import { hashText } from './waivers';

/**
 * A squad on an event that requires a waiver (issue 25): confirming a place (and creating a squad
 * the leader is in, which confirms theirs) asks the waiver's answers as registering does, unless
 * the member has signed its current text; a refusal leaves the squad pending and no signature.
 */
let t: TestApp, admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ config: { notificationJobs: false } });
  admin = await createAdmin(t.database.db);
});
afterAll(() => t.close());

const db = () => t.database.db;
const YEARS = 365.25 * 86_400_000;
const bornYearsAgo = (years: number) =>
  new Date(Date.now() + 7 * 86_400_000 - years * YEARS - 10 * 86_400_000).toISOString().slice(0, 10);
const ADULT = { fullName: 'Sam Carter', dateOfBirth: bornYearsAgo(30) };
const TEXT = '# Waiver\n\nSquads sign too.';

const snapshot = async () => ({
  squads: await db().select().from(eventSquads).orderBy(eventSquads.id),
  members: await db()
    .select()
    .from(eventSquadMembers)
    .orderBy(eventSquadMembers.squadId, eventSquadMembers.userId),
  signatures: await db().select().from(waiverSignatures).orderBy(waiverSignatures.id),
  registrations: await db().select().from(eventRegistrations).orderBy(eventRegistrations.id),
  notifications: await db().select().from(notifications).orderBy(notifications.id),
});

async function setUp(text: string | null = TEXT) {
  const leader = await createUser(db());
  const m1 = await createUser(db());
  const m2 = await createUser(db());
  const team = await createTeam(db(), leader, { members: [{ user: m1 }, { user: m2 }] });
  const e = await createEvent(db(), { rules: RULE_PRESETS[0].rules });
  if (text !== null) {
    const res = await injectAs(t.app, admin, {
      method: 'PUT',
      url: `/api/events/${e.id}/waiver`,
      payload: { text },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { leader, m1, m2, team, e };
}
const createSquad = (who: TestUser, eventId: string, payload: object) =>
  injectAs(t.app, who, { method: 'POST', url: `/api/events/${eventId}/squads`, payload });
const confirm = (who: TestUser, eventId: string, squadId: string, payload?: object) =>
  injectAs(t.app, who, { method: 'POST', url: `/api/events/${eventId}/squads/${squadId}/confirm`, payload });
const signaturesOf = (eventId: string, userId: string) =>
  db()
    .select()
    .from(waiverSignatures)
    .where(eq(waiverSignatures.eventId, eventId))
    .then((rows) => rows.filter((r) => r.userId === userId));

describe('squads on an event that requires a waiver', () => {
  it('the leader in their own squad: no answers (or bad ones) is the registration’s 400 and no squad; answers sign', async () => {
    const { leader, m1, team, e } = await setUp();
    const registration = await injectAs(t.app, leader, {
      method: 'POST',
      url: `/api/events/${e.id}/registration`,
    });
    const before = await snapshot();
    const none = await createSquad(leader, e.id, { teamId: team.id, userIds: [leader.id, m1.id] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(WAIVER_TEXTS.required);
    expect(none.json().message).toBe(registration.json().message);
    const bad = await createSquad(leader, e.id, {
      teamId: team.id,
      userIds: [leader.id, m1.id],
      waiver: { fullName: 'Sa', dateOfBirth: ADULT.dateOfBirth },
    });
    expect(bad.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);

    const made = await createSquad(leader, e.id, {
      teamId: team.id,
      userIds: [leader.id, m1.id],
      waiver: ADULT,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().members.find((m: { id: string }) => m.id === leader.id).confirmed).toBe(true);
    const [sig] = await signaturesOf(e.id, leader.id);
    expect(sig).toMatchObject({
      version: 1,
      textHash: hashText(TEXT),
      fullName: 'Sam Carter',
      source: 'event',
    });
  });

  it('a leader outside the squad needs no answers', async () => {
    const { leader, m1, team, e } = await setUp();
    const made = await createSquad(leader, e.id, { teamId: team.id, userIds: [m1.id] });
    expect(made.statusCode, made.body).toBe(201);
    expect(await signaturesOf(e.id, leader.id)).toEqual([]);
  });

  it('a member confirms with the answers; without (or with bad ones) a 400, the squad pending, no signature', async () => {
    const { leader, m1, m2, team, e } = await setUp();
    const squad = (await createSquad(leader, e.id, { teamId: team.id, userIds: [m1.id, m2.id] })).json();
    const before = await snapshot();
    const none = await confirm(m1, e.id, squad.id);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(WAIVER_TEXTS.required);
    for (const waiver of [
      { fullName: 'Sa', dateOfBirth: ADULT.dateOfBirth },
      { fullName: 'Sam Carter', dateOfBirth: '1990-02-30' },
      { ...ADULT, extra: true },
      // Under the event's minimum age (12).
      { fullName: 'Young One', dateOfBirth: bornYearsAgo(8) },
      // A minor without a guardian.
      { fullName: 'Teen Player', dateOfBirth: bornYearsAgo(15) },
    ])
      expect((await confirm(m1, e.id, squad.id, { waiver })).statusCode, JSON.stringify(waiver)).toBe(400);
    expect((await confirm(m1, e.id, squad.id, { waiver: ADULT, other: 1 })).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);

    const ok = await confirm(m1, e.id, squad.id, { waiver: ADULT });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('pending');
    expect(ok.json().members.find((m: { id: string }) => m.id === m1.id).confirmed).toBe(true);
    const [sig] = await signaturesOf(e.id, m1.id);
    expect(sig).toMatchObject({ version: 1, textHash: hashText(TEXT), dateOfBirth: ADULT.dateOfBirth });
    // Confirming again (idempotent) needs no answers: the current text is signed.
    expect((await confirm(m1, e.id, squad.id)).statusCode).toBe(200);
  });

  it('a member who signed the current text already confirms without answers; a changed text asks again', async () => {
    const { leader, m1, m2, team, e } = await setUp();
    // m2 signed when registering, then cancelled: the signature stays.
    const reg = await injectAs(t.app, m2, {
      method: 'POST',
      url: `/api/events/${e.id}/registration`,
      payload: { waiver: ADULT },
    });
    expect(reg.statusCode, reg.body).toBe(200);
    await injectAs(t.app, m2, { method: 'DELETE', url: `/api/events/${e.id}/registration` });
    const squad = (await createSquad(leader, e.id, { teamId: team.id, userIds: [m1.id, m2.id] })).json();
    expect((await confirm(m2, e.id, squad.id)).statusCode).toBe(200);

    // A new version of the text: m1 must sign it, and the last confirmation registers both.
    await injectAs(t.app, admin, {
      method: 'PUT',
      url: `/api/events/${e.id}/waiver`,
      payload: { text: 'v2' },
    });
    expect((await confirm(m1, e.id, squad.id)).statusCode).toBe(400);
    const last = await confirm(m1, e.id, squad.id, { waiver: ADULT });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().status).toBe('registered');
    const [sig] = await signaturesOf(e.id, m1.id);
    expect(sig).toMatchObject({ version: 2, textHash: hashText('v2') });
  });

  it('an event without a waiver confirms as before (no body)', async () => {
    const { leader, m1, team, e } = await setUp(null);
    const squad = (await createSquad(leader, e.id, { teamId: team.id, userIds: [leader.id, m1.id] })).json();
    const res = await confirm(m1, e.id, squad.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('registered');
    expect(await signaturesOf(e.id, m1.id)).toEqual([]);
  });
});
