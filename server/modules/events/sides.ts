import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type EventSide, type EventSideInput, SIDE_TEXTS } from '../../../contract';
import type { Db } from '../../db/client';
import { eventRegistrations, eventSides, events } from '../../db/schema';
import { badRequest, conflict } from '../../errors';

/**
 * An event's sides (factions, issue 25): each keeps its own capacity (0: no limit) and counters,
 * written in the registration's transaction with the event row locked first and then the event's
 * sides, always in one order (position, id), so that concurrent writes never deadlock and the
 * counters stay exact. The event's own counters stay the totals; its capacity is the sides' sum
 * (0 when one side has no limit).
 */

export const SIDE_COLUMNS = {
  id: eventSides.id,
  name: eventSides.name,
  colour: eventSides.colour,
  capacity: eventSides.capacity,
  registeredCount: eventSides.registeredCount,
  waitlistCount: eventSides.waitlistCount,
};

export type LockedSide = EventSide;

/** The event's sides, locked until the transaction ends (after the event row: always in this order). */
export const lockSides = (tx: Db, eventId: string): Promise<LockedSide[]> =>
  tx
    .select(SIDE_COLUMNS)
    .from(eventSides)
    .where(eq(eventSides.eventId, eventId))
    .orderBy(asc(eventSides.position), asc(eventSides.id))
    .for('update');

/** Whether `n` more players fit on the side as registered. */
export const hasRoom = (side: Pick<LockedSide, 'capacity' | 'registeredCount'>, n = 1) =>
  side.capacity === 0 || side.capacity - side.registeredCount >= n;

/**
 * The side for a player (n = 1) or a squad (n players) who chose none: among the sides with room
 * for all of them, the one with the fewest registered (the first on a tie); none with room: for
 * one player the shortest waitlist (they wait there), for a squad null.
 */
export function smallerSide(sides: readonly LockedSide[], n = 1): LockedSide | null {
  const byFewest = (a: LockedSide, b: LockedSide) => a.registeredCount - b.registeredCount;
  const open = sides.filter((s) => hasRoom(s, n)).sort(byFewest);
  if (open.length > 0) return open[0];
  if (n > 1) return null;
  return [...sides].sort((a, b) => a.waitlistCount - b.waitlistCount || byFewest(a, b))[0] ?? null;
}

/** The side `sideId` of the event, or 400 (on `field`) when the event has no such side. */
export function sideOf(sides: readonly LockedSide[], sideId: string, field = 'sideId'): LockedSide {
  const side = sides.find((s) => s.id === sideId);
  if (!side) {
    const message = sides.length === 0 ? SIDE_TEXTS.noSides : SIDE_TEXTS.sideNotFound;
    throw badRequest(message, { [field]: [message] });
  }
  return side;
}

/** The event's capacity from its sides: their sum, or 0 (no limit) when one has none. */
const capacityOf = (sides: readonly { capacity: number }[]) =>
  sides.some((s) => s.capacity === 0) ? 0 : sides.reduce((n, s) => n + s.capacity, 0);

/**
 * Writes the event's sides as `inputs` lists them (create or edit), with the event row locked:
 * sides with an id are edited (400 for an id not of this event), new ones added, the others
 * removed (409 when players are on them); then the event's capacity follows. Answers the sides,
 * locked, in their new order.
 */
export async function saveSides(
  tx: Db,
  eventId: string,
  inputs: readonly EventSideInput[],
): Promise<LockedSide[]> {
  const existing = await lockSides(tx, eventId);
  const kept = new Set<string>();
  for (const input of inputs) if (input.id) kept.add(sideOf(existing, input.id, 'sides').id);
  const removed = existing.filter((s) => !kept.has(s.id));
  if (removed.some((s) => s.registeredCount + s.waitlistCount > 0))
    throw conflict(SIDE_TEXTS.sideHasPlayers, { sides: [SIDE_TEXTS.sideHasPlayers] });
  if (removed.length > 0)
    await tx.delete(eventSides).where(
      inArray(
        eventSides.id,
        removed.map((s) => s.id),
      ),
    );
  for (const [position, input] of inputs.entries()) {
    const values = {
      name: input.name,
      colour: input.colour.toLowerCase(),
      capacity: input.capacity ?? 0,
      position,
    };
    if (input.id) await tx.update(eventSides).set(values).where(eq(eventSides.id, input.id));
    else await tx.insert(eventSides).values({ eventId, ...values });
  }
  const sides = await lockSides(tx, eventId);
  await tx
    .update(events)
    .set({ capacity: capacityOf(sides) })
    .where(eq(events.id, eventId));
  return sides;
}

/** Adds `registered` and `waitlisted` to a side's counters and the event's (one statement each). */
export async function countOnSide(
  tx: Db,
  eventId: string,
  sideId: string | null,
  registered: number,
  waitlisted: number,
): Promise<void> {
  if (registered === 0 && waitlisted === 0) return;
  await tx
    .update(events)
    .set({
      registeredCount: sql`${events.registeredCount} + ${registered}`,
      waitlistCount: sql`${events.waitlistCount} + ${waitlisted}`,
    })
    .where(eq(events.id, eventId));
  if (sideId)
    await tx
      .update(eventSides)
      .set({
        registeredCount: sql`${eventSides.registeredCount} + ${registered}`,
        waitlistCount: sql`${eventSides.waitlistCount} + ${waitlisted}`,
      })
      .where(eq(eventSides.id, sideId));
}

/** The player's registration on the event (locked), or 404 when they are not on it. */
export async function lockRegistration(tx: Db, eventId: string, userId: string) {
  const [row] = await tx
    .select({
      id: eventRegistrations.id,
      status: eventRegistrations.status,
      sideId: eventRegistrations.sideId,
    })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId)))
    .for('update');
  return row;
}
