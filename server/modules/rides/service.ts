import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  type CreateRideBody,
  createRideBody,
  EVENT_TEXTS,
  RIDE_LIMITS,
  RIDES_TEXTS,
  type Ride,
  type RideRequestBody,
  type RidesAnswer,
  rideRequestBody,
} from '../../../contract';
import type { Db } from '../../db/client';
import { events, rideRequests, rides, users } from '../../db/schema';
import { conflict, forbidden, notFound, unauthorized } from '../../errors';
import type { SessionUser } from '../auth';
import { type NotifyOptions, notify } from '../notifications';
import { can } from './policy';
import { type BoardFacts, presentRide, type RideRequestRow, type RideRow, seatsTaken } from './presenters';

/**
 * Carpools (issue 26): the board of an event, rides posted and removed, requests to join and their
 * answers. A request is answered with its ride's row locked (FOR UPDATE), so that requests accepted
 * at once are counted one after the other and a ride's seats are never overbooked; every write that
 * locks several rides locks them in id order. Everyone involved is told ('event-ride').
 */

type NotifyRide = NonNullable<Parameters<typeof notify>[1]['data']>['ride'];

const rough = (v: number) => {
  const k = 10 ** RIDE_LIMITS.coordinateDecimals;
  return Math.round(v * k) / k;
};

const rideColumns = {
  id: rides.id,
  eventId: rides.eventId,
  userId: rides.userId,
  username: users.username,
  kind: rides.kind,
  fromPlace: rides.fromPlace,
  lat: rides.lat,
  lng: rides.lng,
  departsAt: rides.departsAt,
  seats: rides.seats,
  note: rides.note,
  createdAt: rides.createdAt,
};

