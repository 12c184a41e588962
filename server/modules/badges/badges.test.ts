import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserBadgesAnswer } from '../../../contract';
import type { Db } from '../../db/client';
import { eventRegistrations, posts, userBadges } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import {
  createEvent,
  createGearPost,
  createGearRating,
  createPost,
  createRegistration,
  createTeam,
  createUser,
  injectAs,
  type TestUser,
} from '../../test/factories';
import { runHousekeeping } from '../housekeeping';
import { awardBadges, awardErrors } from './award';
import { BADGE_RULES } from './rules';
import { backfillBadges } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const db = () => t.database.db;
const DAY = 86_400_000;

/** The player's badges, as stored: id → awarded at. */
async function held(user: { id: string }): Promise<Map<string, Date>> {
  const list = await db()
    .select({ badge: userBadges.badge, at: userBadges.createdAt })
    .from(userBadges)
    .where(eq(userBadges.userId, user.id));
  return new Map(list.map((r) => [r.badge, r.at]));
}
const badgeIds = async (user: { id: string }) => [...(await held(user)).keys()].sort();
const rowCount = async (user: { id: string }, badge: string) =>
  (
    await db()
      .select({ id: userBadges.id })
      .from(userBadges)
      .where(sql`${userBadges.userId} = ${user.id} AND ${userBadges.badge} = ${badge}`)
  ).length;

const post = (user: TestUser, caption = 'On the field today') =>
  injectAs(t.app, user, { method: 'POST', url: '/api/posts', payload: { caption } });
const register = (user: TestUser, eventId: string) =>
  injectAs(t.app, user, { method: 'POST', url: `/api/events/${eventId}/registration` });

/** `n` posts straight in the table (no trigger), `daysAgo` the oldest, a day apart. */
async function seedPosts(database: Db, user: { id: string }, n: number, daysAgo = n + 1) {
  for (let i = 0; i < n; i++)
    await createPost(database, user, { createdAt: new Date(Date.now() - (daysAgo - i) * DAY) });
}

const getBadges = (userId: string, viewer: TestUser | null = null) =>
  injectAs(t.app, viewer, { url: `/api/user/${userId}/badges` });

