import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageViews, sessions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, injectAs } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/analytics/page-view', () => {
  it('records anonymous visits in one session per visit cookie', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/page-view',
      payload: { path: '/', referrer: 'https://search.example' },
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; Mobile)' },
    });
    expect(first.statusCode).toBe(204);
    const aid = first.cookies.find((c) => c.name === 'aid');
    expect(aid?.httpOnly).toBe(true);
    await injectAs(
      t.app,
      { cookie: `aid=${aid!.value}` },
      { method: 'POST', url: '/api/analytics/page-view', payload: { path: '/teams' } },
    );
    const s = await t.database.db.select().from(sessions);
    expect(s).toHaveLength(1);
    expect(s[0]).toMatchObject({ userId: null, device: 'mobile', referrer: 'https://search.example' });
    expect(s[0].durationSeconds).toBeGreaterThanOrEqual(0);
    const views = await t.database.db.select().from(pageViews);
    expect(views.map((v) => v.path).sort()).toEqual(['/', '/teams']);
  });

  it('links a signed-in user and refuses bad paths', async () => {
    const u = await createUser(t.database.db);
    const res = await injectAs(t.app, u, {
      method: 'POST',
      url: '/api/analytics/page-view',
      payload: { path: '/settings' },
    });
    expect(res.statusCode).toBe(204);
    const s = await t.database.db.select().from(sessions);
    expect(s.some((x) => x.userId === u.id)).toBe(true);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/page-view',
      payload: { path: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
