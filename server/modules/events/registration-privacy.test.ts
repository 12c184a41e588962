import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SOCIAL_TEXTS, EVENT_TEXTS } from '../../../contract';
import { eventRegistrations, eventSides } from '../../db/schema';
import type { TestApp } from '../../test/app';
import {
  appWithPlayers,
  createEvent,
  createRegistration,
  injectAs,
  type TestUser,
} from '../../test/factories';

/** Issue 26: a player registers privately on a side, and changes their privacy after registering. */
let t: TestApp;
let player: TestUser, other: TestUser, stranger: TestUser, admin: TestUser;
const db = () => t.database.db;

beforeAll(async () => {
  ({ t, player, other, stranger, admin } = await appWithPlayers({
    player: 'user',
    other: 'user',
    stranger: 'user',
    admin: 'admin',
  }));
});
afterAll(() => t.close());

const going = (as: TestUser | null, eventId: string) =>
  injectAs(t.app, as, { url: `/api/events/${eventId}/attendees` });
const listed = async (as: TestUser, eventId: string) =>
  (await going(as, eventId)).json().players.map((p: { id: string }) => p.id) as string[];
const privacy = (as: TestUser | null, eventId: string, payload: unknown) =>
  injectAs(t.app, as, {
    method: 'PATCH',
    url: `/api/events/${eventId}/registration`,
    payload: payload as object,
  });
const privateOf = async (eventId: string, userId: string) =>
  (
    await db()
      .select({ private: eventRegistrations.private })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId)))
  )[0]?.private;

describe('registering privately on a side (the Sides card)', () => {
  it('POST {sideId, private: true}: on that side, counted on it, listed to the player only', async () => {
    const e = await createEvent(db());
    const [red] = await db()
      .insert(eventSides)
      .values([
        { eventId: e.id, position: 0, name: 'Red', colour: '#ff0000', capacity: 10 },
        { eventId: e.id, position: 1, name: 'Blue', colour: '#0000ff', capacity: 10 },
      ])
      .returning();
    const res = await injectAs(t.app, player, {
      method: 'POST',
      url: `/api/events/${e.id}/registration`,
      payload: { sideId: red.id, private: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ viewerSideId: red.id, viewerPrivate: true });
    const seen = (await going(other, e.id)).json();
    expect(seen.sides.find((s: { id: string }) => s.id === red.id).count).toBe(1);
    expect(seen.players).toEqual([]);
    expect(await listed(player, e.id)).toEqual([player.id]);
  });
});

describe('PATCH /api/events/{id}/registration {private}', () => {
  let eventId: string;
  beforeAll(async () => {
    const e = await createEvent(db());
    eventId = e.id;
    await createRegistration(db(), player, e);
    await createRegistration(db(), other, e);
  });

  it('makes the registration private, then public again: the attendees answer follows at once', async () => {
    expect(await listed(other, eventId)).toContain(player.id);
    const before = (await injectAs(t.app, player, { url: `/api/events/${eventId}` })).json();
    expect(before.viewerPrivate).toBe(false);

    const res = await privacy(player, eventId, { private: true });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.json()).toMatchObject({ id: eventId, viewerStatus: 'registered', viewerPrivate: true });
    expect(await privateOf(eventId, player.id)).toBe(true);
    for (const viewer of [other, stranger, admin]) {
      const body = (await going(viewer, eventId)).json();
      expect(body.count).toBe(2);
      expect(body.players.map((p: { id: string }) => p.id)).not.toContain(player.id);
    }
    expect((await going(player, eventId)).json().players[0]).toMatchObject({
      id: player.id,
      private: true,
    });
    expect((await injectAs(t.app, player, { url: `/api/events/${eventId}` })).json().viewerPrivate).toBe(
      true,
    );

    const back = await privacy(player, eventId, { private: false });
    expect(back.statusCode).toBe(200);
    expect(back.json().viewerPrivate).toBe(false);
    expect(await listed(other, eventId)).toContain(player.id);
    // The count never moved.
    expect((await going(other, eventId)).json().count).toBe(2);
  });

  it('a waitlisted player may change theirs too', async () => {
    const e = await createEvent(db());
    await createRegistration(db(), stranger, e, 'waitlisted');
    const res = await privacy(stranger, e.id, { private: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ viewerStatus: 'waitlisted', viewerPrivate: true });
  });

  it("only the player's own: a player not on the event gets 404 and nobody's registration changes", async () => {
    const res = await privacy(stranger, eventId, { private: true });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(EVENT_SOCIAL_TEXTS.notOnEvent);
    expect(await privateOf(eventId, player.id)).toBe(false);
    expect(await privateOf(eventId, other.id)).toBe(false);
    expect(await privateOf(eventId, stranger.id)).toBeUndefined();
    // An admin is no exception: this route is the viewer's own registration.
    expect((await privacy(admin, eventId, { private: true })).statusCode).toBe(404);
    expect(await privateOf(eventId, player.id)).toBe(false);
  });

  it('signed out 401, unknown event 404, bad id or body 400: nothing changed', async () => {
    expect((await privacy(null, eventId, { private: true })).statusCode).toBe(401);
    const unknown = await privacy(player, '00000000-0000-4000-8000-000000000000', { private: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(EVENT_TEXTS.eventNotFound);
    expect((await privacy(player, 'nope', { private: true })).statusCode).toBe(400);
    for (const bad of [
      {},
      { private: 'yes' },
      { private: 1 },
      { private: null },
      { private: true, userId: other.id },
    ])
      expect((await privacy(player, eventId, bad)).statusCode).toBe(400);
    expect(await privateOf(eventId, player.id)).toBe(false);
    expect(await privateOf(eventId, other.id)).toBe(false);
  });
});
