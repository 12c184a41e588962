import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_QUOTA, UPLOAD_QUOTA_TEXTS } from '../../../contract';
import { uploadTokens } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, injectAs } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const address = (cookie: string) =>
  injectAs(t.app, { cookie }, { method: 'POST', url: '/api/objects/upload' });
const tokensOf = async (userId: string) =>
  t.database.db.select().from(uploadTokens).where(eq(uploadTokens.userId, userId));

describe('upload quotas per account', () => {
  it(`hands out at most ${UPLOAD_QUOTA.pending} unregistered addresses at once, even when asked all at once`, async () => {
    const u = await createUser(t.database.db);
    const answers = await Promise.all(Array.from({ length: 25 }, () => address(u.cookie)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(UPLOAD_QUOTA.pending);
    expect(codes.filter((c) => c === 429)).toHaveLength(25 - UPLOAD_QUOTA.pending);
    expect(answers.find((a) => a.statusCode === 429)?.json()).toEqual({
      message: UPLOAD_QUOTA_TEXTS.tooManyPending,
    });
    expect(await tokensOf(u.id)).toHaveLength(UPLOAD_QUOTA.pending);
    // Another player is not affected.
    const other = await createUser(t.database.db);
    expect((await address(other.cookie)).statusCode).toBe(200);
  });

  it(`allows ${UPLOAD_QUOTA.addressesPerWindow} addresses per ${UPLOAD_QUOTA.windowMinutes} minutes`, async () => {
    const u = await createUser(t.database.db);
    // Addresses registered earlier in the window still count toward it.
    await t.database.db.insert(uploadTokens).values(
      Array.from({ length: UPLOAD_QUOTA.addressesPerWindow }, (_, i) => ({
        userId: u.id,
        objectKey: `raw/window-${u.id}-${i}`,
        expiresAt: new Date(Date.now() + 60_000),
        registeredAt: new Date(),
        createdAt: new Date(Date.now() - 10 * 60_000),
      })),
    );
    const res = await address(u.cookie);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: UPLOAD_QUOTA_TEXTS.tooMany });
    expect(await tokensOf(u.id)).toHaveLength(UPLOAD_QUOTA.addressesPerWindow);
    // Older than the window, they no longer count.
    await t.database.db
      .update(uploadTokens)
      .set({ createdAt: new Date(Date.now() - (UPLOAD_QUOTA.windowMinutes + 1) * 60_000) })
      .where(eq(uploadTokens.userId, u.id));
    expect((await address(u.cookie)).statusCode).toBe(200);
  });

  it('stops at the daily byte budget', async () => {
    const u = await createUser(t.database.db);
    await t.database.db.insert(uploadTokens).values({
      userId: u.id,
      objectKey: `raw/budget-${u.id}`,
      expiresAt: new Date(Date.now() - 60_000),
      registeredAt: new Date(),
      bytes: UPLOAD_QUOTA.dailyBytes,
      createdAt: new Date(Date.now() - 60 * 60_000),
    });
    const res = await address(u.cookie);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: UPLOAD_QUOTA_TEXTS.dailyLimit });
  });

  it('counts the bytes an upload stored', async () => {
    const u = await createUser(t.database.db);
    const url = (await address(u.cookie)).json().uploadURL as string;
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(992)]);
    const put = await t.app.inject({
      method: 'PUT',
      url,
      payload: png,
      headers: { 'content-type': 'image/png' },
    });
    expect(put.statusCode).toBe(200);
    const [row] = await tokensOf(u.id);
    expect(row.bytes).toBe(1000);
  });
});

