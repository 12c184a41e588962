import { and, eq, type SQL, sql } from 'drizzle-orm';
import {
  AUTH_TEXTS,
  type FollowAnswer,
  PROFILE_TEXTS,
  type SearchUser,
  type UpdateProfileBody,
  type UserProfile,
} from '../../../contract';
import type { Db } from '../../db/client';
import { iso } from '../../db/rows';
import { eventRegistrations, follows, posts, users } from '../../db/schema';
import { badRequest, conflict, notFound, unauthorized } from '../../errors';
import { likePattern, SEARCH_LIMIT } from '../../lib/search';
import { mayTakeUsername, type SessionUser, userConflict } from '../auth';
import { type NotifyOptions, notify } from '../notifications';
import { canReport } from '../reports';
import { mayFollow, maySeeEmail } from './policy';

/** A public profile with its counts and the viewer's follow, in one query. */
export async function getProfile(db: Db, username: string, viewer: SessionUser | null): Promise<UserProfile> {
  const viewerId = viewer?.id ?? '00000000-0000-0000-0000-000000000000';
  // Each count is an index-only subquery; the viewer's follow one EXISTS (the page's one query).
  // Drizzle writes a one-table query's columns without their table: the subqueries name the outer
  // row's id in full, or it would read as their own table's.
  const count = (query: SQL) => sql<number>`(${query})`.mapWith(Number);
  const userId = sql.raw('"users"."id"');
  const [r] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      bio: users.bio,
      location: users.location,
      avatar: users.avatar,
      coverImage: users.coverImage,
      joinedAt: users.joinedAt,
      postsCount: count(sql`SELECT count(*) FROM ${posts} WHERE ${posts.userId} = ${userId}`),
      followersCount: count(sql`SELECT count(*) FROM ${follows} WHERE ${follows.followingId} = ${userId}`),
      followingCount: count(sql`SELECT count(*) FROM ${follows} WHERE ${follows.followerId} = ${userId}`),
      eventsCount: count(
        sql`SELECT count(*) FROM ${eventRegistrations} WHERE ${eventRegistrations.userId} = ${userId} AND ${eventRegistrations.status} = 'registered'`,
      ),
      isFollowing: sql<boolean>`EXISTS (SELECT 1 FROM ${follows} WHERE ${follows.followerId} = ${viewerId} AND ${follows.followingId} = ${userId})`,
    })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  if (!r) throw notFound(PROFILE_TEXTS.notFound);
  return {
    id: r.id,
    username: r.username,
    ...(maySeeEmail(viewer, r.id) ? { email: r.email } : {}),
    bio: r.bio,
    location: r.location,
    avatar: r.avatar,
    coverImage: r.coverImage,
    joinedAt: iso(r.joinedAt),
    postsCount: r.postsCount,
    followersCount: r.followersCount,
    followingCount: r.followingCount,
    eventsCount: r.eventsCount,
    isFollowing: Boolean(r.isFollowing),
    canReport: canReport(viewer, { authorId: r.id }),
  };
}

export async function updateProfile(
  db: Db,
  user: SessionUser,
  body: UpdateProfileBody,
  adminUsernames: string[],
): Promise<SessionUser> {
  const userId = user.id;
  if (body.username !== undefined && !mayTakeUsername(user, body.username, adminUsernames))
    throw conflict(AUTH_TEXTS.usernameReserved, { username: [AUTH_TEXTS.usernameReserved] });
  if (Object.keys(body).length === 0) {
    const [same] = await db.select().from(users).where(eq(users.id, userId));
    if (!same) throw unauthorized();
    return same;
  }
  const changes = {
    ...body,
    ...(body.bio !== undefined ? { bio: body.bio || null } : {}),
    ...(body.location !== undefined ? { location: body.location || null } : {}),
  };
  try {
    const [updated] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
    if (updated) return updated;
  } catch (err) {
    throw userConflict(err) ?? err;
  }
  // The account was deleted while this request was on its way.
  throw unauthorized();
}

async function followersCount(db: Db, userId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(follows)
    .where(eq(follows.followingId, userId));
  return Number(r.n);
}

async function requireUserExists(db: Db, userId: string) {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!u) throw notFound(PROFILE_TEXTS.notFound);
}

/**
 * Idempotent: following twice keeps one row (the unique pair decides under concurrency). A new
 * follow tells the player followed, in its transaction (one entry while unread, grouping the
 * followers).
 */
export async function follow(
  db: Db,
  viewer: SessionUser,
  targetId: string,
  notice: NotifyOptions,
): Promise<FollowAnswer> {
  if (!mayFollow(viewer, targetId)) throw badRequest(PROFILE_TEXTS.cannotFollowSelf);
  await requireUserExists(db, targetId);
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(follows)
      .values({ followerId: viewer.id, followingId: targetId })
      .onConflictDoNothing()
      .returning({ id: follows.followerId });
    if (added.length === 0) return;
    await notify(
      tx as unknown as Db,
      {
        recipientIds: [targetId],
        kind: 'follow',
        actorId: viewer.id,
        groupKey: 'follow',
        data: { username: viewer.username },
      },
      notice,
    );
  });
  return { isFollowing: true, followersCount: await followersCount(db, targetId) };
}

export async function unfollow(db: Db, viewer: SessionUser, targetId: string): Promise<FollowAnswer> {
  if (!mayFollow(viewer, targetId)) throw badRequest(PROFILE_TEXTS.cannotFollowSelf);
  await requireUserExists(db, targetId);
  await db.delete(follows).where(and(eq(follows.followerId, viewer.id), eq(follows.followingId, targetId)));
  return { isFollowing: false, followersCount: await followersCount(db, targetId) };
}

/** Players whose name holds the query (pg_trgm index), shortest names first (SPEC §7 search). */
export function searchUsers(db: Db, q: string): Promise<SearchUser[]> {
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) LIKE ${likePattern(q)}`)
    .orderBy(sql`length(${users.username})`, users.username)
    .limit(SEARCH_LIMIT);
}
