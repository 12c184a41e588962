import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadTokens, userSessions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { runHousekeeping, UPLOAD_TOKEN_GRACE_MS } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const png = Buffer.from('89504e470d0a1a0a', 'hex');
const ago = (ms: number) => new Date(Date.now() - ms);

describe('runHousekeeping', () => {
  it('removes expired sessions and stale upload addresses with their raw objects, and nothing else', async () => {
    const db = t.database.db;
    const user = await createUser(db);
    const [live] = await db.select().from(userSessions).where(eq(userSessions.userId, user.id));
    await db
      .insert(userSessions)
      .values({ userId: user.id, tokenHash: 'expired-hash', expiresAt: ago(1000) });

    const token = (objectKey: string, expiresAt: Date) => ({ userId: user.id, objectKey, expiresAt });
    await db
      .insert(uploadTokens)
      .values([
        token('raw/stale-never-registered', ago(UPLOAD_TOKEN_GRACE_MS + 60_000)),
        token('raw/in-grace', ago(60_000)),
        token('raw/fresh', new Date(Date.now() + 60_000)),
      ]);
    for (const key of ['raw/stale-never-registered', 'raw/in-grace', 'raw/fresh'])
      await t.storage.putBuffer(key, png, 'image/png');

    expect(await runHousekeeping(db, t.storage)).toEqual({ sessions: 1, uploadTokens: 1 });

    const sessions = await db.select().from(userSessions).where(eq(userSessions.userId, user.id));
    expect(sessions.map((s) => s.id)).toEqual([live.id]);
    const left = await db.select({ key: uploadTokens.objectKey }).from(uploadTokens);
    expect(left.map((r) => r.key).sort()).toEqual(['raw/fresh', 'raw/in-grace']);
    expect(await t.storage.get('raw/stale-never-registered')).toBeNull();
    expect(await t.storage.get('raw/in-grace')).not.toBeNull();

    // A second run finds nothing more to do.
    expect(await runHousekeeping(db, t.storage)).toEqual({ sessions: 0, uploadTokens: 0 });
  });
});
