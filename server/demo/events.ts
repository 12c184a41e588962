/**
 * Demo events (issue 10), made through the events service so counters, waitlists and SEQUENCE are
 * what the API would make: the catalog's events of all three types over the coming months, some
 * with rules of engagement, some full with a waitlist.
 */
import { eq } from 'drizzle-orm';
import type { EventRules } from '../../contract';
import { eventRules, RULE_PRESETS } from '../../contract';
import type { Db } from '../db/client';
import { eventRegistrations, events } from '../db/schema';
import type { SessionUser } from '../modules/auth';
import { createEvent, registerForEvent } from '../modules/events';

type PlannedEvent = typeof events.$inferInsert;
type PlannedRegistration = typeof eventRegistrations.$inferInsert;

const preset = (id: string) => {
  const found = RULE_PRESETS.find((p) => p.id === id);
  if (!found) throw new Error(`demo: no rule preset ${id}`);
  return found.rules;
};

/** Rules of engagement per event (by the slug at the end of its url). */
const RULES: Record<string, EventRules> = {
  'operation-northwind': preset('uk-standard'),
  'operation-bluebonnet': preset('eu-1.5j'),
  'cascade-ridge-24': eventRules.parse({
    ...preset('uk-standard'),
    rateOfFireBps: 20,
    minimumAge: 16,
    notes: 'Night phase from 22:00: tracers and red lights only.',
  }),
  'speedsoft-night-league-round-5': preset('cqb-1j'),
  'cqb-fundamentals-workshop': preset('cqb-1j'),
  'marksman-course-range-estimation': eventRules.parse({
    chronoBbWeightG: 0.28,
    classes: {
      aeg: { joules: 1.14, minEngagementM: null },
      dmr: { joules: 1.88, minEngagementM: 25 },
      sniper: { joules: 2.32, minEngagementM: 35 },
    },
    eyeProtection: 'full-seal',
    minimumAge: 16,
  }),
};

/** Events that fill up: their capacity, and how many more players join the waitlist. */
const FULL: Record<string, { capacity: number; waitlist: number }> = {
  'cqb-fundamentals-workshop': { capacity: 8, waitlist: 3 },
  'marksman-course-range-estimation': { capacity: 5, waitlist: 2 },
};

const slugOf = (url: string | null | undefined) => (url ?? '').split('/').pop() ?? '';

/**
 * Creates the planned events as the admin would, then registers the planned attendees (in the
 * order they signed up) and, for the full events, a few more who land on the waitlist. Answers the
 * number of events made.
 */
export async function seedEvents(
  db: Db,
  planned: PlannedEvent[],
  registrations: PlannedRegistration[],
  players: Iterable<SessionUser>,
  admin: SessionUser,
): Promise<number> {
  const byId = new Map([...players].map((p) => [p.id, p]));
  const ids = new Map<string, string>();
  for (const e of planned) {
    const slug = slugOf(e.url);
    const full = FULL[slug];
    const made = await createEvent(db, admin, {
      title: e.title,
      description: e.description ?? null,
      date: e.date.toISOString(),
      endsAt: e.endDate ? e.endDate.toISOString() : null,
      timeZone: e.timeZone ?? undefined,
      location: e.location,
      address: e.address ?? null,
      lat: e.lat ?? null,
      lng: e.lng ?? null,
      type: e.type as 'Milsim' | 'Local' | 'Training',
      image: e.image ?? null,
      capacity: full?.capacity ?? e.capacity ?? 0,
      url: e.url ?? null,
      rules: RULES[slug] ?? null,
    });
    if (e.createdAt)
      await db
        .update(events)
        .set({ createdAt: e.createdAt, updatedAt: e.createdAt })
        .where(eq(events.id, made.id));
    if (e.id) ids.set(e.id, made.id);
  }
  const ordered = [...registrations].sort(
    (a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0),
  );
  for (const r of ordered) {
    const player = byId.get(r.userId);
    const eventId = ids.get(r.eventId);
    if (!player || !eventId) continue;
    await registerForEvent(db, player, eventId);
  }
  // The full events: more players than places, the rest on the waitlist in turn.
  for (const e of planned) {
    const full = FULL[slugOf(e.url)];
    const eventId = e.id ? ids.get(e.id) : undefined;
    if (!full || !eventId) continue;
    const taken = new Set(
      (
        await db
          .select({ userId: eventRegistrations.userId })
          .from(eventRegistrations)
          .where(eq(eventRegistrations.eventId, eventId))
      ).map((r) => r.userId),
    );
    const others = [...byId.values()].filter((p) => !taken.has(p.id));
    const needed = Math.max(0, full.capacity - taken.size) + full.waitlist;
    for (const p of others.slice(0, needed)) await registerForEvent(db, p, eventId);
  }
  return planned.length;
}
