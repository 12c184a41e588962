import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXTS, AUTH_TEXTS, COMMON_TEXTS } from '../../../contract';
import { adminGrants, blockedWords, users } from '../../db/schema';
import { createTestApp, sessionCookie, type TestApp } from '../../test/app';
import { createAdmin, createUser, injectAs, registerViaApi } from '../../test/factories';
import { bootstrapAdmins } from '../auth';

let t: TestApp;
beforeAll(async () => {
  // 'admin' and 'ops' bootstrap the role (the test app lists them).
  t = await createTestApp({ config: { adminUsernames: ['admin', 'ops', 'boss'] } });
});
afterAll(() => t.close());

const account = (username: string) => ({
  username,
  email: `${username.toLowerCase()}@example.test`,
  password: 'a-strong-pass-123',
});
const me = (cookie: string) => injectAs(t.app, { cookie }, { url: '/api/user' });
const rename = (cookie: string, username: string) =>
  injectAs(t.app, { cookie }, { method: 'PATCH', url: '/api/profile', payload: { username } });
const roleOf = async (id: string) =>
  (await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

describe('the admin role belongs to an account, never to a name', () => {
  it('a listed name grants admin once; after a rename, nobody else gets it through the name', async () => {
    const first = await registerViaApi(t.app, account('admin'));
    expect(first.json().role).toBe('admin');
    const adminCookie = sessionCookie(first);
    expect((await rename(adminCookie, 'admin_old')).statusCode).toBe(200);
    expect((await me(adminCookie)).json()).toMatchObject({ username: 'admin_old', role: 'admin' });

    // A stranger registering the freed name (any case) gets nothing: the name is reserved.
    const stranger = await registerViaApi(t.app, account('Admin'));
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json()).toEqual({
      message: AUTH_TEXTS.usernameReserved,
      errors: { username: [AUTH_TEXTS.usernameReserved] },
    });
    expect(
      await t.database.db.select().from(users).where(eq(users.email, 'admin@example.test')),
    ).toHaveLength(1);
    const [grant] = await t.database.db.select().from(adminGrants).where(eq(adminGrants.name, 'admin'));
    expect(grant.userId).toBe(first.json().id);
  });

  it('a member cannot rename to a listed name, in any case; the data is unchanged', async () => {
    const member = await createUser(t.database.db, { username: 'sneaky_one' });
    for (const name of ['ADMIN', 'ops', 'Boss']) {
      const res = await rename(member.cookie, name);
      expect(res.statusCode, name).toBe(409);
      expect(res.json().message).toBe(AUTH_TEXTS.usernameReserved);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ username: 'sneaky_one', role: 'user' });
    // Nor does a later start hand the role to it.
    await bootstrapAdmins(t.database.db, ['admin', 'ops']);
    expect(await roleOf(member.id)).toBe('user');
  });

  it('at start, an unused grant binds to the account holding the name, once', async () => {
    const boss = await createUser(t.database.db, { username: 'Boss' });
    expect(await bootstrapAdmins(t.database.db, ['boss'])).toEqual(['Boss']);
    expect(await roleOf(boss.id)).toBe('admin');
    // The admin renames; an account with the old name appears (made straight in the database).
    await t.database.db.update(users).set({ username: 'boss_retired' }).where(eq(users.id, boss.id));
    const impostor = await createUser(t.database.db, { username: 'boss' });
    expect(await bootstrapAdmins(t.database.db, ['boss'])).toEqual([]);
    expect(await roleOf(impostor.id)).toBe('user');
    expect(await roleOf(boss.id)).toBe('admin');
  });

  it('deleting the admin account moves the role to nobody', async () => {
    const ops = await registerViaApi(t.app, account('ops'));
    expect(ops.json().role).toBe('admin');
    const cookie = sessionCookie(ops);
    // Another admin exists, so ops may go.
    expect((await injectAs(t.app, { cookie }, { method: 'DELETE', url: '/api/user' })).statusCode).toBe(204);
    const again = await registerViaApi(t.app, account('ops'));
    expect(again.statusCode).toBe(409);
    const [grant] = await t.database.db.select().from(adminGrants).where(eq(adminGrants.name, 'ops'));
    expect(grant.userId).toBeNull();
  });
});

