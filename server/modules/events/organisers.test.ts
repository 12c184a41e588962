import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, events, teams, users } from '../../db/schema';
import type { HttpError } from '../../errors';
import type { TestApp } from '../../test/app';
import { appWithPlayers, createEvent, createTeam, injectAs, type TestUser } from '../../test/factories';
import { isOrganiser, requireOrganiser } from './organisers';
import { can } from './policy';

/**
 * Issue 25's foundation: a team hosts events; its leader and co-leaders organise them (with
 * admins). Every role: anonymous, a player, a member of the host team, its co-leader, its leader,
 * another team's leader, an admin. Refusals answer 4xx and change nothing.
 */
let t: TestApp;
let player: TestUser,
  member: TestUser,
  coLeader: TestUser,
  leader: TestUser,
  rival: TestUser,
  admin: TestUser;
let host: { id: string; name: string }, rivalTeam: { id: string; name: string };
beforeAll(async () => {
  ({ t, player, member, coLeader, leader, rival, admin } = await appWithPlayers({
    player: 'user',
    member: 'user',
    coLeader: 'user',
    leader: 'user',
    rival: 'user',
    admin: 'admin',
  }));
  host = await createTeam(db(), leader, {
    name: 'Host Company',
    members: [
      { user: member, role: 'member' },
      { user: coLeader, role: 'co-leader' },
    ],
  });
  rivalTeam = await createTeam(db(), rival, { name: 'Rival Platoon' });
});
afterAll(() => t.close());

const db = () => t.database.db;
const snapshot = async () => ({
  events: await db().select().from(events).orderBy(events.id),
  audit: await db().select().from(auditLog).orderBy(auditLog.id),
});
const payload = (extra: object = {}) => ({
  title: 'Operation Host',
  date: '2031-05-01T09:00:00Z',
  location: 'Leeds, West Yorkshire',
  capacity: 40,
  ...extra,
});
const sessionUser = async (u: TestUser) => (await db().select().from(users).where(eq(users.id, u.id)))[0];
const roles = () => ({ player, member, coLeader, leader, rival, admin });

