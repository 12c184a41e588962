import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditAction, RULE_PRESETS } from '../../../contract';
import { auditLog, gearPosts, teamGallery, teams } from '../../db/schema';
import type { TestApp } from '../../test/app';
import {
  appWithPlayers,
  createEvent,
  createField,
  createGearPost,
  createNews,
  createProduct,
  createStore,
  createTeam,
  createTutorial,
  createUser,
  injectAs,
  type TestUser,
} from '../../test/factories';

/**
 * Issue 24: every admin action is written to the audit log, in the action's transaction. One row
 * of the table per action: the admin makes it through its route, and its entry names the admin,
 * the action and the subject, with small data (ids, titles, counts; never a body).
 */

let t: TestApp;
let admin: TestUser;
let member: TestUser;
beforeAll(async () => {
  ({ t, admin, member } = await appWithPlayers({ admin: 'admin', member: 'user' }));
});
afterAll(() => t.close());

const db = () => t.database.db;
const entries = (action: string, subjectId?: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), subjectId ? eq(auditLog.subjectId, subjectId) : undefined));

const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//test//EN',
  'BEGIN:VEVENT',
  'UID:audit-1@example.com',
  'DTSTAMP:20300101T000000Z',
  'DTSTART:20310301T090000Z',
  'SUMMARY:Imported skirmish',
  'LOCATION:Somewhere',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

const LONG_TEXT = 'A body the log must not keep. '.repeat(40);

interface Case {
  action: AuditAction;
  subjectType: string | null;
  /** Makes the action as `admin`; answers the subject's id (null for an import) and the route's status. */
  run: () => Promise<{ subjectId: string | null; status: number }>;
  expected: number;
  /** What the entry's data must hold. */
  data?: Record<string, unknown>;
}

