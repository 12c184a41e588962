import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { fieldRatings, fields, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import {
  createField,
  createGearPost,
  createGearRating,
  createPost,
  createUser,
  injectAs,
  type TestUser,
} from '../../test/factories';

const open: TestApp[] = [];
afterAll(async () => {
  for (const t of open) await t.close();
});

const DAY_MS = 86_400_000;

/** Nine items ranked 1st to 9th by three players of long standing; `trustHours` as RATING_TRUST_HOURS. */
async function ranked(trustHours: number) {
  const t = await createTestApp({ config: { ratingTrustHours: trustHours } });
  open.push(t);
  const db = t.database.db;
  const old = new Date(Date.now() - 3 * DAY_MS);
  const veterans = [];
  for (let i = 0; i < 3; i++) {
    const v = await createUser(db, { joinedAt: old });
    await createPost(db, v);
    veterans.push(v);
  }
  const owner = await createUser(db);
  const scores = [
    [5, 5, 5],
    [5, 5, 4],
    [5, 4, 4],
    [4, 4, 4],
    [4, 4, 3],
    [4, 3, 3],
    [3, 3, 3],
    [3, 3, 2],
    [3, 2, 2],
  ];
  const items = [];
  for (const s of scores) {
    const item = await createGearPost(db, owner);
    for (let i = 0; i < 3; i++) await createGearRating(db, item, veterans[i], s[i]);
    items.push(item.id);
  }
  const order = async () => {
    const res = await injectAs(t.app, null, { url: '/api/gear/top-rated?limit=20' });
    return (res.json() as { id: string }[]).map((g) => g.id);
  };
  expect(await order()).toEqual(items);
  return { t, db, items, order };
}

/** Nine accounts made a moment ago, with nothing else done, each rating `item` 5. */
async function nineFresh(t: TestApp, item: string) {
  const answers = [];
  const fresh: TestUser[] = [];
  for (let i = 0; i < 9; i++) {
    const f = await createUser(t.database.db);
    fresh.push(f);
    const res = await injectAs(t.app, f, {
      method: 'POST',
      url: `/api/gear/${item}/rate`,
      payload: { rating: 5 },
    });
    expect(res.statusCode).toBe(200);
    answers.push(res.json());
  }
  return { answers, fresh };
}

describe('fresh-account trust (issue 24)', () => {
  it('nine fresh accounts cannot move an item from 9th to 4th; their ratings are kept and the answer says so', async () => {
    const { t, db, items, order } = await ranked(24);
    const ninth = items[8];
    const { answers, fresh } = await nineFresh(t, ninth);
    expect(await order()).toEqual(items);
    for (const a of answers) {
      expect(a.counted).toBe(false);
      expect(a.message).toMatch(/Your rating is saved; it counts once your account is a day old/);
      expect(a.totalRatings).toBe(3);
    }
    // Kept: one row each.
    const top = await injectAs(t.app, null, { url: `/api/gear/top-rated?limit=20` });
    expect(top.json()[8].totalRatings).toBe(3);
    // Once an account is a day old and has taken part, its next rating brings the kept one in.
    const one = fresh[0];
    await db
      .update(users)
      .set({ joinedAt: new Date(Date.now() - 2 * DAY_MS) })
      .where(eq(users.id, one.id));
    await createPost(db, one);
    const again = await injectAs(t.app, one, {
      method: 'POST',
      url: `/api/gear/${items[0]}/rate`,
      payload: { rating: 5 },
    });
    expect(again.json().counted).toBe(true);
    expect(again.json().message).toBeUndefined();
    const after = (await injectAs(t.app, null, { url: '/api/gear/top-rated?limit=20' })).json() as {
      id: string;
      totalRatings: number;
    }[];
    expect(after.find((g) => g.id === ninth)?.totalRatings).toBe(4);
  });

  it('an account old enough but with no other activity does not count either', async () => {
    const { t, items, order } = await ranked(24);
    const aged = await createUser(t.database.db, { joinedAt: new Date(Date.now() - 5 * DAY_MS) });
    const res = await injectAs(t.app, aged, {
      method: 'POST',
      url: `/api/gear/${items[8]}/rate`,
      payload: { rating: 5 },
    });
    expect(res.json().counted).toBe(false);
    expect(await order()).toEqual(items);
  });

  it('with RATING_TRUST_HOURS=0 they count at once, and the item moves up', async () => {
    const { t, items, order } = await ranked(0);
    const { answers } = await nineFresh(t, items[8]);
    expect(answers.every((a) => a.counted === true)).toBe(true);
    expect((await order()).indexOf(items[8])).toBeLessThanOrEqual(3);
  });

  it('a field rated by a fresh account keeps its average; the rating is kept, not counted', async () => {
    const t = await createTestApp({ config: { ratingTrustHours: 24 } });
    open.push(t);
    const db = t.database.db;
    const field = await createField(db);
    const fresh = await createUser(db);
    const res = await injectAs(t.app, fresh, {
      method: 'POST',
      url: `/api/fields/${field.id}/rate`,
      payload: { rating: 5 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().counted).toBe(false);
    expect(res.json().message).toMatch(/counts once your account is a day old/);
    const [row] = await db.select().from(fields).where(eq(fields.id, field.id));
    expect(row.ratingCount).toBe(0);
    expect(row.rating).toBeNull();
    expect(await db.select().from(fieldRatings)).toHaveLength(1);
    // Qualified: the next rating counts, and brings the kept one in.
    await db
      .update(users)
      .set({ joinedAt: new Date(Date.now() - 2 * DAY_MS) })
      .where(eq(users.id, fresh.id));
    await createPost(db, fresh);
    const other = await createField(db);
    const next = await injectAs(t.app, fresh, {
      method: 'POST',
      url: `/api/fields/${other.id}/rate`,
      payload: { rating: 4 },
    });
    expect(next.json().counted).toBe(true);
    const [kept] = await db.select().from(fields).where(eq(fields.id, field.id));
    expect(kept.ratingCount).toBe(1);
    expect(kept.ratingSum).toBe(5);
  });
});
