import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { isPublicAddress } from '../../lib/outside-fetch';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost, createUser, injectAs } from '../../test/factories';
import { startImageHost } from '../../test/image-host';
import { attachMedia } from './media';
import { createImageSigner, proxyKey } from './signing';

/** A stand-in image host: a PNG, a text file, a big file, a redirect to a private address. */
let host: Awaited<ReturnType<typeof startImageHost>>;
let base: string;
let seen: string[];

let open: TestApp; // IMPORT_ALLOW_PRIVATE=1: may fetch from the local host
let strict: TestApp; // the default: private addresses refused
const signer = createImageSigner('test-secret-test-secret-test-secret-123');

beforeAll(async () => {
  host = await startImageHost();
  ({ base, seen } = host);
  open = await createTestApp({ config: { importAllowPrivate: true } });
  strict = await createTestApp();
});
afterAll(async () => {
  await open.close();
  await strict.close();
  await host.close();
});

const get = (t: TestApp, url: string) => t.app.inject({ url: signer.proxied(url) });

describe('GET /api/image-proxy', () => {
  it('fetches a signed outside image once, re-encodes it and serves the cached copy after', async () => {
    const url = `${base}/cat.png`;
    const before = seen.length;
    const first = await get(open, url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(first.rawPayload).metadata()).format).toBe('webp');
    expect(await open.storage.get(proxyKey(url))).not.toBeNull();
    const second = await get(open, url);
    expect(second.statusCode).toBe(200);
    expect(seen.length - before).toBe(1);
  });

  it('answers 403 to an unsigned or wrongly signed address, and fetches nothing', async () => {
    const url = `${base}/cat.png?other`;
    const before = seen.length;
    for (const path of [
      `/api/image-proxy?url=${encodeURIComponent(url)}`,
      `/api/image-proxy?url=${encodeURIComponent(url)}&sig=${signer.sign(`${base}/cat.png`)}`,
      `/api/image-proxy?url=${encodeURIComponent(url)}&sig=AAAA`,
    ]) {
      const res = await open.app.inject({ url: path });
      expect(res.statusCode, path).toBe(403);
    }
    expect(seen.length).toBe(before);
  });

  it('refuses private and loopback addresses by default, before any request', async () => {
    const before = seen.length;
    const res = await get(strict, `${base}/cat.png`);
    expect(res.statusCode).toBe(403);
    expect(seen.length).toBe(before);
    const viaRedirect = await get(open, `${base}/to-private`);
    // Allowed here only because of IMPORT_ALLOW_PRIVATE; the strict app refuses the first hop.
    expect([403, 502]).toContain(viaRedirect.statusCode);
    expect((await get(strict, 'http://[::1]/x.png')).statusCode).toBe(403);
    expect((await get(strict, 'http://169.254.169.254/latest/meta-data')).statusCode).toBe(403);
  });

  it('refuses what is not an image (415), too large (413) or missing (502); nothing is cached', async () => {
    const text = await get(open, `${base}/notes.txt`);
    expect(text.statusCode).toBe(415);
    const huge = await get(open, `${base}/huge.png`);
    expect(huge.statusCode).toBe(413);
    const missing = await get(open, `${base}/missing.png`);
    expect(missing.statusCode).toBe(502);
    for (const u of ['notes.txt', 'huge.png', 'missing.png'])
      expect(await open.storage.get(proxyKey(`${base}/${u}`))).toBeNull();
  });
});

describe('media maps in answers', () => {
  it('the feed carries a proxied address for each outside image, and none for our own', async () => {
    const author = await createUser(open.database.db);
    await open.database.db
      .update(users)
      .set({ avatar: 'https://images.example.com/me.png' })
      .where((await import('drizzle-orm')).eq(users.id, author.id));
    await createPost(open.database.db, author, {
      caption: 'mixed',
      images: ['/objects/images/own.webp', 'https://images.example.com/field.jpg'],
    });
    const feed = (await open.app.inject({ url: '/api/posts/feed' })).json();
    const post = feed.find((p: { caption: string }) => p.caption === 'mixed');
    expect(post.images).toEqual(['/objects/images/own.webp', 'https://images.example.com/field.jpg']);
    expect(post.media).toEqual({
      'https://images.example.com/field.jpg': { src: signer.proxied('https://images.example.com/field.jpg') },
      'https://images.example.com/me.png': { src: signer.proxied('https://images.example.com/me.png') },
    });
    // Read again (from the feed cache when it is on): the same maps.
    const again = (await open.app.inject({ url: '/api/posts/feed' })).json();
    expect(again.find((p: { caption: string }) => p.caption === 'mixed').media).toEqual(post.media);
    const me = (await injectAs(open.app, author, { url: '/api/user' })).json();
    expect(me.media['https://images.example.com/me.png'].src).toMatch(/^\/api\/image-proxy\?url=/);
  });

  it('works each object out once: a copy of one already done (a cached feed card) is passed over', async () => {
    let signed = 0;
    const counting: typeof signer = {
      ...signer,
      proxied: (address: string) => {
        signed++;
        return signer.proxied(address);
      },
    };
    const card: Record<string, unknown> = { id: 1, images: ['https://images.example.com/a.jpg'] };
    await attachMedia([card], counting);
    expect(signed).toBe(1);
    const shown: Record<string, unknown>[] = [{ ...card, isLiked: true }];
    await attachMedia(shown, counting);
    expect(signed).toBe(1);
    expect(shown[0].media).toEqual({
      'https://images.example.com/a.jpg': { src: signer.proxied('https://images.example.com/a.jpg') },
    });
    expect(Object.keys(JSON.parse(JSON.stringify(shown[0])))).toEqual(['id', 'images', 'media', 'isLiked']);
    // A fresh object with the same address is worked out.
    await attachMedia([{ id: 2, images: ['https://images.example.com/a.jpg'] }], counting);
    expect(signed).toBe(2);
  });

  it('attachMedia leaves answers without outside images as they are', async () => {
    const answer = [{ id: 1, images: ['/objects/images/a.webp'], user: { avatar: null } }];
    await attachMedia(answer, signer);
    expect(answer).toEqual([{ id: 1, images: ['/objects/images/a.webp'], user: { avatar: null } }]);
  });
});

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, mapped and reserved ranges', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '100.64.0.1',
    ])
      expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111'])
      expect(isPublicAddress(a), a).toBe(true);
  });
});
