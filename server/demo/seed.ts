/**
 * SEED_DEMO=1: fills an empty database with a living demo community (DESIGN §3). Runs on every
 * start; does nothing when any user exists. Images are drawn in code (no network) and stored
 * under images/demo-*.webp with their responsive variants, size and placeholder, like uploads
 * (decision 012). Players, follows, blocked words, posts, likes and comments are made through the
 * services (community.ts), so they follow the real rules; the other areas' rows are still written
 * directly. Everything goes in one transaction, dated relative to now.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { PRODUCT_NAME } from '../../contract';
import type { Db } from '../db/client';
import {
  type eventRegistrations,
  type events,
  type gearPosts,
  type gearRatings,
  images as imagesTable,
  pageViews,
  postEvents,
  searchEvents,
  sessions,
  userBadges,
  users,
} from '../db/schema';
import { hashPassword } from '../modules/auth';
import { backfillBadges } from '../modules/badges';
import { describeAndResize, storePreparedImage } from '../modules/uploads';
import type { ObjectStorage } from '../storage/types';
import { avatarSvg, drawPixels, encodeWebp, gearSvg, posterSvg, sceneSvg } from './art';
import { planCatalog, seedCatalog } from './catalog-products';
import { seedCheckIns } from './check-in';
import {
  type IdMap,
  type PlannedPlayer,
  type PlannedPost,
  remapIds,
  seedBlockedWords,
  seedFollows,
  seedPosts,
  seedUsers,
} from './community';
import { seedNews, seedTutorials } from './content';
import { EVENT_HOURS, EVENT_ZONES, EVENTS, OPEN_ENDED_EVENTS } from './data/events';
import { FIELDS } from './data/fields';
import { GEAR } from './data/gear';
import { NEWS } from './data/news';
import { DEMO_ADMIN, PLAYERS } from './data/players';
import { COMMENT_POOL, POSTS } from './data/posts';
import { SEARCHES } from './data/searches';
import { STORES } from './data/stores';
import { TUTORIALS } from './data/tutorials';
import { seedEvents } from './events';
import { seedFields } from './fields';
import { seedGameDay, seedGameDaySquad, seedWaivers } from './game-day';
import { seedGear } from './gear';
import { seedNotifications } from './notifications';
import { between, int, pick, type Rng, rngFrom, sample } from './random';
import { seedReports } from './reports';
import { seedStores } from './stores';
import { planTeams, seedTeams } from './teams';

/** The one password of every demo account (the admin's too, but in production: demoAdminPassword). */
export const DEMO_PASSWORD = 'airsoft-demo-2026';

/**
 * The demo admin's password (docs/security.md 6.3.2: the published one made the seeded admin of a
 * public copy anybody's): DEMO_ADMIN_PASSWORD when set; else, with NODE_ENV=production, a random
 * one (`random`: printed once in the start log, with a warning to change it); else (development,
 * where the README and the browser tests sign in with it) the published DEMO_PASSWORD.
 */
export function demoAdminPassword(env: { NODE_ENV?: string; DEMO_ADMIN_PASSWORD?: string }): {
  password: string;
  random: boolean;
} {
  if (env.DEMO_ADMIN_PASSWORD) return { password: env.DEMO_ADMIN_PASSWORD, random: false };
  if (env.NODE_ENV === 'production') return { password: randomBytes(18).toString('base64url'), random: true };
  return { password: DEMO_PASSWORD, random: false };
}

/** The start log's warning line for a random demo admin password (printed once: it is not kept anywhere). */
export const demoAdminWarning = (password: string) =>
  `Demo admin "${DEMO_ADMIN}" has the random password "${password}" (NODE_ENV=production): ` +
  'sign in and change it in Settings now; it is not printed again.';

