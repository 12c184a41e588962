import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '../../../contract';
import { news } from '../../db/schema';
import type { TestApp } from '../../test/app';
import { appWithPlayers, createNews, injectAs, type TestUser } from '../../test/factories';

let t: TestApp, member: TestUser, admin: TestUser;
beforeAll(async () => {
  ({ t, member, admin } = await appWithPlayers({ member: 'user', admin: 'admin' }));
});
afterAll(() => t.close());

const db = () => t.database.db;
const snapshot = () => db().select().from(news).orderBy(news.id);
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
const clear = () => db().delete(news);

describe('GET /api/news', () => {
  it('lists newest first for everyone, with the abilities of the viewer', async () => {
    await clear();
    const old = await createNews(db(), { title: 'Old', createdAt: at(30) });
    const fresh = await createNews(db(), { title: 'Fresh', createdAt: at(1) });
    for (const [viewer, may] of [
      [null, false],
      [member, false],
      [admin, true],
    ] as const) {
      const res = await injectAs(t.app, viewer, { url: '/api/news' });
      expect(res.statusCode).toBe(200);
      const list = res.json();
      expect(list.map((n: { id: string }) => n.id)).toEqual([fresh.id, old.id]);
      expect(list[0]).toMatchObject({ canEdit: may, canDelete: may, category: 'News', readTime: '5 min' });
    }
    expect(Object.keys((await injectAs(t.app, null, { url: '/api/news' })).json()[0]).sort()).toEqual(
      [
        'canDelete',
        'canEdit',
        'category',
        'content',
        'createdAt',
        'excerpt',
        'id',
        'image',
        'readTime',
        'source',
        'title',
        'updatedAt',
      ].sort(),
    );
  });

  it('filters by category, pages with limit and before, and refuses bad queries', async () => {
    await clear();
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push(await createNews(db(), { category: i % 2 ? 'Reviews' : 'Tips', createdAt: at(10 - i) }));
    const newest = [...made].reverse().map((n) => n.id);

    const reviews = (await injectAs(t.app, null, { url: '/api/news?category=Reviews' })).json();
    expect(reviews.map((n: { id: string }) => n.id)).toEqual([made[3].id, made[1].id]);

    const page1 = (await injectAs(t.app, null, { url: '/api/news?limit=2' })).json();
    expect(page1.map((n: { id: string }) => n.id)).toEqual(newest.slice(0, 2));
    const page2 = (await injectAs(t.app, null, { url: `/api/news?limit=2&before=${page1[1].id}` })).json();
    expect(page2.map((n: { id: string }) => n.id)).toEqual(newest.slice(2, 4));
    const tips = (
      await injectAs(t.app, null, { url: `/api/news?category=Tips&before=${made[4].id}` })
    ).json();
    expect(tips.map((n: { id: string }) => n.id)).toEqual([made[2].id, made[0].id]);

    for (const q of ['category=Gossip', 'limit=0', 'limit=101', 'before=nope']) {
      const res = await injectAs(t.app, null, { url: `/api/news?${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().errors, q).toBeTruthy();
    }
  });

  it('takes 20 by default and at most 100', async () => {
    await clear();
    await db()
      .insert(news)
      .values(Array.from({ length: 105 }, (_, i) => ({ title: `N${i}`, excerpt: '', content: '' })));
    expect((await injectAs(t.app, null, { url: '/api/news' })).json()).toHaveLength(20);
    expect((await injectAs(t.app, null, { url: '/api/news?limit=100' })).json()).toHaveLength(100);
    await clear();
  });
});

describe('GET /api/news/{id}', () => {
  it('answers one article with its Markdown, 404 when missing, 400 for a bad id', async () => {
    const n = await createNews(db(), {
      content: '# Heading\n\n- one\n- two',
      image: 'https://img.example.com/a.jpg',
    });
    const res = await injectAs(t.app, null, { url: `/api/news/${n.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: n.id, content: '# Heading\n\n- one\n- two', canEdit: false });
    // Outside images reach browsers through the image proxy.
    expect(res.json().media['https://img.example.com/a.jpg'].src).toMatch(/^\/api\/image-proxy\?url=/);
    const missing = await injectAs(t.app, null, { url: '/api/news/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('News article not found');
    expect((await injectAs(t.app, null, { url: '/api/news/nope' })).statusCode).toBe(400);
  });
});

describe('admin: POST, PUT, DELETE /api/admin/news', () => {
  it('refuses anonymous (401) and members (403) on every write, data unchanged', async () => {
    const n = await createNews(db());
    const before = await snapshot();
    const calls = [
      { method: 'POST' as const, url: '/api/admin/news', payload: { title: 'Hacked' } },
      { method: 'PUT' as const, url: `/api/admin/news/${n.id}`, payload: { title: 'Hacked' } },
      { method: 'DELETE' as const, url: `/api/admin/news/${n.id}` },
      { method: 'DELETE' as const, url: `/api/admin/%6Eews/${n.id}` },
    ];
    for (const call of calls) {
      expect((await injectAs(t.app, null, call)).statusCode, call.url).toBe(401);
      expect((await injectAs(t.app, member, call)).statusCode, call.url).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('creates with the SPEC §9 defaults: category News, source the product name, read time 5 min', async () => {
    const res = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/admin/news',
      payload: { title: '  New field opens  ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'New field opens',
      excerpt: '',
      content: '',
      image: null,
      category: 'News',
      source: PRODUCT_NAME,
      readTime: '5 min',
      canEdit: true,
      canDelete: true,
    });
    expect(PRODUCT_NAME).toBe('Airsoft Community');
    const stored = (await injectAs(t.app, null, { url: `/api/news/${res.json().id}` })).json();
    expect(stored.source).toBe(PRODUCT_NAME);
  });

  it('creates with every field given', async () => {
    const payload = {
      title: 'Tokyo Marui MWS review',
      excerpt: 'The gas blowback that sets the bar.',
      content: '## Verdict\n\nBuy it.',
      image: 'https://img.example.com/mws.jpg',
      category: 'Reviews',
      source: 'Popular Airsoft',
      readTime: '8 min',
    };
    const res = await injectAs(t.app, admin, { method: 'POST', url: '/api/admin/news', payload });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject(payload);
  });

  it('answers 400 with field errors and stores nothing', async () => {
    const before = await snapshot();
    for (const [payload, field] of [
      [{}, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x', category: 'Gossip' }, 'category'],
      [{ title: 'x', image: 'javascript:alert(1)' }, 'image'],
      [{ title: 'x', readTime: 'y'.repeat(31) }, 'readTime'],
      [{ title: 'bad\u0000byte' }, 'title'],
    ] as const) {
      const res = await injectAs(t.app, admin, { method: 'POST', url: '/api/admin/news', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().errors), JSON.stringify(payload)).toContain(field);
    }
    const unknown = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/admin/news',
      payload: { title: 'x', createdAt: '2020-01-01T00:00:00Z' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('replaces an article with PUT (defaults for what is left empty) and 404s a missing one', async () => {
    const n = await createNews(db(), {
      category: 'Tips',
      source: 'Someone',
      readTime: '2 min',
      createdAt: at(60),
    });
    const res = await injectAs(t.app, admin, {
      method: 'PUT',
      url: `/api/admin/news/${n.id}`,
      payload: { title: 'Edited', content: 'New **text**', category: 'Events', source: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: n.id,
      title: 'Edited',
      content: 'New **text**',
      category: 'Events',
      source: PRODUCT_NAME,
      readTime: '5 min',
      createdAt: n.createdAt.toISOString(),
    });
    expect(new Date(res.json().updatedAt).getTime()).toBeGreaterThan(n.updatedAt.getTime());

    const bad = await injectAs(t.app, admin, {
      method: 'PUT',
      url: `/api/admin/news/${n.id}`,
      payload: { title: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await injectAs(t.app, null, { url: `/api/news/${n.id}` })).json().title).toBe('Edited');

    const missing = await injectAs(t.app, admin, {
      method: 'PUT',
      url: '/api/admin/news/00000000-0000-4000-8000-000000000000',
      payload: { title: 'x' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes an article (204), then 404', async () => {
    const n = await createNews(db());
    const res = await injectAs(t.app, admin, { method: 'DELETE', url: `/api/admin/news/${n.id}` });
    expect(res.statusCode).toBe(204);
    expect((await injectAs(t.app, null, { url: `/api/news/${n.id}` })).statusCode).toBe(404);
    expect(
      (await injectAs(t.app, admin, { method: 'DELETE', url: `/api/admin/news/${n.id}` })).statusCode,
    ).toBe(404);
  });
});
