import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eventRegistrations, fields, teamMembers, teams } from '../db/schema';
import type { SessionUser } from '../modules/auth';
import { createEvent, createSquad, registerForEvent } from '../modules/events';
import { NO_MAIL } from '../modules/notifications';

const DAY = 86_400_000;

/**
 * Game day (issue 25): a milsim hosted by a demo team (its leader creates it, as from the team's
 * Manage page) at a demo field, with two sides and some players on each, through the same rules
 * as the API. Answers the event's id, or null when there is no team.
 */
export async function seedGameDay(
  db: Db,
  players: Iterable<SessionUser>,
  now = new Date(),
): Promise<string | null> {
  const byId = new Map([...players].map((p) => [p.id, p]));
  const [host] = await db
    .select({ id: teams.id, leaderId: teamMembers.userId })
    .from(teams)
    .innerJoin(teamMembers, eq(teamMembers.teamId, teams.id))
    .where(eq(teamMembers.role, 'leader'))
    .orderBy(asc(teams.name))
    .limit(1);
  const leader = host && byId.get(host.leaderId);
  if (!host || !leader) return null;
  const [field] = await db.select({ id: fields.id }).from(fields).orderBy(asc(fields.name)).limit(1);
  const start = new Date(now.getTime() + 24 * DAY);
  const made = await createEvent(db, leader, {
    title: 'Operation Iron Curtain',
    description:
      'A hosted two-faction milsim: NATO holds the village, OPFOR comes through the woods. Squads play together on one side.',
    date: start.toISOString(),
    endsAt: new Date(start.getTime() + 10 * 3_600_000).toISOString(),
    timeZone: 'America/Chicago',
    type: 'Milsim',
    hostTeamId: host.id,
    ...(field ? { fieldId: field.id } : { location: 'Austin, TX' }),
    sides: [
      { name: 'NATO', colour: '#1f4e9c', capacity: 24 },
      { name: 'OPFOR', colour: '#b3261e', capacity: 24 },
    ],
  });
  const [nato, opfor] = made.sides ?? [];
  // The host team's own players are left for its squad (seedGameDaySquad).
  const crew = new Set(
    (
      await db.select({ userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, host.id))
    ).map((m) => m.userId),
  );
  const others = [...byId.values()].filter((p) => !crew.has(p.id) && p.role !== 'admin').slice(0, 16);
  for (const [i, p] of others.entries())
    await registerForEvent(db, p, made.id, i % 2 === 0 ? nato?.id : opfor?.id);
  return made.id;
}

/**
 * The host team's squad for the game, waiting for its members (issue 25): its leader and two
 * members not on the event yet, each told ('event-squad'). Made last, once the demo's dated
 * notifications are in, so that it is the newest entry of those told.
 */
export async function seedGameDaySquad(
  db: Db,
  players: Iterable<SessionUser>,
  eventId: string | null,
): Promise<void> {
  if (!eventId) return;
  const byId = new Map([...players].map((p) => [p.id, p]));
  const [event] = await db
    .select({ hostTeamId: teams.id })
    .from(teams)
    .innerJoin(teamMembers, eq(teamMembers.teamId, teams.id))
    .where(eq(teamMembers.role, 'leader'))
    .orderBy(asc(teams.name))
    .limit(1);
  if (!event) return;
  const on = db
    .select({ userId: eventRegistrations.userId })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId));
  const members = await db
    .select({ userId: teamMembers.userId, role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, event.hostTeamId), notInArray(teamMembers.userId, on)));
  const leader = byId.get(members.find((m) => m.role === 'leader')?.userId ?? '');
  const others = members.filter((m) => m.role !== 'leader').slice(0, 2);
  if (!leader || others.length === 0) return;
  await createSquad(
    db,
    leader,
    eventId,
    { teamId: event.hostTeamId, userIds: [leader.id, ...others.map((m) => m.userId)] },
    NO_MAIL,
  );
}
