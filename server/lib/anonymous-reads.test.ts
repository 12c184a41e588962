import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { createGearPost, createTeam, createUser, injectAs, type TestUser } from '../test/factories';
import { StampedCache } from './stamped-cache';

// The anonymous teams cache (PUBLIC_CACHE_MS): kept long here, so only an invalidation can empty it.
let t: TestApp;
let leader: TestUser;
let member: TestUser;
let team: { id: string };
beforeAll(async () => {
  t = await createTestApp({ config: { publicCacheMs: 60_000 } });
  [leader, member] = await Promise.all([createUser(t.database.db), createUser(t.database.db)]);
  team = await createTeam(t.database.db, leader, { members: [{ user: member }] });
});
afterAll(() => t.close());

const get = async (user: TestUser | null, url: string) => {
  const res = await injectAs(t.app, user, { method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json();
};
/** A change made behind the app's back (as another process would): only the TTL or a write here shows it. */
const behindTheBack = (tagline: string) =>
  t.database.db.execute(sql`UPDATE teams SET tagline = ${tagline} WHERE id = ${team.id}`);

describe('anonymous teams reads', () => {
  it('are kept per address for anonymous visitors and emptied by a write of the teams routes', async () => {
    await behindTheBack('first');
    expect((await get(null, `/api/teams/${team.id}`)).tagline).toBe('first');
    const list = await get(null, '/api/teams?limit=50');
    expect(list.map((x: { id: string }) => x.id)).toContain(team.id);

    await behindTheBack('second');
    // Kept: the same address answers what it answered.
    expect((await get(null, `/api/teams/${team.id}`)).tagline).toBe('first');
    expect(
      (await get(null, '/api/teams?limit=50')).find((x: { id: string }) => x.id === team.id).tagline,
    ).toBe('first');
    // Another address is read afresh.
    expect((await get(null, `/api/teams/${team.id}?x=1`)).tagline).toBe('second');

    // A write through the teams routes empties it before it answers.
    const patch = await injectAs(t.app, leader, {
      method: 'PATCH',
      url: `/api/teams/${team.id}`,
      payload: { tagline: 'third' },
    });
    expect(patch.statusCode).toBe(200);
    expect((await get(null, `/api/teams/${team.id}`)).tagline).toBe('third');
    expect(
      (await get(null, '/api/teams?limit=50')).find((x: { id: string }) => x.id === team.id).tagline,
    ).toBe('third');
  });

  it('never keeps a signed-in viewer’s answer (their role and abilities are in it)', async () => {
    await get(null, `/api/teams/${team.id}`);
    await behindTheBack('fourth');
    const own = await get(leader, `/api/teams/${team.id}`);
    expect(own.tagline).toBe('fourth');
    expect(own.currentUserRole).toBe('leader');
    // The anonymous answer is still the kept one, with no role.
    const anonymous = await get(null, `/api/teams/${team.id}`);
    expect(anonymous.tagline).not.toBe('fourth');
    expect(anonymous.currentUserRole).toBeNull();
  });

  it('shows the roster after a member leaves', async () => {
    const before = await get(null, `/api/teams/${team.id}/members`);
    expect(before.map((m: { userId: string }) => m.userId)).toContain(member.id);
    const leave = await injectAs(t.app, member, { method: 'POST', url: `/api/teams/${team.id}/leave` });
    expect(leave.statusCode).toBe(204);
    const after = await get(null, `/api/teams/${team.id}/members`);
    expect(after.map((m: { userId: string }) => m.userId)).not.toContain(member.id);
    expect((await get(null, `/api/teams/${team.id}`)).memberCount).toBe(1);
  });
});

describe('anonymous Top Rated', () => {
  it('is kept for anonymous visitors and emptied by a rating', async () => {
    const [owner, rater] = await Promise.all([createUser(t.database.db), createUser(t.database.db)]);
    const gear = await createGearPost(t.database.db, owner, {
      title: 'Kept helmet',
      image: '/objects/images/kept.webp',
      category: 'Helmet',
    });
    const top = async () =>
      (await get(null, '/api/gear/top-rated')).find((g: { id: string }) => g.id === gear.id) ?? null;
    expect(await top()).toBeNull();
    const rate = await injectAs(t.app, rater, {
      method: 'POST',
      url: `/api/gear/${gear.id}/rate`,
      payload: { rating: 5 },
    });
    expect(rate.statusCode).toBe(200);
    expect((await top())?.totalRatings).toBe(1);
    // Behind the app's back: the kept answer stays until a gear write here.
    await t.database.db.execute(sql`UPDATE gear_posts SET title = 'Renamed' WHERE id = ${gear.id}`);
    expect((await top())?.title).toBe('Kept helmet');
    const signedIn = await injectAs(t.app, rater, { url: '/api/gear/top-rated' });
    expect(signedIn.json().find((g: { id: string }) => g.id === gear.id).title).toBe('Renamed');
  });
});

describe('StampedCache', () => {
  it('does not keep what was read before an invalidation that came in between', async () => {
    const cache = new StampedCache<{ v: number }>(60_000);
    let release!: () => void;
    const slow = cache.through('k', () => new Promise((resolve) => (release = () => resolve({ v: 1 }))));
    cache.invalidate();
    release();
    expect(await slow).toEqual({ v: 1 });
    expect(cache.get('k')).toBeUndefined();
    expect(await cache.through('k', async () => ({ v: 2 }))).toEqual({ v: 2 });
    expect(cache.get('k')).toEqual({ v: 2 });
  });

  it('keeps nothing when its TTL is 0', async () => {
    const cache = new StampedCache<{ v: number }>(0);
    await cache.through('k', async () => ({ v: 1 }));
    expect(cache.get('k')).toBeUndefined();
  });
});
