import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_EVENT_TEXTS } from '../../../contract';
import { eventCheckIns, eventRegistrations, eventSides, events, posts } from '../../db/schema';
import type { TestApp } from '../../test/app';
import {
  appWithPlayers,
  createEvent,
  createField,
  createPost,
  createRegistration,
  createUser,
  injectAs,
  type TestUser,
} from '../../test/factories';

let t: TestApp, author: TestUser, other: TestUser, admin: TestUser;
const db = () => t.database.db;
const HOUR = 3_600_000;
const img = (n: number) => `/objects/images/g${n}.webp`;

beforeAll(async () => {
  ({ t, author, other, admin } = await appWithPlayers({ author: 'user', other: 'user', admin: 'admin' }));
});
afterAll(() => t.close());

const create = (as: TestUser | null, payload: object) =>
  injectAs(t.app, as, { method: 'POST', url: '/api/posts', payload });
const photos = (eventId: string, query = '') =>
  injectAs(t.app, null, { url: `/api/events/${eventId}/photos${query}` });
const games = (userId: string, query = '') =>
  injectAs(t.app, null, { url: `/api/user/${userId}/games${query}` });
const postCount = async () => (await db().select({ id: posts.id }).from(posts)).length;

describe('posts tagged with an event', () => {
  it('takes eventId on create; the answer, the feed and the post carry {id, title}', async () => {
    const event = await createEvent(db(), { title: 'Operation Northwind' });
    const res = await create(author, { caption: 'Great day', eventId: event.id.toUpperCase() });
    expect(res.statusCode).toBe(201);
    expect(res.json().event).toEqual({ id: event.id, title: 'Operation Northwind' });
    const feed = (await injectAs(t.app, other, { url: '/api/posts/feed?limit=5' })).json();
    expect(feed.find((p: { id: string }) => p.id === res.json().id).event).toEqual({
      id: event.id,
      title: 'Operation Northwind',
    });
    const one = (await injectAs(t.app, null, { url: `/api/posts/${res.json().id}` })).json();
    expect(one.event).toEqual({ id: event.id, title: 'Operation Northwind' });
    const mine = (await injectAs(t.app, null, { url: `/api/posts/user/${author.id}` })).json();
    expect(mine[0].event.title).toBe('Operation Northwind');
    // Untagged posts say null; a deleted event leaves its posts untagged.
    const plain = await create(author, { caption: 'No event', eventId: null });
    expect(plain.json().event).toBeNull();
    await db().delete(events).where(eq(events.id, event.id));
    const after = (await injectAs(t.app, null, { url: `/api/posts/${res.json().id}` })).json();
    expect(after.event).toBeNull();
  });

  it('refuses an unknown event, a wrong type and a NUL with 400; nothing stored', async () => {
    const before = await postCount();
    const unknown = await create(author, { caption: 'x', eventId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      message: POST_EVENT_TEXTS.eventUnknown,
      errors: { eventId: [POST_EVENT_TEXTS.eventUnknown] },
    });
    expect((await create(author, { caption: 'x', eventId: 42 })).statusCode).toBe(400);
    expect((await create(author, { caption: 'x', eventId: 'not-an-id' })).statusCode).toBe(400);
    expect((await create(author, { caption: 'x', eventId: '\u0000' })).statusCode).toBe(400);
    expect((await create(null, { caption: 'x', eventId: 'x' })).statusCode).toBe(401);
    expect(await postCount()).toBe(before);
  });
});

