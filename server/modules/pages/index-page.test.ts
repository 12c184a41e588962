import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_FIRST_PAGE_ID, POST_IMAGE_SIZES, VIEWER_DATA_ID } from '../../../contract';
import { images } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost, createUser, injectAs, type TestUser } from '../../test/factories';
import { indexWithData, jsonForHtml } from './index';

let t: TestApp;
let web: string;
let alice: TestUser;
const INDEX =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>Airsoft</title>' +
  '<script type="module" src="/assets/main-abc123.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
const photo = '/objects/images/0f6c1d2e-1111-4a4a-8b8b-000000000001.webp';
const HOSTILE = '</script><script>alert(1)</script><!--';

beforeAll(async () => {
  web = mkdtempSync(path.join(tmpdir(), 'airsoft-index-'));
  writeFileSync(path.join(web, 'index.html'), INDEX);
  // The feed cache off: the database-error case must reach the database.
  t = await createTestApp({ config: { webDist: web, feedCacheMs: 0 } });
  alice = await createUser(t.database.db);
  await t.database.db
    .insert(images)
    .values({ objectPath: photo, width: 1200, height: 900, variantWidths: [320, 640, 1080] });
  const ago = (s: number) => new Date(Date.now() - s * 1000);
  await createPost(t.database.db, alice, { caption: 'older, no image', createdAt: ago(60) });
  const liked = await createPost(t.database.db, alice, {
    caption: 'with a photo',
    images: [photo],
    createdAt: ago(30),
  });
  await createPost(t.database.db, alice, { caption: HOSTILE, createdAt: ago(10) });
  const bob = await createUser(t.database.db);
  await injectAs(t.app, bob, { method: 'POST', url: `/api/posts/${liked.id}/like` });
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

/** The text of the data block (null without one). */
function block(html: string): string | null {
  const open = `<script type="application/json" id="${FEED_FIRST_PAGE_ID}">`;
  const start = html.indexOf(open);
  if (start === -1) return null;
  const from = start + open.length;
  return html.slice(from, html.indexOf('</script>', from));
}

describe('GET / carries the first feed page and preloads its first image', () => {
  it('embeds the viewer’s page exactly as the API answers it, and the preload of the first image', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    // The block is data, not a script: the CSP stays as it is (no inline script allowed).
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    const api = await t.app.inject({ url: '/api/posts/feed?limit=20' });
    const text = block(res.body);
    expect(text).not.toBeNull();
    expect(JSON.parse(text as string)).toEqual(api.json());
    expect(JSON.parse(text as string)).toHaveLength(3);

    const link = res.body.match(/<link rel="preload" as="image"[^>]*>/)?.[0] ?? '';
    expect(link).toContain(`href="${photo}"`);
    expect(link).toContain(`imagesrcset="${api.json()[1].media[photo].srcset}"`);
    expect(api.json()[1].media[photo].srcset).toContain(' 320w, ');
    expect(link).toContain(`imagesizes="${POST_IMAGE_SIZES.full}"`);
    expect(link).toContain('fetchpriority="high"');
    // In the head, before the scripts.
    expect(res.body.indexOf(link)).toBeLessThan(res.body.indexOf('<script type="module"'));
    expect(res.body.indexOf('<div id="root"></div>')).toBeLessThan(res.body.indexOf(text as string));
  });

  it('is compressed with brotli or gzip when asked', async () => {
    const plain = await t.app.inject({ url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('gives a signed-in viewer their own page (likes, abilities)', async () => {
    const anonymous = JSON.parse(block((await t.app.inject({ url: '/' })).body) as string);
    expect(anonymous.every((p: { canDelete: boolean }) => !p.canDelete)).toBe(true);
    const own = JSON.parse(block((await injectAs(t.app, alice, { url: '/?post=x' })).body) as string);
    expect(own.every((p: { canDelete: boolean }) => p.canDelete)).toBe(true);
    const bob = await createUser(t.database.db);
    await injectAs(t.app, bob, { method: 'POST', url: `/api/posts/${own[0].id}/like` });
    const bobs = JSON.parse(block((await injectAs(t.app, bob, { url: '/' })).body) as string);
    expect(bobs[0]).toMatchObject({ id: own[0].id, isLiked: true, canDelete: false });
    expect(bobs[1].isLiked).toBe(false);
  });

  it('cannot be broken out of by a caption', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<!--');
    // Exactly the three scripts: the module, the viewer block and the data block.
    expect(res.body.match(/<script/g)).toHaveLength(3);
    const page = JSON.parse(block(res.body) as string);
    expect(page[0].caption).toBe(HOSTILE);
  });

  it('gives other paths index.html with the viewer only, and /index.html as it is', async () => {
    for (const url of ['/auth', '/profile/someone', '/teams?x=1']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body, url).toBe(
        INDEX.replace(
          '</body>',
          `<script type="application/json" id="${VIEWER_DATA_ID}">null</script></body>`,
        ),
      );
    }
    const file = await t.app.inject({ url: '/index.html' });
    expect(file.body).toBe(INDEX);
  });

  it('gives every path of the app its HTML with the viewer (issue 20: each section has its path)', async () => {
    const paths = [
      '/events',
      '/events?type=Milsim&view=grid',
      '/stores?country=Canada',
      '/news',
      '/tutorials?category=Tactics',
      '/admin',
      '/admin/events',
      '/admin/analytics?range=30d',
      '/bookmarks',
      '/posts/00000000-0000-4000-8000-000000000001',
      '/?section=events',
      '/no/such/page',
    ];
    const viewer = `<script type="application/json" id="${VIEWER_DATA_ID}">`;
    for (const url of paths) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.body, url).toContain(viewer);
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.body, url).toBe('');
    }
    // The API keeps its JSON 404.
    const api = await t.app.inject({ url: '/api/events-nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toMatch(/^Not found/);
  });

  it('carries the signed-in viewer exactly as GET /api/user answers them, privately', async () => {
    const hostile = await createUser(t.database.db, { bio: HOSTILE });
    for (const url of ['/', '/teams', '/profile/nobody_here']) {
      const res = await injectAs(t.app, hostile, { url });
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      const open = `<script type="application/json" id="${VIEWER_DATA_ID}">`;
      const text = res.body.slice(res.body.indexOf(open) + open.length).split('</script>')[0];
      expect(text, url).not.toContain('<');
      const api = await injectAs(t.app, hostile, { url: '/api/user' });
      expect(JSON.parse(text), url).toEqual(api.json());
      expect(JSON.parse(text).bio).toBe(HOSTILE);
      expect(text).not.toContain('password');
    }
  });

  it('serves the plain index.html when the database fails', async () => {
    await t.database.db.execute(sql`ALTER TABLE posts RENAME TO posts_away`);
    try {
      const res = await t.app.inject({ url: '/?fresh=1' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    } finally {
      await t.database.db.execute(sql`ALTER TABLE posts_away RENAME TO posts`);
    }
  });
});

describe('indexWithData', () => {
  it('escapes the JSON for HTML and the attributes', () => {
    expect(jsonForHtml('{"a":"</script>&\u2028"}')).toBe('{"a":"\\u003c/script\\u003e\\u0026\\u2028"}');
    const html = indexWithData('<html><head><title>x</title></head><body></body></html>', {
      blocks: [
        { id: 'd', json: '[]' },
        { id: 'e', json: '{}' },
      ],
      image: { href: '/objects/a"b.webp', sizes: '100vw' },
    });
    expect(html).toBe(
      '<html><head><title>x</title><link rel="preload" as="image" href="/objects/a&quot;b.webp" fetchpriority="high"></head>' +
        '<body><script type="application/json" id="d">[]</script><script type="application/json" id="e">{}</script></body></html>',
    );
  });
});

describe('the pages with the limits on', () => {
  it('answers an address 300 pages a minute, then 429 with Retry-After; the API is not counted', async () => {
    const limited = await createTestApp({ config: { webDist: web, rateLimits: true } });
    try {
      const get = (url: string) => limited.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
      const statuses: number[] = [];
      let remaining = Number.NaN;
      for (let batch = 0; batch < 6; batch++) {
        const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => get(i % 2 ? '/' : '/events')));
        statuses.push(...answers.map((r) => r.statusCode));
        remaining = Math.min(...answers.map((r) => Number(r.headers['x-ratelimit-remaining'])));
      }
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      expect(remaining).toBe(0);
      const refused = await get('/');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address, and this address's API reads, are not affected.
      expect((await limited.app.inject({ url: '/', remoteAddress: '203.0.113.10' })).statusCode).toBe(200);
      expect((await get('/api/posts/feed')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
