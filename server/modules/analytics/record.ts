import type { PostAction } from '../../../contract';
import type { Db } from '../../db/client';
import { postEvents } from '../../db/schema';

/** Keeps a post action for the admin analytics (SPEC §3 post_events). */
export async function recordPostEvent(
  db: Db,
  postId: string | null,
  userId: string | null,
  action: PostAction,
) {
  await db.insert(postEvents).values({ postId, userId, action });
}
