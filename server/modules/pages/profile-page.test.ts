import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_COVER_SIZES, PROFILE_DATA_ID, VIEWER_DATA_ID } from '../../../contract';
import { images } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, injectAs, type TestUser } from '../../test/factories';

let t: TestApp;
let web: string;
let rita: TestUser;
let plain: TestUser;
const INDEX =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>Airsoft</title>' +
  '<script type="module" src="/assets/main-abc123.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
// What `vite build` writes in .vite/manifest.json for the entry and the profile's lazy chunk.
const MANIFEST = {
  'src/main.tsx': { file: 'assets/main-abc123.js', isEntry: true, imports: [] },
  'src/app/routes/profile.tsx': {
    file: 'assets/profile-def456.js',
    imports: ['src/main.tsx', '_user-posts-789.js'],
  },
  '_user-posts-789.js': { file: 'assets/user-posts-789.js', imports: ['src/main.tsx'] },
};
const banner = '/objects/images/0f6c1d2e-2222-4a4a-8b8b-000000000002.webp';
const face = '/objects/images/0f6c1d2e-2222-4a4a-8b8b-000000000003.webp';
const HOSTILE = '</script><script>alert(1)</script><!--';

beforeAll(async () => {
  web = mkdtempSync(path.join(tmpdir(), 'airsoft-profile-'));
  writeFileSync(path.join(web, 'index.html'), INDEX);
  mkdirSync(path.join(web, '.vite'));
  writeFileSync(path.join(web, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  t = await createTestApp({ config: { webDist: web } });
  await t.database.db.insert(images).values([
    { objectPath: banner, width: 2400, height: 800, variantWidths: [320, 640, 1080, 2048] },
    { objectPath: face, width: 800, height: 800, variantWidths: [320, 640] },
  ]);
  rita = await createUser(t.database.db, {
    username: 'recon_rita',
    bio: HOSTILE,
    coverImage: banner,
    avatar: face,
  });
  plain = await createUser(t.database.db, { username: 'plain_pete', avatar: face });
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

/** The text of the profile's data block (null without one). */
function block(html: string): string | null {
  const open = `<script type="application/json" id="${PROFILE_DATA_ID}">`;
  const start = html.indexOf(open);
  if (start === -1) return null;
  const from = start + open.length;
  return html.slice(from, html.indexOf('</script>', from));
}

describe('GET /profile/{username} carries the profile, its banner preload and its chunks', () => {
  it('embeds the profile exactly as the API answers it, with the banner and chunk preloads', async () => {
    const res = await t.app.inject({ url: '/profile/recon_rita' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    const api = await t.app.inject({ url: '/api/profile/recon_rita' });
    const text = block(res.body);
    expect(text).not.toBeNull();
    expect(JSON.parse(text as string)).toEqual(api.json());
    expect(api.json().media[banner].srcset).toContain(' 320w, ');

    const link = res.body.match(/<link rel="preload" as="image"[^>]*>/)?.[0] ?? '';
    expect(link).toContain(`href="${banner}"`);
    expect(link).toContain(`imagesrcset="${api.json().media[banner].srcset}"`);
    expect(link).toContain(`imagesizes="${PROFILE_COVER_SIZES}"`);
    expect(link).toContain('fetchpriority="high"');
    const modules = [...res.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1],
    );
    // The page's chunk and what it imports; not the entry, which index.html loads already.
    expect(modules).toEqual(['/assets/profile-def456.js', '/assets/user-posts-789.js']);
    expect(res.body.indexOf(link)).toBeLessThan(res.body.indexOf('<script type="module"'));
  });

  it('matches the username as the API does (any case, encoded), and is compressed', async () => {
    const res = await t.app.inject({
      url: '/profile/RECON%5Frita?tab=posts',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(JSON.parse(block(html) as string).username).toBe('recon_rita');
  });

  it('preloads the avatar copy the header shows when there is no banner', async () => {
    const res = await t.app.inject({ url: '/profile/plain_pete' });
    const api = (await t.app.inject({ url: '/api/profile/plain_pete' })).json();
    expect(JSON.parse(block(res.body) as string)).toEqual(api);
    const link = res.body.match(/<link rel="preload" as="image"[^>]*>/)?.[0] ?? '';
    // The smallest copy at least 256 px wide, as UserAvatar picks it.
    const copy = api.media[face].srcset.split(', ')[0].split(' ')[0];
    expect(copy).toMatch(/-w320\.webp$/);
    expect(link).toBe(`<link rel="preload" as="image" href="${copy}" fetchpriority="high">`);
  });

  it('gives a signed-in viewer their own answer (isFollowing; the owner’s email)', async () => {
    const fan = await createUser(t.database.db);
    const before = JSON.parse(
      block((await injectAs(t.app, fan, { url: '/profile/recon_rita' })).body) as string,
    );
    expect(before.isFollowing).toBe(false);
    expect(before.email).toBeUndefined();
    await injectAs(t.app, fan, { method: 'POST', url: `/api/follow/${rita.id}` });
    const after = JSON.parse(
      block((await injectAs(t.app, fan, { url: '/profile/recon_rita' })).body) as string,
    );
    expect(after).toMatchObject({ isFollowing: true, followersCount: before.followersCount + 1 });
    const own = JSON.parse(
      block((await injectAs(t.app, rita, { url: '/profile/recon_rita' })).body) as string,
    );
    expect(own.email).toBe(rita.email);
    expect(
      JSON.parse(block((await t.app.inject({ url: `/profile/${plain.username}` })).body) as string).email,
    ).toBeUndefined();
  });

  it('cannot be broken out of by a bio', async () => {
    const res = await t.app.inject({ url: '/profile/recon_rita' });
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<!--');
    expect(res.body.match(/<script/g)).toHaveLength(3);
    expect(JSON.parse(block(res.body) as string).bio).toBe(HOSTILE);
  });

  it('sends index.html with the viewer only for an unknown username and other profile paths', async () => {
    for (const url of ['/profile/nobody_here', '/profile/recon_rita/extra', '/profile/']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(
        INDEX.replace(
          '</body>',
          `<script type="application/json" id="${VIEWER_DATA_ID}">null</script></body>`,
        ),
      );
    }
  });
});
