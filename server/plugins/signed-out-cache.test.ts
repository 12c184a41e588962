import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { news } from '../db/schema';
import type { TestApp } from '../test/app';
import { appWithPlayers, createNews, injectAs, type TestUser } from '../test/factories';

const titlesOf = (body: string) => (JSON.parse(body) as { title: string }[]).map((n) => n.title);

describe('a signed-out visitor’s API reads, kept finished (SIGNED_OUT_CACHE_MS)', () => {
  let t: TestApp;
  let player: TestUser;
  beforeAll(async () => {
    // Kept a minute: only what the cache does can make a later answer repeat an earlier one.
    ({ t, player } = await appWithPlayers({ player: 'user' }, { config: { signedOutCacheMs: 60_000 } }));
    await createNews(t.database.db, { title: 'Before the change' });
  });
  afterAll(() => t.close());

  it('answers a marked GET again with the same bytes, though the data changed; a signed-in player reads fresh', async () => {
    const first = await injectAs(t.app, null, { url: '/api/news?limit=20' });
    expect(first.statusCode).toBe(200);
    expect(titlesOf(first.body)).toContain('Before the change');
    await t.database.db
      .update(news)
      .set({ title: 'After the change' })
      .where(eq(news.title, 'Before the change'));

    const again = await injectAs(t.app, null, { url: '/api/news?limit=20' });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    // The security headers go out on a kept answer too.
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);

    const signedIn = await injectAs(t.app, player, { url: '/api/news?limit=20' });
    expect(titlesOf(signedIn.body)).toContain('After the change');
    // Any session cookie, even one that no longer resolves, reads fresh.
    const stale = await t.app.inject({ url: '/api/news?limit=20', headers: { cookie: 'sid=gone' } });
    expect(stale.statusCode).toBe(200);
    expect(titlesOf(stale.body)).toContain('After the change');
    // Another address is another answer.
    const other = await injectAs(t.app, null, { url: '/api/news?limit=21' });
    expect(titlesOf(other.body)).toContain('After the change');
  });

  it('keeps each Accept-Encoding apart: the gzip copy is gzip again, the plain one plain', async () => {
    for (let i = 0; i < 30; i++)
      await createNews(t.database.db, { title: `Long enough to be compressed ${i}` });
    const url = '/api/news?limit=50';
    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    const plain = await t.app.inject({ url });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    await t.database.db.update(news).set({ title: 'Renamed' });
    const gz2 = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    const plain2 = await t.app.inject({ url });
    expect(gz2.headers['content-encoding']).toBe('gzip');
    expect(gz2.rawPayload.equals(gz.rawPayload)).toBe(true);
    expect(gunzipSync(gz2.rawPayload).toString()).toBe(plain.body);
    expect(plain2.body).toBe(plain.body);
    expect(plain2.headers['content-encoding']).toBeUndefined();
    expect(Number(plain2.headers['content-length'])).toBe(Buffer.byteLength(plain.body));
  });

  it('keeps no refusal, and nothing of a route that is not marked (the header search records each search)', async () => {
    const missing = '/api/news/00000000-0000-4000-8000-000000000000';
    expect((await injectAs(t.app, null, { url: missing })).statusCode).toBe(404);
    const made = await createNews(t.database.db, { title: 'Made after a 404' });
    const found = await injectAs(t.app, null, { url: `/api/news/${made.id}` });
    expect(found.statusCode).toBe(200);

    const search = '/api/search?q=zebra';
    const none = await injectAs(t.app, null, { url: search });
    expect(none.statusCode).toBe(200);
    await createNews(t.database.db, { title: 'Zebra sighting' });
    expect((await injectAs(t.app, null, { url: search })).body).toContain('Zebra sighting');
  });
});

describe('SIGNED_OUT_CACHE_MS', () => {
  it('keeps an answer no longer than its time, and 0 keeps nothing', async () => {
    for (const ms of [150, 0]) {
      const { t } = await appWithPlayers({}, { config: { signedOutCacheMs: ms } });
      try {
        const made = await createNews(t.database.db, { title: 'First title' });
        const url = `/api/news/${made.id}`;
        expect(JSON.parse((await injectAs(t.app, null, { url })).body).title).toBe('First title');
        await t.database.db.update(news).set({ title: 'Second title' }).where(eq(news.id, made.id));
        const soon = JSON.parse((await injectAs(t.app, null, { url })).body).title;
        expect(soon).toBe(ms > 0 ? 'First title' : 'Second title');
        await new Promise((r) => setTimeout(r, ms + 50));
        expect(JSON.parse((await injectAs(t.app, null, { url })).body).title).toBe('Second title');
      } finally {
        await t.close();
      }
    }
  });
});
