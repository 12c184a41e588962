import { and, asc, eq, gte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eventRegistrations, events, fields, teamMembers, teams, waiverSignatures } from '../db/schema';
import type { SessionUser } from '../modules/auth';
import { createEvent, createSquad, hashText, registerForEvent, setEventWaiver } from '../modules/events';
import { NO_MAIL } from '../modules/notifications';
import { nextLocalHour } from './notifications';

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
  // Gates at 08:00 in the field's zone, about three weeks out.
  const start = nextLocalHour(new Date(now.getTime() + 23 * DAY), 'America/Chicago', 8);
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
    await registerForEvent(db, p, made.id, { sideId: i % 2 === 0 ? nato?.id : opfor?.id });
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
    {
      teamId: event.hostTeamId,
      userIds: [leader.id, ...others.map((m) => m.userId)],
      // The leader is in the squad: their place is confirmed at once, the event's waiver signed with it.
      waiver: { fullName: `${leader.username} (demo)`, dateOfBirth: '1988-05-14' },
    },
    NO_MAIL,
  );
}

/** The demo milsim's waiver (issue 25): version 1, then the version 2 players sign now. */
const WAIVER_V1 = `# Participation waiver

Airsoft is a physical game played with replicas that fire 6 mm BBs.

- I wear **full-seal eye protection** at all times in the game zone.
- I follow the marshals' calls and the event's rules of engagement.
- I accept the risks of injury that come with the game.`;
const WAIVER_V2 = `${WAIVER_V1}
- I have my replica chronographed at the gate before playing.`;

/**
 * A waiver on the hosted milsim (`eventId`; else the next upcoming milsim): a few of its players
 * signed version 1 (they sign again at check-in: the text changed since), a few signed version 2,
 * one as a minor with a guardian.
 */
export async function seedWaivers(db: Db, admin: SessionUser, eventId?: string | null): Promise<void> {
  const [milsim] = await db
    .select({ id: events.id, title: events.title, date: events.date })
    .from(events)
    .where(eventId ? eq(events.id, eventId) : and(eq(events.type, 'Milsim'), gte(events.date, sql`now()`)))
    .orderBy(asc(events.date))
    .limit(1);
  if (!milsim) return;
  const players = await db
    .select({ userId: eventRegistrations.userId })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, milsim.id), eq(eventRegistrations.status, 'registered')))
    .orderBy(asc(eventRegistrations.seq))
    .limit(6);
  const year = milsim.date.getUTCFullYear();
  const sign = (userId: string, text: string, version: number, n: number) =>
    db.insert(waiverSignatures).values({
      eventId: milsim.id,
      userId,
      eventTitle: milsim.title,
      eventDate: milsim.date,
      source: 'event',
      version,
      textHash: hashText(text),
      fullName: `Demo Player ${n + 1}`,
      dateOfBirth: n === 4 ? `${year - 16}-05-14` : `${year - 25 - n}-03-0${n + 1}`,
      guardianName: n === 4 ? 'Demo Guardian' : null,
      guardianPhone: n === 4 ? '+44 7700 900456' : null,
    });
  await setEventWaiver(db, admin, milsim.id, WAIVER_V1);
  for (const [n, p] of players.slice(0, 2).entries()) await sign(p.userId, WAIVER_V1, 1, n);
  await setEventWaiver(db, admin, milsim.id, WAIVER_V2);
  for (const [n, p] of players.slice(2, 5).entries()) await sign(p.userId, WAIVER_V2, 2, n + 2);
}