/** The event's facts for the board and whether `userId` is on it (registered or waitlisted); 404 when unknown. */
async function boardOf(db: Db, eventId: string, userId: string): Promise<BoardFacts & { title: string }> {
  const [e] = await db
    .select({
      lat: events.lat,
      lng: events.lng,
      date: events.date,
      title: events.title,
      onEvent: sql<boolean>`EXISTS (SELECT 1 FROM event_registrations r WHERE r.event_id = "events"."id" AND r.user_id = ${userId}::uuid)`,
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!e) throw notFound(EVENT_TEXTS.eventNotFound);
  return {
    lat: e.lat,
    lng: e.lng,
    title: e.title,
    isPast: e.date.getTime() < Date.now(),
    onEvent: Boolean(e.onEvent),
  };
}

async function requestsOf(db: Db, rideIds: readonly string[]): Promise<RideRequestRow[]> {
  if (rideIds.length === 0) return [];
  return db
    .select({
      id: rideRequests.id,
      rideId: rideRequests.rideId,
      userId: rideRequests.userId,
      username: users.username,
      seats: rideRequests.seats,
      status: rideRequests.status,
      note: rideRequests.note,
      createdAt: rideRequests.createdAt,
    })
    .from(rideRequests)
    .innerJoin(users, eq(users.id, rideRequests.userId))
    .where(inArray(rideRequests.rideId, [...rideIds]))
    .orderBy(asc(rideRequests.createdAt), asc(rideRequests.id));
}

/** The rides of an event (or one of them), as `viewer` sees them. */
async function readRides(
  db: Db,
  viewer: SessionUser,
  eventId: string,
  rideId?: string,
  known?: BoardFacts,
): Promise<Ride[]> {
  const board = known ?? (await boardOf(db, eventId, viewer.id));
  const list: RideRow[] = await db
    .select(rideColumns)
    .from(rides)
    .innerJoin(users, eq(users.id, rides.userId))
    .where(and(eq(rides.eventId, eventId), rideId ? eq(rides.id, rideId) : undefined))
    .orderBy(asc(rides.kind), sql`${rides.departsAt} ASC NULLS LAST`, asc(rides.createdAt), asc(rides.id));
  const requests = await requestsOf(
    db,
    list.map((r) => r.id),
  );
  return list.map((r) =>
    presentRide(
      r,
      requests.filter((q) => q.rideId === r.id),
      viewer,
      board,
    ),
  );
}

async function readRide(db: Db, viewer: SessionUser, eventId: string, rideId: string): Promise<Ride> {
  const [one] = await readRides(db, viewer, eventId, rideId);
  if (!one) throw notFound(RIDES_TEXTS.notFound);
  return one;
}

/** GET /api/events/{id}/rides: the board, and whether the viewer may post on it. */
export async function listRides(db: Db, viewer: SessionUser, eventId: string): Promise<RidesAnswer> {
  const board = await boardOf(db, eventId, viewer.id);
  return {
    rides: await readRides(db, viewer, eventId, undefined, board),
    canPost: can(viewer, 'post', board),
  };
}

/** POST /api/events/{id}/rides: a player on the upcoming event (403), at most RIDE_LIMITS.perPlayer rides (409). */
export async function createRide(
  db: Db,
  user: SessionUser,
  eventId: string,
  input: CreateRideBody,
): Promise<Ride> {
  const body = createRideBody.parse(input);
  const board = await boardOf(db, eventId, user.id);
  if (board.isPast) throw conflict(RIDES_TEXTS.eventPast);
  if (!can(user, 'post', board)) throw forbidden(RIDES_TEXTS.notOnEvent);
  const id = await db.transaction(async (tx) => {
    // The player's row, held: two posts at once are counted one after the other.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('no key update');
    const [{ n }] = await tx
      .select({ n: count() })
      .from(rides)
      .where(and(eq(rides.eventId, eventId), eq(rides.userId, user.id)));
    if (n >= RIDE_LIMITS.perPlayer) throw conflict(RIDES_TEXTS.tooMany);
    const [made] = await tx
      .insert(rides)
      .values({
        eventId,
        userId: user.id,
        kind: body.kind,
        fromPlace: body.fromPlace,
        lat: rough(body.lat),
        lng: rough(body.lng),
        departsAt: body.departsAt ? new Date(body.departsAt) : null,
        seats: body.seats,
        note: body.note || null,
      })
      .returning({ id: rides.id });
    return made.id;
  });
  return readRide(db, user, eventId, id);
}

async function rideById(db: Db, rideId: string) {
  const [r] = await db
    .select({ id: rides.id, eventId: rides.eventId, userId: rides.userId, seats: rides.seats })
    .from(rides)
    .where(eq(rides.id, rideId));
  if (!r) throw notFound(RIDES_TEXTS.notFound);
  return r;
}

/**
 * Holds accounts as the notifications' and requests' foreign keys would (FOR KEY SHARE), in id
 * order, before any ride is locked: an account deletion takes the account first and then cascades
 * into its rides and requests, so taking them in the other order deadlocks (decision 024).
 * Answers the ids that still exist.
 */
async function holdAccounts(tx: Db, ids: readonly string[]): Promise<Set<string>> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]))
    .orderBy(asc(users.id))
    .for('key share');
  return new Set(rows.map((r) => r.id));
}

/** Locks the rides (FOR UPDATE), in id order; answers the ones that still exist. */
async function lockRides(tx: Db, rideIds: readonly string[]) {
  if (rideIds.length === 0) return [];
  return tx
    .select({ id: rides.id, eventId: rides.eventId, userId: rides.userId, seats: rides.seats })
    .from(rides)
    .where(inArray(rides.id, [...rideIds]))
    .orderBy(asc(rides.id))
    .for('update');
}

const tell = (
  tx: Db,
  recipientIds: readonly string[],
  actorId: string,
  eventId: string,
  title: string,
  ride: NotifyRide,
  notice: NotifyOptions,
) => notify(tx, { recipientIds, kind: 'event-ride', actorId, eventId, data: { title, ride } }, notice);

/**
 * POST /api/rides/{rideId}/requests: a player on the event (403), not the ride's owner (403), once
 * per ride (409), for no more seats than are left (409), before the event (409). The owner is told.
 */
