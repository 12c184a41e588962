import { and, eq, sql } from 'drizzle-orm';
import {
  AUTH_TEXTS,
  type FollowAnswer,
  PROFILE_TEXTS,
  type SearchUser,
  type UpdateProfileBody,
  type UserProfile,
} from '../../../contract';
import type { Db } from '../../db/client';
import { iso, rows } from '../../db/rows';
import { follows, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { likePattern, SEARCH_LIMIT } from '../../lib/search';
import { mayTakeUsername, type SessionUser, userConflict } from '../auth';
import { mayFollow, maySeeEmail } from './policy';

interface ProfileRow {
  id: string;
  username: string;
  email: string;
  bio: string | null;
  location: string | null;
  avatar: string | null;
  cover_image: string | null;
  joined_at: Date | string;
  posts_count: number | string;
  followers_count: number | string;
  following_count: number | string;
  events_count: number | string;
  is_following: boolean;
}

/** A public profile with its counts and the viewer's follow, in one query. */
export async function getProfile(db: Db, username: string, viewer: SessionUser | null): Promise<UserProfile> {
  const viewerId = viewer?.id ?? '00000000-0000-0000-0000-000000000000';
  const [r] = await rows<ProfileRow>(
    db,
    sql`SELECT u.id, u.username, u.email, u.bio, u.location, u.avatar, u.cover_image, u.joined_at,
          (SELECT count(*) FROM posts p WHERE p.user_id = u.id) AS posts_count,
          (SELECT count(*) FROM follows f WHERE f.following_id = u.id) AS followers_count,
          (SELECT count(*) FROM follows f WHERE f.follower_id = u.id) AS following_count,
          (SELECT count(*) FROM event_registrations e WHERE e.user_id = u.id AND e.status = 'registered') AS events_count,
          EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${viewerId} AND f.following_id = u.id) AS is_following
        FROM users u WHERE lower(u.username) = lower(${username}) LIMIT 1`,
  );
  if (!r) throw notFound(PROFILE_TEXTS.notFound);
  return {
    id: r.id,
    username: r.username,
    ...(maySeeEmail(viewer, r.id) ? { email: r.email } : {}),
    bio: r.bio,
    location: r.location,
    avatar: r.avatar,
    coverImage: r.cover_image,
    joinedAt: iso(r.joined_at),
    postsCount: Number(r.posts_count),
    followersCount: Number(r.followers_count),
    followingCount: Number(r.following_count),
    eventsCount: Number(r.events_count),
    isFollowing: r.is_following,
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
    return same;
  }
  const changes = {
    ...body,
    ...(body.bio !== undefined ? { bio: body.bio || null } : {}),
    ...(body.location !== undefined ? { location: body.location || null } : {}),
  };
  try {
    const [updated] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
    return updated;
  } catch (err) {
    throw userConflict(err) ?? err;
  }
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

/** Idempotent: following twice keeps one row (the unique pair decides under concurrency). */
export async function follow(db: Db, viewer: SessionUser, targetId: string): Promise<FollowAnswer> {
  if (!mayFollow(viewer, targetId)) throw badRequest(PROFILE_TEXTS.cannotFollowSelf);
  await requireUserExists(db, targetId);
  await db.insert(follows).values({ followerId: viewer.id, followingId: targetId }).onConflictDoNothing();
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
  return rows<SearchUser>(
    db,
    sql`SELECT id, username FROM users WHERE lower(username) LIKE ${likePattern(q)}
        ORDER BY length(username), username LIMIT ${SEARCH_LIMIT}`,
  );
}
