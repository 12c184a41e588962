import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, teamGallery } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createTeam, createUser, injectAs, type TestUser } from '../../test/factories';
import { startImageHost } from '../../test/image-host';

// A small outside host on this machine: a PNG, an HTML page, a 404 and a picture too big.
let host: Awaited<ReturnType<typeof startImageHost>>;
let base: string;
let open: TestApp; // IMPORT_ALLOW_PRIVATE=1: may fetch from the local host
let strict: TestApp; // the default: private addresses refused
let author: TestUser;
let strictAuthor: TestUser;

beforeAll(async () => {
  host = await startImageHost();
  base = host.base;
  open = await createTestApp({ config: { importAllowPrivate: true } });
  strict = await createTestApp();
  author = await createUser(open.database.db);
  strictAuthor = await createUser(strict.database.db);
});
afterAll(async () => {
  await Promise.all([open?.close(), strict?.close()]);
  await host.close();
});

const post = (t: TestApp, who: TestUser, images: string[], caption = 'Pasted') =>
  injectAs(t.app, who, { method: 'POST', url: '/api/posts', payload: { caption, images } });
const check = (t: TestApp, who: TestUser | null, url: unknown) =>
  injectAs(t.app, who, { method: 'POST', url: '/api/image-proxy/check', payload: { url } });
const postsCount = async (t: TestApp) => (await t.database.db.select().from(posts)).length;

describe('pasted image addresses in a post (issue 20)', () => {
  it('accepts an address that answers with an image, and its proxy copy is ready', async () => {
    const res = await post(open, author, ['/objects/images/own.webp', `${base}/photo.png?a=1`]);
    expect(res.statusCode).toBe(201);
    expect(res.json().images).toEqual(['/objects/images/own.webp', `${base}/photo.png?a=1`]);
    const src = res.json().media[`${base}/photo.png?a=1`].src;
    const image = await open.app.inject({ url: src });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('refuses a page, a 404, a host that does not answer and an image too big, storing nothing', async () => {
    const before = await postsCount(open);
    const cases: [string, string][] = [
      [`${base}/page.html`, 'That address is not a reachable image'],
      [`${base}/missing.png`, 'That address is not a reachable image'],
      ['http://127.0.0.1:1/closed.png', 'That address is not a reachable image'],
      [`${base}/huge.png`, 'That image is too large (max 25 MB)'],
    ];
    for (const [url, message] of cases) {
      const res = await post(open, author, [`${base}/photo.png`, url]);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(message);
      expect(res.json().errors.images, url).toEqual([message]);
    }
    expect(await postsCount(open)).toBe(before);
  });

  it('refuses a private address unless IMPORT_ALLOW_PRIVATE', async () => {
    const res = await post(strict, strictAuthor, [`${base}/photo.png`]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Images from private addresses are not accepted');
    expect(await postsCount(strict)).toBe(0);
  });
});

describe('POST /api/image-proxy/check', () => {
  it('answers 200 for a reachable image and a clear 400 otherwise', async () => {
    const ok = await check(open, author, `  ${base}/photo.png  `);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ url: `${base}/photo.png` });
    const page = await check(open, author, `${base}/page.html`);
    expect(page.statusCode).toBe(400);
    expect(page.json()).toMatchObject({
      message: 'That address is not a reachable image',
      errors: { url: ['That address is not a reachable image'] },
    });
    expect((await check(open, author, `${base}/missing.png`)).statusCode).toBe(400);
    expect((await check(strict, strictAuthor, `${base}/photo.png`)).json().message).toBe(
      'Images from private addresses are not accepted',
    );
  });

  it('needs sign-in, and refuses other schemes, NUL bytes, huge and wrong-typed input with a 4xx', async () => {
    expect((await check(open, null, `${base}/photo.png`)).statusCode).toBe(401);
    for (const url of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      '/objects/images/x.webp',
      'ftp://x/y.png',
    ]) {
      const res = await check(open, author, url);
      expect(res.statusCode, url).toBe(400);
    }
    for (const url of [`${base}/photo.png\u0000`, `http://${'a'.repeat(3000)}.com/x.png`, 42, null, '']) {
      const res = await check(open, author, url);
      expect(res.statusCode, String(url)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, String(url)).toBeLessThan(500);
    }
  });
});

describe('pasted image addresses in a team gallery (issue 20)', () => {
  it('adds a reachable image, refuses a page or a 404, and fetches nothing for a player without the right', async () => {
    const leader = await createUser(open.database.db);
    const stranger = await createUser(open.database.db);
    const team = await createTeam(open.database.db, leader);
    const add = (who: TestUser, imageUrl: string) =>
      injectAs(open.app, who, {
        method: 'POST',
        url: `/api/teams/${team.id}/gallery`,
        payload: { imageUrl, caption: 'Field day' },
      });
    const ok = await add(leader, `${base}/photo.png?team=1`);
    expect(ok.statusCode).toBe(201);
    for (const url of [`${base}/page.html`, `${base}/missing.png`]) {
      const res = await add(leader, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'That address is not a reachable image',
        errors: { imageUrl: ['That address is not a reachable image'] },
      });
    }
    expect((await add(stranger, `${base}/page.html`)).statusCode).toBe(403);
    const rows = await open.database.db.select().from(teamGallery).where(eq(teamGallery.teamId, team.id));
    expect(rows.map((r) => r.image)).toEqual([`${base}/photo.png?team=1`]);
  });
});
