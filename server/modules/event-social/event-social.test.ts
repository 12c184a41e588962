import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SOCIAL_TEXTS } from '../../../contract';
import {
  eventComments,
  eventRegistrations,
  eventSides,
  notificationSettings,
  notifications,
  reports,
} from '../../db/schema';
import type { TestApp } from '../../test/app';
import {
  appWithPlayers,
  createBlockedWord,
  createEvent,
  createFollow,
  createRegistration,
  createTeam,
  createUser,
  injectAs,
  type TestUser,
} from '../../test/factories';
import { NO_MAIL, runNotificationJobs } from '../notifications';

let t: TestApp;
let host: TestUser, viewer: TestUser, mate: TestUser, followed: TestUser, admin: TestUser;
let s1: TestUser, s2: TestUser, hidden: TestUser, waiting: TestUser;
let hostTeam: { id: string };
const db = () => t.database.db;

beforeAll(async () => {
  ({ t, host, viewer, mate, followed, admin, s1, s2, hidden, waiting } = await appWithPlayers(
    {
      host: 'user',
      viewer: 'user',
      mate: 'user',
      followed: 'user',
      admin: 'admin',
      s1: 'user',
      s2: 'user',
      hidden: 'user',
      waiting: 'user',
    },
    // The test runs the queued jobs itself: the app's own runner (PostgreSQL) would race it.
    { config: { notificationJobs: false } },
  ));
  hostTeam = await createTeam(db(), host);
  await createTeam(db(), viewer, { members: [{ user: mate }] });
  await createFollow(db(), viewer, followed);
});
afterAll(() => t.close());

const hosted = () => createEvent(db(), { hostTeamId: hostTeam.id });
const going = (as: TestUser | null, eventId: string, query = '') =>
  injectAs(t.app, as, { url: `/api/events/${eventId}/attendees${query}` });
const ids = (body: { players: { id: string }[] }) => body.players.map((p) => p.id);

describe("GET /api/events/{id}/attendees (who's going)", () => {
  let eventId: string;
  beforeAll(async () => {
    const e = await hosted();
    eventId = e.id;
    for (const p of [s1, s2, followed, mate, viewer]) await createRegistration(db(), p, e);
    await createRegistration(db(), waiting, e, 'waitlisted');
    // A private registration through the API.
    const res = await injectAs(t.app, hidden, {
      method: 'POST',
      url: `/api/events/${eventId}/registration`,
      payload: { private: true },
    });
    expect(res.statusCode).toBe(200);
  });

  it('lists the viewer, then teammates and followed players, then the others in arrival order; waitlist not going', async () => {
    const res = await going(viewer, eventId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(6);
    expect(body.namesHidden).toBe(false);
    expect(ids(body)).toEqual([viewer.id, followed.id, mate.id, s1.id, s2.id]);
    expect(body.players.map((p: { known: string | null }) => p.known)).toEqual([
      null,
      'following',
      'teammate',
      null,
      null,
    ]);
    expect(body.players[0]).toMatchObject({ isViewer: true, private: false });
    expect(ids(body)).not.toContain(waiting.id);
    // Another viewer knows nobody: arrival order.
    expect(ids((await going(s2, eventId)).json())).toEqual([s2.id, s1.id, followed.id, mate.id, viewer.id]);
  });

  it('limit: the first N, the count whole ("and N others")', async () => {
    const body = (await going(viewer, eventId, '?limit=2')).json();
    expect(ids(body)).toEqual([viewer.id, followed.id]);
    expect(body.count - body.players.length).toBe(4);
  });

  it('a private registration is counted, listed to the player only; organisers see it on the roster', async () => {
    const [row] = await db()
      .select({ private: eventRegistrations.private })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, hidden.id)));
    expect(row.private).toBe(true);
    for (const other of [viewer, host, admin]) {
      const body = (await going(other, eventId)).json();
      expect(body.count).toBe(6);
      expect(ids(body)).not.toContain(hidden.id);
    }
    const own = (await going(hidden, eventId)).json();
    expect(own.players[0]).toMatchObject({ id: hidden.id, isViewer: true, private: true });
    const roster = (await injectAs(t.app, host, { url: `/api/events/${eventId}/roster` })).json();
    expect(roster.entries.map((e: { userId: string }) => e.userId)).toContain(hidden.id);
  });

  it('signed out: the count, no names; unknown event 404; a bad id or limit 400', async () => {
    const body = (await going(null, eventId)).json();
    expect(body).toMatchObject({ count: 6, players: [], namesHidden: true });
    expect((await going(viewer, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await going(viewer, 'nope')).statusCode).toBe(400);
    expect((await going(viewer, eventId, '?limit=0')).statusCode).toBe(400);
    expect((await going(viewer, eventId, '?limit=abc')).statusCode).toBe(400);
  });

  it('with sides: counted and listed per side (limit per side)', async () => {
    const e = await hosted();
    const [red, blue] = await db()
      .insert(eventSides)
      .values([
        { eventId: e.id, position: 0, name: 'Red', colour: '#ff0000', capacity: 10 },
        { eventId: e.id, position: 1, name: 'Blue', colour: '#0000ff', capacity: 10 },
      ])
      .returning();
    const on = [
      [s1, red],
      [s2, red],
      [mate, blue],
      [followed, blue],
      [hidden, blue],
    ] as const;
    for (const [p, side] of on)
      await db()
        .insert(eventRegistrations)
        .values({ eventId: e.id, userId: p.id, sideId: side.id, private: p === hidden });
    const body = (await going(viewer, e.id, '?limit=1')).json();
    expect(body.count).toBe(5);
    expect(body.sides).toMatchObject([
      { id: red.id, name: 'Red', count: 2 },
      { id: blue.id, name: 'Blue', count: 3 },
    ]);
    const bySide = (id: string) => body.players.filter((p: { sideId: string }) => p.sideId === id);
    expect(bySide(red.id).map((p: { id: string }) => p.id)).toEqual([s1.id]);
    expect(bySide(blue.id).map((p: { id: string }) => p.id)).toEqual([mate.id]);
  });
});