/** Sets the demo admin's own password (the other demo players keep DEMO_PASSWORD). */
export async function setDemoAdminPassword(db: Db | Tx, adminId: string, password: string): Promise<void> {
  await db
    .update(users)
    .set({ password: await hashPassword(password) })
    .where(eq(users.id, adminId));
}
/** Serializes concurrent seeders (several app instances starting at once). */
const SEED_LOCK = 727_274_001;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

interface ImageJob {
  key: string;
  svg: () => string;
}

const PROVINCES = new Set(['BC', 'AB', 'SK', 'MB', 'ON', 'QC', 'NB', 'NS', 'PE', 'NL', 'YT', 'NT', 'NU']);
const countryOf = (location: string | null | undefined) =>
  PROVINCES.has((location ?? '').split(',').pop()?.trim() ?? '') ? 'CA' : 'US';

/** Everything the demo writes, built in memory before the transaction. */
function buildPlan(now: Date, adminUsernames: string[]) {
  const rng = rngFrom('airsoft-demo');
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);
  const between2 = (r: Rng, from: Date, to: Date) =>
    new Date(from.getTime() + r() * Math.max(0, to.getTime() - from.getTime()));
  const later = (a: Date, b: Date) => (a > b ? a : b);

  const jobs = new Map<string, ImageJob>();
  const image = (name: string, svg: () => string) => {
    const key = `images/demo-${name}.webp`;
    if (!jobs.has(key)) jobs.set(key, { key, svg });
    return `/objects/${key}`;
  };

  // People (registered through the auth service; ids here stand in until the accounts exist) -----
  const players: PlannedPlayer[] = PLAYERS.map((p) => ({
    plannedId: randomUUID(),
    username: p.username,
    email: `${p.username}@example.com`,
    bio: p.bio,
    location: p.location,
    avatar: image(`avatar-${p.username}`, () => avatarSvg(p.initials, p.hue, p.username)),
    coverImage: image(`cover-${p.username}`, () => sceneSvg(p.cover, `cover-${p.username}`, 1200, 400, 3)),
    joinedAt: at(p.joined * DAY + int(rng, 0, 20) * HOUR),
  }));
  const byName = new Map(players.map((u) => [u.username, { ...u, id: u.plannedId }]));
  const user = (name: string) => {
    const u = byName.get(name);
    if (!u) throw new Error(`demo: unknown player ${name}`);
    return u;
  };
  const everyone = players.map((u) => user(u.username));
  const joinedBefore = (when: Date, except?: string) =>
    everyone.filter((u) => u.joinedAt < when && u.username !== except);

  const followRows: { follower: string; following: string; at: Date }[] = [];
  everyone.forEach((a, i) => {
    const others = everyone.filter((b) => b.id !== a.id);
    // Everyone follows the next two players (so nobody is left out), plus a few at random.
    const chosen = new Set([everyone[(i + 1) % everyone.length], everyone[(i + 2) % everyone.length]]);
    for (const b of sample(rng, others, int(rng, 2, 5))) chosen.add(b);
    for (const b of chosen) {
      if (b.id === a.id) continue;
      followRows.push({
        follower: a.username,
        following: b.username,
        at: between2(rng, later(a.joinedAt, b.joinedAt), now),
      });
    }
  });

  // Posts, likes, comments (made through the posts services) ----------------------------------
  const postRows: PlannedPost[] = [];
  const postEventRows: (typeof postEvents.$inferInsert)[] = [];
  POSTS.forEach((p, i) => {
    const createdAt = at(p.ago * HOUR + int(rng, 0, 50) * 60_000);
    const images = p.images.map((scene, k) =>
      image(`post-${i + 1}-${k + 1}`, () => sceneSvg(scene, `post-${i}-${k}`)),
    );
    const post: PlannedPost = {
      plannedId: randomUUID(),
      by: p.by,
      caption: p.caption,
      images,
      createdAt,
      likes: [],
      comments: [],
    };
    postRows.push(post);

    const fans = sample(rng, joinedBefore(createdAt, p.by), int(rng, 1, 9));
    for (const fan of fans) {
      const likedAt = new Date(createdAt.getTime() + rng() ** 2 * (now.getTime() - createdAt.getTime()));
      post.likes.push({ by: fan.username, at: likedAt });
    }

    const thread: { by: string; text: string }[] = [...(p.comments ?? [])];
    if (thread.length === 0 && rng() < 0.6) {
      for (const u of sample(rng, joinedBefore(createdAt, p.by), int(rng, 1, 2))) {
        thread.push({ by: u.username, text: pick(rng, COMMENT_POOL) });
      }
    }
    const span = now.getTime() - createdAt.getTime();
    thread.forEach((c, k) => {
      const when = new Date(
        createdAt.getTime() + (span * (k + between(rng, 0.2, 0.9))) / (thread.length + 1),
      );
      post.comments.push({ by: c.by, text: c.text, at: when });
    });
  });
  // A few actions whose traces outlived their posts or likes.
  for (let k = 0; k < 3; k++) {
    const u = pick(rng, everyone);
    const post = pick(rng, postRows);
    postEventRows.push({
      postId: post.plannedId,
      userId: u.id,
      action: 'unlike',
      occurredAt: at(int(rng, 1, 20) * DAY),
    });
  }
  for (let k = 0; k < 2; k++) {
    postEventRows.push({
      postId: null,
      userId: pick(rng, everyone).id,
      action: 'delete',
      occurredAt: at(int(rng, 2, 25) * DAY),
    });
  }

  const blockedWordsAdded = ['spambot', 'scamlink'].map((word) => ({
    word,
    at: at(int(rng, 20, 60) * DAY),
  }));

  // Events -------------------------------------------------------------------------------------
  const eventRows: (typeof events.$inferInsert)[] = [];
  const registrationRows: (typeof eventRegistrations.$inferInsert)[] = [];
  for (const e of EVENTS) {
    const id = randomUUID();
    const date = new Date(now.getTime() + e.inDays * DAY);
    date.setUTCHours(e.hour, 0, 0, 0);
    const createdAt = at(int(rng, 12, 45) * DAY);
    // Players from the event's own country sign up first.
    const attendees = everyone
      .map((u) => ({ u, key: rng() + (countryOf(u.location) === countryOf(e.location) ? 0 : 1) }))
      .sort((a, b) => a.key - b.key)
      .slice(0, Math.min(e.registered, e.capacity))
      .map((x) => x.u);
    for (const u of attendees) {
      registrationRows.push({
        eventId: id,
        userId: u.id,
        createdAt: between2(rng, later(createdAt, u.joinedAt), now),
      });
    }
    eventRows.push({
      id,
      title: e.title,
      description: e.description,
      date,
      endDate: OPEN_ENDED_EVENTS.has(e.slug)
        ? null
        : new Date(date.getTime() + EVENT_HOURS[e.type] * 3_600_000),
      timeZone: EVENT_ZONES[e.location.split(', ').pop() ?? ''] ?? 'UTC',
      location: e.location,
      address: e.address,
      lat: e.lat,
      lng: e.lng,
      type: e.type,
      image: e.scene
        ? image(`event-${e.slug}`, () => posterSvg(e.scene!, e.slug, e.title, { tag: e.type }))
        : null,
      capacity: e.capacity,
      registeredCount: attendees.length,
      url: `https://example.com/events/${e.slug}`,
      createdAt,
    });
  }

  // Fields, products (stores: stores.ts) -------------------------------------------------------------------
  const fieldRows = FIELDS.map((f, i) => ({
    name: f.name,
    type: f.type,
    address: f.address,
    lat: f.lat,
    lng: f.lng,
    phone: f.phone,
    website: f.website,
    rating: f.rating,
    verified: f.verified,
    image: image(`field-${i + 1}`, () => sceneSvg(f.scene, `field-${i}`)),
    createdAt: at(int(rng, 30, 200) * DAY),
  }));
  const catalog = planCatalog(now, rng, image);

  // News and tutorials -------------------------------------------------------------------------
  const newsRows = NEWS.map((a, i) => ({
    title: a.title,
    excerpt: a.excerpt,
    content: a.content,
    image: image(`news-${i + 1}`, () => posterSvg(a.scene, `news-${i}`, a.title, { tag: a.tag })),
    category: a.category,
    source: a.source ?? PRODUCT_NAME,
    readTime: a.readTime,
    createdAt: at(a.days * DAY + int(rng, 1, 10) * HOUR),
  }));
  const tutorialRows = TUTORIALS.map((t, i) => ({
    title: t.title,
    description: t.description,
    content: t.content ?? null,
    image: image(`tutorial-${i + 1}`, () =>
      posterSvg(t.scene, `tutorial-${i}`, t.title, {
        tag: t.difficulty,
        play: t.type === 'video',
        width: 960,
        height: 540,
      }),
    ),
    category: t.category,
    difficulty: t.difficulty,
    duration: t.duration,
    type: t.type,
    videoUrl: t.videoId ? `https://www.youtube.com/watch?v=${t.videoId}` : null,
    channelTitle: t.channel ?? null,
    createdAt: at(t.days * DAY + int(rng, 1, 10) * HOUR),
  }));

  // Teams (teams.ts) ---------------------------------------------------------------------------
  const { teamRows, memberRows, inviteRows, applicationRows, galleryRows } = planTeams({
    rng,
    now,
    at,
    user,
    image,
  });

  // Gear and ratings ---------------------------------------------------------------------------
  const gearRows: (typeof gearPosts.$inferInsert)[] = [];
  const ratingRows: (typeof gearRatings.$inferInsert)[] = [];
  GEAR.forEach((g, i) => {
    const id = randomUUID();
    const owner = user(g.by);
    const createdAt = at(g.days * DAY + int(rng, 1, 20) * HOUR);
    const raters = sample(rng, joinedBefore(createdAt, g.by), g.raters);
    const values = raters.map((u) => {
      const value = Math.max(1, Math.min(5, Math.round(g.quality + between(rng, -1.2, 1.2))));
      ratingRows.push({
        gearPostId: id,
        userId: u.id,
        rating: value,
        createdAt: between2(rng, createdAt, now),
      });
      return value;
    });
    gearRows.push({
      id,
      userId: owner.id,
      title: g.title,
      description: g.description,
      image: image(`gear-${i + 1}`, () => gearSvg(g.kind, `gear-${i}`)),
      category: g.category,
      averageRating: values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0,
      totalRatings: values.length,
      createdAt,
    });
  });

  // Analytics: visits over the past 30 days ----------------------------------------------------
  const sessionRows: (typeof sessions.$inferInsert)[] = [];
  const viewRows: (typeof pageViews.$inferInsert)[] = [];
  const searchRows: (typeof searchEvents.$inferInsert)[] = [];
  // Countries as ISO 3166-1 codes, as the live recording stores them (server/modules/analytics/geo.ts).
  const places: [string, string][] = [
    ['CA', 'British Columbia'],
    ['CA', 'Ontario'],
    ['CA', 'Ontario'],
    ['CA', 'Quebec'],
    ['CA', 'Alberta'],
    ['CA', 'Nova Scotia'],
    ['CA', 'Manitoba'],
    ['CA', 'Saskatchewan'],
    ['US', 'Texas'],
    ['US', 'California'],
    ['US', 'Washington'],
    ['US', 'Florida'],
  ];
  const referrers = [
    null,
    null,
    null,
    'https://www.google.com/',
    'https://www.reddit.com/r/airsoft/',
    'https://www.instagram.com/',
  ];
  const paths = [
    '/',
    '/',
    '/',
    '/gear',
    '/teams',
    ...teamRows.map((t) => `/teams/${t.id}`),
    ...everyone.slice(1, 6).map((u) => `/profile/${u.username}`),
  ];
  for (let k = 0; k < 90; k++) {
    const id = randomUUID();
    const startedAt = at(between(rng, 0.1, 30) * DAY);
    const visitor = rng() < 0.7 ? pick(rng, joinedBefore(startedAt)) : undefined;
    const duration = int(rng, 20, 1500);
    const [country, region] = pick(rng, places);
    const device = rng() < 0.5 ? 'mobile' : rng() < 0.8 ? 'desktop' : 'tablet';
    const referrer = pick(rng, referrers);
    sessionRows.push({
      id,
      userId: visitor?.id ?? null,
      sessionId: randomBytes(16).toString('base64url'),
      startedAt,
      endedAt: new Date(startedAt.getTime() + duration * 1000),
      durationSeconds: duration,
      country,
      region,
      device,
      referrer,
    });
    const views = int(rng, 1, 6);
    for (let v = 0; v < views; v++) {
      viewRows.push({
        sessionId: id,
        path: v === 0 ? '/' : pick(rng, paths),
        referrer: v === 0 ? referrer : null,
        occurredAt: new Date(startedAt.getTime() + ((duration * 1000) / views) * v),
      });
    }
    if (rng() < 0.45) {
      const [query, resultsCount] = pick(rng, SEARCHES);
      searchRows.push({
        sessionId: id,
        userId: visitor?.id ?? null,
        query,
        resultsCount,
        occurredAt: new Date(startedAt.getTime() + duration * 500),
      });
    }
  }

  return {
    now,
    jobs: [...jobs.values()],
    players,
    adminUsernames: [DEMO_ADMIN, ...adminUsernames.map((u) => u.trim().toLowerCase())],
    followRows,
    postRows,
    postEventRows,
    blockedWordsAdded,
    eventRows,
    registrationRows,
    fieldRows,
    catalog,
    newsRows,
    tutorialRows,
    teamRows,
    memberRows,
    inviteRows,
    applicationRows,
    galleryRows,
    gearRows,
    ratingRows,
    sessionRows,
    viewRows,
    searchRows,
  };
}

