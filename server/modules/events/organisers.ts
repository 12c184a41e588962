import { eq } from 'drizzle-orm';
import { EVENT_TEXTS } from '../../../contract';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import { forbidden, notFound, unauthorized } from '../../errors';
import type { SessionUser } from '../auth';

/*
 * STUB (helper `checkin`): the `organisers` branch's [foundation] commit replaces this file with
 * the real one (admins, and the leader and co-leaders of the event's host team). Same signatures;
 * here admins only.
 */

/** True for an admin (the foundation adds the host team's leader and co-leaders). */
export async function isOrganiser(_db: Db, user: SessionUser | null, _eventId: string): Promise<boolean> {
  return user?.role === 'admin';
}

/** 401 without a user, 404 for no such event, 403 for a non-organiser. */
export async function requireOrganiser(db: Db, user: SessionUser | null, eventId: string): Promise<void> {
  if (!user) throw unauthorized();
  const [row] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!row) throw notFound(EVENT_TEXTS.eventNotFound);
  if (!(await isOrganiser(db, user, eventId))) throw forbidden();
}
