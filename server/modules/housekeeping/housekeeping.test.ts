import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { images, mailOutbox, posts, uploadTokens, userSessions, users } from '../../db/schema';
import type { ObjectStorage } from '../../storage/types';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost, createUser } from '../../test/factories';
import { MAIL_KEEP_MS } from '../notifications';
import { prepareImage, storePreparedImage, variantPath } from '../uploads';
import {
  IMAGE_GRACE_MS,
  runHousekeeping,
  runHousekeepingOnce,
  scheduleHousekeeping,
  UPLOAD_TOKEN_GRACE_MS,
  UPLOAD_TOKEN_KEEP_MS,
} from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const png = Buffer.from('89504e470d0a1a0a', 'hex');
const ago = (ms: number) => new Date(Date.now() - ms);

describe('runHousekeeping', () => {
  it('removes expired sessions, and raw uploads minutes after their address expired', async () => {
    const db = t.database.db;
    const user = await createUser(db);
    const [live] = await db.select().from(userSessions).where(eq(userSessions.userId, user.id));
    await db
      .insert(userSessions)
      .values({ userId: user.id, tokenHash: 'expired-hash', expiresAt: ago(1000) });

    const token = (objectKey: string, expiresAt: Date, createdAt = ago(20 * 60_000)) => ({
      userId: user.id,
      objectKey,
      expiresAt,
      createdAt,
    });
    await db
      .insert(uploadTokens)
      .values([
        token('raw/stale-never-registered', ago(UPLOAD_TOKEN_GRACE_MS + 60_000)),
        token('raw/in-grace', ago(60_000)),
        token('raw/fresh', new Date(Date.now() + 60_000)),
        token('raw/day-old', ago(UPLOAD_TOKEN_KEEP_MS), ago(UPLOAD_TOKEN_KEEP_MS + 60_000)),
      ]);
    for (const key of ['raw/stale-never-registered', 'raw/in-grace', 'raw/fresh'])
      await t.storage.putBuffer(key, png, 'image/png');

    expect(await runHousekeeping(db, t.storage)).toEqual({
      sessions: 1,
      uploadTokens: 2,
      images: 0,
      youtube: 0,
      mails: 0,
      exports: 0,
      registrations: 0,
    });

    const sessions = await db.select().from(userSessions).where(eq(userSessions.userId, user.id));
    expect(sessions.map((s) => s.id)).toEqual([live.id]);
    expect(await t.storage.get('raw/stale-never-registered')).toBeNull();
    expect(await t.storage.get('raw/in-grace')).not.toBeNull();
    expect(await t.storage.get('raw/fresh')).not.toBeNull();
    // The cleaned address stays for the daily quota; the day-old one is gone.
    const left = await db
      .select({ key: uploadTokens.objectKey, cleaned: uploadTokens.cleanedAt })
      .from(uploadTokens);
    expect(left.map((r) => r.key).sort()).toEqual([
      'raw/fresh',
      'raw/in-grace',
      'raw/stale-never-registered',
    ]);
    expect(left.find((r) => r.key === 'raw/stale-never-registered')?.cleaned).not.toBeNull();

    // A second run finds nothing more to do.
    expect(await runHousekeeping(db, t.storage)).toEqual({
      sessions: 0,
      uploadTokens: 0,
      images: 0,
      youtube: 0,
      mails: 0,
      exports: 0,
      registrations: 0,
    });
  });

  it('deletes the outbox mails sent, skipped or given up over 30 days ago, and keeps the waiting ones', async () => {
    const db = t.database.db;
    const user = await createUser(db);
    const old = ago(MAIL_KEEP_MS + 60_000);
    const recent = ago(MAIL_KEEP_MS - 60_000);
    const mail = (subject: string, done: { sentAt?: Date; failedAt?: Date; lastError?: string } = {}) => ({
      userId: user.id,
      kind: 'digest',
      subject,
      createdAt: old,
      ...done,
    });
    await db
      .insert(mailOutbox)
      .values([
        mail('sent long ago', { sentAt: old }),
        mail('skipped long ago', { failedAt: old, lastError: 'skipped: the digest was turned off' }),
        mail('given up long ago', { failedAt: old, lastError: 'refused' }),
        mail('sent lately', { sentAt: recent }),
        mail('given up lately', { failedAt: recent }),
        mail('waiting since long ago'),
        { ...mail('retrying since long ago'), attempts: 3, lastError: 'timeout' },
      ]);
    const subjects = async () =>
      (await db.select({ s: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.userId, user.id)))
        .map((r) => r.s)
        .sort();

    expect((await runHousekeeping(db, t.storage)).mails).toBe(3);
    expect(await subjects()).toEqual(
      ['given up lately', 'retrying since long ago', 'sent lately', 'waiting since long ago'].sort(),
    );
    expect((await runHousekeeping(db, t.storage)).mails).toBe(0);
  });

  it('sweeps stored images nothing references once past their grace, and keeps the others', async () => {
    const db = t.database.db;
    const owner = await createUser(db);
    const leaving = await createUser(db);
    const old = ago(IMAGE_GRACE_MS + 60_000);
    const paths = {
      deletedPost: '/objects/images/deleted-post.webp',
      keptPost: '/objects/images/kept-post.webp',
      oldAvatar: '/objects/images/old-avatar.webp',
      newAvatar: '/objects/images/new-avatar.webp',
      goneBanner: '/objects/images/gone-banner.webp',
      freshDraft: '/objects/images/fresh-draft.webp',
    };
    for (const p of Object.values(paths))
      await t.storage.putBuffer(p.slice('/objects/'.length), png, 'image/webp');
    await db.insert(images).values([
      { objectPath: paths.deletedPost, userId: owner.id, createdAt: old },
      { objectPath: paths.keptPost, userId: owner.id, createdAt: old },
      { objectPath: paths.oldAvatar, userId: owner.id, createdAt: old },
      { objectPath: paths.newAvatar, userId: owner.id, createdAt: old },
      { objectPath: paths.goneBanner, userId: leaving.id, createdAt: old },
      { objectPath: paths.freshDraft, userId: owner.id, createdAt: ago(60_000) },
    ]);
    const gone = await createPost(db, owner, { caption: 'gone', images: [paths.deletedPost] });
    await createPost(db, owner, { caption: 'kept', images: ['/objects/images/x.webp', paths.keptPost] });
    await db.update(users).set({ avatar: paths.oldAvatar }).where(eq(users.id, owner.id));
    await db.update(users).set({ coverImage: paths.goneBanner }).where(eq(users.id, leaving.id));
    // Then: the post is deleted, the avatar replaced, the account deleted.
    await db.delete(posts).where(eq(posts.id, gone.id));
    await db.update(users).set({ avatar: paths.newAvatar }).where(eq(users.id, owner.id));
    await db.delete(users).where(eq(users.id, leaving.id));

    const result = await runHousekeeping(db, t.storage);
    expect(result.images).toBe(3);
    const kept = (await db.select({ p: images.objectPath }).from(images)).map((r) => r.p).sort();
    expect(kept).toEqual([paths.freshDraft, paths.keptPost, paths.newAvatar].sort());
    for (const p of [paths.deletedPost, paths.oldAvatar, paths.goneBanner])
      expect(await t.storage.get(p.slice('/objects/'.length))).toBeNull();
    for (const p of [paths.keptPost, paths.newAvatar, paths.freshDraft])
      expect(await t.storage.get(p.slice('/objects/'.length))).not.toBeNull();
    expect((await runHousekeeping(db, t.storage)).images).toBe(0);
  });

  it('deletes an unreferenced image together with its variants, and keeps a referenced one whole', async () => {
    const db = t.database.db;
    const owner = await createUser(db);
    const photo = await sharp({ create: { width: 1500, height: 1000, channels: 3, background: '#567' } })
      .png()
      .toBuffer();
    const prepared = await prepareImage(photo, 'image/png');
    expect(prepared.variants.map((v) => v.width)).toEqual([320, 640, 1080]);
    const orphan = '/objects/images/orphan-with-variants.webp';
    const used = '/objects/images/used-with-variants.webp';
    const keys = (p: string) => [p, ...[320, 640, 1080].map((w) => variantPath(p, w))].map((k) => k.slice(9));
    for (const p of [orphan, used]) {
      await storePreparedImage(t.storage, p, prepared);
      for (const key of keys(p)) expect(await t.storage.get(key), key).not.toBeNull();
    }
    const old = ago(IMAGE_GRACE_MS + 60_000);
    await db.insert(images).values(
      [orphan, used].map((objectPath) => ({
        objectPath,
        userId: owner.id,
        createdAt: old,
        width: prepared.width,
        height: prepared.height,
        placeholder: prepared.placeholder,
        variantWidths: [320, 640, 1080],
      })),
    );
    await db.update(users).set({ avatar: used }).where(eq(users.id, owner.id));

    expect((await runHousekeeping(db, t.storage)).images).toBe(1);
    for (const key of keys(orphan)) expect(await t.storage.get(key), key).toBeNull();
    for (const key of keys(used)) expect(await t.storage.get(key), key).not.toBeNull();
  });
});

