import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { App } from '../context';
import type { Db } from '../db/client';
import {
  blockedWords,
  comments,
  eventRegistrations,
  events,
  fields,
  follows,
  gearPosts,
  gearRatings,
  news,
  postLikes,
  posts,
  productPriceHistory,
  productSources,
  products,
  stores,
  teamMembers,
  teams,
  tutorials,
  userSessions,
  users,
} from '../db/schema';
import { createSession, hashPassword } from '../modules/auth';
import { createTestApp, type TestApp } from './app';

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

// Factories for every entity there is (issues 8 and 21); later areas add theirs here. Each one
// builds what it is missing, as outline's factories do: a post without an author makes a user, an
// offer without a product or a store makes them, so a test names only the rows it is about.

const hex = () => randomBytes(3).toString('hex');

/** The given row's id, or that of a new user when none is given. */
const userIdOf = async (db: Db, user: { id: string } | null | undefined) =>
  (user ?? (await createUser(db))).id;

/** A post by `author` (a new user when none is given). */
export async function createPost(
  db: Db,
  author?: { id: string } | null,
  overrides: Partial<typeof posts.$inferInsert> = {},
) {
  const [post] = await db
    .insert(posts)
    .values({
      userId: overrides.userId ?? (await userIdOf(db, author)),
      caption: `Post ${hex()}`,
      ...overrides,
    })
    .returning();
  return post;
}

/** A like, counted by the post's trigger as the API's would be (a new user and post when not given). */
export async function createLike(db: Db, user?: { id: string } | null, post?: { id: string } | null) {
  const [like] = await db
    .insert(postLikes)
    .values({ postId: (post ?? (await createPost(db))).id, userId: await userIdOf(db, user) })
    .returning();
  return like;
}

/** A comment by `author` on `post` (each made when not given). */
export async function createComment(
  db: Db,
  author?: { id: string } | null,
  post?: { id: string } | null,
  overrides: Partial<typeof comments.$inferInsert> = {},
) {
  const [comment] = await db
    .insert(comments)
    .values({
      postId: overrides.postId ?? (post ?? (await createPost(db))).id,
      userId: overrides.userId ?? (await userIdOf(db, author)),
      content: 'Nice shot!',
      ...overrides,
    })
    .returning();
  return comment;
}

export async function createFollow(
  db: Db,
  follower?: { id: string } | null,
  following?: { id: string } | null,
) {
  const [row] = await db
    .insert(follows)
    .values({ followerId: await userIdOf(db, follower), followingId: await userIdOf(db, following) })
    .returning();
  return row;
}

export async function createBlockedWord(db: Db, word: string, addedBy?: { id: string }) {
  const [row] = await db.insert(blockedWords).values({ word, addedBy: addedBy?.id }).returning();
  return row;
}

/** A team with its leader (a new user when none is given) and members, each with a role. */
export async function createTeam(
  db: Db,
  leader?: { id: string } | null,
  opts: {
    name?: string;
    members?: { user: { id: string }; role?: 'member' | 'co-leader' }[];
    values?: Partial<typeof teams.$inferInsert>;
  } = {},
) {
  const leaderId = await userIdOf(db, leader);
  const [team] = await db
    .insert(teams)
    .values({ name: opts.name ?? `Team ${hex()}`, createdBy: leaderId, ...opts.values })
    .returning();
  await db
    .insert(teamMembers)
    .values([
      { teamId: team.id, userId: leaderId, role: 'leader' },
      ...(opts.members ?? []).map((m) => ({ teamId: team.id, userId: m.user.id, role: m.role ?? 'member' })),
    ]);
  return team;
}

/** An event a week from now (or as given), with no registrations. */
export async function createEvent(db: Db, overrides: Partial<typeof events.$inferInsert> = {}) {
  const [event] = await db
    .insert(events)
    .values({
      title: `Event ${hex()}`,
      date: new Date(Date.now() + 7 * 86_400_000),
      location: 'Leeds, West Yorkshire',
      ...overrides,
    })
    .returning();
  return event;
}

/**
 * A registration (or a waitlist place) with the event's counter kept exact, as the API's would be;
 * arrival order is the order of the calls. A new user and event when not given.
 */