const send = async (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  injectAs(t.app, admin, { method, url, payload });

const cases: Case[] = [
  {
    action: 'news.create',
    subjectType: 'news',
    expected: 201,
    data: { title: 'Audited news' },
    run: async () => {
      const res = await send('POST', '/api/admin/news', { title: 'Audited news', content: LONG_TEXT });
      return { subjectId: res.json().id, status: res.statusCode };
    },
  },
  {
    action: 'news.update',
    subjectType: 'news',
    expected: 200,
    data: { title: 'Renamed news' },
    run: async () => {
      const n = await createNews(db());
      const res = await send('PUT', `/api/admin/news/${n.id}`, { title: 'Renamed news', content: LONG_TEXT });
      return { subjectId: n.id, status: res.statusCode };
    },
  },
  {
    action: 'news.delete',
    subjectType: 'news',
    expected: 204,
    run: async () => {
      const n = await createNews(db());
      return { subjectId: n.id, status: (await send('DELETE', `/api/admin/news/${n.id}`)).statusCode };
    },
  },
  {
    action: 'tutorial.create',
    subjectType: 'tutorial',
    expected: 201,
    data: { title: 'Audited tutorial' },
    run: async () => {
      const res = await send('POST', '/api/admin/tutorials', {
        title: 'Audited tutorial',
        description: 'How to audit',
        content: LONG_TEXT,
        category: 'Tactics',
        difficulty: 'Beginner',
        duration: '5 min',
        type: 'article',
        videoUrl: '',
        image: '',
      });
      return { subjectId: res.json().id, status: res.statusCode };
    },
  },
  {
    action: 'tutorial.update',
    subjectType: 'tutorial',
    expected: 200,
    run: async () => {
      const tu = await createTutorial(db(), { type: 'article', videoUrl: null });
      const res = await send('PUT', `/api/admin/tutorials/${tu.id}`, {
        title: 'Changed tutorial',
        description: 'd',
        content: LONG_TEXT,
        category: 'Tactics',
        difficulty: 'Advanced',
        duration: '5 min',
        type: 'article',
        videoUrl: '',
        image: '',
      });
      return { subjectId: tu.id, status: res.statusCode };
    },
  },
  {
    action: 'tutorial.delete',
    subjectType: 'tutorial',
    expected: 204,
    run: async () => {
      const tu = await createTutorial(db());
      return { subjectId: tu.id, status: (await send('DELETE', `/api/admin/tutorials/${tu.id}`)).statusCode };
    },
  },
  {
    action: 'store.create',
    subjectType: 'store',
    expected: 201,
    data: { name: 'Audited Airsoft' },
    run: async () => {
      const res = await send('POST', '/api/admin/stores', {
        name: 'Audited Airsoft',
        address: '1 Main St',
        region: 'Ontario',
      });
      return { subjectId: res.json().id, status: res.statusCode };
    },
  },
  {
    action: 'store.update',
    subjectType: 'store',
    expected: 200,
    data: { changed: ['phone'] },
    run: async () => {
      const s = await createStore(db());
      const res = await send('PATCH', `/api/admin/stores/${s.id}`, { phone: '555-0100' });
      return { subjectId: s.id, status: res.statusCode };
    },
  },
  {
    action: 'store.delete',
    subjectType: 'store',
    expected: 204,
    run: async () => {
      const s = await createStore(db());
      return { subjectId: s.id, status: (await send('DELETE', `/api/admin/stores/${s.id}`)).statusCode };
    },
  },
  {
    action: 'field.create',
    subjectType: 'field',
    expected: 201,
    data: { name: 'Audited Field' },
    run: async () => {
      const res = await send('POST', '/api/admin/fields', {
        name: 'Audited Field',
        type: 'Outdoor woodland',
        address: '1 Gravel Rd',
        rules: RULE_PRESETS[1].rules,
      });
      return { subjectId: res.json().id, status: res.statusCode };
    },
  },
  {
    action: 'field.update',
    subjectType: 'field',
    expected: 200,
    data: { changed: ['phone'] },
    run: async () => {
      const f = await createField(db());
      const res = await send('PATCH', `/api/admin/fields/${f.id}`, { phone: '555-0101' });
      return { subjectId: f.id, status: res.statusCode };
    },
  },
  {
    action: 'field.verify',
    subjectType: 'field',
    expected: 200,
    data: { verified: true },
    run: async () => {
      const f = await createField(db());
      const res = await send('POST', `/api/admin/fields/${f.id}/verify`, { verified: true });
      return { subjectId: f.id, status: res.statusCode };
    },
  },
  {
    action: 'field.delete',
    subjectType: 'field',
    expected: 204,
    run: async () => {
      const f = await createField(db());
      return { subjectId: f.id, status: (await send('DELETE', `/api/admin/fields/${f.id}`)).statusCode };
    },
  },
  {
    action: 'event.create',
    subjectType: 'event',
    expected: 201,
    data: { title: 'Audited op' },
    run: async () => {
      const res = await send('POST', '/api/events', {
        title: 'Audited op',
        description: LONG_TEXT,
        date: '2031-03-14T08:30:00Z',
        location: 'Austin, TX',
        type: 'Milsim',
        capacity: 10,
      });
      return { subjectId: res.json().id, status: res.statusCode };
    },
  },
  {
    action: 'event.update',
    subjectType: 'event',
    expected: 200,
    data: { changed: ['capacity'] },
    run: async () => {
      const e = await createEvent(db());
      const res = await send('PATCH', `/api/events/${e.id}`, { capacity: 99 });
      return { subjectId: e.id, status: res.statusCode };
    },
  },
  {
    action: 'event.delete',
    subjectType: 'event',
    expected: 204,
    run: async () => {
      const e = await createEvent(db(), { title: 'Gone op' });
      return { subjectId: e.id, status: (await send('DELETE', `/api/events/${e.id}`)).statusCode };
    },
  },
  {
    action: 'events.import',
    subjectType: null,
    expected: 200,
    data: { source: 'upload', added: 1, updated: 0, skipped: 0 },
    run: async () => {
      const res = await send('POST', '/api/events/import', { source: 'custom', ics: ICS });
      return { subjectId: null, status: res.statusCode };
    },
  },
  {
    action: 'product.create',
    subjectType: 'product',
    expected: 201,
    data: { title: 'Audited rifle' },
    run: async () => {
      const res = await send('POST', '/api/admin/products', { title: 'Audited rifle', category: 'Rifle' });
      return { subjectId: res.json().id, status: res.statusCode };
    },
  },
  {
    action: 'product.update',
    subjectType: 'product',
    expected: 200,
    data: { changed: ['brand'] },
    run: async () => {
      const p = await createProduct(db());
      const res = await send('PATCH', `/api/admin/products/${p.id}`, { brand: 'VFC' });
      return { subjectId: p.id, status: res.statusCode };
    },
  },
  {
    action: 'gear.delete',
    subjectType: 'gear',
    expected: 204,
    run: async () => {
      const g = await createGearPost(db(), member);
      return { subjectId: g.id, status: (await send('DELETE', `/api/gear/${g.id}`)).statusCode };
    },
  },
  {
    action: 'team.delete',
    subjectType: 'team',
    expected: 204,
    run: async () => {
      const team = await createTeam(db(), member);
      return { subjectId: team.id, status: (await send('DELETE', `/api/teams/${team.id}`)).statusCode };
    },
  },
  {
    action: 'teamGalleryImage.delete',
    subjectType: 'teamGalleryImage',
    expected: 204,
    run: async () => {
      const team = await createTeam(db(), member);
      const [img] = await db()
        .insert(teamGallery)
        .values({ teamId: team.id, image: '/objects/images/g.webp', caption: 'Us', uploadedBy: member.id })
        .returning();
      const res = await send('DELETE', `/api/teams/${team.id}/gallery/${img.id}`);
      return { subjectId: img.id, status: res.statusCode };
    },
  },
];

describe('the audit log of admin actions', () => {
  it.each(cases)('$action: the action and its entry (admin, action, subject, small data)', async (c) => {
    const before = (await entries(c.action)).length;
    const { subjectId, status } = await c.run();
    expect(status).toBe(c.expected);
    const list = await entries(c.action, subjectId ?? undefined);
    expect(list.length).toBe(subjectId ? 1 : before + 1);
    const entry = list.at(-1);
    expect(entry).toMatchObject({ adminId: admin.id, action: c.action, subjectType: c.subjectType });
    if (subjectId) expect(entry?.subjectId).toBe(subjectId);
    if (c.data) expect(entry?.data).toMatchObject(c.data);
    // Small: ids, titles and counts, never a body.
    expect(JSON.stringify(entry?.data ?? {}).length).toBeLessThan(400);
    expect(JSON.stringify(entry?.data ?? {})).not.toContain('must not keep');
    // The log page's filter lists every action written.
    expect(AUDIT_ACTIONS).toContain(c.action);
  });

  it("an admin's deletion of another player's content names that player (targetUserId)", async () => {
    const g = await createGearPost(db(), member);
    expect((await send('DELETE', `/api/gear/${g.id}`)).statusCode).toBe(204);
    const [entry] = await entries('gear.delete', g.id);
    expect(entry.targetUserId).toBe(member.id);
  });

  it('an owner deleting their own gear, team or gallery image writes no entry', async () => {
    const owner = await createUser(db());
    const g = await createGearPost(db(), owner);
    const team = await createTeam(db(), owner);
    const [img] = await db()
      .insert(teamGallery)
      .values({ teamId: team.id, image: '/objects/images/o.webp', caption: 'Mine', uploadedBy: owner.id })
      .returning();
    const as = (method: 'DELETE', url: string) => injectAs(t.app, owner, { method, url });
    expect((await as('DELETE', `/api/gear/${g.id}`)).statusCode).toBe(204);
    expect((await as('DELETE', `/api/teams/${team.id}/gallery/${img.id}`)).statusCode).toBe(204);
    expect((await as('DELETE', `/api/teams/${team.id}`)).statusCode).toBe(204);
    expect(await db().select().from(gearPosts).where(eq(gearPosts.id, g.id))).toHaveLength(0);
    expect(await db().select().from(teams).where(eq(teams.id, team.id))).toHaveLength(0);
    for (const [action, id] of [
      ['gear.delete', g.id],
      ['teamGalleryImage.delete', img.id],
      ['team.delete', team.id],
    ])
      expect(await entries(action, id), action).toHaveLength(0);
    const mine = await db().select().from(auditLog).where(eq(auditLog.adminId, owner.id));
    expect(mine).toHaveLength(0);
  });

  it('a refused action (a member on an admin route, an unknown id) writes no entry and changes nothing', async () => {
    const n = await createNews(db(), { title: 'Stays' });
    const res = await injectAs(t.app, member, { method: 'DELETE', url: `/api/admin/news/${n.id}` });
    expect(res.statusCode).toBe(403);
    const g = await createGearPost(db(), admin);
    expect((await injectAs(t.app, member, { method: 'DELETE', url: `/api/gear/${g.id}` })).statusCode).toBe(
      403,
    );
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await send('DELETE', `/api/admin/news/${missing}`)).statusCode).toBe(404);
    expect((await send('PATCH', `/api/admin/stores/${missing}`, { phone: '1' })).statusCode).toBe(404);
    expect(await entries('news.delete', n.id)).toHaveLength(0);
    expect(await entries('news.delete', missing)).toHaveLength(0);
    expect(await entries('store.update', missing)).toHaveLength(0);
    expect(await entries('gear.delete', g.id)).toHaveLength(0);
    expect(await db().select().from(gearPosts).where(eq(gearPosts.id, g.id))).toHaveLength(1);
  });
});