describe('Manage Admins: PATCH /api/admin/users/:id/role and GET /api/admin/users', () => {
  const setRole = (cookie: string | null, id: string, role: string) =>
    injectAs(t.app, cookie ? { cookie } : null, {
      method: 'PATCH',
      url: `/api/admin/users/${id}/role`,
      payload: { role },
    });

  it('an admin grants and revokes; the player sees the new role at once', async () => {
    const admin = await createAdmin(t.database.db);
    const player = await createUser(t.database.db, { username: 'promoted_player' });
    const grant = await setRole(admin.cookie, player.id.toUpperCase(), 'admin');
    expect(grant.statusCode).toBe(200);
    expect(grant.json()).toMatchObject({ id: player.id, username: 'promoted_player', role: 'admin' });
    expect((await me(player.cookie)).json().role).toBe('admin');
    // The new admin can use the admin routes at once.
    expect((await injectAs(t.app, player, { url: '/api/admin/blocked-words' })).statusCode).toBe(200);

    const found = await injectAs(t.app, admin, { url: '/api/admin/users?q=PROMOTED' });
    expect(found.statusCode).toBe(200);
    expect(found.headers['cache-control']).toBe('private, no-store');
    expect(found.json()).toEqual([
      { id: player.id, username: 'promoted_player', avatar: null, role: 'admin' },
    ]);
    const listed = await injectAs(t.app, admin, { url: '/api/admin/users' });
    expect(listed.json().every((u: { role: string }) => u.role === 'admin')).toBe(true);
    expect(listed.json().map((u: { id: string }) => u.id)).toContain(player.id);

    const revoke = await setRole(admin.cookie, player.id, 'user');
    expect(revoke.statusCode).toBe(200);
    expect((await me(player.cookie)).json().role).toBe('user');
    expect((await injectAs(t.app, player, { url: '/api/admin/blocked-words' })).statusCode).toBe(403);
  });

  it('answers 404 for an unknown account and 400 for a bad role', async () => {
    const admin = await createAdmin(t.database.db);
    const missing = await setRole(admin.cookie, '00000000-0000-4000-8000-000000000000', 'admin');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: ADMIN_TEXTS.userNotFound });
    const bad = await setRole(admin.cookie, admin.id, 'superuser');
    expect(bad.statusCode).toBe(400);
    expect(await roleOf(admin.id)).toBe('admin');
  });

  it('refuses members (403) and visitors (401); nothing changes', async () => {
    const member = await createUser(t.database.db);
    const target = await createUser(t.database.db);
    expect((await setRole(member.cookie, member.id, 'admin')).statusCode).toBe(403);
    expect((await setRole(null, target.id, 'admin')).statusCode).toBe(401);
    expect((await injectAs(t.app, member, { url: '/api/admin/users' })).statusCode).toBe(403);
    expect(await roleOf(member.id)).toBe('user');
    expect(await roleOf(target.id)).toBe('user');
  });

  it('the last admin cannot revoke themself (409), even when two revoke each other at once', async () => {
    const solo = await createTestApp({ config: { adminUsernames: [] } });
    try {
      const a = await createAdmin(solo.database.db);
      const self = await injectAs(solo.app, a, {
        method: 'PATCH',
        url: `/api/admin/users/${a.id}/role`,
        payload: { role: 'user' },
      });
      expect(self.statusCode).toBe(409);
      expect(self.json()).toEqual({ message: ADMIN_TEXTS.lastAdmin });

      const b = await createAdmin(solo.database.db);
      const both = await Promise.all([
        injectAs(solo.app, a, {
          method: 'PATCH',
          url: `/api/admin/users/${b.id}/role`,
          payload: { role: 'user' },
        }),
        injectAs(solo.app, b, {
          method: 'PATCH',
          url: `/api/admin/users/${a.id}/role`,
          payload: { role: 'user' },
        }),
      ]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const admins = await solo.database.db.select().from(users).where(eq(users.role, 'admin'));
      expect(admins).toHaveLength(1);
    } finally {
      await solo.close();
    }
  });
});

describe('guards belong to routes, not to URL spellings', () => {
  it('percent-encoded admin paths answer as the plain ones: 401, 403, and the same list for admins', async () => {
    const member = await createUser(t.database.db);
    const admin = await createAdmin(t.database.db);
    await t.database.db.insert(blockedWords).values({ word: 'encodedword' }).onConflictDoNothing();
    for (const url of [
      '/api/admin/blocked-words',
      '/api/%61dmin/blocked-words',
      '/%61pi/admin/blocked-words',
      '/api/admin/%62locked-words',
      '/api/%41dmin/blocked-words'.replace('%41', '%61'),
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
      expect((await injectAs(t.app, member, { url })).statusCode, url).toBe(403);
      const ok = await injectAs(t.app, admin, { url });
      expect(ok.statusCode, url).toBe(200);
      expect(ok.json().map((w: { word: string }) => w.word)).toContain('encodedword');
    }
    const post = await injectAs(t.app, member, {
      method: 'POST',
      url: '/api/%61dmin/blocked-words',
      payload: { word: 'sneaky' },
    });
    expect(post.statusCode).toBe(403);
    expect(
      await t.database.db.select().from(blockedWords).where(eq(blockedWords.word, 'sneaky')),
    ).toHaveLength(0);
  });

  it('a cross-site or Origin: null logout is refused however the path is spelled; the session lives', async () => {
    const u = await createUser(t.database.db);
    for (const url of ['/api/logout', '/%61pi/logout', '/api/%6cogout']) {
      for (const origin of ['https://evil.example', 'null']) {
        const res = await injectAs(t.app, u, {
          method: 'POST',
          url,
          headers: { origin, host: 'localhost:5000' },
        });
        expect(res.statusCode, `${url} ${origin}`).toBe(403);
        expect(res.json()).toEqual({ message: COMMON_TEXTS.crossSite });
      }
    }
    expect((await me(u.cookie)).statusCode).toBe(200);
    // Our own origin passes.
    const own = await injectAs(t.app, u, {
      method: 'POST',
      url: '/%61pi/logout',
      headers: { origin: 'http://localhost:5000', host: 'localhost:5000' },
    });
    expect(own.statusCode).toBe(204);
    expect((await me(u.cookie)).statusCode).toBe(401);
  });

  it('JSON-only holds on encoded paths, and the current user is read on them', async () => {
    const u = await createUser(t.database.db);
    const form = await injectAs(t.app, u, {
      method: 'PATCH',
      url: '/%61pi/profile',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'bio=hacked',
    });
    expect(form.statusCode).toBe(415);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row.bio).toBeNull();
    const encodedMe = await injectAs(t.app, u, { url: '/%61pi/user' });
    expect(encodedMe.statusCode).toBe(200);
    expect(encodedMe.json().id).toBe(u.id);
  });
});
