import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventRegistrations,
  eventSides,
  eventSquadMembers,
  eventSquads,
  events,
  notifications,
} from '../../db/schema';
import type { TestApp } from '../../test/app';
import { appWithPlayers, createTeam, createUser, injectAs, type TestUser } from '../../test/factories';

/**
 * Sides and squads (issue 25), for every role: anonymous, a player, the host team's leader and
 * co-leader, another team's leader, an admin. Refusals answer 4xx and change nothing.
 */
let t: TestApp;
let player: TestUser, coLeader: TestUser, leader: TestUser, rival: TestUser, admin: TestUser;
let host: { id: string };
beforeAll(async () => {
  ({ t, player, coLeader, leader, rival, admin } = await appWithPlayers({
    player: 'user',
    coLeader: 'user',
    leader: 'user',
    rival: 'user',
    admin: 'admin',
  }));
  host = await createTeam(db(), leader, { members: [{ user: coLeader, role: 'co-leader' }] });
  await createTeam(db(), rival);
});
afterAll(() => t.close());

const db = () => t.database.db;
const snapshot = async () => ({
  events: await db().select().from(events).orderBy(events.id),
  sides: await db().select().from(eventSides).orderBy(eventSides.id),
  regs: await db().select().from(eventRegistrations).orderBy(eventRegistrations.id),
  squads: await db().select().from(eventSquads).orderBy(eventSquads.id),
  members: await db()
    .select()
    .from(eventSquadMembers)
    .orderBy(eventSquadMembers.squadId, eventSquadMembers.userId),
});
const base = {
  title: 'Operation Two Flags',
  date: '2031-06-01T09:00:00Z',
  location: 'Leeds',
  type: 'Milsim',
};
const twoSides = (capacity = 2) => [
  { name: 'Blue', colour: '#1F4E9C', capacity },
  { name: 'Red', colour: '#b3261e', capacity },
];
async function sided(capacity = 2, by: TestUser = leader) {
  const res = await injectAs(t.app, by, {
    method: 'POST',
    url: '/api/events',
    payload: { ...base, hostTeamId: host.id, sides: twoSides(capacity) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; sides: { id: string; name: string; registeredCount: number }[] };
}
const register = (who: TestUser, eventId: string, payload: object = {}) =>
  injectAs(t.app, who, { method: 'POST', url: `/api/events/${eventId}/registration`, payload });

describe('sides on create and edit', () => {
  it('creates 2 to 6 sides in order; the event answer lists them with their counts', async () => {
    const e = await sided(10);
    expect(e.sides.map((s) => s.name)).toEqual(['Blue', 'Red']);
    const got = (await injectAs(t.app, null, { url: `/api/events/${e.id}` })).json();
    expect(got.sides).toEqual([
      {
        id: e.sides[0].id,
        name: 'Blue',
        colour: '#1f4e9c',
        capacity: 10,
        registeredCount: 0,
        waitlistCount: 0,
      },
      {
        id: e.sides[1].id,
        name: 'Red',
        colour: '#b3261e',
        capacity: 10,
        registeredCount: 0,
        waitlistCount: 0,
      },
    ]);
    expect(got.capacity).toBe(20);
    expect(got.viewerSideId).toBeNull();
  });

  it('refuses one side, seven sides, a bad colour (400), storing nothing', async () => {
    const before = await snapshot();
    const side = { name: 'A', colour: '#000000', capacity: 1 };
    for (const sides of [[side], Array(7).fill(side), [side, { ...side, colour: 'red' }]]) {
      const res = await injectAs(t.app, admin, {
        method: 'POST',
        url: '/api/events',
        payload: { ...base, sides },
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('edits sides: renames, adds, removes empty ones; a side with players is kept (409)', async () => {
    const e = await sided(2);
    const [blue, red] = e.sides;
    await register(player, e.id, { sideId: red.id });
    const patch = (sides: object[]) =>
      injectAs(t.app, coLeader, { method: 'PATCH', url: `/api/events/${e.id}`, payload: { sides } });
    const before = await snapshot();
    const refused = await patch([
      { id: blue.id, name: 'Blue', colour: '#000000' },
      { name: 'Green', colour: '#00ff00' },
    ]);
    expect(refused.statusCode).toBe(409);
    expect(await snapshot()).toEqual(before);
    const ok = await patch([
      { id: red.id, name: 'Opfor', colour: '#b3261e', capacity: 3 },
      { name: 'Green', colour: '#00ff00', capacity: 3 },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      ok.json().sides.map((s: { name: string; registeredCount: number }) => [s.name, s.registeredCount]),
    ).toEqual([
      ['Opfor', 1],
      ['Green', 0],
    ]);
    expect(ok.json().capacity).toBe(6);
  });
});

describe('registering on a side', () => {
  it('takes the side asked for; "any" goes to the smaller side; full sides waitlist per side', async () => {
    const e = await sided(1);
    const [blue, red] = e.sides;
    const a = await createUser(db());
    const b = await createUser(db());
    const c = await createUser(db());
    expect((await register(a, e.id, { sideId: red.id })).json()).toMatchObject({
      viewerStatus: 'registered',
      viewerSideId: red.id,
    });
    // Any: Blue is the smaller side.
    expect((await register(b, e.id)).json()).toMatchObject({
      viewerStatus: 'registered',
      viewerSideId: blue.id,
    });
    const third = (await register(c, e.id, { sideId: red.id })).json();
    expect(third).toMatchObject({ viewerStatus: 'waitlisted', viewerSideId: red.id, waitlistPosition: 1 });
    // A registration with no body at all still works (any side).
    const d = await createUser(db());
    const bare = await injectAs(t.app, d, { method: 'POST', url: `/api/events/${e.id}/registration` });
    expect(bare.statusCode).toBe(200);
    // Cancelling on Red promotes Red's waitlist, not Blue's.
    await injectAs(t.app, a, { method: 'DELETE', url: `/api/events/${e.id}/registration` });
    const [row] = await db().select().from(eventRegistrations).where(eq(eventRegistrations.userId, c.id));
    expect(row.status).toBe('registered');
    const sides = await db()
      .select()
      .from(eventSides)
      .where(eq(eventSides.eventId, e.id))
      .orderBy(asc(eventSides.position));
    expect(sides.map((s) => [s.registeredCount, s.waitlistCount])).toEqual([
      [1, 1],
      [1, 0],
    ]);
  });

  it('refuses a side of another event or on an event without sides (400), anonymous (401), changing nothing', async () => {
    const e = await sided(5);
    const other = await sided(5);
    const plain = (
      await injectAs(t.app, admin, { method: 'POST', url: '/api/events', payload: base })
    ).json();
    const before = await snapshot();
    expect((await register(player, e.id, { sideId: other.sides[0].id })).statusCode).toBe(400);
    expect((await register(player, plain.id, { sideId: e.sides[0].id })).statusCode).toBe(400);
    expect((await register(player, e.id, { sideId: 'nope' })).statusCode).toBe(400);
    expect(
      (await injectAs(t.app, null, { method: 'POST', url: `/api/events/${e.id}/registration` })).statusCode,
    ).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /api/events/{id}/roster/{userId}/side', () => {
  it('organisers move a player; a full side is a 409; others are refused; nothing changes on refusal', async () => {
    const e = await sided(1);
    const [blue, red] = e.sides;
    const a = await createUser(db());
    const b = await createUser(db());
    await register(a, e.id, { sideId: blue.id });
    await register(b, e.id, { sideId: red.id });
    const move = (who: TestUser | null, userId: string, sideId: string) =>
      injectAs(t.app, who, {
        method: 'POST',
        url: `/api/events/${e.id}/roster/${userId}/side`,
        payload: { sideId },
      });
    const before = await snapshot();
    expect((await move(null, a.id, red.id)).statusCode).toBe(401);
    for (const who of [player, rival, a])
      expect((await move(who, a.id, red.id)).statusCode, who.username).toBe(403);
    const full = await move(leader, a.id, red.id);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('That side is full');
    expect((await move(leader, player.id, red.id)).statusCode).toBe(404);
    expect((await move(leader, a.id, crypto.randomUUID())).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
    // Room made on Red: the co-leader moves a over; Blue is left empty.
    await injectAs(t.app, b, { method: 'DELETE', url: `/api/events/${e.id}/registration` });
    for (const who of [coLeader, admin]) {
      const target = who === coLeader ? red.id : blue.id;
      const res = await move(who, a.id, target);
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await db().select().from(eventRegistrations).where(eq(eventRegistrations.userId, a.id));
      expect(row.sideId).toBe(target);
    }
  });
});

describe('squads', () => {
  it('a leader registers chosen members; each confirms; the last confirmation registers all on one side', async () => {
    const e = await sided(3);
    const m1 = await createUser(db());
    const m2 = await createUser(db());
    const team = await createTeam(db(), leader, { members: [{ user: m1 }, { user: m2 }] });
    const made = await injectAs(t.app, leader, {
      method: 'POST',
      url: `/api/events/${e.id}/squads`,
      payload: { teamId: team.id, userIds: [leader.id, m1.id, m2.id] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const squad = made.json();
    expect(squad.status).toBe('pending');
    // The members are told.
    const told = await db().select().from(notifications).where(eq(notifications.kind, 'event-squad'));
    expect(told.map((n) => n.recipientId).sort()).toEqual([m1.id, m2.id].sort());
    const mine = (await injectAs(t.app, m1, { url: `/api/events/${e.id}/squads` })).json();
    expect(mine).toHaveLength(1);
    expect(mine[0].canConfirm).toBe(true);
    expect((await injectAs(t.app, player, { url: `/api/events/${e.id}/squads` })).json()).toEqual([]);
    const confirm = (who: TestUser) =>
      injectAs(t.app, who, { method: 'POST', url: `/api/events/${e.id}/squads/${squad.id}/confirm` });
    expect((await confirm(player)).statusCode).toBe(403);
    expect((await confirm(m1)).json().status).toBe('pending');
    expect(
      (await db().select().from(eventRegistrations).where(eq(eventRegistrations.eventId, e.id))).length,
    ).toBe(0);
    const last = await confirm(m2);
    expect(last.json().status).toBe('registered');
    const regs = await db().select().from(eventRegistrations).where(eq(eventRegistrations.eventId, e.id));
    expect(regs).toHaveLength(3);
    expect(new Set(regs.map((r) => r.sideId)).size).toBe(1);
    const got = (await injectAs(t.app, m2, { url: `/api/events/${e.id}` })).json();
    expect(got.registeredCount).toBe(3);
    expect(got.sides.map((s: { registeredCount: number }) => s.registeredCount).sort()).toEqual([0, 3]);
  });

  it('all or none: no side with room for all is a 409, the squad stays pending and no one is registered', async () => {
    const e = await sided(2);
    const m1 = await createUser(db());
    const m2 = await createUser(db());
    const team = await createTeam(db(), leader, { members: [{ user: m1 }, { user: m2 }] });
    const squad = (
      await injectAs(t.app, leader, {
        method: 'POST',
        url: `/api/events/${e.id}/squads`,
        payload: { teamId: team.id, userIds: [leader.id, m1.id, m2.id] },
      })
    ).json();
    await injectAs(t.app, m1, { method: 'POST', url: `/api/events/${e.id}/squads/${squad.id}/confirm` });
    const before = await snapshot();
    const res = await injectAs(t.app, m2, {
      method: 'POST',
      url: `/api/events/${e.id}/squads/${squad.id}/confirm`,
    });
    expect(res.statusCode).toBe(409);
    const after = await snapshot();
    expect(after.regs).toEqual(before.regs);
    expect(after.events).toEqual(before.events);
    expect(after.sides).toEqual(before.sides);
    expect(after.squads.find((s) => s.id === squad.id)?.status).toBe('pending');
  });

  it('refuses anonymous, members who are not officers, another team, non-members of the team; nothing stored', async () => {
    const e = await sided(5);
    const m1 = await createUser(db());
    const team = await createTeam(db(), leader, {
      members: [{ user: m1 }, { user: coLeader, role: 'co-leader' }],
    });
    const post = (who: TestUser | null, payload: object) =>
      injectAs(t.app, who, { method: 'POST', url: `/api/events/${e.id}/squads`, payload });
    const before = await snapshot();
    expect((await post(null, { teamId: team.id, userIds: [m1.id] })).statusCode).toBe(401);
    expect((await post(m1, { teamId: team.id, userIds: [m1.id] })).statusCode).toBe(403);
    expect((await post(rival, { teamId: team.id, userIds: [m1.id] })).statusCode).toBe(403);
    expect((await post(admin, { teamId: team.id, userIds: [m1.id] })).statusCode).toBe(403);
    expect((await post(leader, { teamId: team.id, userIds: [m1.id, player.id] })).statusCode).toBe(400);
    expect((await post(leader, { teamId: team.id, userIds: [] })).statusCode).toBe(400);
    expect(
      (await post(leader, { teamId: team.id, userIds: [m1.id], sideId: crypto.randomUUID() })).statusCode,
    ).toBe(400);
    expect(
      (
        await injectAs(t.app, leader, {
          method: 'POST',
          url: `/api/events/${crypto.randomUUID()}/squads`,
          payload: { teamId: team.id, userIds: [m1.id] },
        })
      ).statusCode,
    ).toBe(404);
    expect(await snapshot()).toEqual(before);
    // The co-leader may; a member already on the event may not be in a squad (409).
    await register(m1, e.id);
    const before2 = await snapshot();
    expect((await post(coLeader, { teamId: team.id, userIds: [m1.id] })).statusCode).toBe(409);
    expect(await snapshot()).toEqual(before2);
    expect((await post(coLeader, { teamId: team.id, userIds: [coLeader.id] })).statusCode).toBe(201);
  });
});
