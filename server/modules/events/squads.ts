import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  type ConfirmSquadBody,
  type CreateSquadBody,
  confirmSquadBody,
  createSquadBody,
  EVENT_TEXTS,
  SIDE_TEXTS,
  type Squad,
  TEAM_TEXTS,
} from '../../../contract';
import type { Db } from '../../db/client';
import { iso } from '../../db/rows';
import {
  eventRegistrations,
  eventSquadMembers,
  eventSquads,
  events,
  teamMembers,
  teams,
  users,
} from '../../db/schema';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import { type NotifyOptions, notify } from '../notifications';
import { isOrganiser } from './organisers';
import { countOnSide, hasRoom, lockSides, sideOf, smallerSide } from './sides';
import { signWaiverOnSquad } from './waivers';

/**
 * Squads (issue 25): a team's leader or co-leader puts members of the team in a squad for an
 * event; each member confirms (told by an 'event-squad' notification). When the last confirms,
 * all are registered on one side at once (the side asked for, else the smaller side with room for
 * all), or none: no room is a 409 and the squad stays pending (a confirmation again retries). An
 * event without sides takes them all on its own places the same way.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const asDb = (tx: Tx) => tx as unknown as Db;

const OFFICERS = ['leader', 'co-leader'] as const;

/** The squads of `eventId` the viewer may see (theirs, made by them; organisers: all), or one by id. */
async function selectSquads(
  db: Db,
  eventId: string,
  viewer: SessionUser,
  squadId?: string,
): Promise<Squad[]> {
  const organiser = await isOrganiser(db, viewer, eventId);
  const s = eventSquads;
  const m = eventSquadMembers;
  const mine = sql`(${s.createdBy} = ${viewer.id} OR EXISTS (SELECT 1 FROM ${m} WHERE ${m.squadId} = ${s.id} AND ${m.userId} = ${viewer.id}))`;
  const list = await db
    .select({
      id: s.id,
      eventId: s.eventId,
      teamId: s.teamId,
      teamName: teams.name,
      sideId: s.sideId,
      status: s.status,
      createdAt: s.createdAt,
    })
    .from(s)
    .innerJoin(teams, eq(teams.id, s.teamId))
    .where(and(eq(s.eventId, eventId), squadId ? eq(s.id, squadId) : undefined, organiser ? undefined : mine))
    .orderBy(asc(s.createdAt), asc(s.id));
  if (list.length === 0) return [];
  const members = await db
    .select({ squadId: m.squadId, id: users.id, username: users.username, confirmedAt: m.confirmedAt })
    .from(m)
    .innerJoin(users, eq(users.id, m.userId))
    .where(
      inArray(
        m.squadId,
        list.map((q) => q.id),
      ),
    )
    .orderBy(asc(users.username));
  return list.map((q) => {
    const own = members.filter((x) => x.squadId === q.id);
    const me = own.find((x) => x.id === viewer.id);
    const allConfirmed = own.every((x) => x.confirmedAt);
    return {
      id: q.id,
      eventId: q.eventId,
      team: { id: q.teamId, name: q.teamName },
      sideId: q.sideId,
      status: q.status,
      members: own.map((x) => ({ id: x.id, username: x.username, confirmed: !!x.confirmedAt })),
      canConfirm: q.status === 'pending' && !!me && (!me.confirmedAt || allConfirmed),
      createdAt: iso(q.createdAt),
    };
  });
}

/** GET /api/events/{id}/squads. */
export async function listSquads(db: Db, viewer: SessionUser, eventId: string): Promise<Squad[]> {
  const [e] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!e) throw notFound(EVENT_TEXTS.eventNotFound);
  return selectSquads(db, eventId, viewer);
}

/**
 * POST /api/events/{id}/squads: the leader or a co-leader of `teamId` (403 otherwise), for
 * members of the team only (400), none of them on the event yet (409), on an upcoming event
 * (404 unknown, 409 past), on one of its sides when one is asked (400). The creator's own place,
 * when they are in it, is confirmed (with their waiver answers when the event requires a waiver
 * they have not signed: else 400 and no squad); the others are told.
 */
export async function createSquad(
  db: Db,
  user: SessionUser,
  eventId: string,
  input: CreateSquadBody,
  notice: NotifyOptions,
): Promise<Squad> {
  const body = createSquadBody.parse(input);
  const [e] = await db
    .select({ id: events.id, date: events.date })
    .from(events)
    .where(eq(events.id, eventId));
  if (!e) throw notFound(EVENT_TEXTS.eventNotFound);
  const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, body.teamId));
  if (!team) throw badRequest(TEAM_TEXTS.teamNotFound, { teamId: [TEAM_TEXTS.teamNotFound] });
  const [officer] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.teamId, body.teamId),
        eq(teamMembers.userId, user.id),
        inArray(teamMembers.role, [...OFFICERS]),
      ),
    );
  if (!officer) throw forbidden();
  if (e.date.getTime() < Date.now()) throw conflict(EVENT_TEXTS.registrationClosed);
  const members = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, body.teamId), inArray(teamMembers.userId, body.userIds)));
  if (members.length !== body.userIds.length)
    throw badRequest(SIDE_TEXTS.squadNotMembers, { userIds: [SIDE_TEXTS.squadNotMembers] });
  if (body.sideId) sideOf(await lockSides(db, eventId), body.sideId);
  const already = await db
    .select({ userId: eventRegistrations.userId })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), inArray(eventRegistrations.userId, body.userIds)));
  if (already.length > 0) throw conflict(SIDE_TEXTS.squadAlreadyOn, { userIds: [SIDE_TEXTS.squadAlreadyOn] });

  const squadId = await db.transaction(async (t) => {
    const tx = asDb(t);
    // The creator's place is confirmed at once: their waiver first, as a confirmation asks it (400: nothing made).
    if (body.userIds.includes(user.id)) await signWaiverOnSquad(tx, user, eventId, body.waiver);
    const [made] = await tx
      .insert(eventSquads)
      .values({ eventId, teamId: body.teamId, sideId: body.sideId ?? null, createdBy: user.id })
      .returning({ id: eventSquads.id });
    await tx.insert(eventSquadMembers).values(
      body.userIds.map((userId) => ({
        squadId: made.id,
        userId,
        confirmedAt: userId === user.id ? new Date() : null,
      })),
    );
    await notify(
      tx,
      { recipientIds: body.userIds, kind: 'event-squad', actorId: user.id, eventId, teamId: body.teamId },
      notice,
    );
    return made.id;
  });
  // A squad of the creator alone is complete at once.
  if (body.userIds.length === 1 && body.userIds[0] === user.id)
    await placeSquad(db, eventId, squadId).catch(keep409);
  const [answer] = await selectSquads(db, eventId, user, squadId);
  return answer;
}