describe('housekeeping across processes', () => {
  // On PostgreSQL a second pool to the same database stands for another worker or instance; on
  // PGlite (one process) the same database is used twice.
  let other: Database;
  beforeAll(async () => {
    other = t.database.url ? await openDatabase({ databaseUrl: t.database.url }) : t.database;
  });
  afterAll(async () => {
    if (other !== t.database) await other.close();
  });

  it('runs in one process at a time: a run while another is running skips, and the work is done once', async () => {
    const db = t.database.db;
    const user = await createUser(db);
    await db.insert(uploadTokens).values({
      userId: user.id,
      objectKey: 'raw/once',
      expiresAt: ago(UPLOAD_TOKEN_GRACE_MS + 60_000),
      createdAt: ago(20 * 60_000),
    });
    await t.storage.putBuffer('raw/once', png, 'image/png');
    // The first process's storage holds its first delete until released: that run is in progress.
    let entered: () => void = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held: ObjectStorage = Object.assign(Object.create(t.storage), {
      async delete(key: string) {
        entered();
        await gate;
        return t.storage.delete(key);
      },
    });
    const first = runHousekeepingOnce(t.database, held, new Date(), { sweepImages: false });
    await inside;
    expect(await runHousekeepingOnce(other, t.storage, new Date(), { sweepImages: false })).toBeNull();
    release();
    expect((await first)?.uploadTokens).toBe(1);
    expect(await t.storage.get('raw/once')).toBeNull();
    // Free again, in either process; nothing is left to do.
    expect(
      (await runHousekeepingOnce(other, t.storage, new Date(), { sweepImages: false }))?.uploadTokens,
    ).toBe(0);
  });

  it('a scheduled run that finds the job running elsewhere says it skipped, and reports no result', async () => {
    let release: () => void = () => {};
    let entered: () => void = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const running = t.database.exclusive(
      'housekeeping',
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
          entered();
        }),
    );
    await inside;
    const results: unknown[] = [];
    let skipped = 0;
    const stop = scheduleHousekeeping(
      other,
      t.storage,
      (r) => results.push(r),
      (err) => results.push(err),
      60_000,
      60_000,
      { onSkipped: () => skipped++ },
    );
    try {
      await expect.poll(() => skipped).toBe(1);
      expect(results).toEqual([]);
    } finally {
      stop();
      release();
      await running;
    }
  });

  it('frees the job when a run fails', async () => {
    await expect(
      t.database.exclusive('housekeeping', async () => {
        throw new Error('storage down');
      }),
    ).rejects.toThrow('storage down');
    expect(await other.exclusive('housekeeping', async () => 'ran')).toBe('ran');
  });
});
