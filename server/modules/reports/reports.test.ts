import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_SUBJECT_TYPES, REPORT_TEXTS, type ReportSubjectType } from '../../../contract';
import { rows } from '../../db/rows';
import {
  auditLog,
  comments,
  eventComments,
  notifications,
  posts,
  reports,
  teamGallery,
  users,
} from '../../db/schema';
import { PERSONAL_CACHE } from '../../plugins/personal-cache';
import type { TestApp } from '../../test/app';
import {
  appWithPlayers,
  createComment,
  createEvent,
  createGearPost,
  createPost,
  createTeam,
  createUser,
  injectAs,
  type TestUser,
} from '../../test/factories';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  ({ t, admin } = await appWithPlayers({ admin: 'admin' }));
});
afterAll(() => t.close());

const db = () => t.database.db;
const report = (u: TestUser | null, payload: object) =>
  injectAs(t.app, u, { method: 'POST', url: '/api/reports', payload });
const act = (u: TestUser | null, id: string, payload: object) =>
  injectAs(t.app, u, { method: 'POST', url: `/api/admin/reports/${id}/actions`, payload });
const queue = (u: TestUser | null, status = 'open') =>
  injectAs(t.app, u, { url: `/api/admin/reports?status=${status}` });

/** A subject of each kind, authored by `author`. */
async function subjectOf(type: ReportSubjectType, author: TestUser): Promise<string> {
  switch (type) {
    case 'post':
      return (await createPost(db(), author, { caption: 'Selling live ammo, DM me' })).id;
    case 'comment':
      return (await createComment(db(), author, null, { content: 'You are all idiots' })).id;
    case 'user':
      return author.id;
    case 'team':
      return (await createTeam(db(), author)).id;
    case 'gear':
      return (await createGearPost(db(), author)).id;
    case 'teamGalleryImage': {
      const team = await createTeam(db(), author);
      const [img] = await db()
        .insert(teamGallery)
        .values({ teamId: team.id, image: '/objects/images/g.webp', caption: 'Us', uploadedBy: author.id })
        .returning();
      return img.id;
    }
    case 'eventComment': {
      const event = await createEvent(db());
      const [c] = await db()
        .insert(eventComments)
        .values({ eventId: event.id, userId: author.id, content: 'Bring live ammo' })
        .returning();
      return c.id;
    }
  }
}

const reportRows = (subjectId: string) => db().select().from(reports).where(eq(reports.subjectId, subjectId));
const auditRows = (action: string, subjectId?: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), subjectId ? eq(auditLog.subjectId, subjectId) : undefined));

/** A subject reported once by a fresh reporter; answers its open queue item's id. */
async function reported(type: ReportSubjectType, author: TestUser, reason = 'spam') {
  const subjectId = await subjectOf(type, author);
  const reporter = await createUser(db());
  const res = await report(reporter, { subjectType: type, subjectId, reason, note: '  see this  ' });
  expect(res.statusCode).toBe(201);
  const [row] = await reportRows(subjectId);
  return { subjectId, reportId: row.id, reporter };
}

