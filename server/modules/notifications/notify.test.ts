import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationActors, notificationSettings, notifications } from '../../db/schema';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { createPost, createUser } from '../../test/factories';
import { notify } from './notify';

describe('notify (the one statement every kind writes through)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  it('writes an entry per recipient, never to the actor, and groups unread entries by key', async () => {
    const db = database.db;
    const [owner, a, b] = [await createUser(db), await createUser(db), await createUser(db)];
    const post = await createPost(db, owner);
    const like = (actorId: string) =>
      notify(
        db,
        { recipientIds: [owner.id], kind: 'like', actorId, groupKey: `like:${post.id}`, postId: post.id },
        { mail: false },
      );
    expect(await like(a.id)).toBe(1);
    const [first] = await db.select().from(notifications).where(eq(notifications.recipientId, owner.id));
    expect(await like(b.id)).toBe(1);
    expect(await like(owner.id)).toBe(0);
    const rows = await db.select().from(notifications).where(eq(notifications.recipientId, owner.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.seq).toBeGreaterThan(first?.seq ?? Infinity);
    const actors = await db
      .select()
      .from(notificationActors)
      .where(eq(notificationActors.notificationId, rows[0]?.id ?? 0));
    expect(actors.map((x) => x.actorId).sort()).toEqual([a.id, b.id].sort());
    // Read, the next like starts a new entry.
    await db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.recipientId, owner.id));
    await like(a.id);
    expect(await db.select().from(notifications).where(eq(notifications.recipientId, owner.id))).toHaveLength(
      2,
    );
  });

  it("respects 'off', deduplicates, and writes nothing when the transaction rolls back", async () => {
    const db = database.db;
    const [p, q] = [await createUser(db), await createUser(db)];
    await db.insert(notificationSettings).values({ userId: q.id, channels: { 'event-reminder': 'off' } });
    const remind = () =>
      notify(
        db,
        { recipientIds: [p.id, q.id, p.id], kind: 'event-reminder', dedupeKey: 'reminder:x' },
        { mail: true },
      );
    expect(await remind()).toBe(1);
    expect(await remind()).toBe(0);
    await db
      .transaction(async (tx) => {
        await notify(
          tx,
          { recipientIds: [q.id], kind: 'follow', actorId: p.id, groupKey: 'follow' },
          { mail: false },
        );
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await db.select().from(notifications).where(eq(notifications.recipientId, q.id))).toHaveLength(0);
    const mails = await db.execute(sql`SELECT count(*)::int AS n FROM mail_outbox WHERE user_id = ${p.id}`);
    expect((mails as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(1);
  });
});
