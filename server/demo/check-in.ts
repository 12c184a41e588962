import { and, asc, eq, gte } from 'drizzle-orm';
import { chronoVerdict, fpsToJoules } from '../../contract';
import type { Db } from '../db/client';
import { eventCheckIns, eventChronoResults, eventRegistrations, events, userReplicas } from '../db/schema';
import type { SessionUser } from '../modules/auth';

/**
 * Game day's demo (issue 25): every demo registration has its ticket already (codes are computed,
 * not stored); on the hosted milsim (or the soonest upcoming event with players), three are checked in and measured at
 * the chrono (one over the limit), and those players keep their replicas in their garage.
 */
export async function seedCheckIns(
  db: Db,
  admin: SessionUser,
  preferredEventId: string | null = null,
): Promise<void> {
  const upcoming = await db
    .select({ id: events.id, rules: events.rules })
    .from(events)
    .where(gte(events.date, new Date()))
    .orderBy(asc(events.date))
    .limit(20);
  // The hosted milsim first (demo/game-day.ts), else the soonest event with players.
  upcoming.sort((a, b) => Number(b.id === preferredEventId) - Number(a.id === preferredEventId));
  for (const event of upcoming) {
    const regs = await db
      .select({ userId: eventRegistrations.userId })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.status, 'registered')))
      .orderBy(asc(eventRegistrations.seq))
      .limit(3);
    if (regs.length < 3) continue;
    const readings = [
      { name: 'Daily driver M4', replicaClass: 'aeg' as const, fps: 330, bb: 0.2 },
      { name: 'SR-25 DMR', replicaClass: 'dmr' as const, fps: 420, bb: 0.25 },
      { name: 'VSR-10', replicaClass: 'sniper' as const, fps: 560, bb: 0.28 },
    ];
    const now = Date.now();
    for (const [i, reg] of regs.entries()) {
      const r = readings[i];
      const verdict = chronoVerdict(event.rules, r.replicaClass, fpsToJoules(r.fps, r.bb));
      await db.insert(eventCheckIns).values({
        eventId: event.id,
        userId: reg.userId,
        checkedInAt: new Date(now - (3 - i) * 60_000),
        checkedInBy: admin.id,
      });
      await db.insert(eventChronoResults).values({
        eventId: event.id,
        userId: reg.userId,
        replicaClass: r.replicaClass,
        fps: r.fps,
        bbWeightGrams: r.bb,
        joules: verdict.joules,
        limitJoules: verdict.limitJoules,
        pass: verdict.pass,
        measuredBy: admin.id,
      });
      await db.insert(userReplicas).values({
        userId: reg.userId,
        name: r.name,
        replicaClass: r.replicaClass,
        fps: r.fps,
        bbWeightGrams: r.bb,
        measuredAt: new Date(now - 86_400_000),
      });
    }
    return;
  }
}
