import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eventRegistrations, events, waiverSignatures } from '../db/schema';
import type { SessionUser } from '../modules/auth';
import { hashText, setEventWaiver } from '../modules/events';

/** The demo milsim's waiver (issue 25): version 1, then the version 2 players sign now. */
const WAIVER_V1 = `# Participation waiver

Airsoft is a physical game played with replicas that fire 6 mm BBs.

- I wear **full-seal eye protection** at all times in the game zone.
- I follow the marshals' calls and the event's rules of engagement.
- I accept the risks of injury that come with the game.`;
const WAIVER_V2 = `${WAIVER_V1}
- I have my replica chronographed at the gate before playing.`;

/**
 * A waiver on the next upcoming milsim: a few of its players signed version 1 (they sign again at
 * check-in: the text changed since), a few signed version 2, one as a minor with a guardian.
 */
export async function seedWaivers(db: Db, admin: SessionUser): Promise<void> {
  const [milsim] = await db
    .select({ id: events.id, title: events.title, date: events.date })
    .from(events)
    .where(and(eq(events.type, 'Milsim'), gte(events.date, sql`now()`)))
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