export async function requestRide(
  db: Db,
  user: SessionUser,
  rideId: string,
  input: RideRequestBody,
  notice: NotifyOptions,
): Promise<Ride> {
  const body = rideRequestBody.parse(input);
  const r = await rideById(db, rideId);
  const board = await boardOf(db, r.eventId, user.id);
  if (board.isPast) throw conflict(RIDES_TEXTS.eventPast);
  if (r.userId === user.id) throw forbidden(RIDES_TEXTS.ownRide);
  if (!board.onEvent) throw forbidden(RIDES_TEXTS.notOnEvent);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const held = await holdAccounts(tx, [user.id, r.userId]);
    if (!held.has(user.id)) throw unauthorized();
    const [locked] = await lockRides(tx, [rideId]);
    if (!locked || !held.has(locked.userId)) throw notFound(RIDES_TEXTS.notFound);
    const taken = seatsTaken(
      await tx
        .select({ seats: rideRequests.seats, status: rideRequests.status })
        .from(rideRequests)
        .where(eq(rideRequests.rideId, rideId)),
    );
    if (taken + body.seats > locked.seats) throw conflict(RIDES_TEXTS.notEnoughSeats);
    const made = await tx
      .insert(rideRequests)
      .values({ rideId, userId: user.id, seats: body.seats, note: body.note || null })
      .onConflictDoNothing({ target: [rideRequests.rideId, rideRequests.userId] })
      .returning({ id: rideRequests.id });
    if (made.length === 0) throw conflict(RIDES_TEXTS.alreadyRequested);
    await tell(tx, [locked.userId], user.id, r.eventId, board.title, 'requested', notice);
  });
  return readRide(db, user, r.eventId, rideId);
}

/**
 * POST /api/ride-requests/{requestId}/respond: the ride's owner only (403), a pending request only
 * (409). The ride's row is locked first, then the request's: an accepted request whose seats are
 * no longer left is a 409, nothing changed. The player is told.
 */
export async function respondToRequest(
  db: Db,
  user: SessionUser,
  requestId: string,
  accept: boolean,
  notice: NotifyOptions,
): Promise<Ride> {
  const [found] = await db
    .select({ rideId: rideRequests.rideId, userId: rideRequests.userId })
    .from(rideRequests)
    .where(eq(rideRequests.id, requestId));
  if (!found) throw notFound(RIDES_TEXTS.requestNotFound);
  const eventId = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // The player told, and the driver, before the ride (decision 024): a player deleting their
    // account meanwhile is waited for, and their request is then gone (404).
    const held = await holdAccounts(tx, [user.id, found.userId]);
    if (!held.has(user.id)) throw unauthorized();
    if (!held.has(found.userId)) throw notFound(RIDES_TEXTS.requestNotFound);
    const [ride] = await lockRides(tx, [found.rideId]);
    if (!ride) throw notFound(RIDES_TEXTS.requestNotFound);
    if (ride.userId !== user.id) throw forbidden();
    const all = await tx
      .select({
        id: rideRequests.id,
        userId: rideRequests.userId,
        seats: rideRequests.seats,
        status: rideRequests.status,
      })
      .from(rideRequests)
      .where(eq(rideRequests.rideId, ride.id))
      .orderBy(asc(rideRequests.id))
      .for('update');
    const request = all.find((q) => q.id === requestId);
    if (!request) throw notFound(RIDES_TEXTS.requestNotFound);
    if (request.status !== 'pending') throw conflict(RIDES_TEXTS.alreadyAnswered);
    if (accept && seatsTaken(all) + request.seats > ride.seats) throw conflict(RIDES_TEXTS.notEnoughSeats);
    await tx
      .update(rideRequests)
      .set({ status: accept ? 'accepted' : 'declined', respondedAt: new Date() })
      .where(eq(rideRequests.id, requestId));
    const [e] = await tx.select({ title: events.title }).from(events).where(eq(events.id, ride.eventId));
    await tell(
      tx,
      [request.userId],
      user.id,
      ride.eventId,
      e?.title ?? '',
      accept ? 'accepted' : 'declined',
      notice,
    );
    return ride.eventId;
  });
  return readRide(db, user, eventId, found.rideId);
}