const comments = (as: TestUser | null, eventId: string, query = '') =>
  injectAs(t.app, as, { url: `/api/events/${eventId}/comments${query}` });
const write = (as: TestUser | null, eventId: string, payload: unknown) =>
  injectAs(t.app, as, {
    method: 'POST',
    url: `/api/events/${eventId}/comments`,
    payload: payload as object,
  });
const patch = (as: TestUser | null, eventId: string, commentId: string, payload: unknown) =>
  injectAs(t.app, as, {
    method: 'PATCH',
    url: `/api/events/${eventId}/comments/${commentId}`,
    payload: payload as object,
  });
const del = (as: TestUser | null, eventId: string, commentId: string) =>
  injectAs(t.app, as, { method: 'DELETE', url: `/api/events/${eventId}/comments/${commentId}` });
const stored = (id: string) => db().select().from(eventComments).where(eq(eventComments.id, id));

describe('the event discussion', () => {
  it('a player asks, an organiser answers (marked), edits and deletes own; abilities per viewer', async () => {
    const e = await hosted();
    const empty = (await comments(null, e.id)).json();
    expect(empty).toEqual({ comments: [], canComment: false });
    const q = await write(viewer, e.id, { content: '  Are rentals available?  ' });
    expect(q.statusCode).toBe(201);
    expect(q.json()).toMatchObject({
      content: 'Are rentals available?',
      byOrganiser: false,
      pinned: false,
      canEdit: true,
      canDelete: true,
      canPin: false,
      canReport: false,
      user: { id: viewer.id },
    });
    const a = await write(host, e.id, { content: 'Yes, 20 rifles.' });
    expect(a.json()).toMatchObject({ byOrganiser: true, canPin: true });
    const asHost = (await comments(host, e.id)).json();
    expect(asHost.canComment).toBe(true);
    expect(asHost.comments[0]).toMatchObject({
      canEdit: false,
      canDelete: true,
      canPin: true,
      canReport: true,
    });
    const asOther = (await comments(s1, e.id)).json();
    expect(asOther.comments[0]).toMatchObject({
      canEdit: false,
      canDelete: false,
      canPin: false,
      canReport: true,
    });
    const edited = await patch(viewer, e.id, q.json().id, { content: 'Are rentals available? Sizes?' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().content).toBe('Are rentals available? Sizes?');
    expect((await del(viewer, e.id, q.json().id)).statusCode).toBe(204);
    expect(await stored(q.json().id)).toHaveLength(0);
  });

  it("refuses another's edit and delete (403), a member's pin (403), unchanged; an organiser pins: first", async () => {
    const e = await hosted();
    const first = (await write(s1, e.id, { content: 'First question' })).json();
    const second = (await write(s2, e.id, { content: 'Second question' })).json();
    expect((await patch(s2, e.id, first.id, { content: 'hijacked' })).statusCode).toBe(403);
    expect((await patch(host, e.id, first.id, { content: 'organiser rewrite' })).statusCode).toBe(403);
    expect((await del(s2, e.id, first.id)).statusCode).toBe(403);
    const pin = await patch(s2, e.id, second.id, { pinned: true });
    expect(pin.statusCode).toBe(403);
    expect(pin.json().message).toBe(EVENT_SOCIAL_TEXTS.notOrganiser);
    const [row] = await stored(first.id);
    expect(row).toMatchObject({ content: 'First question', pinned: false });
    expect((await stored(second.id))[0].pinned).toBe(false);
    const pinned = await patch(host, e.id, second.id, { pinned: true });
    expect(pinned.statusCode).toBe(200);
    expect(pinned.json().pinned).toBe(true);
    const list = (await comments(s1, e.id)).json().comments;
    expect(list.map((c: { id: string }) => c.id)).toEqual([second.id, first.id]);
    // Paging after the pinned one: the next by time.
    const next = (await comments(s1, e.id, `?limit=1&before=${second.id}`)).json().comments;
    expect(next.map((c: { id: string }) => c.id)).toEqual([first.id]);
    // An organiser may remove a comment of their event.
    expect((await del(host, e.id, first.id)).statusCode).toBe(204);
  });

  it('blocked words, NUL, wrong types, empty, too long, anonymous: 4xx and nothing written', async () => {
    const e = await hosted();
    await createBlockedWord(db(), 'grenadeword');
    const bad = [
      { content: 'buy a GrenadeWord here' },
      { content: 'null\u0000byte' },
      { content: 5 },
      { content: '   ' },
      { content: 'x'.repeat(2001) },
      {},
    ];
    for (const payload of bad) expect((await write(viewer, e.id, payload)).statusCode).toBe(400);
    expect((await write(null, e.id, { content: 'hi' })).statusCode).toBe(401);
    expect((await write(viewer, '00000000-0000-4000-8000-000000000000', { content: 'hi' })).statusCode).toBe(
      404,
    );
    const mine = (await write(viewer, e.id, { content: 'fine' })).json();
    for (const payload of [
      {},
      { pinned: 'yes' },
      { content: 'x\u0000' },
      { content: 'GRENADEWORD' },
      { x: 1 },
    ])
      expect((await patch(viewer, e.id, mine.id, payload)).statusCode).toBe(400);
    expect((await patch(null, e.id, mine.id, { content: 'a' })).statusCode).toBe(401);
    const rows = await db().select().from(eventComments).where(eq(eventComments.eventId, e.id));
    expect(rows.map((r) => r.content)).toEqual(['fine']);
  });

  it("another event's comment under this event's path: 404, unchanged", async () => {
    const e1 = await hosted();
    const e2 = await hosted();
    const c = (await write(viewer, e1.id, { content: 'on event one' })).json();
    expect((await patch(viewer, e2.id, c.id, { content: 'moved' })).statusCode).toBe(404);
    expect((await patch(host, e2.id, c.id, { pinned: true })).statusCode).toBe(404);
    expect((await del(viewer, e2.id, c.id)).statusCode).toBe(404);
    expect((await stored(c.id))[0]).toMatchObject({ content: 'on event one', pinned: false });
  });

  it("an organiser's comment tells the registered players (not the author, the waitlist, nor who turned it off)", async () => {
    const e = await hosted();
    const quiet = await createUser(db());
    await createRegistration(db(), host, e);
    await createRegistration(db(), s1, e);
    await createRegistration(db(), quiet, e);
    await createRegistration(db(), waiting, e, 'waitlisted');
    await db()
      .insert(notificationSettings)
      .values({ userId: quiet.id, channels: { 'event-comment': 'off' } });
    const told = async (u: TestUser | { id: string }) =>
      db()
        .select({ eventId: notifications.eventId, data: notifications.data })
        .from(notifications)
        .where(and(eq(notifications.recipientId, u.id), eq(notifications.kind, 'event-comment')));
    // A player's question tells nobody.
    await write(s1, e.id, { content: 'What time is the briefing?' });
    await runNotificationJobs(db(), NO_MAIL);
    expect(await told(host)).toHaveLength(0);
    expect((await write(host, e.id, { content: 'Briefing at 9:00' })).statusCode).toBe(201);
    await runNotificationJobs(db(), NO_MAIL);
    const [entry] = await told(s1);
    expect(entry).toMatchObject({ eventId: e.id, data: { excerpt: 'Briefing at 9:00' } });
    expect(await told(host)).toHaveLength(0);
    expect(await told(waiting)).toHaveLength(0);
    expect(await told(quiet)).toHaveLength(0);
    const list = (await injectAs(t.app, s1, { url: '/api/notifications' })).json();
    const shown = (list.items ?? list).find((n: { kind: string }) => n.kind === 'event-comment');
    expect(shown.url).toBe(`/events/${e.id}#discussion`);
    expect(shown.text).toContain('(organiser)');
  });

  it('reports: a player reports a comment; the admin deletes it through the queue', async () => {
    const e = await hosted();
    const c = (await write(viewer, e.id, { content: 'rude words' })).json();
    const res = await injectAs(t.app, s1, {
      method: 'POST',
      url: '/api/reports',
      payload: { subjectType: 'eventComment', subjectId: c.id, reason: 'harassment' },
    });
    expect(res.statusCode).toBe(201);
    const own = await injectAs(t.app, viewer, {
      method: 'POST',
      url: '/api/reports',
      payload: { subjectType: 'eventComment', subjectId: c.id, reason: 'spam' },
    });
    expect(own.statusCode).toBeGreaterThanOrEqual(400);
    const [r] = await db().select().from(reports).where(eq(reports.subjectId, c.id));
    expect(r.snapshot).toMatchObject({ text: 'rude words', url: `/events/${e.id}#discussion` });
    const act = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/admin/reports/${r.id}/actions`,
      payload: { action: 'delete' },
    });
    expect(act.statusCode).toBe(200);
    expect(await stored(c.id)).toHaveLength(0);
  });
});
