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
