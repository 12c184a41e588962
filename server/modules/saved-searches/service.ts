import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  SAVED_SEARCH_LIMITS,
  SAVED_SEARCH_TEXTS,
  type SavedSearch,
  type savedSearchBody,
  type z,
} from '../../../contract';
import type { Db } from '../../db/client';
import { iso } from '../../db/rows';
import { savedSearches, users } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import type { SessionUser } from '../auth';

/** Saved searches (issue 26): the signed-in player's own, at most SAVED_SEARCH_LIMITS.perUser. */

type Row = typeof savedSearches.$inferSelect;

const present = (r: Row): SavedSearch => ({
  id: r.id,
  name: r.name,
  filters: r.filters as Record<string, string>,
  createdAt: iso(r.createdAt),
});

export async function listSavedSearches(db: Db, user: SessionUser): Promise<SavedSearch[]> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, user.id))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
  return rows.map(present);
}

/** The cap is exact: the player's account row is held (one lock order: the account first) while counting. */
export async function createSavedSearch(
  db: Db,
  user: SessionUser,
  body: z.output<typeof savedSearchBody>,
): Promise<SavedSearch> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM ${users} WHERE ${users.id} = ${user.id} FOR NO KEY UPDATE`);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(savedSearches)
      .where(eq(savedSearches.userId, user.id));
    if (n >= SAVED_SEARCH_LIMITS.perUser) throw conflict(SAVED_SEARCH_TEXTS.tooMany);
    const [row] = await tx
      .insert(savedSearches)
      .values({ userId: user.id, name: body.name, filters: body.filters })
      .returning();
    return present(row);
  });
}

/** Owner only: another player's search answers 404, as an unknown one. */
export async function deleteSavedSearch(db: Db, user: SessionUser, id: string): Promise<void> {
  const gone = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, user.id)))
    .returning({ id: savedSearches.id });
  if (gone.length === 0) throw notFound(SAVED_SEARCH_TEXTS.notFound);
}