describe('the daily byte budget is counted while the bytes arrive', () => {
  const KIB = 1024;
  const DAILY = 64 * KIB;
  let q: TestApp;
  beforeAll(async () => {
    q = await createTestApp({
      config: {
        uploadQuota: { addressesPerWindow: 1000, windowMinutes: 30, pending: 1000, dailyBytes: DAILY },
      },
    });
  });
  afterAll(() => q.close());

  const newUrl = async (cookie: string) => {
    const res = await injectAs(q.app, { cookie }, { method: 'POST', url: '/api/objects/upload' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().uploadURL as string;
  };
  const png = (size: number) => {
    const bytes = Buffer.alloc(size);
    Buffer.from('89504e470d0a1a0a', 'hex').copy(bytes);
    return bytes;
  };
  const usedBy = async (userId: string) =>
    (await q.database.db.select().from(uploadTokens).where(eq(uploadTokens.userId, userId))).reduce(
      (sum, row) => sum + (row.bytes ?? 0),
      0,
    );
  function storedFiles(): string[] {
    const root = path.join(q.dir, 'objects');
    try {
      return readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => path.relative(root, path.join(d.parentPath, d.name)))
        .sort();
    } catch {
      return [];
    }
  }

  it('stops reading a body that declares a small size and sends more than the budget leaves (413), keeps nothing', async () => {
    const u = await createUser(q.database.db);
    const first = await q.app.inject({ method: 'PUT', url: await newUrl(u.cookie), payload: png(20 * KIB) });
    expect(first.statusCode, first.body).toBe(200);
    const before = storedFiles();
    const url = await newUrl(u.cookie);
    const chunk = 8 * KIB;
    const total = 1024 * KIB;
    let pulled = 0;
    async function* body() {
      yield png(chunk);
      pulled += chunk;
      while (pulled < total) {
        pulled += chunk;
        yield Buffer.alloc(chunk);
      }
    }
    const res = await q.app.inject({
      method: 'PUT',
      url,
      payload: Readable.from(body()),
      headers: { 'content-type': 'image/png', 'content-length': '1000' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: UPLOAD_QUOTA_TEXTS.dailyLimit });
    // Refused once the bytes passed the 44 KiB left, not at the end of the body.
    expect(pulled).toBeGreaterThan(DAILY - 20 * KIB);
    expect(pulled).toBeLessThan(DAILY + 4 * chunk);
    expect(storedFiles()).toEqual(before);
    // Only the first upload counts, and the address can be used again.
    expect(await usedBy(u.id)).toBe(20 * KIB);
    const again = await q.app.inject({ method: 'PUT', url, payload: png(40 * KIB) });
    expect(again.statusCode, again.body).toBe(200);
    expect(await usedBy(u.id)).toBe(60 * KIB);
  });

  it('refuses a declared size over what the budget leaves before reading a byte, without using the address', async () => {
    const u = await createUser(q.database.db);
    const url = await newUrl(u.cookie);
    let pulled = 0;
    const body = Readable.from(
      (async function* () {
        pulled += 8;
        yield png(8);
      })(),
    );
    const res = await q.app.inject({
      method: 'PUT',
      url,
      payload: body,
      headers: { 'content-type': 'image/png', 'content-length': String(DAILY + 1) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: UPLOAD_QUOTA_TEXTS.dailyLimit });
    expect(pulled).toBe(0);
    const [row] = await q.database.db.select().from(uploadTokens).where(eq(uploadTokens.userId, u.id));
    expect(row.uploadedAt).toBeNull();
    expect(row.bytes).toBeNull();
  });

  it('lets only the concurrent uploads that fit pass, and counts only them', async () => {
    const u = await createUser(q.database.db);
    const urls = await Promise.all(Array.from({ length: 6 }, () => newUrl(u.cookie)));
    const before = storedFiles();
    const answers = await Promise.all(
      urls.map((url) => q.app.inject({ method: 'PUT', url, payload: png(20 * KIB) })),
    );
    const codes = answers.map((a) => a.statusCode);
    // 3 x 20 KiB fit in 64 KiB, a fourth does not.
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 413)).toHaveLength(3);
    expect(answers.find((a) => a.statusCode === 413)?.json()).toEqual({
      message: UPLOAD_QUOTA_TEXTS.dailyLimit,
    });
    // The refused ones left no object behind.
    const idOf = (url: string) => /upload\/([0-9a-f-]{36})/.exec(url)![1];
    const files = storedFiles();
    expect(urls.map((url) => files.some((f) => f.includes(idOf(url))))).toEqual(
      answers.map((a) => a.statusCode === 200),
    );
    expect(files.length).toBeGreaterThan(before.length);
    expect(await usedBy(u.id)).toBe(60 * KIB);
    // What is left (4 KiB) still takes an upload of that size, and nothing more.
    const over = await q.app.inject({
      method: 'PUT',
      url: await newUrl(u.cookie),
      payload: png(4 * KIB + 1),
    });
    expect(over.statusCode).toBe(413);
    const fits = await q.app.inject({ method: 'PUT', url: await newUrl(u.cookie), payload: png(4 * KIB) });
    expect(fits.statusCode, fits.body).toBe(200);
    expect(await usedBy(u.id)).toBe(DAILY);
  });

  it('keeps concurrent bodies without a declared size within the budget too', async () => {
    const u = await createUser(q.database.db);
    const urls = await Promise.all(Array.from({ length: 6 }, () => newUrl(u.cookie)));
    const streamOf = () =>
      Readable.from(
        (async function* () {
          yield png(4 * KIB);
          for (let i = 0; i < 4; i++) {
            await new Promise((resolve) => setImmediate(resolve));
            yield Buffer.alloc(4 * KIB);
          }
        })(),
      );
    const answers = await Promise.all(
      urls.map((url) =>
        q.app.inject({ method: 'PUT', url, payload: streamOf(), headers: { 'content-type': 'image/png' } }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200).length;
    expect(ok).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 413)).toBe(true);
    expect(await usedBy(u.id)).toBe(ok * 20 * KIB);
    expect(await usedBy(u.id)).toBeLessThanOrEqual(DAILY);
  });
});

describe('anonymous analytics writes are limited per address', () => {
  it('answers 429 past 120 page views a minute from one address', async () => {
    const limited = await createTestApp({ config: { rateLimits: true } });
    try {
      const view = (remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/analytics/page-view',
          payload: { path: '/' },
          remoteAddress,
        });
      const codes: number[] = [];
      for (let i = 0; i < 121; i++) codes.push((await view('10.1.1.1')).statusCode);
      expect(codes.slice(0, 120).every((c) => c === 204)).toBe(true);
      expect(codes[120]).toBe(429);
      expect((await view('10.2.2.2')).statusCode).toBe(204);
      const search = (n: number) =>
        limited.app.inject({ url: `/api/users/search?q=player${n}`, remoteAddress: '10.3.3.3' });
      for (let i = 0; i < 120; i++) expect((await search(i)).statusCode).toBe(200);
      expect((await search(121)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
