import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, UPLOAD_TEXTS, UPLOAD_URL_TTL_SECONDS } from '../../../contract';
import { S3Storage } from '../../storage/s3';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, injectAs, type TestUser } from '../../test/factories';
import { UPLOAD_MESSAGES } from './service';

/** s3rver ships no types; only what this test uses. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (opts: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

const BUCKET = 'test-bucket';
let s3dir: string;
let s3server: S3rverInstance;
let endpoint: string;
let storage: S3Storage;
let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  s3dir = mkdtempSync(path.join(tmpdir(), 'airsoft-s3rver-'));
  s3server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3server.run();
  endpoint = `http://127.0.0.1:${port}`;
  storage = new S3Storage({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  t = await createTestApp({ storage });
  alice = await createUser(t.database.db);
  bob = await createUser(t.database.db);
});
afterAll(async () => {
  await t?.close();
  await s3server?.close();
  rmSync(s3dir, { recursive: true, force: true });
});

const newUploadUrl = async (cookie: string) => {
  const res = await injectAs(t.app, { cookie }, { method: 'POST', url: '/api/objects/upload' });
  expect(res.statusCode).toBe(200);
  return res.json().uploadURL as string;
};
/** The browser's PUT, straight to the bucket. */
const putToBucket = (url: string, body: Buffer, type = 'image/jpeg') =>
  fetch(url, { method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': type } });
const register = (cookie: string, imageURL: string) =>
  injectAs(t.app, { cookie }, { method: 'PUT', url: '/api/post-images', payload: { imageURL } });
const rawKeyOf = (url: string) => new URL(url).pathname.replace(`/${BUCKET}/`, '');

describe('uploads with S3 storage', () => {
  it('presigns, takes the PUT in the bucket, re-encodes on registration and streams the image back', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#556b2f' } })
      .jpeg()
      .withExif({
        IFD0: { Artist: 'Secret Artist' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 40/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const url = await newUploadUrl(alice.cookie);
    const parsed = new URL(url);
    expect(parsed.origin).toBe(endpoint);
    expect(parsed.pathname).toMatch(new RegExp(`^/${BUCKET}/raw/[0-9a-f-]{36}$`));
    expect(parsed.searchParams.get('X-Amz-Expires')).toBe(String(UPLOAD_URL_TTL_SECONDS));
    expect(parsed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const rawKey = rawKeyOf(url);

    // Registering before the file is in the bucket is refused.
    const early = await register(alice.cookie, url);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: UPLOAD_MESSAGES.notUploaded });

    const put = await putToBucket(url, jpeg);
    expect(put.status).toBe(200);
    expect(put.headers.get('etag')).toBeTruthy();
    expect(await storage.getBuffer(rawKey, MAX_UPLOAD_BYTES)).toEqual(jpeg);

    // Nobody else can register it.
    const stolen = await register(bob.cookie, url);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json()).toEqual({ message: UPLOAD_MESSAGES.notYourUpload });

    const reg = await register(alice.cookie, url);
    expect(reg.statusCode).toBe(200);
    const { objectPath } = reg.json();
    expect(objectPath).toMatch(/^\/objects\/images\/[0-9a-f-]{36}\.webp$/);
    expect(await storage.get(rawKey)).toBeNull();

    const get = await t.app.inject({ url: objectPath });
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe('image/webp');
    expect(get.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(get.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(get.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 300, height: 200 });
    expect(meta.exif).toBeUndefined();

    const again = await register(alice.cookie, url);
    expect(again.json()).toEqual({ objectPath });

    const raw = await t.app.inject({ url: `/objects/${rawKey}` });
    expect(raw.statusCode).toBe(404);
    const missing = await t.app.inject({ url: '/objects/images/nothing-here.webp' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: UPLOAD_MESSAGES.objectNotFound });
  });

  it('refuses at registration an object over the limit (413) and deletes it', async () => {
    const url = await newUploadUrl(alice.cookie);
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(big);
    expect((await putToBucket(url, big)).status).toBe(200);
    const res = await register(alice.cookie, url);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: UPLOAD_TEXTS.fileTooLarge });
    expect(await storage.get(rawKeyOf(url))).toBeNull();
  });

  it('refuses at registration an SVG (415) and deletes it', async () => {
    const url = await newUploadUrl(alice.cookie);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect((await putToBucket(url, svg, 'image/svg+xml')).status).toBe(200);
    const res = await register(alice.cookie, url);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: UPLOAD_TEXTS.unsupportedType });
    expect(await storage.get(rawKeyOf(url))).toBeNull();
  });

  it('has no local upload address', async () => {
    const url = await newUploadUrl(alice.cookie);
    const id = rawKeyOf(url).slice('raw/'.length);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/objects/upload/${id}?expires=1&signature=00`,
      payload: Buffer.from([0xff, 0xd8, 0xff]),
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: UPLOAD_MESSAGES.localOnly });
  });
});