export async function createRegistration(
  db: Db,
  user?: { id: string } | null,
  event?: { id: string } | null,
  status: 'registered' | 'waitlisted' = 'registered',
) {
  event ??= await createEvent(db);
  const [row] = await db
    .insert(eventRegistrations)
    .values({ eventId: event.id, userId: await userIdOf(db, user), status })
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
      title: `News ${hex()}`,
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
      title: `Tutorial ${hex()}`,
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

/** A gear post of `owner` (a new user when none is given): a rifle with an uploaded-looking image, unrated. */
export async function createGearPost(
  db: Db,
  owner?: { id: string } | null,
  overrides: Partial<typeof gearPosts.$inferInsert> = {},
) {
  const [row] = await db
    .insert(gearPosts)
    .values({
      userId: overrides.userId ?? (await userIdOf(db, owner)),
      title: `Gear ${hex()}`,
      image: '/objects/images/gear.webp',
      category: 'Rifle',
      ...overrides,
    })
    .returning();
  return row;
}

/**
 * A rating (4 unless given) of `gear` by `rater`, each made when not given; the gear's totals and
 * weighted rating follow through the table's trigger, as the API's would.
 */
export async function createGearRating(
  db: Db,
  gear?: { id: string } | null,
  rater?: { id: string } | null,
  rating = 4,
) {
  const [row] = await db
    .insert(gearRatings)
    .values({
      gearPostId: (gear ?? (await createGearPost(db))).id,
      userId: await userIdOf(db, rater),
      rating,
    })
    .returning();
  return row;
}

/** A woodland field in Abbotsford, BC, with its coordinates, unrated and unverified. */
export async function createField(db: Db, overrides: Partial<typeof fields.$inferInsert> = {}) {
  const [row] = await db
    .insert(fields)
    .values({
      name: `Field ${hex()}`,
      type: 'Outdoor woodland',
      address: '1 Forest Rd, Abbotsford, BC V2S 4N1',
      lat: 49.05,
      lng: -122.3,
      ...overrides,
    })
    .returning();
  return row;
}

/** A store in Toronto, Ontario, with its coordinates. */
export async function createStore(db: Db, overrides: Partial<typeof stores.$inferInsert> = {}) {
  const [row] = await db
    .insert(stores)
    .values({
      name: `Store ${hex()}`,
      address: '1 Main St',
      region: 'Ontario',
      lat: 43.65,
      lng: -79.38,
      ...overrides,
    })
    .returning();
  return row;
}

/** A catalog product (a Krytac rifle unless told otherwise), with no offers. */
export async function createProduct(db: Db, overrides: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await db
    .insert(products)
    .values({
      title: 'Krytac Trident MkII CRB',
      brand: 'Krytac',
      category: 'Rifle',
      fps: 370,
      ...overrides,
    })
    .returning();
  return row;
}

/**
 * A store's offer for a product (each made when not given; the vendor is the store's name), in
 * stock at 299.99 USD unless told otherwise, with its price history as given (oldest first).
 */
export async function createOffer(
  db: Db,
  opts: Partial<typeof productSources.$inferInsert> & {
    product?: { id: string };
    store?: { name: string };
    history?: { price: string; recordedAt?: Date; inStock?: boolean }[];
  } = {},
) {
  const { product, store, history, ...values } = opts;
  const productId = values.productId ?? (product ?? (await createProduct(db))).id;
  const vendor = values.vendor ?? (store ?? (await createStore(db))).name;
  const [row] = await db
    .insert(productSources)
    .values({
      price: '299.99',
      url: `https://${vendor.toLowerCase().replace(/\W+/g, '')}.example.com/p`,
      ...values,
      productId,
      vendor,
    })
    .returning();
  for (const h of history ?? [])
    await db
      .insert(productPriceHistory)
      .values({ sourceId: row.id, currency: row.currency, ...h, inStock: h.inStock ?? true });
  return row;
}

/** A request as `user` (its session cookie), or anonymous with null. */
export function injectAs(
  app: App,
  user: { cookie: string } | null,
  opts: {
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    url: string;
    payload?: InjectOptions['payload'];
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

/**
 * A test file's app with its players, made in that order (`'admin'` or `'user'` each):
 * `({ t, member, admin } = await appWithPlayers({ member: 'user', admin: 'admin' }))` in a
 * `beforeAll`. Its `t` is closed by the file's `afterAll`.
 */
export async function appWithPlayers<P extends Record<string, 'user' | 'admin'>>(
  players: P,
  opts: Parameters<typeof createTestApp>[0] = {},
): Promise<{ t: TestApp } & { [K in keyof P]: TestUser }> {
  const t = await createTestApp(opts);
  const made: Record<string, TestUser> = {};
  for (const [name, role] of Object.entries(players))
    made[name] = await (role === 'admin' ? createAdmin : createUser)(t.database.db);
  return { t, ...made } as { t: TestApp } & { [K in keyof P]: TestUser };
}

/**
 * `count` players with a session each, written in bulk (the password is never used): the storm
 * tests' crowd, 1,000 at once, with the cookie each signs in with.
 */
export async function signedInCrowd(
  db: Db,
  count: number,
  prefix: string,
): Promise<{ id: string; cookie: string }[]> {
  const made = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        username: `${prefix}_${i}_${randomBytes(2).toString('hex')}`,
        email: `${prefix}_${i}@example.test`,
        password: 'unused',
      })),
    )
    .returning({ id: users.id });
  const crowd = made.map((u) => ({ id: u.id, token: randomBytes(32).toString('base64url') }));
  await db.insert(userSessions).values(
    crowd.map((c) => ({
      userId: c.id,
      tokenHash: createHash('sha256').update(c.token).digest('hex'),
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
  );
  return crowd.map((c) => ({ id: c.id, cookie: `sid=${c.token}` }));
}
