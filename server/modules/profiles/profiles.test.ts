import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, posts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import {
  createAdmin,
  createEvent,
  createFollow,
  createPost,
  createRegistration,
  createTeam,
  createUser,
  injectAs,
  type TestUser,
} from '../../test/factories';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t.database.db, { username: 'alice', bio: 'Sniper', location: 'Toronto, ON' });
  bob = await createUser(t.database.db, { username: 'bob' });
});
afterAll(() => t.close());

const profile = (username: string, who: TestUser | null = null) =>
  injectAs(t.app, who, { url: `/api/profile/${username}` });
const followReq = (verb: 'follow' | 'unfollow', id: string, who: TestUser | null = null) =>
  injectAs(t.app, who, { method: 'POST', url: `/api/${verb}/${id}` });

describe('GET /api/profile/:username', () => {
  it('answers the profile with exact counts, no password, email only for owner and admin', async () => {
    const db = t.database.db;
    await createPost(db, alice, { caption: 'one' });
    await createPost(db, alice, { caption: 'two' });
    await createRegistration(
      db,
      alice,
      await createEvent(db, { title: 'Op Nightfall', date: new Date(), location: 'Toronto, ON' }),
    );
    await createFollow(db, bob, alice);

    const anon = await profile('ALICE');
    expect(anon.statusCode).toBe(200);
    expect(anon.json()).toMatchObject({
      id: alice.id,
      username: 'alice',
      bio: 'Sniper',
      location: 'Toronto, ON',
      postsCount: 2,
      followersCount: 1,
      followingCount: 0,
      eventsCount: 1,
      isFollowing: false,
    });
    expect(anon.json()).not.toHaveProperty('email');
    expect(anon.json()).not.toHaveProperty('password');

    const asBob = await profile('alice', bob);
    expect(asBob.json().isFollowing).toBe(true);
    expect(asBob.json()).not.toHaveProperty('email');

    const asSelf = await profile('alice', alice);
    expect(asSelf.json().email).toBe(alice.email);
    const admin = await createAdmin(db);
    expect((await profile('alice', admin)).json().email).toBe(alice.email);
  });

  it("answers 404 'User not found'", async () => {
    const res = await profile('nobody-at-all');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'User not found' });
  });
});

describe('PATCH /api/profile', () => {
  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/profile', payload: { bio: 'x' } });
    expect(res.statusCode).toBe(401);
  });

  it('updates any of the fields and answers the current user', async () => {
    const u = await createUser(t.database.db);
    const res = await injectAs(t.app, u, {
      method: 'PATCH',
      url: '/api/profile',
      payload: { bio: '  Speedsoft fan  ', location: 'Austin, TX', avatar: '/objects/images/a.webp' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      bio: 'Speedsoft fan',
      location: 'Austin, TX',
      avatar: '/objects/images/a.webp',
    });
    const cleared = await injectAs(t.app, u, {
      method: 'PATCH',
      url: '/api/profile',
      payload: { bio: '', avatar: null },
    });
    expect(cleared.json()).toMatchObject({ bio: null, avatar: null, location: 'Austin, TX' });
  });

  it('refuses bad input without changing anything', async () => {
    const u = await createUser(t.database.db, { bio: 'before' });
    for (const payload of [
      { username: '' },
      { username: 'has space' },
      { bio: 'x'.repeat(501) },
      { avatar: 'javascript:alert(1)' },
      { coverImage: 42 },
      { role: 'admin' },
    ]) {
      const res = await injectAs(t.app, u, { method: 'PATCH', url: '/api/profile', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const me = await injectAs(t.app, u, { url: '/api/user' });
    expect(me.json()).toMatchObject({ bio: 'before', role: 'user' });
  });

  it('answers 409 for a taken username, regardless of case', async () => {
    const u = await createUser(t.database.db);
    const res = await injectAs(t.app, u, {
      method: 'PATCH',
      url: '/api/profile',
      payload: { username: 'ALICE' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Username is already taken');
    const renamed = await injectAs(t.app, u, {
      method: 'PATCH',
      url: '/api/profile',
      payload: { username: 'fresh_name' },
    });
    expect(renamed.json().username).toBe('fresh_name');
  });
});

describe('follow and unfollow', () => {
  it('needs sign-in, a real uuid and an existing user; no self-follow', async () => {
    expect((await followReq('follow', bob.id)).statusCode).toBe(401);
    expect((await followReq('follow', 'not-a-uuid', alice)).statusCode).toBe(400);
    const missing = await followReq('follow', '00000000-0000-4000-8000-000000000000', alice);
    expect(missing.statusCode).toBe(404);
    const self = await followReq('follow', alice.id, alice);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot follow yourself');
  });

  it('is idempotent and counts stay exact under concurrent requests', async () => {
    const star = await createUser(t.database.db);
    const fans = await Promise.all(Array.from({ length: 8 }, () => createUser(t.database.db)));
    const calls = fans.flatMap((f) => [followReq('follow', star.id, f), followReq('follow', star.id, f)]);
    const results = await Promise.all(calls);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await t.database.db.select().from(follows).where(eq(follows.followingId, star.id));
    expect(rows).toHaveLength(8);
    const again = await followReq('follow', star.id, fans[0]);
    expect(again.json()).toEqual({ isFollowing: true, followersCount: 8 });
    const un = await followReq('unfollow', star.id, fans[0]);
    expect(un.json()).toEqual({ isFollowing: false, followersCount: 7 });
    const unAgain = await followReq('unfollow', star.id, fans[0]);
    expect(unAgain.json()).toEqual({ isFollowing: false, followersCount: 7 });
  });
});

describe('profile lists', () => {
  it('GET /api/posts/user/:userId pages newest first with a keyset cursor', async () => {
    const db = t.database.db;
    const author = await createUser(db);
    const base = Date.now();
    await db.insert(posts).values(
      Array.from({ length: 5 }, (_, i) => ({
        userId: author.id,
        caption: `post ${i}`,
        createdAt: new Date(base - i * 60_000),
      })),
    );
    const first = await t.app.inject({ url: `/api/posts/user/${author.id}?limit=2` });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.map((p: { caption: string }) => p.caption)).toEqual(['post 0', 'post 1']);
    expect(page1[0]).toMatchObject({
      user: { username: author.username },
      likesCount: 0,
      commentsCount: 0,
      isLiked: false,
      images: [],
    });
    const next = await t.app.inject({ url: `/api/posts/user/${author.id}?limit=2&before=${page1[1].id}` });
    expect(next.json().map((p: { caption: string }) => p.caption)).toEqual(['post 2', 'post 3']);
    expect((await t.app.inject({ url: `/api/posts/user/${author.id}?limit=101` })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/posts/user/${author.id}?before=zzz` })).statusCode).toBe(400);
  });

  it('GET /api/user/:userId/teams lists teams with role, tag and member count', async () => {
    const db = t.database.db;
    const member = await createUser(db);
    const team = await createTeam(db, alice, {
      name: 'Ghost Recon Unit',
      members: [{ user: member, role: 'co-leader' }],
      values: { tagline: 'Silent' },
    });
    const res = await t.app.inject({ url: `/api/user/${member.id}/teams` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        id: team.id,
        name: 'Ghost Recon Unit',
        tag: 'GRU',
        role: 'co-leader',
        memberCount: 2,
      }),
    ]);
    const none = await t.app.inject({ url: `/api/user/${bob.id}/teams` });
    expect(none.json()).toEqual([]);
  });
});
