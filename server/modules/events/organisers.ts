import { eq } from 'drizzle-orm';
import { EVENT_TEXTS } from '../../../contract';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import { forbidden, notFound, unauthorized } from '../../errors';
import type { SessionUser } from '../auth';

/**
 * STUB until the `organisers` branch's [foundation] commit (FOUNDATION.md): the same signatures,
 * admins only. The merge takes the foundation's version (admins, and the host team's leader and
 * co-leaders).
 */
export async function isOrganiser(db: Db, user: SessionUser | null, eventId: string): Promise<boolean> {
  void db;
  void eventId;
  return user?.role === 'admin';
}

/** 401 (no user), 404 (no such event), 403 (not an organiser). */
export async function requireOrganiser(db: Db, user: SessionUser | null, eventId: string): Promise<void> {
  if (!user) throw unauthorized();
  const [row] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!row) throw notFound(EVENT_TEXTS.eventNotFound);
  if (!(await isOrganiser(db, user, eventId))) throw forbidden();
}