/** DELETE /api/rides/{rideId}: its owner or an admin (403); the players who asked to join are told. */
export async function deleteRide(
  db: Db,
  user: SessionUser,
  rideId: string,
  notice: NotifyOptions,
): Promise<void> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // The players to tell, held before the ride (decision 024). A request made between this read
    // and the ride's lock is told all the same (its account taken after the ride: rare, and a
    // deadlock there rolls the whole delete back).
    const asked = await tx
      .select({ userId: rideRequests.userId })
      .from(rideRequests)
      .where(eq(rideRequests.rideId, rideId));
    const held = await holdAccounts(tx, [user.id, ...asked.map((a) => a.userId)]);
    if (!held.has(user.id)) throw unauthorized();
    const [ride] = await lockRides(tx, [rideId]);
    if (!ride) throw notFound(RIDES_TEXTS.notFound);
    if (!can(user, 'delete', { onEvent: false, isPast: false, ownerId: ride.userId })) throw forbidden();
    await dropRides(tx, [ride], user.id, notice);
  });
}

/** Deletes locked rides and tells the players who had asked to join them ('cancelled'). */
async function dropRides(
  tx: Db,
  list: readonly { id: string; eventId: string }[],
  actorId: string,
  notice: NotifyOptions,
): Promise<void> {
  if (list.length === 0) return;
  const ids = list.map((r) => r.id);
  const told = await tx
    .select({ userId: rideRequests.userId, eventId: rides.eventId, title: events.title })
    .from(rideRequests)
    .innerJoin(rides, eq(rides.id, rideRequests.rideId))
    .innerJoin(events, eq(events.id, rides.eventId))
    .where(and(inArray(rideRequests.rideId, ids), inArray(rideRequests.status, ['pending', 'accepted'])));
  await tx.delete(rides).where(inArray(rides.id, ids));
  const first = told[0];
  if (first)
    await tell(
      tx,
      told.map((x) => x.userId),
      actorId,
      first.eventId,
      first.title,
      'cancelled',
      notice,
    );
}

/**
 * A player left an event (the events module calls this in its cancel's transaction, with the event
 * row locked): their rides on it are cancelled and their passengers told; their requests to join
 * others' rides are withdrawn and those rides' owners told. Rides locked in id order.
 */
export async function leaveEventRides(
  tx: Db,
  eventId: string,
  userId: string,
  notice: NotifyOptions,
): Promise<void> {
  const own = await tx
    .select({ id: rides.id })
    .from(rides)
    .where(and(eq(rides.eventId, eventId), eq(rides.userId, userId)));
  const joined = await tx
    .select({ rideId: rideRequests.rideId })
    .from(rideRequests)
    .innerJoin(rides, eq(rides.id, rideRequests.rideId))
    .where(and(eq(rides.eventId, eventId), eq(rideRequests.userId, userId)));
  if (own.length === 0 && joined.length === 0) return;
  const locked = await lockRides(tx, [...own.map((r) => r.id), ...joined.map((r) => r.rideId)]);
  await dropRides(
    tx,
    locked.filter((r) => r.userId === userId),
    userId,
    notice,
  );
  const others = locked.filter((r) => r.userId !== userId);
  if (others.length === 0) return;
  const gone = await tx
    .delete(rideRequests)
    .where(
      and(
        eq(rideRequests.userId, userId),
        inArray(
          rideRequests.rideId,
          others.map((r) => r.id),
        ),
        inArray(rideRequests.status, ['pending', 'accepted']),
      ),
    )
    .returning({ rideId: rideRequests.rideId });
  const owners = others.filter((r) => gone.some((g) => g.rideId === r.id)).map((r) => r.userId);
  const [e] = await tx.select({ title: events.title }).from(events).where(eq(events.id, eventId));
  await tell(tx, owners, userId, eventId, e?.title ?? '', 'withdrawn', notice);
}
