/**
 * Demo gear (issue 13), made through the gear service so the counters, the stats row and the
 * weighted ratings Top Rated orders by are what the API would make: each planned item posted by
 * its owner, then the planned ratings in the order they were given, then a final re-rank.
 */
import type { GearCategory } from '../../contract';
import type { Db } from '../db/client';
import type { gearPosts, gearRatings } from '../db/schema';
import type { SessionUser } from '../modules/auth';
import { addRating, createGear, rerankGear } from '../modules/gear';
import { DEMO_NOTICE } from './community';

type PlannedGear = typeof gearPosts.$inferInsert;
type PlannedRating = typeof gearRatings.$inferInsert;

/** Answers the number of gear posts made. */
export async function seedGear(
  db: Db,
  planned: PlannedGear[],
  ratings: PlannedRating[],
  players: Iterable<SessionUser>,
): Promise<number> {
  const byId = new Map([...players].map((p) => [p.id, p]));
  const ids = new Map<string, string>();
  for (const g of planned) {
    const owner = byId.get(g.userId);
    if (!owner) continue;
    const made = await createGear(
      db,
      owner,
      {
        title: g.title,
        description: g.description ?? null,
        image: g.image,
        category: g.category as GearCategory,
      },
      DEMO_NOTICE,
      // The demo's images are stored by the seed itself (their rows are written at its end).
      { createdAt: g.createdAt instanceof Date ? g.createdAt : undefined, imageChecked: true },
    );
    if (g.id) ids.set(g.id, made.id);
  }
  const ordered = [...ratings].sort((a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0));
  for (const r of ordered) {
    const rater = byId.get(r.userId);
    const gearId = ids.get(r.gearPostId);
    if (!rater || !gearId) continue;
    await addRating(db, rater, gearId, r.rating, r.createdAt instanceof Date ? r.createdAt : undefined);
  }
  await rerankGear(db, true);
  return planned.length;
}
