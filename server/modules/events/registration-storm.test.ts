import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistrations, events } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createEvent, injectAs, signedInCrowd } from '../../test/factories';

/**
 * 1,000 registrations arriving at once for an event of capacity 100 (issue 10): exactly 100
 * registered and 900 waitlisted, in arrival order, with exact counters. `npm test` runs it on
 * PGlite, `npm run test:pg` on PostgreSQL (a pool of connections racing for the event row).
 */
let t: TestApp;
const PLAYERS = 1000;
const CAPACITY = 100;
const cookies: { id: string; cookie: string }[] = [];

beforeAll(async () => {
  // 1,000 writes queue on one event row: on a loaded machine longer than the pool's 10 s wait.
  t = await createTestApp({ connectTimeoutMs: 120_000 });
  cookies.push(...(await signedInCrowd(t.database.db, PLAYERS, 'storm')));
}, 120_000);
afterAll(() => t.close());

describe('registration storm', () => {
  it('leaves exactly 100 registered and 900 waitlisted in arrival order', async () => {
    const db = t.database.db;
    const e = await createEvent(db, { capacity: CAPACITY });
    const answers = await Promise.all(
      cookies.map((c) => injectAs(t.app, c, { method: 'POST', url: `/api/events/${e.id}/registration` })),
    );
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.body)).toEqual([]);

    const [row] = await db.select().from(events).where(eq(events.id, e.id));
    expect(row.registeredCount).toBe(CAPACITY);
    expect(row.waitlistCount).toBe(PLAYERS - CAPACITY);

    const regs = await db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, e.id))
      .orderBy(eventRegistrations.seq);
    expect(regs).toHaveLength(PLAYERS);
    // Arrival order is the order the event row was taken: the first 100 are in, the rest wait in turn.
    expect(regs.slice(0, CAPACITY).every((r) => r.status === 'registered')).toBe(true);
    expect(regs.slice(CAPACITY).every((r) => r.status === 'waitlisted')).toBe(true);

    // Each player's answer agrees with the rows: status, and the waitlist position by arrival.
    const position = new Map(regs.slice(CAPACITY).map((r, i) => [r.userId, i + 1]));
    const byUser = new Map(regs.map((r) => [r.userId, r.status]));
    answers.forEach((a, i) => {
      const body = a.json();
      expect(body.viewerStatus).toBe(byUser.get(cookies[i].id));
      expect(body.waitlistPosition).toBe(position.get(cookies[i].id) ?? null);
      expect(body.registeredCount).toBeLessThanOrEqual(CAPACITY);
    });
  }, 120_000);

  it('keeps the counts exact when cancellations and registrations race', async () => {
    const db = t.database.db;
    const e = await createEvent(db, { capacity: 10 });
    const first = cookies.slice(0, 40);
    for (const c of first)
      await injectAs(t.app, c, { method: 'POST', url: `/api/events/${e.id}/registration` });
    // 10 registered cancel while 40 newcomers arrive.
    const leaving = first.slice(0, 10);
    const arriving = cookies.slice(40, 80);
    await Promise.all([
      ...leaving.map((c) =>
        injectAs(t.app, c, { method: 'DELETE', url: `/api/events/${e.id}/registration` }),
      ),
      ...arriving.map((c) => injectAs(t.app, c, { method: 'POST', url: `/api/events/${e.id}/registration` })),
    ]);
    const [row] = await db.select().from(events).where(eq(events.id, e.id));
    const regs = await db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, e.id))
      .orderBy(eventRegistrations.seq);
    expect(row.registeredCount).toBe(10);
    expect(row.waitlistCount).toBe(60);
    expect(regs.filter((r) => r.status === 'registered')).toHaveLength(10);
    // The ten promoted are the next ten who had been waiting longest.
    const promoted = regs.filter((r) => r.status === 'registered').map((r) => r.userId);
    expect(new Set(promoted)).toEqual(new Set(first.slice(10, 20).map((c) => c.id)));
  }, 120_000);
});