describe('awards as things happen', () => {
  it("posting earns 'First Post', then '10 Posts' and '100 Posts' at their counts", async () => {
    const u = await createUser(db());
    expect((await post(u)).statusCode).toBe(201);
    expect(await badgeIds(u)).toEqual(['first-post']);

    await seedPosts(db(), u, 8);
    expect((await post(u)).statusCode).toBe(201); // the 10th
    expect(await badgeIds(u)).toEqual(['first-post', 'posts-10']);

    await seedPosts(db(), u, 89);
    expect((await post(u)).statusCode).toBe(201); // the 100th
    expect(await badgeIds(u)).toEqual(['first-post', 'posts-10', 'posts-100']);
  });

  it('posting earns only the post badges (each trigger counts its own rules)', async () => {
    const u = await createUser(db(), { joinedAt: new Date(Date.now() - 400 * DAY) });
    const event = await createEvent(db());
    await createRegistration(db(), u, event);
    await createTeam(db(), u);
    expect((await post(u)).statusCode).toBe(201);
    expect(await badgeIds(u)).toEqual(['first-post']);
  });

  it("registering earns 'First Event', '5 Events' and '25 Events'; a waitlist place counts once moved up", async () => {
    const u = await createUser(db());
    const first = await createEvent(db());
    expect((await register(u, first.id)).statusCode).toBe(200);
    expect(await badgeIds(u)).toEqual(['first-event']);

    for (let i = 0; i < 3; i++) await createRegistration(db(), u, await createEvent(db()));
    expect((await register(u, (await createEvent(db())).id)).statusCode).toBe(200); // the 5th
    expect(await badgeIds(u)).toEqual(['events-5', 'first-event']);

    for (let i = 0; i < 19; i++) await createRegistration(db(), u, await createEvent(db()));
    // A waitlisted registration does not count.
    await createRegistration(db(), u, await createEvent(db()), 'waitlisted');
    expect((await register(u, (await createEvent(db())).id)).statusCode).toBe(200); // the 25th
    expect(await badgeIds(u)).toEqual(['events-25', 'events-5', 'first-event']);

    // Capacity 1: the second player waits, and earns 'First Event' when the first one leaves.
    const full = await createEvent(db(), { capacity: 1 });
    const [a, b] = [await createUser(db()), await createUser(db())];
    expect((await register(a, full.id)).statusCode).toBe(200);
    expect((await register(b, full.id)).statusCode).toBe(200);
    expect(await badgeIds(b)).toEqual([]);
    expect(
      (await injectAs(t.app, a, { method: 'DELETE', url: `/api/events/${full.id}/registration` })).statusCode,
    ).toBe(200);
    expect(await badgeIds(b)).toEqual(['first-event']);
    expect(await badgeIds(a)).toEqual(['first-event']); // kept after leaving
  });

  it("'team' earns 'Team Founder' for who created the team and 'Team Member' for every member", async () => {
    const [leader, member, outsider] = [
      await createUser(db()),
      await createUser(db()),
      await createUser(db()),
    ];
    await createTeam(db(), leader, { members: [{ user: member }] });
    for (const u of [leader, member, outsider]) await awardBadges(db(), u.id, 'team');
    expect(await badgeIds(leader)).toEqual(['team-founder', 'team-member']);
    expect(await badgeIds(member)).toEqual(['team-member']);
    expect(await badgeIds(outsider)).toEqual([]);
  });

  it("'gear-upload' earns 'First Gear Upload'; 'rating-given' '25 Ratings Given' at 25", async () => {
    const [owner, rater] = [await createUser(db()), await createUser(db())];
    await awardBadges(db(), owner.id, 'gear-upload');
    expect(await badgeIds(owner)).toEqual([]);
    await createGearPost(db(), owner);
    await awardBadges(db(), owner.id, 'gear-upload');
    expect(await badgeIds(owner)).toEqual(['first-gear']);

    for (let i = 0; i < 24; i++) await createGearRating(db(), await createGearPost(db(), owner), rater, 4);
    await awardBadges(db(), rater.id, 'rating-given');
    expect(await badgeIds(rater)).toEqual([]);
    await createGearRating(db(), await createGearPost(db(), owner), rater, 4);
    await awardBadges(db(), rater.id, 'rating-given');
    expect(await badgeIds(rater)).toEqual(['ratings-25']);
  });

  it("'gear-rated' earns 'Top Rated Gear' at an average of 4.5 or more from at least 5 ratings", async () => {
    const cases: [number, number, boolean][] = [
      [4.5, 5, true],
      [5, 4, false],
      [4.4, 50, false],
      [4.8, 12, true],
    ];
    for (const [averageRating, totalRatings, earns] of cases) {
      const owner = await createUser(db());
      await createGearPost(db(), owner, { averageRating, totalRatings });
      await awardBadges(db(), owner.id, 'gear-rated');
      expect(await badgeIds(owner), `${averageRating} from ${totalRatings}`).toEqual(
        earns ? ['top-rated-gear'] : [],
      );
    }
  });

  it("'One Year a Member' comes with the profile's badges and the housekeeping sweep, not before a year", async () => {
    const old = await createUser(db(), { joinedAt: new Date(Date.now() - 366 * DAY) });
    const joinedAt = new Date(Date.now() - 400 * DAY);
    const swept = await createUser(db(), { joinedAt });
    const young = await createUser(db(), { joinedAt: new Date(Date.now() - 300 * DAY) });
    const res = await getBadges(old.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().earned.map((b: { id: string }) => b.id)).toEqual(['one-year']);

    const done = await runHousekeeping(db(), t.storage, new Date(), { badges: 'membership' });
    expect(done.badges).toBeGreaterThanOrEqual(1);
    expect(await badgeIds(swept)).toEqual(['one-year']);
    // Dated a year after joining.
    expect((await held(swept)).get('one-year')?.getTime()).toBe(
      new Date(joinedAt).setUTCFullYear(joinedAt.getUTCFullYear() + 1),
    );
    expect(await badgeIds(young)).toEqual([]);
    const progress = (await getBadges(young.id)).json().progress;
    expect(progress.find((p: { id: string }) => p.id === 'one-year')).toMatchObject({
      current: 300,
      target: 365,
    });
  });
});

