import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';
import { createGzipMemo } from './compression';

let t: TestApp;
let web: string;
const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;

beforeAll(async () => {
  // A built web app in miniature, with the compressed copies the build writes beside each asset.
  web = mkdtempSync(path.join(tmpdir(), 'airsoft-web-'));
  const assets = path.join(web, 'assets');
  mkdirSync(assets);
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Airsoft</title>');
  writeFileSync(path.join(web, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n');
  writeFileSync(path.join(assets, 'main-abc123.js'), script);
  writeFileSync(path.join(assets, 'main-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(assets, 'main-abc123.js.gz'), gzipSync(script));
  t = await createTestApp({ config: { webDist: web } });
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

describe('compressed delivery', () => {
  it('sends the pre-compressed brotli or gzip copy of an asset when asked, plain bytes when not', async () => {
    const br = await t.app.inject({
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await t.app.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ url: '/assets/main-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers index.html with no-cache for app paths, and robots.txt as a file', async () => {
    const page = await t.app.inject({ url: '/profile/someone' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<title>Airsoft</title>');
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('Disallow: /api/');
  });

  it('gzips an API answer over 1 KB when asked, and not when not asked', async () => {
    const u = await createUser(t.database.db);
    await t.database.db
      .insert(posts)
      .values(
        Array.from({ length: 20 }, (_, i) => ({ userId: u.id, caption: `post ${i} ${'words '.repeat(20)}` })),
      );
    const browser = await t.app.inject({
      url: '/api/posts/feed',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(browser.statusCode).toBe(200);
    expect(browser.headers['content-encoding']).toBe('gzip');
    expect(browser.headers.vary).toMatch(/accept-encoding/i);
    const feed = JSON.parse(gunzipSync(browser.rawPayload).toString());
    expect(feed).toHaveLength(20);
    expect(browser.rawPayload.length).toBeLessThan(JSON.stringify(feed).length / 3);

    const plain = await t.app.inject({ url: '/api/posts/feed' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(feed);

    // A client that takes only brotli gets plain JSON (API answers are gzip only).
    const brOnly = await t.app.inject({ url: '/api/posts/feed', headers: { 'accept-encoding': 'br' } });
    expect(brOnly.headers['content-encoding']).toBeUndefined();
    expect(brOnly.json()).toEqual(feed);

    // Small answers go out as they are.
    const small = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('createGzipMemo', () => {
  it('compresses equal bytes once and different bytes apart, within its size bound', () => {
    const gzip = createGzipMemo(10_000);
    const a = Buffer.from('a'.repeat(3000));
    const first = gzip(a);
    expect(gunzipSync(first).equals(a)).toBe(true);
    expect(gzip(Buffer.from('a'.repeat(3000)))).toBe(first);
    const b = Buffer.from('b'.repeat(3000));
    expect(gunzipSync(gzip(b)).equals(b)).toBe(true);
    // Past the bound the oldest entries go: a is compressed anew.
    for (const c of 'cdefgh') gzip(Buffer.from(c.repeat(3000)));
    expect(gzip(a)).not.toBe(first);
  });
});
