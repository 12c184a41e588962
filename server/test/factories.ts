import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { App } from '../context';
import type { Db } from '../db/client';
import {
  blockedWords,
  comments,
  eventRegistrations,
  events,
  follows,
  news,
  postLikes,
  posts,
  teamMembers,
  teams,
  tutorials,
  users,
} from '../db/schema';
import { createSession, hashPassword } from '../modules/auth';

export const TEST_PASSWORD = 'correct-horse-battery';
let hashed: Promise<string> | null = null;

export interface TestUser {
  id: string;
  username: string;
  email: string;
  role: string;
  /** Cookie header for requests as this user. */
  cookie: string;
}

/** A user straight in the database (password TEST_PASSWORD), signed in. */
export async function createUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<TestUser> {
  hashed ??= hashPassword(TEST_PASSWORD);
  const suffix = randomBytes(4).toString('hex');
  const [u] = await db
    .insert(users)
    .values({
      username: `player_${suffix}`,
      email: `player_${suffix}@example.test`,
      password: await hashed,
      ...overrides,
    })
    .returning();
  const token = await createSession(db, u.id);
  return { id: u.id, username: u.username, email: u.email, role: u.role, cookie: `sid=${token}` };
}

export const createAdmin = (db: Db, overrides: Partial<typeof users.$inferInsert> = {}) =>
  createUser(db, { role: 'admin', ...overrides });

/** Registers through the API, as a client would. */
export function registerViaApi(app: App, body: { username: string; email: string; password: string }) {
  return app.inject({ method: 'POST', url: '/api/register', payload: body });
}

// Factories for every entity there is (issue 8); later areas add theirs here.

export async function createPost(
  db: Db,
  author: { id: string },
  overrides: Partial<typeof posts.$inferInsert> = {},
) {
  const [post] = await db
    .insert(posts)
    .values({ userId: author.id, caption: `Post ${randomBytes(3).toString('hex')}`, ...overrides })
    .returning();
  return post;
}

/** A like, counted by the post's trigger as the API's would be. */
export async function createLike(db: Db, user: { id: string }, post: { id: string }) {
  const [like] = await db.insert(postLikes).values({ postId: post.id, userId: user.id }).returning();
  return like;
}

export async function createComment(
  db: Db,
  author: { id: string },
  post: { id: string },
  overrides: Partial<typeof comments.$inferInsert> = {},
) {
  const [comment] = await db
    .insert(comments)
    .values({ postId: post.id, userId: author.id, content: 'Nice shot!', ...overrides })
    .returning();
  return comment;
}

export async function createFollow(db: Db, follower: { id: string }, following: { id: string }) {
  const [row] = await db
    .insert(follows)
    .values({ followerId: follower.id, followingId: following.id })
    .returning();
  return row;
}

export async function createBlockedWord(db: Db, word: string, addedBy?: { id: string }) {
  const [row] = await db.insert(blockedWords).values({ word, addedBy: addedBy?.id }).returning();
  return row;
}

/** A team with its leader (and members, each with a role). */
export async function createTeam(
  db: Db,
  leader: { id: string },
  opts: { name?: string; members?: { user: { id: string }; role?: 'member' | 'co-leader' }[] } = {},
) {
  const [team] = await db
    .insert(teams)
    .values({ name: opts.name ?? `Team ${randomBytes(3).toString('hex')}`, createdBy: leader.id })
    .returning();
  await db
    .insert(teamMembers)
    .values([
      { teamId: team.id, userId: leader.id, role: 'leader' },
      ...(opts.members ?? []).map((m) => ({ teamId: team.id, userId: m.user.id, role: m.role ?? 'member' })),
    ]);
  return team;
}

/** An event a week from now (or as given), with no registrations. */
export async function createEvent(db: Db, overrides: Partial<typeof events.$inferInsert> = {}) {
  const [event] = await db
    .insert(events)
    .values({
      title: `Event ${randomBytes(3).toString('hex')}`,
      date: new Date(Date.now() + 7 * 86_400_000),
      location: 'Leeds, West Yorkshire',
      ...overrides,
    })
    .returning();
  return event;
}

/**
 * A registration (or a waitlist place) with the event's counter kept exact, as the API's would be;
 * arrival order is the order of the calls.
 */
export async function createRegistration(
  db: Db,
  user: { id: string },
  event: { id: string },
  status: 'registered' | 'waitlisted' = 'registered',
) {
  const [row] = await db
    .insert(eventRegistrations)
    .values({ eventId: event.id, userId: user.id, status })
    .returning();
  await db
    .update(events)
    .set(
      status === 'registered'
        ? { registeredCount: sql`${events.registeredCount} + 1` }
        : { waitlistCount: sql`${events.waitlistCount} + 1` },
    )
    .where(sql`${events.id} = ${event.id}`);
  return row;
}

/** A news article (category News, source and read time defaulted by the table), newest unless dated. */
export async function createNews(db: Db, overrides: Partial<typeof news.$inferInsert> = {}) {
  const [row] = await db
    .insert(news)
    .values({
      title: `News ${randomBytes(3).toString('hex')}`,
      excerpt: 'A short summary.',
      content: 'The **full** article.',
      ...overrides,
    })
    .returning();
  return row;
}

/** A video tutorial (How to Play, Beginner) unless told otherwise. */
export async function createTutorial(db: Db, overrides: Partial<typeof tutorials.$inferInsert> = {}) {
  const [row] = await db
    .insert(tutorials)
    .values({
      title: `Tutorial ${randomBytes(3).toString('hex')}`,
      description: 'What you will learn.',
      category: 'How to Play',
      difficulty: 'Beginner',
      duration: '10 min',
      type: 'video',
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      ...overrides,
    })
    .returning();
  return row;
}

/** A request as `user` (its session cookie), or anonymous with null. */
export function injectAs(
  app: App,
  user: { cookie: string } | null,
  opts: {
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    url: string;
    payload?: object;
    headers?: Record<string, string>;
  },
) {
  return app.inject({
    method: opts.method ?? 'GET',
    url: opts.url,
    payload: opts.payload,
    headers: { ...(opts.headers ?? {}), ...(user ? { cookie: user.cookie } : {}) },
  });
}
