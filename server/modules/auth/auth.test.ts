import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from '../../../contract';
import { follows, posts, teamMembers, teams, userSessions, users } from '../../db/schema';
import { createTestApp, sessionCookie, type TestApp } from '../../test/app';
import {
  createFollow,
  createPost,
  createTeam,
  createUser,
  injectAs,
  registerViaApi,
  TEST_PASSWORD,
} from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const body = (n: string) => ({ username: n, email: `${n}@example.test`, password: 'a-strong-pass-123' });

describe('POST /api/register', () => {
  it('creates the user, signs them in and never answers the password', async () => {
    const res = await registerViaApi(t.app, body('rookie'));
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({ username: 'rookie', email: 'rookie@example.test', role: 'user', bio: null });
    expect(user).not.toHaveProperty('password');
    expect(res.body).not.toContain('argon2');
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    const me = await injectAs(t.app, { cookie: sessionCookie(res) }, { url: '/api/user' });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe('rookie');
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'rookie'));
    expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers 400 with the spec wording per field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'ab', email: 'not-an-email' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      username: ['String must contain at least 3 character(s)'],
      email: ['Invalid email'],
      password: ['Required'],
    });
  });

  it('refuses bad usernames, short and common passwords', async () => {
    const bad = await registerViaApi(t.app, { ...body('x'), username: 'no spaces!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.username[0]).toMatch(/letters, digits/);
    const long = await registerViaApi(t.app, { ...body('x'), username: 'a'.repeat(31) });
    expect(long.json().errors.username).toEqual(['String must contain at most 30 character(s)']);
    const short = await registerViaApi(t.app, { ...body('shorty'), password: '1234567' });
    expect(short.json().errors.password).toEqual(['String must contain at least 8 character(s)']);
    const common = await registerViaApi(t.app, { ...body('commoner'), password: 'Password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().errors.password[0]).toMatch(/too common/);
    const [n] = await t.database.db.select().from(users).where(eq(users.username, 'commoner'));
    expect(n).toBeUndefined();
  });

  it('allows a 64+ character password', async () => {
    const res = await registerViaApi(t.app, { ...body('longpass'), password: 'p'.repeat(100) });
    expect(res.statusCode).toBe(201);
  });

  it('answers 409 naming the taken username, regardless of case, and the taken email', async () => {
    await registerViaApi(t.app, body('Ghost'));
    const sameName = await registerViaApi(t.app, { ...body('ghost'), email: 'other@example.test' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({
      message: 'Username is already taken',
      errors: { username: ['Username is already taken'] },
    });
    const sameEmail = await registerViaApi(t.app, { ...body('ghost2'), email: 'GHOST@example.test' });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe('Email is already registered');
  });

  it('keeps one user when the same name registers twice at once', async () => {
    const results = await Promise.all([
      registerViaApi(t.app, body('racer')),
      registerViaApi(t.app, { ...body('racer'), email: 'racer2@example.test' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('grants admin to ADMIN_USERNAMES, case-insensitively', async () => {
    const res = await registerViaApi(t.app, body('Admin'));
    expect(res.json().role).toBe('admin');
  });
});

describe('POST /api/login and /api/logout', () => {
  it('signs in by username or email; wrong user and wrong password answer the same', async () => {
    const u = await createUser(t.database.db, { username: 'sniper' });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'SNIPER', password: TEST_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().id).toBe(u.id);
    const byEmail = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: u.email, password: TEST_PASSWORD },
    });
    expect(byEmail.statusCode).toBe(200);
    const wrongPass = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'sniper', password: 'wrong-password' },
    });
    const wrongUser = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'nobody-here', password: 'wrong-password' },
    });
    expect(wrongPass.statusCode).toBe(401);
    expect(wrongUser.statusCode).toBe(401);
    expect(wrongPass.json()).toEqual(wrongUser.json());
    expect(wrongPass.json()).toEqual({ message: 'Invalid username or password' });
  });

  it('logout revokes the session on the server', async () => {
    const u = await createUser(t.database.db);
    const out = await injectAs(t.app, u, { method: 'POST', url: '/api/logout' });
    expect(out.statusCode).toBe(204);
    const me = await injectAs(t.app, u, { url: '/api/user' });
    expect(me.statusCode).toBe(401);
    const left = await t.database.db.select().from(userSessions).where(eq(userSessions.userId, u.id));
    expect(left).toHaveLength(0);
  });

  it('GET /api/user answers 401 JSON when signed out or with a forged cookie', async () => {
    const anon = await t.app.inject({ url: '/api/user' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ message: 'Not signed in' });
    const forged = await injectAs(t.app, { cookie: 'sid=forged' }, { url: '/api/user' });
    expect(forged.statusCode).toBe(401);
  });

  it('refuses form posts and cross-site origins', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a&password=b',
    });
    expect(form.statusCode).toBe(415);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/plain' },
      payload: '{"username":"a","password":"b"}',
    });
    expect(text.statusCode).toBe(415);
    const u = await createUser(t.database.db);
    const cross = await injectAs(t.app, u, {
      method: 'DELETE',
      url: '/api/user',
      headers: { origin: 'https://evil.example', host: 'localhost:5000' },
    });
    expect(cross.statusCode).toBe(403);
    const still = await injectAs(t.app, u, { url: '/api/user' });
    expect(still.statusCode).toBe(200);
  });

  it('answers bad JSON with 400 and unknown API paths with 404 JSON', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
    const missing = await t.app.inject({ url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/Not found/);
  });
});

