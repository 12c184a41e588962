import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_LIMIT_TEXTS } from '../../../contract';
import { createTestApp, type TestApp } from '../../test/app';
import { appWithPlayers, createUser, injectAs, TEST_PASSWORD, type TestUser } from '../../test/factories';
import { JobQueue, QUEUE_FULL_MESSAGE } from './job-queue';

/**
 * A GIF whose logical screen is `width` x `height` with `frames` frames of one pixel each: a few
 * bytes a frame on disk, `width * height` pixels a frame once decoded (the attack's shape: 449 KB,
 * 260 frames of 1000x1000).
 */
function gifBomb(width: number, height: number, frames: number): Buffer {
  const u16 = (n: number) => [n & 0xff, n >> 8];
  const bytes = [
    ...Buffer.from('GIF89a'),
    ...u16(width),
    ...u16(height),
    0x80, // global colour table of 2 colours
    0,
    0,
    ...[0, 0, 0, 255, 255, 255],
  ];
  for (let i = 0; i < frames; i++) {
    bytes.push(0x21, 0xf9, 0x04, 0x00, ...u16(2), 0x00, 0x00); // graphic control: 20 ms
    bytes.push(0x2c, ...u16(0), ...u16(0), ...u16(1), ...u16(1), 0x00); // a 1x1 frame at 0,0
    bytes.push(0x02, 0x02, 0x44, 0x01, 0x00); // LZW: clear, pixel 0, end
  }
  bytes.push(0x3b);
  return Buffer.from(bytes);
}

let t: TestApp, alice: TestUser;
beforeAll(async () => {
  ({ t, alice } = await appWithPlayers({ alice: 'user' }));
});
afterAll(() => t.close());

async function upload(app: TestApp, user: TestUser, bytes: Buffer, type = 'image/gif') {
  const res = await injectAs(app.app, user, { method: 'POST', url: '/api/objects/upload' });
  const url = res.json().uploadURL as string;
  const put = await app.app.inject({ method: 'PUT', url, payload: bytes, headers: { 'content-type': type } });
  expect(put.statusCode, put.body).toBe(200);
  return url;
}
const register = (app: TestApp, user: TestUser, imageURL: string) =>
  injectAs(app.app, user, { method: 'PUT', url: '/api/post-images', payload: { imageURL } });

/** Four 2,500 px noisy JPEGs decoded at once: 10 to 30 s of CPU on a loaded 2-core CI machine. */
const HEAVY_MS = 90_000;

describe('image decoding is bounded', () => {
  it('refuses the animated bomb from its header, in well under a second (413)', async () => {
    const bomb = gifBomb(1000, 1000, 260);
    expect(bomb.length).toBeLessThan(10_000);
    expect((await sharp(bomb, { animated: true }).metadata()).pages).toBe(260);
    const url = await upload(t, alice, bomb);
    const started = performance.now();
    const res = await register(t, alice, url);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: IMAGE_LIMIT_TEXTS.tooManyFrames });
  });

  it('refuses more than 40 megapixels over all frames, and one huge frame (413)', async () => {
    const sixtyFrames = await register(t, alice, await upload(t, alice, gifBomb(1000, 1000, 60)));
    expect(sixtyFrames.statusCode).toBe(413);
    expect(sixtyFrames.json()).toEqual({ message: IMAGE_LIMIT_TEXTS.tooManyPixels });
    const png = await sharp({ create: { width: 7000, height: 6000, channels: 3, background: '#556b2f' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const huge = await register(t, alice, await upload(t, alice, png, 'image/png'));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: IMAGE_LIMIT_TEXTS.tooManyPixels });
  });

  it('takes an animation within the limits', async () => {
    const res = await register(t, alice, await upload(t, alice, gifBomb(200, 200, 20)));
    expect(res.statusCode, res.body).toBe(200);
    const stored = await t.app.inject({ url: res.json().objectPath });
    expect(stored.headers['content-type']).toBe('image/webp');
  });
});

describe('the image queue', () => {
  const deferred = () => {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  };

  it('runs at most `concurrency` jobs, refuses past `maxWaiting` with 503 and Retry-After', async () => {
    const queue = new JobQueue(1, 1, 7);
    const gate = deferred();
    const order: string[] = [];
    const first = queue.run(async () => {
      order.push('first starts');
      await gate.promise;
      order.push('first ends');
    });
    const second = queue.run(async () => {
      order.push('second runs');
    });
    expect(queue.size).toEqual({ running: 1, waiting: 1 });
    await expect(queue.run(async () => 'third')).rejects.toMatchObject({
      statusCode: 503,
      message: QUEUE_FULL_MESSAGE,
      headers: { 'Retry-After': '7' },
    });
    gate.resolve();
    await Promise.all([first, second]);
    expect(order).toEqual(['first starts', 'first ends', 'second runs']);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('a failing job frees its slot for the next', async () => {
    const queue = new JobQueue(1, 4);
    const failed = queue.run(async () => {
      throw new Error('broken image');
    });
    const next = queue.run(async () => 'done');
    await expect(failed).rejects.toThrow('broken image');
    expect(await next).toBe('done');
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it(
    'through the app: a full queue answers 503 with Retry-After; the rest register',
    async () => {
      const busy = await createTestApp({ config: { imageJobs: { concurrency: 1, maxWaiting: 1 } } });
      try {
        const bob = await createUser(busy.database.db);
        const jpeg = await sharp({
          create: {
            width: 2500,
            height: 2500,
            channels: 3,
            background: '#000',
            noise: { type: 'gaussian', mean: 120, sigma: 40 },
          },
        })
          .jpeg({ quality: 70 })
          .toBuffer();
        const urls = await Promise.all([1, 2, 3, 4].map(() => upload(busy, bob, jpeg, 'image/jpeg')));
        const results = await Promise.all(urls.map((u) => register(busy, bob, u)));
        const codes = results.map((r) => r.statusCode).sort();
        expect(codes).toContain(503);
        expect(codes).toContain(200);
        const refused = results.find((r) => r.statusCode === 503)!;
        expect(refused.headers['retry-after']).toBe('5');
        expect(refused.json()).toEqual({ message: QUEUE_FULL_MESSAGE });
      } finally {
        await busy.close();
      }
    },
    HEAVY_MS,
  );

  it(
    'a login made while four heavy images are processed answers before any of them is done',
    async () => {
      const heavy = await sharp({
        create: {
          width: 3000,
          height: 2500,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 120, sigma: 40 },
        },
      })
        .jpeg({ quality: 70 })
        .toBuffer();
      const urls = await Promise.all([1, 2, 3, 4].map(() => upload(t, alice, heavy, 'image/jpeg')));
      const done: string[] = [];
      const registrations = urls.map((u, i) =>
        register(t, alice, u).then((r) => {
          done.push(`image ${i}: ${r.statusCode}`);
          return r;
        }),
      );
      // The login starts once the images are being decoded.
      await new Promise((r) => setTimeout(r, 400));
      const login = t.app
        .inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: alice.username, password: TEST_PASSWORD },
        })
        .then((r) => {
          done.push(`login: ${r.statusCode}`);
          return r;
        });
      await Promise.all([...registrations, login]);
      expect(done).toContain('login: 200');
      // The queue runs one image at a time, leaving the thread pool to the login's password hash:
      // without it the four images fill the pool and the login waits for one of them.
      expect(done[0]).toBe('login: 200');
      expect(done.filter((d) => d.startsWith('image')).every((d) => d.endsWith(': 200'))).toBe(true);
    },
    HEAVY_MS,
  );
});
