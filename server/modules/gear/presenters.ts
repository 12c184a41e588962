import type { GearPost } from '../../../contract';
import { iso } from '../../db/rows';
import type { SessionUser } from '../auth';
import { canReport } from '../reports';
import { can } from './policy';
import type { GearRow } from './queries';

/**
 * The gear module's presenter: the row Drizzle infers from the schema (queries.ts) to the
 * contract's Gear post (SPEC §3), with the viewer's rating and abilities (policy.ts).
 */
export function presentGear(r: GearRow, viewer: SessionUser | null): GearPost {
  const facts = { userId: r.userId, myRating: r.myRating };
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    image: r.image,
    // gear_posts.category is plain text in the schema; the contract checks it on the way in.
    category: r.category,
    user: { id: r.userId, username: r.username, avatar: r.avatar },
    averageRating: r.averageRating,
    totalRatings: r.totalRatings,
    weightedRating: r.weightedRating,
    createdAt: iso(r.createdAt),
    myRating: r.myRating,
    canRate: can(viewer, 'rate', facts),
    canDelete: can(viewer, 'delete', facts),
    canReport: canReport(viewer, { authorId: r.userId }),
  };
}