describe('GET /api/events/{id}/photos', () => {
  it('is closed and empty before the start, whoever tagged what', async () => {
    const soon = await createEvent(db(), { date: new Date(Date.now() + 2 * HOUR) });
    await createPost(db(), author, { images: [img(1)], eventId: soon.id });
    const res = await photos(soon.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ open: false, opensAt: soon.date.toISOString(), photos: [] });
  });

  it('lists the images of tagged posts once started, newest post first, pages by photo id', async () => {
    const event = await createEvent(db(), { date: new Date(Date.now() - 3 * HOUR) });
    const elsewhere = await createEvent(db(), { date: new Date(Date.now() - 3 * HOUR) });
    const at = (mins: number) => new Date(Date.now() - mins * 60_000);
    const a = await createPost(db(), author, {
      images: [img(1), img(2)],
      eventId: event.id,
      createdAt: at(30),
    });
    const b = await createPost(db(), other, { images: [img(3)], eventId: event.id, createdAt: at(20) });
    await createPost(db(), other, { images: [], eventId: event.id, createdAt: at(15) });
    await createPost(db(), other, { images: [img(9)], eventId: elsewhere.id, createdAt: at(10) });
    await createPost(db(), other, { images: [img(8)], createdAt: at(5) });
    const c = await createPost(db(), author, {
      images: [img(4), img(5)],
      eventId: event.id,
      createdAt: at(1),
    });
    const all = (await photos(event.id)).json();
    expect(all.open).toBe(true);
    expect(all.photos.map((p: { image: string }) => p.image)).toEqual([
      img(4),
      img(5),
      img(3),
      img(1),
      img(2),
    ]);
    expect(all.photos[0]).toMatchObject({
      id: `${c.id}:1`,
      postId: c.id,
      user: { id: author.id, username: author.username, avatar: null },
    });
    // Pages of 2: the cursor is the last photo's id, inside a post or between posts.
    const p1 = (await photos(event.id, '?limit=2')).json().photos;
    expect(p1.map((p: { id: string }) => p.id)).toEqual([`${c.id}:1`, `${c.id}:2`]);
    const p2 = (await photos(event.id, `?limit=2&before=${p1[1].id}`)).json().photos;
    expect(p2.map((p: { id: string }) => p.id)).toEqual([`${b.id}:1`, `${a.id}:1`]);
    const p3 = (await photos(event.id, `?limit=2&before=${p2[1].id}`)).json().photos;
    expect(p3.map((p: { id: string }) => p.id)).toEqual([`${a.id}:2`]);
    const mid = (await photos(event.id, `?limit=1&before=${c.id}:1`)).json().photos;
    expect(mid.map((p: { id: string }) => p.id)).toEqual([`${c.id}:2`]);
    // A removed post (deleted by a moderator) leaves the gallery.
    expect((await injectAs(t.app, admin, { method: 'DELETE', url: `/api/posts/${b.id}` })).statusCode).toBe(
      204,
    );
    const left = (await photos(event.id)).json().photos;
    expect(left.some((p: { postId: string }) => p.postId === b.id)).toBe(false);
    expect(left).toHaveLength(4);
  });

  it('answers 404 for an unknown event and 400 for bad cursors and ids', async () => {
    expect((await photos('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await photos('nope')).statusCode).toBe(400);
    const event = await createEvent(db(), { date: new Date(Date.now() - HOUR) });
    expect((await photos(event.id, '?before=nope')).statusCode).toBe(400);
    expect((await photos(event.id, `?before=${event.id}:0`)).statusCode).toBe(400);
    expect((await photos(event.id, '?before=%00')).statusCode).toBe(400);
    expect((await photos(event.id, '?limit=0')).statusCode).toBe(400);
  });
});

describe('GET /api/user/{userId}/games', () => {
  it('lists only the games the player was checked in at, the latest first, with the count', async () => {
    const field = await createField(db(), { name: 'Quarry Field' });
    const played1 = await createEvent(db(), {
      title: 'Old game',
      date: new Date(Date.now() - 20 * 24 * HOUR),
    });
    const played2 = await createEvent(db(), {
      title: 'Northwind',
      date: new Date(Date.now() - 2 * 24 * HOUR),
      fieldId: field.id,
    });
    const registeredOnly = await createEvent(db(), { date: new Date(Date.now() - 5 * 24 * HOUR) });
    const [side] = await db()
      .insert(eventSides)
      .values({ eventId: played2.id, position: 0, name: 'Blue', colour: '#2255ff' })
      .returning();
    await createRegistration(db(), other, played1);
    await createRegistration(db(), other, played2);
    await db()
      .update(eventRegistrations)
      .set({ sideId: side.id })
      .where(eq(eventRegistrations.eventId, played2.id));
    await createRegistration(db(), other, registeredOnly);
    await db()
      .insert(eventCheckIns)
      .values([
        { eventId: played1.id, userId: other.id, checkedInAt: played1.date },
        { eventId: played2.id, userId: other.id, checkedInAt: played2.date },
        // Another player's check-in is theirs alone.
        { eventId: registeredOnly.id, userId: admin.id, checkedInAt: registeredOnly.date },
      ]);
    const res = await games(other.id);
    expect(res.statusCode).toBe(200);
    const record = res.json();
    expect(record.count).toBe(2);
    expect(record.games.map((g: { eventId: string }) => g.eventId)).toEqual([played2.id, played1.id]);
    expect(record.games[0]).toMatchObject({
      title: 'Northwind',
      date: played2.date.toISOString(),
      location: played2.location,
      field: { id: field.id, name: 'Quarry Field' },
      side: { name: 'Blue', colour: '#2255ff' },
    });
    expect(record.games[1]).toMatchObject({ field: null, side: null });
    const page2 = (await games(other.id, `?limit=1&before=${played2.id}`)).json();
    expect(page2).toEqual({ count: 2, games: [expect.objectContaining({ eventId: played1.id })] });
    expect((await games(author.id)).json()).toEqual({ count: 0, games: [] });
    expect((await games(admin.id)).json().count).toBe(1);
  });

  it('a game registered for privately is left out for everyone but the player (list and count)', async () => {
    const player = await createUser(db());
    const open = await createEvent(db(), { title: 'Open game', date: new Date(Date.now() - 3 * 24 * HOUR) });
    const quiet = await createEvent(db(), {
      title: 'Quiet game',
      date: new Date(Date.now() - 2 * 24 * HOUR),
    });
    await createRegistration(db(), player, open);
    await createRegistration(db(), player, quiet);
    await db()
      .update(eventRegistrations)
      .set({ private: true })
      .where(and(eq(eventRegistrations.eventId, quiet.id), eq(eventRegistrations.userId, player.id)));
    // Another player's private registration at the open game hides nothing of this player's.
    await createRegistration(db(), other, open);
    await db()
      .update(eventRegistrations)
      .set({ private: true })
      .where(and(eq(eventRegistrations.eventId, open.id), eq(eventRegistrations.userId, other.id)));
    await db()
      .insert(eventCheckIns)
      .values([
        { eventId: open.id, userId: player.id, checkedInAt: open.date },
        { eventId: quiet.id, userId: player.id, checkedInAt: quiet.date },
      ]);
    const seenBy = async (viewer: TestUser | null) => {
      const res = await injectAs(t.app, viewer, { url: `/api/user/${player.id}/games` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      const body = res.json();
      return { count: body.count, ids: body.games.map((g: { eventId: string }) => g.eventId) };
    };
    expect(await seenBy(player)).toEqual({ count: 2, ids: [quiet.id, open.id] });
    for (const viewer of [other, admin, null])
      expect(await seenBy(viewer)).toEqual({ count: 1, ids: [open.id] });
    // The cursor past the hidden game finds nothing more for others.
    const page = await injectAs(t.app, other, {
      url: `/api/user/${player.id}/games?limit=1&before=${open.id}`,
    });
    expect(page.json()).toEqual({ count: 1, games: [] });
    // Public again (PATCH registration): back on the record for everyone.
    const back = await injectAs(t.app, player, {
      method: 'PATCH',
      url: `/api/events/${quiet.id}/registration`,
      payload: { private: false },
    });
    expect(back.statusCode).toBe(200);
    expect(await seenBy(other)).toEqual({ count: 2, ids: [quiet.id, open.id] });
  });

  it('answers 404 for an unknown player and 400 for a bad id or cursor', async () => {
    expect((await games('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await games('nope')).statusCode).toBe(400);
    expect((await games(other.id, '?before=x')).statusCode).toBe(400);
  });
});

describe('GET /api/user/post-events', () => {
  it("offers the viewer's events first, then recent ones; signed in only", async () => {
    expect((await injectAs(t.app, null, { url: '/api/user/post-events' })).statusCode).toBe(401);
    const mine = await createEvent(db(), { title: 'Mine next week' });
    await createRegistration(db(), author, mine);
    const recent = await createEvent(db(), { title: 'Yesterday', date: new Date(Date.now() - 24 * HOUR) });
    const far = await createEvent(db(), { title: 'Next month', date: new Date(Date.now() + 30 * 24 * HOUR) });
    const res = await injectAs(t.app, author, { url: '/api/user/post-events' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; registered: boolean }[];
    expect(list[0]).toMatchObject({ id: mine.id, title: 'Mine next week', registered: true });
    expect(list.find((e) => e.id === recent.id)).toMatchObject({ registered: false });
    expect(list.some((e) => e.id === far.id)).toBe(false);
  });
});
