/**
 * The demo's players, follows, blocked words, posts, likes and comments, made through the same
 * services the API calls (issue 8): registration (password rules, the admin grants of
 * ADMIN_USERNAMES), profile updates, follows, blocked words, posts (captions checked against the
 * blocked words), likes and comments (counters kept by the database's triggers, actions recorded
 * for the analytics). Bodies go through the contract's request schemas first, as the routes' do.
 * Only the dates are the demo's own: each row is moved back to its planned time afterwards.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import {
  blockedWordBody,
  commentBody,
  createPostBody,
  registerBody,
  updateProfileBody,
} from '../../contract';
import type { Db } from '../db/client';
import { blockedWords, comments, follows, postEvents, postLikes, posts, users } from '../db/schema';
import { register, type SessionUser } from '../modules/auth';
import { addBlockedWord } from '../modules/moderation';
import { addComment, createPost, like } from '../modules/posts';
import { follow, updateProfile } from '../modules/profiles';

/** The demo sends no mail: what its players are told stays in the app (notifications.ts dates it). */
export const DEMO_NOTICE = { mail: false } as const;

export interface PlannedPlayer {
  /** The id the plan uses for this player until the account exists. */
  plannedId: string;
  username: string;
  email: string;
  bio: string | null;
  location: string | null;
  avatar: string | null;
  coverImage: string | null;
  joinedAt: Date;
}

export interface PlannedPost {
  plannedId: string;
  by: string;
  caption: string;
  images: string[];
  createdAt: Date;
  likes: { by: string; at: Date }[];
  comments: { by: string; text: string; at: Date }[];
}

/** Planned ids (players, posts) → the real ones, for the rows the other areas still insert. */
export type IdMap = Map<string, string>;

/**
 * The post action recorded just now for this post and player is moved back to `at`: in the seed's
 * transaction, now() is the same for every row, and every row moved back is older.
 */
async function backdateAction(
  db: Db,
  postId: string,
  userId: string,
  action: 'create' | 'like' | 'comment',
  at: Date,
) {
  await db
    .update(postEvents)
    .set({ occurredAt: at })
    .where(
      and(
        eq(postEvents.postId, postId),
        eq(postEvents.userId, userId),
        eq(postEvents.action, action),
        gte(postEvents.occurredAt, sql`now()`),
      ),
    );
}

/**
 * Registers every player (POST /api/register's service: one password for all, the listed admin
 * names get the admin role through their grant), then fills in the profile (PATCH /api/profile's
 * service) and moves the join date back.
 */
export async function seedUsers(
  db: Db,
  players: PlannedPlayer[],
  password: string,
  adminUsernames: string[],
  ids: IdMap,
): Promise<Map<string, SessionUser>> {
  const byName = new Map<string, SessionUser>();
  for (const p of players) {
    const account = await register(
      db,
      registerBody.parse({ username: p.username, email: p.email, password }),
      adminUsernames,
    );
    const profile = updateProfileBody.parse({
      bio: p.bio,
      location: p.location,
      avatar: p.avatar,
      coverImage: p.coverImage,
    });
    await updateProfile(db, account, profile, adminUsernames);
    const [dated] = await db
      .update(users)
      .set({ joinedAt: p.joinedAt })
      .where(eq(users.id, account.id))
      .returning();
    byName.set(p.username, dated);
    ids.set(p.plannedId, account.id);
  }
  return byName;
}

/** Follows through the follow service (nobody follows themselves), dated as planned. */
export async function seedFollows(
  db: Db,
  planned: { follower: string; following: string; at: Date }[],
  players: Map<string, SessionUser>,
) {
  for (const f of planned) {
    const follower = players.get(f.follower);
    const following = players.get(f.following);
    if (!follower || !following) throw new Error(`demo: unknown follow ${f.follower} → ${f.following}`);
    await follow(db, follower, following.id, DEMO_NOTICE);
    await db
      .update(follows)
      .set({ createdAt: f.at })
      .where(and(eq(follows.followerId, follower.id), eq(follows.followingId, following.id)));
  }
}

/** The blocked words, added by the admin through the moderation service, dated as planned. */
export async function seedBlockedWords(db: Db, words: { word: string; at: Date }[], admin: SessionUser) {
  for (const { word, at } of words) {
    const added = await addBlockedWord(db, blockedWordBody.parse({ word }).word, admin.id);
    await db.update(blockedWords).set({ createdAt: at }).where(eq(blockedWords.id, added.id));
  }
}

/**
 * Posts, then their likes and comments, through the posts services: captions and comments are
 * checked against the blocked words, counters are kept by the triggers, actions recorded.
 */
export async function seedPosts(
  db: Db,
  planned: PlannedPost[],
  players: Map<string, SessionUser>,
  ids: IdMap,
) {
  const player = (name: string) => {
    const p = players.get(name);
    if (!p) throw new Error(`demo: unknown player ${name}`);
    return p;
  };
  for (const p of planned) {
    const author = player(p.by);
    const post = await createPost(
      db,
      author,
      createPostBody.parse({ caption: p.caption, images: p.images }),
      DEMO_NOTICE,
    );
    ids.set(p.plannedId, post.id);
    await db.update(posts).set({ createdAt: p.createdAt }).where(eq(posts.id, post.id));
    await backdateAction(db, post.id, author.id, 'create', p.createdAt);

    for (const l of p.likes) {
      const fan = player(l.by);
      await like(db, fan, post.id, DEMO_NOTICE);
      await db
        .update(postLikes)
        .set({ createdAt: l.at })
        .where(and(eq(postLikes.postId, post.id), eq(postLikes.userId, fan.id)));
      await backdateAction(db, post.id, fan.id, 'like', l.at);
    }
    for (const c of p.comments) {
      const by = player(c.by);
      const comment = await addComment(
        db,
        by,
        post.id,
        commentBody.parse({ content: c.text }).content,
        DEMO_NOTICE,
      );
      await db.update(comments).set({ createdAt: c.at, updatedAt: c.at }).where(eq(comments.id, comment.id));
      await backdateAction(db, post.id, by.id, 'comment', c.at);
    }
  }
}

/** The rows of the areas still written directly, with planned ids replaced by the real ones. */
export function remapIds<T extends object>(rows: T[], ids: IdMap): T[] {
  return rows.map((row) => {
    const out: Record<string, unknown> = { ...(row as Record<string, unknown>) };
    for (const key in out) {
      const value = out[key];
      if (typeof value === 'string' && ids.has(value)) out[key] = ids.get(value);
    }
    return out as T;
  });
}
