import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { thumbHashToApproximateAspectRatio } from 'thumbhash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost, createUser, injectAs, type TestUser } from '../../test/factories';
import { VARIANT_WIDTHS } from './image';
import { variantPath } from './image-meta';

let t: TestApp;
let alice: TestUser;
beforeAll(async () => {
  t = await createTestApp({
    config: {
      uploadQuota: { addressesPerWindow: 1000, windowMinutes: 30, pending: 1000, dailyBytes: 2 ** 40 },
    },
  });
  alice = await createUser(t.database.db);
});
afterAll(() => t.close());

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 110, b: 40 } } });

/** Upload then register as `user`: the registered object path. */
async function uploadAndRegister(user: TestUser, bytes: Buffer, type = 'image/png'): Promise<string> {
  const address = await injectAs(t.app, user, { method: 'POST', url: '/api/objects/upload' });
  const url = address.json().uploadURL as string;
  const put = await t.app.inject({ method: 'PUT', url, payload: bytes, headers: { 'content-type': type } });
  expect(put.statusCode, put.body).toBe(200);
  const reg = await injectAs(t.app, user, {
    method: 'PUT',
    url: '/api/post-images',
    payload: { imageURL: url },
  });
  expect(reg.statusCode, reg.body).toBe(200);
  return reg.json().objectPath;
}

/** The stored objects of one image (itself and its variants), by key. */
function storedImageFiles(objectPath: string): string[] {
  const id = path.basename(objectPath, '.webp');
  return readdirSync(path.join(t.dir, 'objects', 'images'))
    .filter((f) => f.startsWith(id))
    .sort();
}

async function served(objectPath: string) {
  const res = await t.app.inject({ url: objectPath });
  expect(res.statusCode, objectPath).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  return { res, meta: await sharp(res.rawPayload, { animated: true }).metadata() };
}

const rowOf = async (objectPath: string) =>
  (await t.database.db.select().from(images).where(eq(images.objectPath, objectPath)))[0];

describe('responsive variants at registration', () => {
  it('stores WebP copies 320, 640 and 1080 px wide below a 2048 px image, with its size and a thumbhash', async () => {
    const objectPath = await uploadAndRegister(alice, await solid(3000, 1500).png().toBuffer());
    const row = await rowOf(objectPath);
    expect(row).toMatchObject({ width: 2048, height: 1024, variantWidths: [320, 640, 1080] });
    // The placeholder is a thumbhash of the image (2:1).
    const hash = Buffer.from(row.placeholder!, 'base64');
    expect(hash.length).toBeGreaterThan(4);
    expect(hash.length).toBeLessThan(40);
    expect(thumbHashToApproximateAspectRatio(hash)).toBeCloseTo(2, 0);

    for (const w of [320, 640, 1080]) {
      const { meta } = await served(variantPath(objectPath, w));
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([w, w / 2]);
    }
    const { meta } = await served(objectPath);
    expect([meta.width, meta.height]).toEqual([2048, 1024]);
    // No copy as wide as the original (2048) is made: it is the original.
    expect((await t.app.inject({ url: variantPath(objectPath, 2048) })).statusCode).toBe(404);
    const id = path.basename(objectPath, '.webp');
    expect(storedImageFiles(objectPath)).toEqual(
      [`${id}-w1080.webp`, `${id}-w320.webp`, `${id}-w640.webp`, `${id}.webp`].sort(),
    );
  });

  it('never enlarges: a small image keeps only its own size, and a width equal to a step makes no copy of it', async () => {
    const small = await uploadAndRegister(alice, await solid(200, 150).png().toBuffer());
    expect(await rowOf(small)).toMatchObject({ width: 200, height: 150, variantWidths: [] });
    expect(storedImageFiles(small)).toEqual([path.basename(small)]);
    expect(typeof (await rowOf(small)).placeholder).toBe('string');

    const exact = await uploadAndRegister(alice, await solid(640, 480).jpeg().toBuffer(), 'image/jpeg');
    expect(await rowOf(exact)).toMatchObject({ width: 640, height: 480, variantWidths: [320] });
    const { meta } = await served(variantPath(exact, 320));
    expect([meta.width, meta.height]).toEqual([320, 240]);
    expect(VARIANT_WIDTHS).toContain(640);
  });

  it('keeps an animation animated in its variants, and records one frame as its height', async () => {
    const frame = (c: string) =>
      sharp({ create: { width: 400, height: 300, channels: 3, background: c } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#f00'), await frame('#0f0')], { join: { animated: true } })
      .gif()
      .toBuffer();
    const objectPath = await uploadAndRegister(alice, gif, 'image/gif');
    expect(await rowOf(objectPath)).toMatchObject({ width: 400, height: 300, variantWidths: [320] });
    const { meta } = await served(variantPath(objectPath, 320));
    expect({ width: meta.width, height: meta.pageHeight, pages: meta.pages }).toEqual({
      width: 320,
      height: 240,
      pages: 2,
    });
  });
});

describe('image metadata in answers', () => {
  it('the feed, a profile and the own account carry srcset, width, height and placeholder for own images', async () => {
    const photo = await uploadAndRegister(alice, await solid(1200, 900).png().toBuffer());
    const avatar = await uploadAndRegister(alice, await solid(256, 256).png().toBuffer());
    const author = await createUser(t.database.db, { avatar });
    await createPost(t.database.db, author, {
      caption: 'sized',
      images: [photo, '/objects/images/legacy.webp'],
    });

    const feed = (await t.app.inject({ url: '/api/posts/feed' })).json();
    const post = feed.find((p: { caption: string }) => p.caption === 'sized');
    // The contract is unchanged: images stay a list of addresses.
    expect(post.images).toEqual([photo, '/objects/images/legacy.webp']);
    const placeholder = (await rowOf(photo)).placeholder;
    expect(post.media[photo]).toEqual({
      src: photo,
      srcset: `${variantPath(photo, 320)} 320w, ${variantPath(photo, 640)} 640w, ${variantPath(photo, 1080)} 1080w, ${photo} 1200w`,
      width: 1200,
      height: 900,
      placeholder,
    });
    expect(post.media[avatar]).toMatchObject({
      src: avatar,
      srcset: `${avatar} 256w`,
      width: 256,
      height: 256,
    });
    // An image stored without measurements (before the variants) gets no entry and shows as it is.
    expect(post.media['/objects/images/legacy.webp']).toBeUndefined();

    const profile = (await t.app.inject({ url: `/api/profile/${author.username}` })).json();
    expect(profile.media?.[avatar]?.width, JSON.stringify(profile)).toBe(256);
    const me = (await injectAs(t.app, author, { url: '/api/user' })).json();
    expect(me.media[avatar]).toMatchObject({ width: 256, height: 256 });
  });
});