/**
 * Draws, encodes and stores the images, a few at a time, each with its responsive variants
 * (describeAndResize, as registration makes them); answers their `images` rows (size, placeholder,
 * variant widths).
 */
async function storeImages(storage: ObjectStorage, jobs: ImageJob[]) {
  const limit = Math.max(2, Math.min(4, availableParallelism()));
  const rows: (typeof imagesTable.$inferInsert)[] = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      // Drawn once: the image and its copies are encoded from the same pixels.
      const pixels = await drawPixels(job.svg());
      const webp = await encodeWebp(pixels);
      const described = await describeAndResize(pixels, { effort: 2 });
      const objectPath = `/objects/${job.key}`;
      await storePreparedImage(storage, objectPath, { webp, variants: described.variants });
      rows.push({
        objectPath,
        width: described.width,
        height: described.height,
        placeholder: described.placeholder,
        variantWidths: described.variants.map((v) => v.width),
      });
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return rows;
}

const hasUsers = async (db: Db | Tx) => (await db.select({ id: users.id }).from(users).limit(1)).length > 0;

export async function seedDemo(
  db: Db,
  storage: ObjectStorage,
  opts: { adminUsernames: string[]; adminPassword?: string },
): Promise<{ message: string } | null> {
  if (await hasUsers(db)) return null;
  const started = Date.now();
  const ownAdminPassword =
    opts.adminPassword !== undefined && opts.adminPassword !== DEMO_PASSWORD ? opts.adminPassword : null;
  const plan = buildPlan(new Date(), opts.adminUsernames);
  // The images are drawn while the rows are written; their rows go in last, in the same transaction.
  const imagesStored = storeImages(storage, plan.jobs);
  imagesStored.catch(() => {}); // awaited below; a failure there fails the seed

  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasUsers(tx)) return null;
    // The areas with services: through them (community.ts).
    const ids: IdMap = new Map();
    const players = await seedUsers(tx, plan.players, DEMO_PASSWORD, plan.adminUsernames, ids);
    const admin = players.get(DEMO_ADMIN);
    if (!admin) throw new Error('demo: no admin');
    if (ownAdminPassword) await setDemoAdminPassword(tx, admin.id, ownAdminPassword);
    await seedBlockedWords(tx, plan.blockedWordsAdded, admin);
    await seedFollows(tx, plan.followRows, players);
    await seedPosts(tx, plan.postRows, players, ids);
    // The other areas: their rows, with the real ids of players and posts.
    const r = <T extends object>(list: T[]) => remapIds(list, ids);
    await seedEvents(tx, r(plan.eventRows), r(plan.registrationRows), players.values(), admin);
    await seedStores(tx, admin);
    await seedFields(tx, plan.fieldRows, players.values(), admin);
    await seedCatalog(tx, plan.catalog);
    await seedNews(tx, plan.newsRows);
    await seedTutorials(tx, plan.tutorialRows);
    await seedTeams(tx, {
      teamRows: r(plan.teamRows),
      memberRows: r(plan.memberRows),
      inviteRows: r(plan.inviteRows),
      applicationRows: r(plan.applicationRows),
      galleryRows: r(plan.galleryRows),
    });
    // Issue 25: a milsim hosted by a demo team, with two sides (once the teams and fields are in).
    const gameDay = await seedGameDay(tx as unknown as Db, players.values(), plan.now);
    await seedWaivers(tx, admin, gameDay);
    // Tickets checked in at the gate with chrono results, and the players' garages.
    await seedCheckIns(tx as unknown as Db, admin, gameDay);
    await seedGear(tx, r(plan.gearRows), r(plan.ratingRows), players.values());
    await seedReports(tx as unknown as Db, players, admin, plan.now);
    // Badges from the rules (modules/badges), once the content that earns them is in: the awards
    // the services made as rows went in are dated today, the backfill dates each from the history.
    await tx.delete(userBadges);
    await tx.execute(sql`DELETE FROM notifications WHERE kind = 'badge-earned'`);
    await backfillBadges(tx as unknown as Db);
    // Notifications last, once what they report is in (notifications.ts).
    await seedNotifications(tx as unknown as Db, players, admin, plan.now);
    await seedGameDaySquad(tx as unknown as Db, players.values(), gameDay);
    await tx.insert(sessions).values(r(plan.sessionRows));
    await tx.insert(pageViews).values(plan.viewRows);
    await tx.insert(searchEvents).values(r(plan.searchRows));
    await tx.insert(postEvents).values(r(plan.postEventRows));
    await tx
      .insert(imagesTable)
      .values(await imagesStored)
      .onConflictDoNothing();
    return [...players.values()];
  });
  if (!seeded) {
    await imagesStored;
    return null;
  }

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const admins = seeded.filter((u) => u.role === 'admin').map((u) => u.username);
  const examples = ['ghost_recon_mike', 'sarah.speedsoft', 'milsim_maria', 'kim.marksman', 'viper_actual'];
  return {
    message:
      `Demo community seeded in ${seconds}s: ${seeded.length} players, ${plan.postRows.length} posts, ` +
      `${plan.eventRows.length} events, ${STORES.length} stores, ${plan.teamRows.length} teams, ` +
      `${plan.gearRows.length} gear posts, ${plan.jobs.length} images. ` +
      `Sign in with any demo account and the password "${DEMO_PASSWORD}": ` +
      `"${DEMO_ADMIN}" is the admin${ownAdminPassword ? ', with a password of its own,' : ''} (role admin${admins.length > 1 ? `; also admin: ${admins.filter((a) => a !== DEMO_ADMIN).join(', ')}` : ''}); ` +
      `players include ${examples.join(', ')}.`,
  };
}