describe('never twice, kept when the reason goes', () => {
  it('a second trigger, and the backfill, award nothing again', async () => {
    const u = await createUser(db());
    await post(u);
    await post(u);
    await awardBadges(db(), u.id, 'post');
    await backfillBadges(db());
    expect(await rowCount(u, 'first-post')).toBe(1);
  });

  it("ten posts at once: one 'First Post' row, and '10 Posts' is not missed", async () => {
    const u = await createUser(db());
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post(u, `Burst ${i}`)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(await rowCount(u, 'first-post')).toBe(1);
    expect(await rowCount(u, 'posts-10')).toBe(1);
  });

  it('concurrent triggers of every kind for one player leave one row per badge', async () => {
    const u = await createUser(db());
    await createPost(db(), u);
    await createTeam(db(), u);
    await createGearPost(db(), u, { averageRating: 5, totalRatings: 5 });
    const triggers = ['post', 'team', 'gear-upload', 'gear-rated'] as const;
    await Promise.all(Array.from({ length: 24 }, (_, i) => awardBadges(db(), u.id, triggers[i % 4])));
    const list = await db().select().from(userBadges).where(eq(userBadges.userId, u.id));
    expect(list.map((b) => b.badge).sort()).toEqual([
      'first-gear',
      'first-post',
      'team-founder',
      'team-member',
      'top-rated-gear',
    ]);
  });

  it("deleting the post keeps 'First Post'; leaving the event keeps 'First Event'", async () => {
    const u = await createUser(db());
    const created = await post(u);
    const del = await injectAs(t.app, u, { method: 'DELETE', url: `/api/posts/${created.json().id}` });
    expect(del.statusCode).toBe(204);
    expect(await db().select().from(posts).where(eq(posts.userId, u.id))).toEqual([]);
    expect(await badgeIds(u)).toEqual(['first-post']);
    expect((await getBadges(u.id)).json().earned.map((b: { id: string }) => b.id)).toEqual(['first-post']);
    await backfillBadges(db());
    expect(await badgeIds(u)).toEqual(['first-post']);
  });

  it("an award that fails never fails the player's write: the post and the registration go through", async () => {
    const report = vi.spyOn(awardErrors, 'report').mockImplementation(() => {});
    const u = await createUser(db());
    const event = await createEvent(db());
    // Inside the caller's transaction: a waitlisted player moved up when the first one leaves.
    const full = await createEvent(db(), { capacity: 1 });
    const [first, waiting] = [await createUser(db()), await createUser(db())];
    await createRegistration(db(), first, full);
    await createRegistration(db(), waiting, full, 'waitlisted');
    await db().execute(sql`ALTER TABLE user_badges RENAME TO user_badges_away`);
    try {
      const created = await post(u);
      expect(created.statusCode).toBe(201);
      const registered = await register(u, event.id);
      expect(registered.statusCode).toBe(200);
      expect(registered.json().registeredCount).toBe(1);
      const left = await injectAs(t.app, first, {
        method: 'DELETE',
        url: `/api/events/${full.id}/registration`,
      });
      expect(left.statusCode).toBe(200);
      expect(left.json()).toMatchObject({ registeredCount: 1, waitlistCount: 0 });
    } finally {
      await db().execute(sql`ALTER TABLE user_badges_away RENAME TO user_badges`);
    }
    expect(report).toHaveBeenCalledTimes(3);
    const [moved] = await db()
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.userId, waiting.id));
    expect(moved.status).toBe('registered');
    expect(await db().select().from(posts).where(eq(posts.userId, u.id))).toHaveLength(1);
    expect(
      await db().select().from(eventRegistrations).where(eq(eventRegistrations.userId, u.id)),
    ).toHaveLength(1);
    expect(await badgeIds(u)).toEqual([]);
    // The next post (or the profile's badges, or the backfill) awards what was missed.
    await post(u);
    expect(await badgeIds(u)).toEqual(['first-post']);
    await getBadges(u.id);
    expect(await badgeIds(u)).toEqual(['first-event', 'first-post']);
  });
});

