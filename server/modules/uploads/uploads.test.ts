import { createHash, randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_TEXTS, MAX_UPLOAD_BYTES, UPLOAD_TEXTS, UPLOAD_URL_TTL_SECONDS } from '../../../contract';
import { uploadTokens } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, injectAs, type TestUser } from '../../test/factories';
import { sniffImageType } from './image';
import { UPLOAD_MESSAGES } from './service';
import { signUpload } from './signing';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  // This file hands one player many upload addresses; the quotas have their own tests (quotas.test.ts).
  t = await createTestApp({
    config: {
      uploadQuota: { addressesPerWindow: 1000, windowMinutes: 30, pending: 1000, dailyBytes: 2 ** 40 },
    },
  });
  alice = await createUser(t.database.db);
  bob = await createUser(t.database.db);
});
afterAll(() => t.close());

const SECRET = 'test-secret-test-secret-test-secret-123';
const URL_SHAPE = /^\/api\/objects\/upload\/([0-9a-f-]{36})\?expires=(\d+)&signature=([0-9a-f]{64})$/;

const newUploadUrl = async (cookie: string) => {
  const res = await injectAs(t.app, { cookie }, { method: 'POST', url: '/api/objects/upload' });
  expect(res.statusCode).toBe(200);
  return res.json().uploadURL as string;
};
const putFile = (url: string, payload: Buffer | Readable, type = 'image/jpeg') =>
  t.app.inject({ method: 'PUT', url, payload, headers: { 'content-type': type } });
const register = (cookie: string, imageURL: string) =>
  injectAs(t.app, { cookie }, { method: 'PUT', url: '/api/post-images', payload: { imageURL } });
const tokenIdOf = (url: string) => URL_SHAPE.exec(url)![1];

/** Upload then register as `user`; answers the registration response. */
async function uploadAndRegister(user: TestUser, bytes: Buffer, type = 'image/jpeg') {
  const url = await newUploadUrl(user.cookie);
  const put = await putFile(url, bytes, type);
  expect(put.statusCode, put.body).toBe(200);
  return register(user.cookie, url);
}

/** Every file under the storage root (objects, content-type sidecars, temp files). */
function storedFiles(): string[] {
  const root = path.join(t.dir, 'objects');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => path.relative(root, path.join(d.parentPath, d.name)))
      .sort();
  } catch {
    return [];
  }
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 110, b: 40 } } });

