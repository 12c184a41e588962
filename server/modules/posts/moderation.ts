import { type AnyColumn, and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { FeedPost, ModerationComment } from '../../../contract';
import type { Db } from '../../db/client';
import { comments, events, posts, users } from '../../db/schema';
import type { SessionUser } from '../auth';
import { excerptOf } from '../notifications';
import { presentComment, presentPost } from './presenters';
import { cardColumns, cardJoins } from './queries';

/** Moderate Posts' search (issue 24): the text and the author's name contain these, in any case. */
export interface ModerationSearch {
  q?: string;
  author?: string;
  limit: number;
  before?: string;
}

const like = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
const contains = (column: SQL | AnyColumn, s: string | undefined) =>
  s ? sql`lower(${column}) LIKE ${like(s)}` : undefined;

/** Posts, newest first, found by caption and author (no cache: an admin's search). */
export async function moderationPosts(db: Db, viewer: SessionUser, s: ModerationSearch): Promise<FeedPost[]> {
  const list = await db
    .select(cardColumns)
    .from(posts)
    .innerJoin(users, cardJoins.author)
    .leftJoin(events, cardJoins.event)
    .where(
      and(
        contains(posts.caption, s.q),
        contains(sql`${users.username}`, s.author),
        s.before
          ? lt(
              sql`(${posts.createdAt}, ${posts.id})`,
              sql`(SELECT b.created_at, b.id FROM posts b WHERE b.id = ${s.before})`,
            )
          : undefined,
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(s.limit);
  return list.map((r) =>
    presentPost(
      {
        id: r.id,
        userId: r.userId,
        user: { username: r.username, avatar: r.avatar },
        caption: r.caption,
        images: r.images ?? [],
        createdAt: r.createdAt.toISOString(),
        likesCount: r.likesCount,
        commentsCount: r.commentsCount,
        event: r.eventId && r.eventTitle ? { id: r.eventId, title: r.eventTitle } : null,
      },
      false,
      viewer,
    ),
  );
}

/** Comments, newest first, found by text and author, each with its post's caption's start. */
export async function moderationComments(
  db: Db,
  viewer: SessionUser,
  s: ModerationSearch,
): Promise<ModerationComment[]> {
  const list = await db
    .select({
      id: comments.id,
      postId: comments.postId,
      content: comments.content,
      createdAt: comments.createdAt,
      updatedAt: comments.updatedAt,
      userId: users.id,
      username: users.username,
      avatar: users.avatar,
      caption: sql<string>`left(${posts.caption}, 200)`,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(
      and(
        contains(comments.content, s.q),
        contains(sql`${users.username}`, s.author),
        s.before
          ? lt(
              sql`(${comments.createdAt}, ${comments.id})`,
              sql`(SELECT b.created_at, b.id FROM comments b WHERE b.id = ${s.before})`,
            )
          : undefined,
      ),
    )
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(s.limit);
  return list.map(({ caption, ...r }) => ({
    ...presentComment(r, viewer),
    postExcerpt: excerptOf(caption ?? ''),
  }));
}