describe('POST /api/reports', () => {
  it.each(REPORT_SUBJECT_TYPES)(
    'a player reports a %s: 201 with the thanks, and a snapshot kept',
    async (type) => {
      const author = await createUser(db());
      const reporter = await createUser(db());
      const subjectId = await subjectOf(type, author);
      const res = await report(reporter, {
        subjectType: type,
        subjectId,
        reason: 'harassment',
        note: '  look  ',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: 'Thanks, an admin will look at it' });
      const [row] = await reportRows(subjectId);
      expect(row).toMatchObject({
        reporterId: reporter.id,
        subjectType: type,
        reason: 'harassment',
        note: 'look',
        status: 'open',
        authorId: author.id,
      });
      expect(row.snapshot.authorId).toBe(author.id);
      expect(row.snapshot.authorUsername).toBe(author.username);
    },
  );

  it('a second open report of the same subject by the same player is 409; another player may', async () => {
    const author = await createUser(db());
    const reporter = await createUser(db());
    const subjectId = await subjectOf('post', author);
    expect((await report(reporter, { subjectType: 'post', subjectId, reason: 'spam' })).statusCode).toBe(201);
    const again = await report(reporter, { subjectType: 'post', subjectId, reason: 'other' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: REPORT_TEXTS.alreadyReported });
    expect(await reportRows(subjectId)).toHaveLength(1);
    const other = await createUser(db());
    expect((await report(other, { subjectType: 'post', subjectId, reason: 'spam' })).statusCode).toBe(201);
    expect(await reportRows(subjectId)).toHaveLength(2);
  });

  it('1,000 reports at once of one subject by one player make one row', async () => {
    const author = await createUser(db());
    const reporter = await createUser(db());
    const subjectId = await subjectOf('comment', author);
    const answers = await Promise.all(
      Array.from({ length: 1000 }, () =>
        report(reporter, { subjectType: 'comment', subjectId, reason: 'spam' }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(999);
    expect(await reportRows(subjectId)).toHaveLength(1);
  }, 60_000);

  it("refuses a missing subject (404), a signed-out player (401), one's own content (400), bad input (400)", async () => {
    const me = await createUser(db());
    const missing = await report(me, {
      subjectType: 'post',
      subjectId: '00000000-0000-4000-8000-000000000000',
      reason: 'spam',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: REPORT_TEXTS.subjectNotFound });
    const post = await createPost(db(), me);
    expect((await report(null, { subjectType: 'post', subjectId: post.id, reason: 'spam' })).statusCode).toBe(
      401,
    );
    // 401 comes before the body is read.
    expect((await report(null, { nonsense: true })).statusCode).toBe(401);
    const own = await report(me, { subjectType: 'post', subjectId: post.id, reason: 'spam' });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(REPORT_TEXTS.ownContent);
    const self = await report(me, { subjectType: 'user', subjectId: me.id, reason: 'spam' });
    expect(self.statusCode).toBe(400);
    const other = await createPost(db());
    for (const bad of [
      { subjectType: 'event', subjectId: other.id, reason: 'spam' },
      { subjectType: 'post', subjectId: other.id, reason: 'boring' },
      { subjectType: 'post', subjectId: other.id, reason: 'spam', note: 'x'.repeat(1001) },
      { subjectType: 'post', subjectId: other.id, reason: 'spam', note: 'bad\u0000byte' },
    ])
      expect((await report(me, bad)).statusCode, JSON.stringify(bad).slice(0, 60)).toBe(400);
    expect(await reportRows(post.id)).toHaveLength(0);
    expect(await reportRows(other.id)).toHaveLength(0);
  });
});

describe('the review queue', () => {
  it('groups by subject, most reported first, with reportCount, reasons and the author', async () => {
    const author = await createUser(db());
    const a = await subjectOf('post', author);
    const b = await subjectOf('gear', author);
    const [r1, r2, r3] = [await createUser(db()), await createUser(db()), await createUser(db())];
    await report(r1, { subjectType: 'gear', subjectId: b, reason: 'illegal-sale', note: 'a replica?' });
    for (const r of [r1, r2, r3]) await report(r, { subjectType: 'post', subjectId: a, reason: 'unsafe' });
    const res = await queue(admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(PERSONAL_CACHE);
    const items = res.json() as Array<{
      subjectId: string;
      reportCount: number;
      reports: unknown[];
      author: any;
    }>;
    const ia = items.findIndex((i) => i.subjectId === a);
    const ib = items.findIndex((i) => i.subjectId === b);
    expect(ia).toBeGreaterThanOrEqual(0);
    expect(ia).toBeLessThan(ib);
    expect(items[ia].reportCount).toBe(3);
    expect(items[ia].reports).toHaveLength(3);
    expect(items[ib]).toMatchObject({
      reportCount: 1,
      reports: [{ reason: 'illegal-sale', note: 'a replica?', reporterUsername: r1.username }],
      snapshot: { authorId: author.id },
      subjectExists: true,
    });
    expect(items[ia].author).toMatchObject({ id: author.id, username: author.username, earlierReports: 1 });
    const count = await injectAs(t.app, admin, { url: '/api/admin/reports/count' });
    expect(count.json().open).toBeGreaterThanOrEqual(2);
  });

  it('members get 403 and visitors 401 on every admin route; nothing changes', async () => {
    const author = await createUser(db());
    const { subjectId, reportId } = await reported('post', author);
    const member = await createUser(db());
    for (const u of [member, null]) {
      const code = u ? 403 : 401;
      expect((await queue(u)).statusCode).toBe(code);
      expect((await injectAs(t.app, u, { url: '/api/admin/audit-log' })).statusCode).toBe(code);
      expect((await injectAs(t.app, u, { url: '/api/admin/reports/count' })).statusCode).toBe(code);
      for (const action of ['dismiss', 'delete', 'warn', 'suspend', 'lift'])
        expect((await act(u, reportId, { action, note: 'x' })).statusCode).toBe(code);
    }
    expect((await reportRows(subjectId))[0].status).toBe('open');
    expect(await db().select().from(posts).where(eq(posts.id, subjectId))).toHaveLength(1);
    const [row] = await db().select().from(users).where(eq(users.id, author.id));
    expect(row.suspendedUntil).toBeNull();
    expect(row.suspendedIndefinitely).toBe(false);
    expect(await db().select().from(auditLog).where(eq(auditLog.subjectId, subjectId))).toHaveLength(0);
  });
});

describe('actions', () => {
  it('dismiss closes the open reports and writes the audit row; a second dismiss is 409', async () => {
    const { subjectId, reportId } = await reported('comment', await createUser(db()));
    const res = await act(admin, reportId, { action: 'dismiss', note: 'not abuse' });
    expect(res.statusCode).toBe(200);
    expect(res.json().item).toMatchObject({ status: 'closed', subjectId });
    expect(
      (await reportRows(subjectId)).every((r) => r.status === 'closed' && r.resolution === 'dismiss'),
    ).toBe(true);
    const [entry] = await auditRows('report.dismiss', subjectId);
    expect(entry).toMatchObject({ adminId: admin.id, subjectType: 'comment', note: 'not abuse' });
    const again = await act(admin, reportId, { action: 'dismiss' });
    expect(again.statusCode).toBe(409);
    expect(await auditRows('report.dismiss', subjectId)).toHaveLength(1);
    expect(
      (await queue(admin, 'closed')).json().some((i: { subjectId: string }) => i.subjectId === subjectId),
    ).toBe(true);
  });

  it.each(['post', 'comment', 'team', 'gear', 'teamGalleryImage', 'eventComment'] as const)(
    'delete removes the %s through its service, closes the reports and keeps the snapshot',
    async (type) => {
      const author = await createUser(db());
      const { subjectId, reportId } = await reported(type, author);
      const [before] = await reportRows(subjectId);
      const res = await act(admin, reportId, { action: 'delete', note: 'gone' });
      expect(res.statusCode).toBe(200);
      expect(res.json().item).toMatchObject({ subjectExists: false, snapshot: before.snapshot });
      const [r] = await reportRows(subjectId);
      expect(r).toMatchObject({ status: 'closed', resolution: 'delete', snapshot: before.snapshot });
      const [entry] = await auditRows('report.delete', subjectId);
      expect(entry).toMatchObject({ adminId: admin.id, targetUserId: author.id });
      expect(await auditRows(`${type}.delete`, subjectId)).toHaveLength(0);
      // Deleting again: the subject is gone (404), nothing written.
      expect((await act(admin, reportId, { action: 'delete' })).statusCode).toBe(404);
      expect(await auditRows('report.delete', subjectId)).toHaveLength(1);
    },
  );

  it('a player cannot be deleted from the queue (400), nothing changes', async () => {
    const author = await createUser(db());
    const { reportId, subjectId } = await reported('user', author);
    expect((await act(admin, reportId, { action: 'delete' })).statusCode).toBe(400);
    expect(await db().select().from(users).where(eq(users.id, author.id))).toHaveLength(1);
    expect((await reportRows(subjectId))[0].status).toBe('open');
  });

  it("warn tells the author with the admin's text, in the same transaction as its audit row", async () => {
    const author = await createUser(db());
    const { subjectId, reportId } = await reported('post', author);
    const empty = await act(admin, reportId, { action: 'warn', note: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(
      await db().select().from(notifications).where(eq(notifications.recipientId, author.id)),
    ).toHaveLength(0);
    const res = await act(admin, reportId, { action: 'warn', note: 'No ammo sales here, please.' });
    expect(res.statusCode).toBe(200);
    const list = await injectAs(t.app, author, { url: '/api/notifications' });
    expect(list.json().items[0]).toMatchObject({
      kind: 'warning',
      text: 'A warning from the admins: No ammo sales here, please.',
      actors: [],
    });
    expect(await auditRows('report.warn', subjectId)).toHaveLength(1);
    expect((await reportRows(subjectId))[0].resolution).toBe('warn');
    // The author's history in a later report shows the warning.
    const { subjectId: next } = await reported('gear', author);
    const item = (await queue(admin)).json().find((i: { subjectId: string }) => i.subjectId === next);
    expect(item.author.actions.map((a: { action: string }) => a.action)).toContain('report.warn');
    expect(item.author.earlierReports).toBeGreaterThanOrEqual(1);
  });

  it('suspend for 1 day: the player reads but cannot write (403 with why and until when); lift ends it', async () => {
    const author = await createUser(db());
    const { subjectId, reportId } = await reported('comment', author);
    const post = await createPost(db(), author);
    const res = await act(admin, reportId, { action: 'suspend', days: 1, note: 'Insults' });
    expect(res.statusCode).toBe(200);
    const me = (await injectAs(t.app, author, { url: '/api/user' })).json();
    expect(me.suspensionReason).toBe('Insults');
    const until = new Date(me.suspendedUntil);
    expect(Math.abs(until.getTime() - Date.now() - 86_400_000)).toBeLessThan(60_000);
    const [entry] = await auditRows('report.suspend', subjectId);
    expect(entry).toMatchObject({ targetUserId: author.id, note: 'Insults' });

    const expected = `Your account is suspended until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC: Insults`;
    const writes = [
      { method: 'POST' as const, url: '/api/posts', payload: { caption: 'hello', images: [] } },
      { method: 'POST' as const, url: `/api/posts/${post.id}/comments`, payload: { content: 'hi' } },
      { method: 'PATCH' as const, url: '/api/profile', payload: { bio: 'changed' } },
      { method: 'DELETE' as const, url: `/api/posts/${post.id}` },
      {
        method: 'POST' as const,
        url: '/api/reports',
        payload: { subjectType: 'user', subjectId: admin.id, reason: 'spam' },
      },
    ];
    for (const w of writes) {
      const r = await injectAs(t.app, author, w);
      expect(r.statusCode, w.url).toBe(403);
      expect(r.json(), w.url).toEqual({ message: expected });
    }
    expect(await db().select().from(posts).where(eq(posts.id, post.id))).toHaveLength(1);
    expect((await db().select().from(users).where(eq(users.id, author.id)))[0].bio).toBeNull();
    // Reading works.
    expect((await injectAs(t.app, author, { url: '/api/posts/feed' })).statusCode).toBe(200);
    expect((await injectAs(t.app, author, { url: `/api/posts/${post.id}` })).statusCode).toBe(200);

    // A suspension cannot be placed on an admin; lifting a lifted one is 409.
    const lift = await act(admin, reportId, { action: 'lift', note: 'Apologised' });
    expect(lift.statusCode).toBe(200);
    expect((await injectAs(t.app, author, { url: '/api/user' })).json().suspendedUntil).toBeNull();
    expect((await auditRows('report.lift', subjectId))[0]).toMatchObject({ note: 'Apologised' });
    expect((await act(admin, reportId, { action: 'lift' })).statusCode).toBe(409);
    expect(
      (await injectAs(t.app, author, { method: 'PATCH', url: '/api/profile', payload: { bio: 'back' } }))
        .statusCode,
    ).toBe(200);
  });

  it('suspend without days holds until lifted; sign in, logout and reading still work', async () => {
    const author = await createUser(db());
    const { reportId } = await reported('user', author);
    expect((await act(admin, reportId, { action: 'suspend' })).statusCode).toBe(200);
    expect((await injectAs(t.app, author, { url: '/api/user' })).json().suspendedUntil).toBe('indefinite');
    const denied = await injectAs(t.app, author, {
      method: 'PATCH',
      url: '/api/profile',
      payload: { bio: 'x' },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Your account is suspended until an admin lifts it');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: author.username, password: 'correct-horse-battery' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().suspendedUntil).toBe('indefinite');
    expect((await injectAs(t.app, author, { method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
  });

  it('an admin cannot be suspended (409); unknown report 404; bad days 400; nothing changes', async () => {
    const other = await createUser(db(), { role: 'admin' });
    const { reportId, subjectId } = await reported('post', other as TestUser);
    expect((await act(admin, reportId, { action: 'suspend', days: 7 })).statusCode).toBe(409);
    expect((await act(admin, reportId, { action: 'suspend', days: 3 })).statusCode).toBe(400);
    expect((await act(admin, '00000000-0000-4000-8000-000000000000', { action: 'dismiss' })).statusCode).toBe(
      404,
    );
    expect((await db().select().from(users).where(eq(users.id, other.id)))[0].suspendedIndefinitely).toBe(
      false,
    );
    expect((await reportRows(subjectId))[0].status).toBe('open');
    expect(await auditRows('report.suspend', subjectId)).toHaveLength(0);
  });

  it('the snapshot stays as reported after the content is edited and then deleted by its author', async () => {
    const author = await createUser(db());
    const post = await createPost(db(), author, { caption: 'the original words' });
    const c = await createComment(db(), author, post, { content: 'original comment' });
    const reporter = await createUser(db());
    await report(reporter, { subjectType: 'comment', subjectId: c.id, reason: 'harassment' });
    await injectAs(t.app, author, {
      method: 'PATCH',
      url: `/api/comments/${c.id}`,
      payload: { content: 'edited to look nice' },
    });
    await db().update(comments).set({ content: 'edited to look nice' }).where(eq(comments.id, c.id));
    let item = (await queue(admin)).json().find((i: { subjectId: string }) => i.subjectId === c.id);
    expect(item.snapshot.text).toBe('original comment');
    expect(
      (await injectAs(t.app, author, { method: 'DELETE', url: `/api/comments/${c.id}` })).statusCode,
    ).toBeLessThan(500);
    await db().delete(comments).where(eq(comments.id, c.id));
    item = (await queue(admin)).json().find((i: { subjectId: string }) => i.subjectId === c.id);
    expect(item).toMatchObject({ subjectExists: false, snapshot: { text: 'original comment' } });
  });
});

describe('the audit log', () => {
  it('records the existing admin actions and pages newest first, filtered by admin and action', async () => {
    const other = await createUser(db(), { role: 'admin' });
    const target = await createUser(db());
    const post = await createPost(db(), target);
    const comment = await createComment(db(), target);
    expect(
      (await injectAs(t.app, admin, { method: 'DELETE', url: `/api/posts/${post.id}` })).statusCode,
    ).toBe(204);
    const delComment = await injectAs(t.app, admin, { method: 'DELETE', url: `/api/comments/${comment.id}` });
    expect(delComment.statusCode).toBe(204);
    const word = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/admin/blocked-words',
      payload: { word: 'auditedword' },
    });
    expect(word.statusCode).toBe(201);
    await injectAs(t.app, admin, { method: 'DELETE', url: `/api/admin/blocked-words/${word.json().id}` });
    await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/admin/users/${target.id}/role`,
      payload: { role: 'admin' },
    });
    await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/admin/users/${target.id}/role`,
      payload: { role: 'user' },
    });
    // An author deleting their own post writes nothing.
    const own = await createPost(db(), target);
    await injectAs(t.app, target, { method: 'DELETE', url: `/api/posts/${own.id}` });
    expect(await auditRows('post.delete', own.id)).toHaveLength(0);

    expect(await auditRows('post.delete', post.id)).toHaveLength(1);
    expect(await auditRows('comment.delete', comment.id)).toHaveLength(1);
    expect(await auditRows('blocked-word.add')).toHaveLength(1);
    expect(await auditRows('blocked-word.remove')).toHaveLength(1);
    expect(await auditRows('role.grant', target.id)).toHaveLength(1);
    expect(await auditRows('role.revoke', target.id)).toHaveLength(1);

    const page1 = await injectAs(t.app, admin, { url: `/api/admin/audit-log?limit=3&adminId=${admin.id}` });
    expect(page1.statusCode).toBe(200);
    const p1 = page1.json();
    expect(p1.items).toHaveLength(3);
    expect(p1.items[0].action).toBe('role.revoke');
    expect(p1.items[0].adminUsername).toBeTruthy();
    const ids = p1.items.map((i: { id: string }) => BigInt(i.id));
    expect([...ids].sort((a, b) => (a > b ? -1 : 1))).toEqual(ids);
    const page2 = (
      await injectAs(t.app, admin, {
        url: `/api/admin/audit-log?limit=3&adminId=${admin.id}&before=${p1.nextCursor}`,
      })
    ).json();
    expect(BigInt(page2.items[0].id)).toBeLessThan(ids[2]);
    const filtered = (
      await injectAs(t.app, admin, { url: '/api/admin/audit-log?action=blocked-word.add' })
    ).json();
    expect(filtered.items.map((i: { action: string }) => i.action)).toEqual(['blocked-word.add']);
    const none = (await injectAs(t.app, admin, { url: `/api/admin/audit-log?adminId=${other.id}` })).json();
    expect(none).toEqual({ items: [], nextCursor: null });
  });

  it('is append-only: no route changes or removes an entry', async () => {
    const [{ n }] = await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM audit_log`);
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await injectAs(t.app, admin, { method, url: '/api/admin/audit-log' });
      expect(res.statusCode).toBe(404);
    }
    const after = await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM audit_log`);
    expect(after[0].n).toBe(n);
  });
});