/** True when the EXIF block's IFD0 points at a GPS IFD (tag 0x8825). */
function hasGpsIfd(exif: Buffer): boolean {
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd0 = u32(4);
  for (let i = 0; i < u16(ifd0); i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

describe('POST /api/objects/upload', () => {
  it('refuses an anonymous visitor', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/objects/upload' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: COMMON_TEXTS.notSignedIn });
  });

  it('answers a signed same-origin address backed by an upload token', async () => {
    const before = Math.floor(Date.now() / 1000);
    const url = await newUploadUrl(alice.cookie);
    const [, id, expires, signature] = URL_SHAPE.exec(url)!;
    expect(Number(expires)).toBeGreaterThanOrEqual(before + UPLOAD_URL_TTL_SECONDS - 1);
    expect(Number(expires)).toBeLessThanOrEqual(before + UPLOAD_URL_TTL_SECONDS + 1);
    expect(signature).toBe(signUpload(SECRET, id, Number(expires)));
    const [row] = await t.database.db.select().from(uploadTokens).where(eq(uploadTokens.id, id));
    expect(row).toMatchObject({
      userId: alice.id,
      objectKey: `raw/${id}`,
      uploadedAt: null,
      registeredAt: null,
    });
  });
});

describe('the full flow (local disk)', () => {
  it('strips EXIF GPS, applies orientation, re-encodes to WebP and serves it with a long cache', async () => {
    const jpeg = await solid(64, 48)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Artist: 'Secret Artist' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '43/1 40/1 1234/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '79/1 23/1 0/1',
        },
      })
      .toBuffer();
    const input = await sharp(jpeg).metadata();
    expect(input.exif && hasGpsIfd(input.exif)).toBe(true);
    expect(input.exif!.includes(Buffer.from('Secret Artist'))).toBe(true);
    expect(input.orientation).toBe(6);

    const url = await newUploadUrl(alice.cookie);
    const id = tokenIdOf(url);
    const put = await putFile(url, jpeg);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({});
    expect(put.headers.etag).toBe(`"${createHash('md5').update(jpeg).digest('hex')}"`);
    expect(storedFiles()).toEqual([path.join('.meta', 'raw', id), path.join('raw', id)]);

    // The raw upload is never served.
    const rawGet = await t.app.inject({ url: `/objects/raw/${id}` });
    expect(rawGet.statusCode).toBe(404);
    expect(rawGet.json()).toEqual({ message: UPLOAD_MESSAGES.objectNotFound });

    const reg = await register(alice.cookie, url);
    expect(reg.statusCode).toBe(200);
    const { objectPath } = reg.json();
    expect(objectPath).toMatch(/^\/objects\/images\/[0-9a-f-]{36}\.webp$/);
    const imageKey = objectPath.slice('/objects/'.length);
    // The raw object is gone; only the image (and its content type) remain.
    expect(storedFiles()).toEqual([path.join('.meta', imageKey), imageKey]);
    const [row] = await t.database.db.select().from(uploadTokens).where(eq(uploadTokens.id, id));
    expect(row.objectPath).toBe(objectPath);
    expect(row.registeredAt).toBeInstanceOf(Date);

    const get = await t.app.inject({ url: objectPath });
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe('image/webp');
    expect(get.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(get.headers['x-content-type-options']).toBe('nosniff');
    const out = await sharp(get.rawPayload).metadata();
    expect(out.format).toBe('webp');
    expect(out.exif).toBeUndefined();
    expect(out.orientation).toBeUndefined();
    expect(get.rawPayload.includes(Buffer.from('Secret Artist'))).toBe(false);
    // Orientation 6 means "rotate 90°": the 64x48 photo is stored upright as 48x64.
    expect([out.width, out.height]).toEqual([48, 64]);

    // Registering the same upload again answers the same image.
    const again = await register(alice.cookie, `http://localhost${url}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ objectPath });

    // The address was used once and cannot be used again.
    const reuse = await putFile(url, jpeg);
    expect(reuse.statusCode).toBe(403);
    expect(reuse.json()).toEqual({ message: UPLOAD_TEXTS.uploadUrlInvalid });
  });

  it('accepts PNG, GIF (keeping animation), WebP and AVIF, fitting large images within 2048 px', async () => {
    const png = await solid(3000, 1500).png().toBuffer();
    const frame = (c: string) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background: c } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#f00'), await frame('#0f0'), await frame('#00f')], {
      join: { animated: true },
    })
      .gif()
      .toBuffer();
    const webp = await solid(30, 20).webp().toBuffer();
    const avif = await solid(30, 20).avif().toBuffer();
    const cases: [Buffer, string, { width: number; height: number; pages?: number }][] = [
      [png, 'image/png', { width: 2048, height: 1024 }],
      [gif, 'image/gif', { width: 40, height: 30, pages: 3 }],
      [webp, 'image/webp', { width: 30, height: 20 }],
      [avif, 'image/avif', { width: 30, height: 20 }],
    ];
    for (const [bytes, type, expected] of cases) {
      expect(sniffImageType(bytes)).toBe(type);
      const reg = await uploadAndRegister(alice, bytes, type);
      expect(reg.statusCode, type).toBe(200);
      const get = await t.app.inject({ url: reg.json().objectPath });
      expect(get.statusCode).toBe(200);
      expect(get.headers['content-type']).toBe('image/webp');
      const meta = await sharp(get.rawPayload, { animated: true }).metadata();
      expect(meta.format).toBe('webp');
      expect({ width: meta.width, height: meta.pageHeight ?? meta.height, pages: meta.pages }).toMatchObject(
        expected,
      );
    }
  });

  it('judges the type from the bytes, not the Content-Type header', async () => {
    const png = await solid(10, 10).png().toBuffer();
    const reg = await uploadAndRegister(alice, png, 'application/octet-stream');
    expect(reg.statusCode).toBe(200);
  });
});

describe('refused files', () => {
  it('refuses SVG and text with 415 and keeps nothing; the address stays usable', async () => {
    const before = storedFiles();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>1</script></svg>',
    );
    const url = await newUploadUrl(alice.cookie);
    for (const [bytes, type] of [
      [svg, 'image/svg+xml'],
      [Buffer.from('just some text, not an image at all'), 'text/plain'],
      [Buffer.alloc(0), 'image/png'],
    ] as const) {
      const res = await putFile(url, bytes, type);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: UPLOAD_TEXTS.unsupportedType });
      expect(storedFiles()).toEqual(before);
    }
    // Nothing was uploaded, so nothing can be registered...
    const reg = await register(alice.cookie, url);
    expect(reg.statusCode).toBe(409);
    expect(reg.json()).toEqual({ message: UPLOAD_MESSAGES.notUploaded });
    // ...and a failed upload releases the one-time address for a retry.
    const retry = await putFile(url, await solid(8, 8).jpeg().toBuffer());
    expect(retry.statusCode).toBe(200);
  });

  it('refuses at registration a file with image magic bytes that does not decode (415, raw deleted)', async () => {
    const before = storedFiles();
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    const reg = await uploadAndRegister(alice, fake);
    expect(reg.statusCode).toBe(415);
    expect(reg.json()).toEqual({ message: UPLOAD_TEXTS.unsupportedType });
    expect(storedFiles()).toEqual(before);
  });

  it('answers 413 at once when Content-Length is over the limit, and keeps nothing', async () => {
    const before = storedFiles();
    const url = await newUploadUrl(alice.cookie);
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(big);
    const res = await putFile(url, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: UPLOAD_TEXTS.fileTooLarge });
    expect(storedFiles()).toEqual(before);
    // Refused on the header alone: not a byte of the body is read.
    let pulled = 0;
    const lying = Readable.from(
      (async function* () {
        pulled += 4;
        yield Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
      })(),
    );
    const declared = await t.app.inject({
      method: 'PUT',
      url,
      payload: lying,
      headers: { 'content-type': 'image/jpeg', 'content-length': String(MAX_UPLOAD_BYTES + 1) },
    });
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toEqual({ message: UPLOAD_TEXTS.fileTooLarge });
    expect(pulled).toBe(0);
    // The address was not consumed.
    const [row] = await t.database.db
      .select()
      .from(uploadTokens)
      .where(eq(uploadTokens.id, tokenIdOf(url)));
    expect(row.uploadedAt).toBeNull();
  });

  it('stops reading a streamed body once it passes 26214400 bytes, answers 413 and keeps nothing', async () => {
    const before = storedFiles();
    const url = await newUploadUrl(alice.cookie);
    const chunk = 1024 * 1024;
    const total = MAX_UPLOAD_BYTES + 20 * chunk;
    let pulled = 0;
    async function* body() {
      yield Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
      pulled += 4;
      while (pulled < total) {
        pulled += chunk;
        yield Buffer.alloc(chunk);
      }
    }
    const res = await putFile(url, Readable.from(body()));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: UPLOAD_TEXTS.fileTooLarge });
    expect(pulled).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(pulled).toBeLessThan(total);
    expect(storedFiles()).toEqual(before);
  });

  it('accepts a body of exactly 26214400 bytes', async () => {
    const url = await newUploadUrl(alice.cookie);
    const exact = Buffer.alloc(MAX_UPLOAD_BYTES);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(exact);
    const res = await putFile(url, exact, 'image/png');
    expect(res.statusCode).toBe(200);
    // Not a decodable PNG: refused at registration, and the raw object goes away.
    const reg = await register(alice.cookie, url);
    expect(reg.statusCode).toBe(415);
    expect(storedFiles().filter((f) => f.includes(tokenIdOf(url)))).toEqual([]);
  });
});

describe('the signed upload address', () => {
  const jpeg = () => solid(8, 8).jpeg().toBuffer();

  it('refuses a tampered signature, id or expiry, and a missing signature', async () => {
    const url = await newUploadUrl(alice.cookie);
    const [, id, expires, signature] = URL_SHAPE.exec(url)!;
    const other = tokenIdOf(await newUploadUrl(alice.cookie));
    const flipped = (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1);
    for (const bad of [
      `/api/objects/upload/${id}?expires=${expires}&signature=${flipped}`,
      `/api/objects/upload/${other}?expires=${expires}&signature=${signature}`,
      `/api/objects/upload/${id}?expires=${Number(expires) + 3600}&signature=${signature}`,
      `/api/objects/upload/${id}?expires=${expires}`,
      `/api/objects/upload/${id}`,
      `/api/objects/upload/not-a-uuid?expires=${expires}&signature=${signature}`,
    ]) {
      const res = await putFile(bad, await jpeg());
      expect(res.statusCode, bad).toBe(403);
      expect(res.json()).toEqual({ message: UPLOAD_TEXTS.uploadUrlInvalid });
    }
    expect((await putFile(url, await jpeg())).statusCode).toBe(200);
  });

  it('refuses an expired address (signed expiry passed, or token expired)', async () => {
    const id = tokenIdOf(await newUploadUrl(alice.cookie));
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = await putFile(
      `/api/objects/upload/${id}?expires=${past}&signature=${signUpload(SECRET, id, past)}`,
      await jpeg(),
    );
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ message: UPLOAD_TEXTS.uploadUrlInvalid });

    const url = await newUploadUrl(alice.cookie);
    await t.database.db
      .update(uploadTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(uploadTokens.id, tokenIdOf(url)));
    const tokenExpired = await putFile(url, await jpeg());
    expect(tokenExpired.statusCode).toBe(403);
    expect(tokenExpired.json()).toEqual({ message: UPLOAD_TEXTS.uploadUrlInvalid });
  });

  it('lets only one of two concurrent PUTs to the same address through', async () => {
    const url = await newUploadUrl(alice.cookie);
    const bytes = await jpeg();
    const results = await Promise.all([putFile(url, bytes), putFile(url, bytes)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
  });
});

describe('PUT /api/post-images', () => {
  it("refuses someone else's upload", async () => {
    const url = await newUploadUrl(alice.cookie);
    expect((await putFile(url, await solid(8, 8).jpeg().toBuffer())).statusCode).toBe(200);
    const res = await register(bob.cookie, url);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: UPLOAD_MESSAGES.notYourUpload });
    expect((await register(alice.cookie, url)).statusCode).toBe(200);
  });

  it('refuses an anonymous visitor', async () => {
    const url = await newUploadUrl(alice.cookie);
    const res = await t.app.inject({ method: 'PUT', url: '/api/post-images', payload: { imageURL: url } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses garbage and unknown addresses', async () => {
    for (const imageURL of [
      'hello',
      'https://example.com/cat.jpg',
      '/objects/images/x.webp',
      'http://[::1',
    ]) {
      const res = await register(alice.cookie, imageURL);
      expect(res.statusCode, imageURL).toBe(400);
      expect(res.json().message).toBe(UPLOAD_MESSAGES.notAnUploadUrl);
    }
    const unknown = await register(
      alice.cookie,
      `/api/objects/upload/${randomUUID()}?expires=1&signature=00`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: UPLOAD_MESSAGES.uploadNotFound });
    const empty = await register(alice.cookie, '');
    expect(empty.statusCode).toBe(400);
  });

  it('refuses an address whose file was never uploaded (409)', async () => {
    const url = await newUploadUrl(alice.cookie);
    const res = await register(alice.cookie, url);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: UPLOAD_MESSAGES.notUploaded });
  });
});

describe('GET /objects/*', () => {
  it('serves only images/, answers 404 JSON for anything missing, and resists path traversal', async () => {
    const reg = await uploadAndRegister(alice, await solid(8, 8).png().toBuffer(), 'image/png');
    const key = reg.json().objectPath.slice('/objects/'.length) as string;
    const url = await newUploadUrl(alice.cookie);
    expect((await putFile(url, await solid(8, 8).jpeg().toBuffer())).statusCode).toBe(200);
    const rawKey = `raw/${tokenIdOf(url)}`;

    for (const bad of [
      `/objects/${rawKey}`,
      `/objects/images/${randomUUID()}.webp`,
      `/objects/.meta/${key}`,
      `/objects/images/..%2F${rawKey.replace('/', '%2F')}`,
      `/objects/images/%2e%2e/${rawKey}`,
      `/objects/images/../${rawKey}`,
      '/objects/images/..%2F..%2F..%2Fpackage.json',
      '/objects/..%2F..%2Fpackage.json',
      '/objects/images',
      '/objects/',
    ]) {
      const res = await t.app.inject({ url: bad });
      expect(res.statusCode, bad).toBe(404);
      expect(res.json(), bad).toHaveProperty('message');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    expect((await t.app.inject({ url: `/objects/${key}` })).statusCode).toBe(200);
  });
});
