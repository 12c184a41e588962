import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistrations, eventSides, events } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createEvent, injectAs, signedInCrowd } from '../../test/factories';

/**
 * 1,000 registrations at once across two sides of 50 places each (issue 25): half ask for Blue,
 * a quarter for Red, a quarter for any side. Each side ends with exactly its capacity registered,
 * the rest on its own waitlist in arrival order, and every counter (the sides', the event's)
 * equals the rows.
 */
let t: TestApp;
const PLAYERS = 1000;
const SIDE_CAPACITY = 50;
const cookies: { id: string; cookie: string }[] = [];

beforeAll(async () => {
  // 1,000 writes queue on one event row: on a loaded machine longer than the pool's 10 s wait.
  t = await createTestApp({ connectTimeoutMs: 120_000 });
  cookies.push(...(await signedInCrowd(t.database.db, PLAYERS, 'sides')));
}, 120_000);
afterAll(() => t.close());

async function sidedEvent() {
  const db = t.database.db;
  const e = await createEvent(db, { capacity: SIDE_CAPACITY * 2 });
  const [blue, red] = await db
    .insert(eventSides)
    .values([
      { eventId: e.id, position: 0, name: 'Blue', colour: '#1f4e9c', capacity: SIDE_CAPACITY },
      { eventId: e.id, position: 1, name: 'Red', colour: '#b3261e', capacity: SIDE_CAPACITY },
    ])
    .returning();
  return { e, blue, red };
}

async function rowsOf(eventId: string) {
  const db = t.database.db;
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  const sides = await db
    .select()
    .from(eventSides)
    .where(eq(eventSides.eventId, eventId))
    .orderBy(asc(eventSides.position));
  const regs = await db
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId))
    .orderBy(eventRegistrations.seq);
  return { event, sides, regs };
}

/** Every counter equals the rows, and no side is over its capacity. */
function expectExact({ event, sides, regs }: Awaited<ReturnType<typeof rowsOf>>) {
  for (const side of sides) {
    const on = regs.filter((r) => r.sideId === side.id);
    expect(side.registeredCount, side.name).toBe(on.filter((r) => r.status === 'registered').length);
    expect(side.waitlistCount, side.name).toBe(on.filter((r) => r.status === 'waitlisted').length);
    expect(side.registeredCount).toBeLessThanOrEqual(side.capacity);
  }
  expect(event.registeredCount).toBe(regs.filter((r) => r.status === 'registered').length);
  expect(event.waitlistCount).toBe(regs.filter((r) => r.status === 'waitlisted').length);
}

describe('side registration storm', () => {
  it('fills each side to exactly its capacity, the rest on its own waitlist in arrival order', async () => {
    const { e, blue, red } = await sidedEvent();
    const answers = await Promise.all(
      cookies.map((c, i) =>
        injectAs(t.app, c, {
          method: 'POST',
          url: `/api/events/${e.id}/registration`,
          payload: i % 4 < 2 ? { sideId: blue.id } : i % 4 === 2 ? { sideId: red.id } : {},
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.body)).toEqual([]);
    const rows = await rowsOf(e.id);
    expect(rows.regs).toHaveLength(PLAYERS);
    expectExact(rows);
    for (const side of rows.sides) {
      expect(side.registeredCount).toBe(SIDE_CAPACITY);
      // On each side the first arrivals are in, the later ones wait, in turn.
      const on = rows.regs.filter((r) => r.sideId === side.id);
      expect(on.slice(0, SIDE_CAPACITY).every((r) => r.status === 'registered')).toBe(true);
      expect(on.slice(SIDE_CAPACITY).every((r) => r.status === 'waitlisted')).toBe(true);
    }
    // Who asked for a side is on it.
    const sideOf = new Map(rows.regs.map((r) => [r.userId, r.sideId]));
    cookies.forEach((c, i) => {
      if (i % 4 < 2) expect(sideOf.get(c.id)).toBe(blue.id);
      else if (i % 4 === 2) expect(sideOf.get(c.id)).toBe(red.id);
    });
    // Each answer names the viewer's side and their place on that side's waitlist.
    const position = new Map<string, number>();
    for (const side of rows.sides)
      for (const [i, r] of rows.regs
        .filter((x) => x.sideId === side.id && x.status === 'waitlisted')
        .entries())
        position.set(r.userId, i + 1);
    answers.forEach((a, i) => {
      const body = a.json();
      expect(body.viewerSideId).toBe(sideOf.get(cookies[i].id));
      expect(body.waitlistPosition).toBe(position.get(cookies[i].id) ?? null);
    });
  }, 180_000);

  it('keeps the sides exact when cancellations and registrations race; each side promotes its own waitlist', async () => {
    const { e, blue, red } = await sidedEvent();
    const first = cookies.slice(0, 120);
    for (const [i, c] of first.entries())
      await injectAs(t.app, c, {
        method: 'POST',
        url: `/api/events/${e.id}/registration`,
        payload: { sideId: i % 2 === 0 ? blue.id : red.id },
      });
    // 20 of Blue's registered leave while 60 newcomers arrive on any side.
    const leaving = first.filter((_, i) => i % 2 === 0).slice(0, 20);
    const arriving = cookies.slice(200, 260);
    await Promise.all([
      ...leaving.map((c) =>
        injectAs(t.app, c, { method: 'DELETE', url: `/api/events/${e.id}/registration` }),
      ),
      ...arriving.map((c) =>
        injectAs(t.app, c, { method: 'POST', url: `/api/events/${e.id}/registration`, payload: {} }),
      ),
    ]);
    const rows = await rowsOf(e.id);
    expectExact(rows);
    expect(rows.sides.map((s) => s.registeredCount)).toEqual([SIDE_CAPACITY, SIDE_CAPACITY]);
    // Blue's ten waiting players (arrival order) moved up before any newcomer.
    const blueWaiting = first.filter((_, i) => i % 2 === 0).slice(SIDE_CAPACITY);
    const status = new Map(rows.regs.map((r) => [r.userId, r.status]));
    for (const c of blueWaiting) expect(status.get(c.id)).toBe('registered');
    expect(red.id).toBeDefined();
  }, 180_000);
});