describe('DELETE /api/user', () => {
  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/user' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses (409) while the player leads a team with other members, changing nothing; after a hand-over it goes', async () => {
    const db = t.database.db;
    const leader = await createUser(db);
    const coLeader = await createUser(db);
    const team = await createTeam(db, leader, {
      name: 'Handover Squad',
      members: [{ user: coLeader, role: 'co-leader' }],
    });
    const before = await db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id));
    const res = await injectAs(t.app, leader, { method: 'DELETE', url: '/api/user' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: AUTH_TEXTS.leaderMustHandOver,
      errors: { teams: ['Handover Squad'] },
    });
    expect(await db.select().from(users).where(eq(users.id, leader.id))).toHaveLength(1);
    expect(await db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id))).toEqual(before);
    expect((await injectAs(t.app, leader, { url: '/api/user' })).statusCode).toBe(200);
    // A co-leader (not the leader) may go; then the leader hands over and goes too.
    const transfer = await injectAs(t.app, leader, {
      method: 'POST',
      url: `/api/teams/${team.id}/transfer`,
      payload: { userId: coLeader.id },
    });
    expect(transfer.statusCode).toBe(200);
    expect((await injectAs(t.app, leader, { method: 'DELETE', url: '/api/user' })).statusCode).toBe(204);
    const [kept] = await db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id));
    expect(kept).toMatchObject({ userId: coLeader.id, role: 'leader' });
  });

  it('removes the account, its sessions and dependent rows; set-null references survive', async () => {
    const db = t.database.db;
    const leaving = await createUser(db);
    const other = await createUser(db);
    await createFollow(db, leaving, other);
    await createFollow(db, other, leaving);
    await createPost(db, leaving, { caption: 'bye' });
    const team = await createTeam(db, leaving, { name: 'Leavers' });

    const res = await injectAs(t.app, leaving, { method: 'DELETE', url: '/api/user' });
    expect(res.statusCode).toBe(204);
    expect(await db.select().from(users).where(eq(users.id, leaving.id))).toHaveLength(0);
    expect(await db.select().from(posts).where(eq(posts.userId, leaving.id))).toHaveLength(0);
    expect(await db.select().from(follows).where(eq(follows.followingId, leaving.id))).toHaveLength(0);
    expect(await db.select().from(follows).where(eq(follows.followerId, leaving.id))).toHaveLength(0);
    expect(await db.select().from(teamMembers).where(eq(teamMembers.userId, leaving.id))).toHaveLength(0);
    expect(await db.select().from(userSessions).where(eq(userSessions.userId, leaving.id))).toHaveLength(0);
    const [kept] = await db.select().from(teams).where(eq(teams.id, team.id));
    expect(kept.createdBy).toBeNull();
    const me = await injectAs(t.app, leaving, { url: '/api/user' });
    expect(me.statusCode).toBe(401);
  });
});