describe('POST /api/events with hostTeamId', () => {
  it("lets the host team's leader and co-leader, and admins, create a hosted event (public at once)", async () => {
    for (const who of [leader, coLeader, admin]) {
      const res = await injectAs(t.app, who, {
        method: 'POST',
        url: '/api/events',
        payload: payload({ title: `Hosted by ${who.username}`, hostTeamId: host.id }),
      });
      expect(res.statusCode, who.username).toBe(201);
      const made = res.json();
      expect(made.hostTeam).toEqual({ id: host.id, name: 'Host Company' });
      expect(made.abilities).toEqual({ canManage: true, canCheckIn: true });
      expect(made.canEdit).toBe(true);
      expect(made.canDelete).toBe(who === admin);
      const [row] = await db().select().from(events).where(eq(events.id, made.id));
      expect(row.hostTeamId).toBe(host.id);
      // Public at once: anyone reads it, and it is in the list.
      expect((await injectAs(t.app, null, { url: `/api/events/${made.id}` })).statusCode).toBe(200);
      const list = (await injectAs(t.app, null, { url: '/api/events?limit=100' })).json();
      expect(list.map((e: { id: string }) => e.id)).toContain(made.id);
    }
  });

  it("admins host for any team; an admin's creation and an organiser's are both in the audit log, each with its actor", async () => {
    const before = (await db().select().from(auditLog)).length;
    const res = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/events',
      payload: payload({ hostTeamId: rivalTeam.id }),
    });
    expect(res.statusCode).toBe(201);
    expect((await db().select().from(auditLog)).length).toBe(before + 1);
    const byLeader = await injectAs(t.app, leader, {
      method: 'POST',
      url: '/api/events',
      payload: payload({ hostTeamId: host.id }),
    });
    expect(byLeader.statusCode).toBe(201);
    const log = await db().select().from(auditLog).orderBy(auditLog.id);
    expect(log).toHaveLength(before + 2);
    expect(log.at(-1)).toMatchObject({
      adminId: leader.id,
      action: 'event.create',
      subjectId: byLeader.json().id,
    });
  });

  it('refuses anyone else, storing nothing: 401 anonymous (before validation), 403 others, 400 an unknown team', async () => {
    const before = await snapshot();
    const hosted = payload({ hostTeamId: host.id });
    expect(
      (await injectAs(t.app, null, { method: 'POST', url: '/api/events', payload: hosted })).statusCode,
    ).toBe(401);
    expect(
      (await injectAs(t.app, null, { method: 'POST', url: '/api/events', payload: {} })).statusCode,
    ).toBe(401);
    for (const who of [player, member, rival]) {
      const res = await injectAs(t.app, who, { method: 'POST', url: '/api/events', payload: hosted });
      expect(res.statusCode, who.username).toBe(403);
    }
    // Without a host team only admins create; a leader may not create an unhosted event.
    for (const who of [player, leader, coLeader]) {
      const res = await injectAs(t.app, who, { method: 'POST', url: '/api/events', payload: payload() });
      expect(res.statusCode, who.username).toBe(403);
    }
    // Another team: its leader's own only.
    const other = await injectAs(t.app, leader, {
      method: 'POST',
      url: '/api/events',
      payload: payload({ hostTeamId: rivalTeam.id }),
    });
    expect(other.statusCode).toBe(403);
    const unknown = await injectAs(t.app, leader, {
      method: 'POST',
      url: '/api/events',
      payload: payload({ hostTeamId: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.hostTeamId).toBeDefined();
    const bad = await injectAs(t.app, leader, {
      method: 'POST',
      url: '/api/events',
      payload: payload({ hostTeamId: 'not-a-uuid' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET /api/events/{id}: hostTeam and abilities', () => {
  it("answers the host team and each role's abilities", async () => {
    const e = await createEvent(db(), { hostTeamId: host.id });
    const expected: Record<string, boolean> = {
      player: false,
      member: false,
      coLeader: true,
      leader: true,
      rival: false,
      admin: true,
    };
    const anon = (await injectAs(t.app, null, { url: `/api/events/${e.id}` })).json();
    expect(anon.hostTeam).toEqual({ id: host.id, name: 'Host Company' });
    expect(anon.abilities).toEqual({ canManage: false, canCheckIn: false });
    expect(anon.canEdit).toBe(false);
    for (const [name, who] of Object.entries(roles())) {
      const got = (await injectAs(t.app, who, { url: `/api/events/${e.id}` })).json();
      expect(got.hostTeam, name).toEqual({ id: host.id, name: 'Host Company' });
      expect(got.abilities, name).toEqual({ canManage: expected[name], canCheckIn: expected[name] });
      expect(got.canEdit, name).toBe(expected[name]);
      expect(got.canDelete, name).toBe(name === 'admin');
    }
  });

  it('an event with no host: hostTeam null, only admins organise it', async () => {
    const e = await createEvent(db());
    for (const [name, who] of Object.entries(roles())) {
      const got = (await injectAs(t.app, who, { url: `/api/events/${e.id}` })).json();
      expect(got.hostTeam, name).toBeNull();
      expect(got.abilities.canManage, name).toBe(name === 'admin');
    }
  });

  it('the host team disbanded: the event stays, unhosted', async () => {
    const gone = await createTeam(db(), leader, { name: 'Short Lived' });
    const e = await createEvent(db(), { hostTeamId: gone.id });
    await db().delete(teams).where(eq(teams.id, gone.id));
    const got = (await injectAs(t.app, leader, { url: `/api/events/${e.id}` })).json();
    expect(got.hostTeam).toBeNull();
    expect(got.abilities).toEqual({ canManage: false, canCheckIn: false });
  });
});

describe('PATCH /api/events/{id} by organisers', () => {
  it("the host team's leader and co-leader, and admins, edit it", async () => {
    const e = await createEvent(db(), { hostTeamId: host.id });
    for (const who of [leader, coLeader, admin]) {
      const res = await injectAs(t.app, who, {
        method: 'PATCH',
        url: `/api/events/${e.id}`,
        payload: { title: `Edited by ${who.username}` },
      });
      expect(res.statusCode, who.username).toBe(200);
      expect(res.json().title).toBe(`Edited by ${who.username}`);
    }
  });

  it('refuses anonymous (401), others (403), an unknown event (404), changing nothing', async () => {
    const e = await createEvent(db(), { hostTeamId: host.id });
    const before = await snapshot();
    const call = { method: 'PATCH' as const, url: `/api/events/${e.id}`, payload: { title: 'Hacked' } };
    expect((await injectAs(t.app, null, call)).statusCode).toBe(401);
    for (const who of [player, member, rival])
      expect((await injectAs(t.app, who, call)).statusCode, who.username).toBe(403);
    const missing = await injectAs(t.app, leader, {
      ...call,
      url: '/api/events/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    // A leader cannot hand their event to a team they do not lead, nor delete it (admins only).
    const handed = await injectAs(t.app, leader, { ...call, payload: { hostTeamId: rivalTeam.id } });
    expect(handed.statusCode).toBe(403);
    expect((await injectAs(t.app, leader, { method: 'DELETE', url: `/api/events/${e.id}` })).statusCode).toBe(
      403,
    );
    // Another team's leader on an unhosted event.
    const plain = await createEvent(db());
    const after = await snapshot();
    expect((await injectAs(t.app, rival, { ...call, url: `/api/events/${plain.id}` })).statusCode).toBe(403);
    expect(await snapshot()).toEqual(after);
    expect(after.events.filter((x) => x.id !== plain.id)).toEqual(before.events);
  });

  it('an admin moves an event to another team; its organisers change with it', async () => {
    const e = await createEvent(db(), { hostTeamId: host.id });
    const res = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/events/${e.id}`,
      payload: { hostTeamId: rivalTeam.id },
    });
    expect(res.json().hostTeam).toEqual({ id: rivalTeam.id, name: 'Rival Platoon' });
    const asLeader = (await injectAs(t.app, leader, { url: `/api/events/${e.id}` })).json();
    expect(asLeader.abilities.canManage).toBe(false);
    const asRival = (await injectAs(t.app, rival, { url: `/api/events/${e.id}` })).json();
    expect(asRival.abilities.canManage).toBe(true);
  });
});

describe('isOrganiser and requireOrganiser', () => {
  it('true for admins and the host team officers only; requireOrganiser throws 401, 404, 403', async () => {
    const e = await createEvent(db(), { hostTeamId: host.id });
    const expected: Record<string, boolean> = {
      player: false,
      member: false,
      coLeader: true,
      leader: true,
      rival: false,
      admin: true,
    };
    expect(await isOrganiser(db(), null, e.id)).toBe(false);
    for (const [name, who] of Object.entries(roles())) {
      const u = await sessionUser(who);
      expect(await isOrganiser(db(), u, e.id), name).toBe(expected[name]);
      const threw = await requireOrganiser(db(), u, e.id).then(
        () => null,
        (err: HttpError) => err.statusCode,
      );
      expect(threw, name).toBe(expected[name] ? null : 403);
    }
    const status = (p: Promise<void>) =>
      p.then(
        () => null,
        (err: HttpError) => err.statusCode,
      );
    expect(await status(requireOrganiser(db(), null, e.id))).toBe(401);
    expect(await status(requireOrganiser(db(), await sessionUser(leader), crypto.randomUUID()))).toBe(404);
    expect(await isOrganiser(db(), await sessionUser(leader), crypto.randomUUID())).toBe(false);
  });

  it("policy: 'manage' and 'checkIn' follow isOrganiser for signed-in viewers", async () => {
    const u = await sessionUser(player);
    const a = await sessionUser(admin);
    expect(can(null, 'manage', { isOrganiser: true })).toBe(false);
    expect(can(u, 'manage', { isOrganiser: true })).toBe(true);
    expect(can(u, 'checkIn', { isOrganiser: false })).toBe(false);
    expect(can(u, 'edit', { isOrganiser: true })).toBe(true);
    expect(can(u, 'delete', { isOrganiser: true })).toBe(false);
    expect(can(a, 'checkIn', { isOrganiser: false })).toBe(true);
  });
});

describe("the audit log keeps organisers' writes (issue 25)", () => {
  it('a leader creates, edits (sides too) and sets the waiver of a hosted event; an admin deletes it: each entry with its actor', async () => {
    const made = await injectAs(t.app, leader, {
      method: 'POST',
      url: '/api/events',
      payload: payload({ title: 'Audited op', hostTeamId: host.id }),
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id;
    const patch = (who: TestUser, body: object) =>
      injectAs(t.app, who, { method: 'PATCH', url: `/api/events/${id}`, payload: body });
    expect((await patch(leader, { capacity: 60 })).statusCode).toBe(200);
    const sides = [
      { name: 'Blue', colour: '#1f4e9c', capacity: 30 },
      { name: 'Red', colour: '#b3261e', capacity: 30 },
    ];
    expect((await patch(coLeader, { sides })).statusCode).toBe(200);
    const waiver = await injectAs(t.app, leader, {
      method: 'PUT',
      url: `/api/events/${id}/waiver`,
      payload: { text: 'Audited waiver' },
    });
    expect(waiver.statusCode).toBe(200);
    expect(
      (await injectAs(t.app, leader, { method: 'DELETE', url: `/api/events/${id}/waiver` })).statusCode,
    ).toBe(200);
    // A refused write (another team's leader) writes no entry.
    const before = await snapshot();
    expect((await patch(rival, { title: 'Hacked' })).statusCode).toBe(403);
    expect(
      (
        await injectAs(t.app, rival, {
          method: 'PUT',
          url: `/api/events/${id}/waiver`,
          payload: { text: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    expect(await snapshot()).toEqual(before);
    // Deleting stays an admin's (the leader's DELETE is refused, nothing logged).
    expect((await injectAs(t.app, leader, { method: 'DELETE', url: `/api/events/${id}` })).statusCode).toBe(
      403,
    );
    expect(await snapshot()).toEqual(before);
    expect((await injectAs(t.app, admin, { method: 'DELETE', url: `/api/events/${id}` })).statusCode).toBe(
      204,
    );

    const page = await injectAs(t.app, admin, { url: '/api/admin/audit-log?limit=100' });
    expect(page.statusCode).toBe(200);
    const about = (
      page.json().items as {
        subjectId: string;
        action: string;
        adminUsername: string;
        data: { changed?: string[] };
      }[]
    )
      .filter((e) => e.subjectId === id)
      .reverse()
      .map((e) => [e.action, e.adminUsername, e.data.changed ?? null]);
    expect(about).toEqual([
      ['event.create', leader.username, null],
      ['event.update', leader.username, ['capacity']],
      ['event.update', coLeader.username, ['sides']],
      ['event.update', leader.username, ['waiver']],
      ['event.update', leader.username, ['waiver']],
      ['event.delete', admin.username, null],
    ]);
    // The log is filtered by its actor, a leader as an admin.
    const theirs = (
      await injectAs(t.app, admin, { url: `/api/admin/audit-log?adminId=${leader.id}` })
    ).json();
    expect(theirs.items.length).toBeGreaterThanOrEqual(4);
    expect(theirs.items.every((e: { adminUsername: string }) => e.adminUsername === leader.username)).toBe(
      true,
    );
    // Players do not read the log.
    expect((await injectAs(t.app, leader, { url: '/api/admin/audit-log' })).statusCode).toBe(403);
  });
});