/** A 409 from placing leaves the squad pending: the creation itself succeeded. */
const keep409 = (err: unknown) => {
  if (!(err instanceof HttpError && err.statusCode === 409)) throw err;
};

/**
 * Registers every member of a complete squad at once, on one side, in one transaction with the
 * event row and then its sides locked (as a single registration): all or none. 409 (nothing
 * changed) when no side has room for all, or a member is on the event already.
 */
async function placeSquad(db: Db, eventId: string, squadId: string): Promise<void> {
  await db.transaction(async (t) => {
    const tx = asDb(t);
    const [e] = await tx
      .select({ date: events.date, capacity: events.capacity, registeredCount: events.registeredCount })
      .from(events)
      .where(eq(events.id, eventId))
      .for('update');
    if (!e) throw notFound(EVENT_TEXTS.eventNotFound);
    if (e.date.getTime() < Date.now()) throw conflict(EVENT_TEXTS.registrationClosed);
    const sides = await lockSides(tx, eventId);
    const [squad] = await tx
      .select({ status: eventSquads.status, sideId: eventSquads.sideId })
      .from(eventSquads)
      .where(eq(eventSquads.id, squadId))
      .for('update');
    if (squad?.status !== 'pending') return;
    const members = await tx
      .select({ userId: eventSquadMembers.userId })
      .from(eventSquadMembers)
      .where(eq(eventSquadMembers.squadId, squadId));
    const n = members.length;
    const side =
      sides.length === 0 ? null : squad.sideId ? sideOf(sides, squad.sideId) : smallerSide(sides, n);
    const room =
      sides.length === 0
        ? e.capacity === 0 || e.capacity - e.registeredCount >= n
        : !!side && hasRoom(side, n);
    if (!room) throw conflict(SIDE_TEXTS.squadNoRoom);
    const added = await tx
      .insert(eventRegistrations)
      .values(
        members.map((m) => ({
          eventId,
          userId: m.userId,
          status: 'registered' as const,
          sideId: side?.id ?? null,
        })),
      )
      .onConflictDoNothing({ target: [eventRegistrations.eventId, eventRegistrations.userId] })
      .returning({ userId: eventRegistrations.userId });
    // A member registered meanwhile on their own: all or none, so none (the transaction rolls back).
    if (added.length !== n) throw conflict(SIDE_TEXTS.squadAlreadyOn);
    await countOnSide(tx, eventId, side?.id ?? null, n, 0);
    await tx.update(eventSquads).set({ status: 'registered' }).where(eq(eventSquads.id, squadId));
  });
}

/**
 * POST /api/events/{id}/squads/{squadId}/confirm: a member confirms their place (idempotent);
 * when every member has, all are registered at once (placeSquad), or a 409 says why not and the
 * squad stays pending. 404 for no such squad on the event, 403 for a non-member. When the event
 * requires a waiver the member has not signed in its current version, the answers come with it
 * (as registering: 400 without them, nothing changed); the signature and the confirmation are
 * stored in one transaction.
 */
export async function confirmSquad(
  db: Db,
  user: SessionUser,
  eventId: string,
  squadId: string,
  input: ConfirmSquadBody = {},
): Promise<Squad> {
  const body = confirmSquadBody.parse(input ?? {});
  const [squad] = await db
    .select({ id: eventSquads.id })
    .from(eventSquads)
    .where(and(eq(eventSquads.id, squadId), eq(eventSquads.eventId, eventId)));
  if (!squad) throw notFound(SIDE_TEXTS.squadNotFound);
  const [member] = await db
    .select({ confirmedAt: eventSquadMembers.confirmedAt })
    .from(eventSquadMembers)
    .where(and(eq(eventSquadMembers.squadId, squadId), eq(eventSquadMembers.userId, user.id)));
  if (!member) throw forbidden(SIDE_TEXTS.squadNotYours);
  await db.transaction(async (t) => {
    const tx = asDb(t);
    await signWaiverOnSquad(tx, user, eventId, body.waiver);
    if (!member.confirmedAt)
      await tx
        .update(eventSquadMembers)
        .set({ confirmedAt: new Date() })
        .where(and(eq(eventSquadMembers.squadId, squadId), eq(eventSquadMembers.userId, user.id)));
  });
  const [waiting] = await db
    .select({ userId: eventSquadMembers.userId })
    .from(eventSquadMembers)
    .where(and(eq(eventSquadMembers.squadId, squadId), isNull(eventSquadMembers.confirmedAt)))
    .limit(1);
  if (!waiting) await placeSquad(db, eventId, squadId);
  const [answer] = await selectSquads(db, eventId, user, squadId);
  return answer;
}
