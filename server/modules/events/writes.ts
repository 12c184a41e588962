import { createHash, randomBytes } from 'node:crypto';
import { and, eq, is, SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type {
  CalendarFeedAnswer,
  CreateEventBody,
  Event,
  EventRules,
  UpdateEventBody,
} from '../../../contract';
import {
  createEventBody,
  ENDS_AT_MESSAGE,
  EVENT_SOCIAL_TEXTS,
  EVENT_TEXTS,
  FIELD_TEXTS,
  fieldEventPlace,
  type MoveSideBody,
  moveSideBody,
  type RegistrationBody,
  type RegistrationPrivacyBody,
  registrationBody,
  registrationPrivacyBody,
  SERIES_TEXTS,
  SIDE_TEXTS,
  updateEventBody,
} from '../../../contract';
import type { Db } from '../../db/client';
import { calendarTokens, eventPromotions, eventRegistrations, events, fields } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { defaultTimeZone } from '../../lib/time-zone';
import { audit } from '../audit';
import type { SessionUser } from '../auth';
import { awardBadges } from '../badges';
import { enqueueNotifyEventPlayers, enqueueNotifyFor, type NotifyOptions, notify } from '../notifications';
import { leaveEventRides } from '../rides';
import { requireHostable, requireOrganiser } from './organisers';
import { can } from './policy';
import { type LockedEvent, selectLockedEvent } from './queries';
import { getEvent } from './service';
import {
  countOnSide,
  hasRoom,
  type LockedSide,
  lockRegistration,
  lockSides,
  saveSides,
  sideOf,
  smallerSide,
} from './sides';
import { signWaiverOnRegistration } from './waivers';
import { eventsWritten } from './written';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const asDb = (tx: Tx) => tx as unknown as Db;

/** The stored columns of a create or patch payload (the date and end as the instants sent). */
function columns<T extends { date?: string; endsAt?: string | null }>(
  body: T,
): Omit<T, 'date' | 'endsAt' | 'sides'> & { date?: Date; endDate?: Date | null } {
  const { date, endsAt, sides: _sides, ...rest } = body as T & { sides?: unknown };
  return {
    ...rest,
    ...(date !== undefined ? { date: new Date(date) } : {}),
    ...(endsAt !== undefined ? { endDate: endsAt === null ? null : new Date(endsAt) } : {}),
  };
}

const endsBeforeStart = () => badRequest(ENDS_AT_MESSAGE, { endsAt: [ENDS_AT_MESSAGE] });

type Place = ReturnType<typeof fieldEventPlace>;

/**
 * An event held at a field (issue 13): the field's location, address, coordinates and rules fill
 * what the payload leaves out (what it gives, null included, wins). An unknown field is a 400.
 */
async function withField<T extends { fieldId?: string | null } & Partial<Place>>(db: Db, body: T) {
  if (!body.fieldId) return body;
  const [f] = await db
    .select({
      name: fields.name,
      address: fields.address,
      lat: fields.lat,
      lng: fields.lng,
      rules: fields.rules,
    })
    .from(fields)
    .where(eq(fields.id, body.fieldId));
  if (!f) throw badRequest(FIELD_TEXTS.fieldNotFound, { fieldId: [FIELD_TEXTS.fieldNotFound] });
  const place = fieldEventPlace(f);
  const filled = { ...body };
  for (const key of Object.keys(place) as (keyof Place)[])
    if (filled[key] === undefined) (filled as Partial<Place>)[key] = place[key] as never;
  return filled;
}

/**
 * The audit log keeps every write of an event, an admin's or an organiser's (a host team's leader
 * or co-leader: issue 25), with its actor (the log's adminId column is the actor).
 */
const auditBy = (tx: Db, user: SessionUser, entry: Omit<Parameters<typeof audit>[1], 'adminId'>) =>
  audit(tx, { adminId: user.id, ...entry });

/**
 * POST /api/events: admins any event; a team's leader or a co-leader an event hosted by their
 * team (hostTeamId, issue 25), public at once. Anyone else 403; an unknown team 400.
 */
export async function createEvent(db: Db, user: SessionUser, input: CreateEventBody): Promise<Event> {
  const parsed = createEventBody.parse(input);
  if (parsed.hostTeamId) await requireHostable(db, user, parsed.hostTeamId);
  else if (!can(user, 'create')) throw forbidden();
  const body = await withField(db, parsed);
  const row = await db.transaction(async (t) => {
    const tx = asDb(t);
    const [made] = await tx
      .insert(events)
      .values({
        ...columns(body),
        location: body.location ?? '',
        date: new Date(body.date),
        timeZone: body.timeZone ?? defaultTimeZone(),
      })
      .returning({ id: events.id, title: events.title });
    if (body.sides) await saveSides(tx, made.id, body.sides);
    await auditBy(tx, user, { action: 'event.create', ...auditSubject(made) });
    // Issue 26: the saved searches are matched against it by a queued job.
    await eventsWritten(tx, [made.id], user.id);
    return made;
  });
  return getEvent(db, row.id, user);
}

/** The event row, locked until the transaction ends, or 404 'Event not found'. */
async function lockEvent(tx: Tx, eventId: string): Promise<LockedEvent> {
  const e = await selectLockedEvent(asDb(tx), eventId);
  if (!e) throw notFound(EVENT_TEXTS.eventNotFound);
  return e;
}

/** A column's default as the schema declares it (`gen_random_uuid()`, `now()`). */
function defaultOf(column: PgColumn): SQL {
  if (!is(column.default, SQL)) throw new Error(`${column.name} has no SQL default`);
  return column.default;
}

/** What an event's notifications say of it: its title, start and place (as they are now). */
const eventData = (e: { title: string; date: Date; location: string }) => ({
  title: e.title,
  startsAt: e.date.toISOString(),
  location: e.location,
});

interface EventFacts {
  date: Date;
  endDate: Date | null;
  location: string;
  address: string | null;
  rules: EventRules | null;
}

/** What of an event's date (start or end), place (location or address) and rules a write really changed. */
export function eventChanges(before: EventFacts, after: EventFacts): Array<'date' | 'location' | 'rules'> {
  const changed: Array<'date' | 'location' | 'rules'> = [];
  const time = (d: Date | null) => d?.getTime() ?? null;
  if (time(before.date) !== time(after.date) || time(before.endDate) !== time(after.endDate))
    changed.push('date');
  if (before.location !== after.location || (before.address ?? null) !== (after.address ?? null))
    changed.push('location');
  // Both read back from jsonb, whose keys come in one order.
  if (JSON.stringify(before.rules ?? null) !== JSON.stringify(after.rules ?? null)) changed.push('rules');
  return changed;
}

/**
 * Tells the players registered for the event that its date, place or rules changed
 * ('event-changed', data.changed), through a queued job (an event may have hundreds of players):
 * one statement in the write's transaction, nothing when nothing of that changed.
 */
export async function announceEventChange(
  tx: Db,
  eventId: string,
  actorId: string | null,
  after: EventFacts & { title: string },
  changed: readonly string[],
): Promise<void> {
  if (changed.length === 0) return;
  await enqueueNotifyEventPlayers(tx, eventId, {
    kind: 'event-changed',
    actorId,
    eventId,
    data: { ...eventData(after), changed: [...changed] },
  });
}

/**
 * Moves the first players of the waitlist (arrival order) into the free places, records each
 * promotion (who, when) and tells each player ('event-waitlist-promoted', with the event's
 * date and place), and keeps both counters exact. Runs with the event row locked. Capacity 0
 * means no limit: the whole waitlist moves up. One statement: the waitlist's first `free` (next),
 * moved up (up), each recorded in event_promotions; then one notify() for them all.
 */
async function fillFromWaitlist(
  tx: Tx,
  eventId: string,
  e: LockedEvent,
  notice: NotifyOptions,
  /** An event with sides: each side's waitlist fills that side's places (issue 25). */
  side?: LockedSide,
): Promise<string[]> {
  const pool = side ?? e;
  const free = pool.capacity === 0 ? pool.waitlistCount : Math.max(0, pool.capacity - pool.registeredCount);
  if (free === 0 || pool.waitlistCount === 0) return [];
  const r = eventRegistrations;
  const next = tx.$with('next').as(
    tx
      .select({ id: r.id })
      .from(r)
      .where(
        and(
          eq(r.eventId, eventId),
          sql`${r.status} = 'waitlisted'`,
          side ? eq(r.sideId, side.id) : undefined,
        ),
      )
      .orderBy(r.seq)
      .limit(free),
  );
  const up = tx
    .$with('up')
    .as(
      tx
        .update(r)
        .set({ status: 'registered', promotedAt: sql`now()` })
        .from(next)
        .where(eq(r.id, next.id))
        .returning({ userId: r.userId }),
    );
  // The builder's INSERT ... SELECT names every column of the table, in its order: the id and the
  // time are the table's own defaults (schema); the player is told below, in this transaction.
  const promoted = await tx
    .with(next, up)
    .insert(eventPromotions)
    .select(
      tx
        .select({
          id: defaultOf(eventPromotions.id).as('id'),
          eventId: sql<string>`${eventId}`.as('event_id'),
          userId: up.userId,
          promotedAt: defaultOf(eventPromotions.promotedAt).as('promoted_at'),
          notifiedAt: sql<Date | null>`now()`.as('notified_at'),
        })
        .from(up),
    )
    .returning({ userId: eventPromotions.userId });
  await countOnSide(asDb(tx), eventId, side?.id ?? null, promoted.length, -promoted.length);
  if (promoted.length > 0)
    await notify(
      asDb(tx),
      {
        recipientIds: promoted.map((p) => p.userId),
        kind: 'event-waitlist-promoted',
        eventId,
        data: eventData(e),
      },
      notice,
    );
  // A place taken from the waitlist counts toward the event badges from now.
  for (const p of promoted) await awardBadges(asDb(tx), p.userId, 'event-registration', notice);
  return promoted.map((p) => p.userId);
}

/**
 * PATCH: the given fields; SEQUENCE raised; a larger capacity moves waitlisted players up at once.
 * A change of date, place or rules is told to the registered players (announceEventChange).
 */
export async function updateEvent(
  db: Db,
  user: SessionUser,
  id: string,
  input: UpdateEventBody,
  notice: NotifyOptions,
  /** Queue the saved searches' match (issue 26); false when the caller queues one for many games. */
  matchSearches = true,
): Promise<Event> {
  // The event's organisers (issue 25): admins, the host team's leader and co-leaders.
  await requireOrganiser(db, user, id);
  const parsed = updateEventBody.parse(input);
  // Handing the event to a team: one the organiser may host for (unhosting, null, is theirs to do).
  if (parsed.hostTeamId) await requireHostable(db, user, parsed.hostTeamId);
  const body = await withField(db, parsed);
  await db.transaction(async (tx) => {
    const locked = await lockEvent(tx, id);
    // The end stays after the start whichever of the two the patch changes (issue 20).
    const start = body.date ?? locked.date.toISOString();
    const end = body.endsAt !== undefined ? body.endsAt : (locked.endDate?.toISOString() ?? null);
    if (end && Date.parse(end) <= Date.parse(start)) throw endsBeforeStart();
    // Issue 26: `cancelled` cancels the game (its players told below) or runs it again.
    const { cancelled, ...fields } = body;
    const cancelling = cancelled === true && !locked.cancelledAt;
    const [updated] = await tx
      .update(events)
      .set({
        ...columns(fields),
        ...(cancelled === undefined
          ? {}
          : { cancelledAt: cancelled ? (locked.cancelledAt ?? new Date()) : null }),
        sequence: sql`${events.sequence} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(events.id, id))
      .returning({
        capacity: events.capacity,
        title: events.title,
        date: events.date,
        endDate: events.endDate,
        location: events.location,
        address: events.address,
        rules: events.rules,
      });
    // Sides (issue 25): the list given replaces the event's; each side's waitlist fills its own places.
    const sides = body.sides ? await saveSides(asDb(tx), id, body.sides) : await lockSides(asDb(tx), id);
    if (sides.length === 0) await fillFromWaitlist(tx, id, { ...locked, ...updated }, notice);
    for (const side of sides) await fillFromWaitlist(tx, id, { ...locked, ...updated }, notice, side);
    if (cancelling) await announceCancelled(asDb(tx), id, user.id, updated);
    else await announceEventChange(asDb(tx), id, user.id, updated, eventChanges(locked, updated));
    await auditBy(asDb(tx), user, {
      action: 'event.update',
      ...auditSubject({ id, title: updated.title }, { changed: Object.keys(input) }),
    });
    if (matchSearches) await eventsWritten(asDb(tx), [id], user.id);
  });
  return getEvent(db, id, user);
}

/**
 * DELETE: the event goes with its registrations. Its registered and waitlisted players are told
 * ('event-cancelled', its title, date and place kept): collected before the delete, in its
 * transaction, and told by a queued job.
 */
export async function deleteEvent(db: Db, admin: SessionUser, id: string): Promise<void> {
  if (!can(admin, 'delete')) throw forbidden();
  await db.transaction(async (tx) => {
    const e = await lockEvent(tx, id);
    await announceCancelled(asDb(tx), id, admin.id, e);
    await tx.delete(events).where(eq(events.id, id));
    await audit(asDb(tx), {
      adminId: admin.id,
      action: 'event.delete',
      ...auditSubject({ id, title: e.title }, { registered: e.registeredCount, waitlisted: e.waitlistCount }),
    });
  });
}

/**
 * Tells the event's registered and waitlisted players it is cancelled ('event-cancelled', its
 * title, date and place kept): collected in the write's transaction, told by a queued job. A
 * delete (admins) and a cancel (organisers, PATCH cancelled: true; issue 26) alike.
 */
async function announceCancelled(
  tx: Db,
  eventId: string,
  actorId: string,
  e: { title: string; date: Date; location: string },
): Promise<void> {
  const r = eventRegistrations;
  await enqueueNotifyFor(
    tx,
    { kind: 'event-cancelled', actorId, data: eventData(e) },
    sql`SELECT ${r.userId} FROM ${r} WHERE ${r.eventId} = ${eventId}`,
  );
}

/** What the audit log keeps of an event: its id and title, and what the action changed. */
const auditSubject = (e: { id: string; title: string }, extra: Record<string, unknown> = {}) => ({
  subjectType: 'event',
  subjectId: e.id,
  data: { title: e.title, ...extra },
});

const isPast = (date: Date) => date.getTime() < Date.now();

/**
 * Registers the player, or puts them on the waitlist when the event is full, in one transaction
 * with the event row locked: the counters are exact and the capacity never exceeded, whatever
 * arrives at once. Idempotent: a player already on the event keeps their place.
 */
export async function takePlace(
  db: Db,
  user: SessionUser,
  eventId: string,
  body: RegistrationBody = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    // The waiver the event requires (issue 25): its answers checked and the signature kept, before
    // the event row's lock (reads that need none stay out of its queue: 1,000 registrations at once).
    const onEvent = async () =>
      (
        await tx
          .select({ id: eventRegistrations.id })
          .from(eventRegistrations)
          .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, user.id)))
      ).length > 0;
    await signWaiverOnRegistration(asDb(tx), user, eventId, body.waiver, onEvent);
    const e = await lockEvent(tx, eventId);
    if (isPast(e.date)) throw conflict(EVENT_TEXTS.registrationClosed);
    if (e.cancelledAt) throw conflict(SERIES_TEXTS.gameCancelled);
    // An event with sides (issue 25): the side chosen, or the smaller one; its places and waitlist.
    const sides = e.hasSides ? await lockSides(asDb(tx), eventId) : [];
    const side = body.sideId ? sideOf(sides, body.sideId) : smallerSide(sides);
    const room = side ? hasRoom(side) : e.capacity === 0 || e.registeredCount < e.capacity;
    const status = room ? 'registered' : 'waitlisted';
    const added = await tx
      .insert(eventRegistrations)
      .values({ eventId, userId: user.id, status, sideId: side?.id ?? null, private: body.private ?? false })
      .onConflictDoNothing({ target: [eventRegistrations.eventId, eventRegistrations.userId] })
      .returning({ status: eventRegistrations.status });
    if (added.length === 0) return;
    await countOnSide(asDb(tx), eventId, side?.id ?? null, room ? 1 : 0, room ? 0 : 1);
  });
}

/** POST registration: takePlace, the event badges, then the event as the player now sees it. */
export async function register(
  db: Db,
  user: SessionUser,
  eventId: string,
  notice: NotifyOptions,
  body: RegistrationBody = {},
): Promise<Event> {
  await takePlace(db, user, eventId, registrationBody.parse(body ?? {}));
  // After the place is taken, out of the event row's lock: the badges' counts never queue there.
  await awardBadges(db, user.id, 'event-registration', notice);
  return getEvent(db, eventId, user);
}

/**
 * PATCH registration (issue 26): the player on the event (registered or waitlisted) makes their
 * registration private or public again; one row updated, nothing else (the counts stay). 404
 * 'Event not found' for an unknown event, 404 when the viewer is not on it (nothing changed).
 * Allowed after the start too: it also hides the game from their record (GET /api/user/{id}/games).
 */
export async function setRegistrationPrivacy(
  db: Db,
  user: SessionUser,
  eventId: string,
  input: RegistrationPrivacyBody,
): Promise<Event> {
  const body = registrationPrivacyBody.parse(input);
  const changed = await db
    .update(eventRegistrations)
    .set({ private: body.private })
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, user.id)))
    .returning({ id: eventRegistrations.id });
  if (changed.length === 0) {
    const [e] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
    throw notFound(e ? EVENT_SOCIAL_TEXTS.notOnEvent : EVENT_TEXTS.eventNotFound);
  }
  return getEvent(db, eventId, user);
}

/**
 * Cancels the player's place (registered or waitlisted). When a registered player leaves, the
 * first on the waitlist is promoted in the same transaction. Idempotent.
 */
export async function cancel(
  db: Db,
  user: SessionUser,
  eventId: string,
  notice: NotifyOptions,
): Promise<Event> {
  await db.transaction(async (tx) => {
    const e = await lockEvent(tx, eventId);
    if (isPast(e.date)) throw conflict(EVENT_TEXTS.registrationClosed);
    const sides = e.hasSides ? await lockSides(asDb(tx), eventId) : [];
    const [removed] = await tx
      .delete(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, user.id)))
      .returning({ status: eventRegistrations.status, sideId: eventRegistrations.sideId });
    if (!removed) return;
    await freePlace(tx, eventId, e, sides, removed, notice);
    // Carpools (issue 26): the player's rides are cancelled, their passengers told.
    await leaveEventRides(asDb(tx), eventId, user.id, notice);
  });
  return getEvent(db, eventId, user);
}

/**
 * A place left (a cancel) or a side left (a move): the counters of the event and the side it was
 * on, and, when it was a registered place, the first of that side's waitlist (or the event's,
 * without sides) moves up. Runs with the event row and its sides locked.
 */
async function freePlace(
  tx: Tx,
  eventId: string,
  e: LockedEvent,
  sides: readonly LockedSide[],
  left: { status: 'registered' | 'waitlisted'; sideId: string | null },
  notice: NotifyOptions,
): Promise<void> {
  const side = sides.find((s) => s.id === left.sideId);
  const registered = left.status === 'registered';
  await countOnSide(asDb(tx), eventId, side?.id ?? null, registered ? -1 : 0, registered ? 0 : -1);
  if (!registered) return;
  const after = { ...e, registeredCount: e.registeredCount - 1 };
  if (side)
    await fillFromWaitlist(tx, eventId, after, notice, {
      ...side,
      registeredCount: side.registeredCount - 1,
    });
  else if (sides.length === 0) await fillFromWaitlist(tx, eventId, after, notice);
}

/**
 * Organisers move a player to another side (issue 25): a registered player takes a place there
 * (409 'That side is full' when none is free, nothing changed) and the first of their old side's
 * waitlist moves up; a waitlisted player is registered there when a place is free, else waits
 * there. 404 when the player is not on the event; moving to their own side changes nothing.
 */
export async function moveToSide(
  db: Db,
  organiser: SessionUser,
  eventId: string,
  userId: string,
  input: MoveSideBody,
  notice: NotifyOptions,
): Promise<Event> {
  await requireOrganiser(db, organiser, eventId);
  const { sideId } = moveSideBody.parse(input);
  await db.transaction(async (tx) => {
    const e = await lockEvent(tx, eventId);
    const sides = await lockSides(asDb(tx), eventId);
    const target = sideOf(sides, sideId);
    const reg = await lockRegistration(asDb(tx), eventId, userId);
    if (!reg) throw notFound(SIDE_TEXTS.notRegistered);
    if (reg.sideId === target.id) return;
    const room = hasRoom(target);
    if (reg.status === 'registered' && !room)
      throw conflict(SIDE_TEXTS.sideFull, { sideId: [SIDE_TEXTS.sideFull] });
    const status = room ? 'registered' : 'waitlisted';
    await tx
      .update(eventRegistrations)
      .set({
        sideId: target.id,
        status,
        ...(reg.status === 'waitlisted' && room ? { promotedAt: sql`now()` } : {}),
      })
      .where(eq(eventRegistrations.id, reg.id));
    await countOnSide(asDb(tx), eventId, target.id, room ? 1 : 0, room ? 0 : 1);
    await freePlace(
      tx,
      eventId,
      { ...e, registeredCount: e.registeredCount + (room ? 1 : 0) },
      sides,
      reg,
      notice,
    );
  });
  return getEvent(db, eventId, organiser);
}

// ---------------------------------------------------------------------------------------------
// The personal calendar feed's secret address

export const calendarPath = (token: string) => `/api/calendar/${token}.ics`;

/**
 * Whether the viewer has a feed address, and since when. The address itself is not kept (only
 * its hash, issue 24): it is answered once, by the reset that makes it.
 */
export async function calendarFeed(db: Db, user: SessionUser): Promise<CalendarFeedAnswer> {
  const [row] = await db
    .select({ createdAt: calendarTokens.createdAt })
    .from(calendarTokens)
    .where(eq(calendarTokens.userId, user.id));
  return { url: null, exists: !!row, createdAt: row ? row.createdAt.toISOString() : null };
}

/** A new secret address, answered this once; the old one stops working at once. */
export async function resetCalendarFeed(db: Db, user: SessionUser): Promise<CalendarFeedAnswer> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const createdAt = new Date();
  await db
    .insert(calendarTokens)
    .values({ userId: user.id, tokenHash, createdAt })
    .onConflictDoUpdate({ target: calendarTokens.userId, set: { tokenHash, createdAt } });
  return { url: calendarPath(token), exists: true, createdAt: createdAt.toISOString() };
}