describe('backfill', () => {
  it('awards every rule to every player who meets it, dated when they met it, once', async () => {
    const u = await createUser(db(), { joinedAt: new Date(Date.now() - 500 * DAY) });
    await seedPosts(db(), u, 10, 30); // the 10th: 21 days ago
    const events = [];
    for (let i = 0; i < 5; i++) events.push(await createRegistration(db(), u, await createEvent(db())));
    const team = await createTeam(db(), u);
    // Five ratings of 4 and 5 (the counters kept by the gear_ratings trigger): an average of 4.6.
    const gear = await createGearPost(db(), u);
    const fans = [];
    for (const rating of [5, 4, 5, 4, 5]) fans.push(await createGearRating(db(), gear, null, rating));
    const rater = await createUser(db());
    for (let i = 0; i < 25; i++) await createGearRating(db(), await createGearPost(db(), u), rater, 5);

    const awarded = await backfillBadges(db());
    expect(awarded).toBeGreaterThanOrEqual(10);
    expect(await badgeIds(u)).toEqual([
      'events-5',
      'first-event',
      'first-gear',
      'first-post',
      'one-year',
      'posts-10',
      'team-founder',
      'team-member',
      'top-rated-gear',
    ]);
    expect(await badgeIds(rater)).toEqual(['ratings-25']);
    const at = await held(u);
    const tenth = await db()
      .select({ at: posts.createdAt })
      .from(posts)
      .where(eq(posts.userId, u.id))
      .orderBy(posts.createdAt);
    expect(at.get('first-post')).toEqual(tenth[0].at);
    expect(at.get('posts-10')).toEqual(tenth[9].at);
    expect(at.get('events-5')).toEqual(events[4].createdAt);
    expect(at.get('team-founder')).toEqual(team.createdAt);
    expect(at.get('top-rated-gear')).toEqual(fans[4].createdAt);
    expect(await backfillBadges(db())).toBe(0);
  });

  it("housekeeping's first run backfills every rule", async () => {
    const u = await createUser(db());
    await seedPosts(db(), u, 1);
    const done = await runHousekeeping(db(), t.storage, new Date(), { badges: 'all' });
    expect(done.badges).toBeGreaterThanOrEqual(1);
    expect(await badgeIds(u)).toEqual(['first-post']);
  });
});

describe('GET /api/user/{userId}/badges', () => {
  it('answers the earned badges with their rarity and the progress toward the next ones, for everyone', async () => {
    // A database of its own, so the share of players is exact.
    const own = await createTestApp();
    try {
      const d = own.database.db;
      const [a, b, c, e] = [
        await createUser(d),
        await createUser(d),
        await createUser(d),
        await createUser(d),
      ];
      await seedPosts(d, a, 3);
      await seedPosts(d, b, 12);
      await createRegistration(d, a, await createEvent(d));
      await backfillBadges(d);
      for (const viewer of [null, a, c]) {
        const res = await injectAs(own.app, viewer, { url: `/api/user/${a.id}/badges` });
        expect(res.statusCode).toBe(200);
        const body: UserBadgesAnswer = res.json();
        expect(body.earned.map((x) => [x.id, x.name, x.icon, x.rarity])).toEqual([
          ['first-post', 'First Post', 'message-square', 0.5],
          ['first-event', 'First Event', 'calendar-check', 0.25],
        ]);
        expect(new Date(body.earned[0].awardedAt).getTime()).toBeLessThan(Date.now() - DAY);
        expect(body.earned[0].description).toBe('Shared a first post');
        expect(body.progress.map((p) => [p.id, p.current, p.target])).toEqual([
          ['posts-10', 3, 10],
          ['events-5', 1, 5],
          ['ratings-25', 0, 25],
          ['one-year', 0, 365],
        ]);
      }
      const none: UserBadgesAnswer = (
        await injectAs(own.app, null, { url: `/api/user/${e.id}/badges` })
      ).json();
      expect(none.earned).toEqual([]);
      expect(none.progress.map((p) => [p.id, p.current, p.target])).toEqual([
        ['first-post', 0, 1],
        ['first-event', 0, 1],
        ['ratings-25', 0, 25],
        ['one-year', 0, 365],
      ]);
      const bBody: UserBadgesAnswer = (
        await injectAs(own.app, null, { url: `/api/user/${b.id}/badges` })
      ).json();
      expect(bBody.progress[0]).toMatchObject({ id: 'posts-100', current: 12, target: 100 });
    } finally {
      await own.close();
    }
  });

  it('a badge stored under a name no rule has is left out', async () => {
    const u = await createUser(db());
    await db().insert(userBadges).values({ userId: u.id, badge: 'Founding Member' });
    const res = await getBadges(u.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().earned).toEqual([]);
  });

  it('404 for an unknown player, 400 for what is no id; nothing is written', async () => {
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(userBadges);
    const missing = await getBadges('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('User not found');
    for (const bad of [
      'not-a-uuid',
      '%00',
      `${(await createUser(db())).id}%00`,
      '..%2Fteams',
      "1'%20OR%201=1",
    ]) {
      const res = await getBadges(bad);
      expect(res.statusCode, bad).toBe(400);
    }
    expect(await db().select({ n: sql<number>`count(*)::int` }).from(userBadges)).toEqual(before);
  });

  it('every rule has a name, a description and a target; the ids are the contract’s', async () => {
    const { BADGE_IDS } = await import('../../../contract');
    expect(BADGE_RULES.map((r) => r.id)).toEqual([...BADGE_IDS]);
    for (const r of BADGE_RULES) expect(r.name && r.description && r.target > 0).toBeTruthy();
  });
});
