import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/db';
import type { Database } from './client';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('Database.listen', () => {
  it('hears NOTIFY on its channel only, and nothing once stopped', async () => {
    const heard: string[] = [];
    const states: boolean[] = [];
    const stop = await database.listen(
      'test_channel',
      () => heard.push('notify'),
      (s) => states.push(s),
    );
    expect(states).toEqual([true]);
    await database.db.execute(sql`SELECT pg_notify('test_channel', 'x')`);
    await database.db.execute(sql`SELECT pg_notify('other_channel', 'x')`);
    await expect.poll(() => heard.length).toBe(1);
    await stop();
    await database.db.execute(sql`SELECT pg_notify('test_channel', 'x')`);
    await new Promise((r) => setTimeout(r, 100));
    expect(heard).toHaveLength(1);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'says when its connection is lost, reconnects, and hears again',
    async () => {
      let heard = 0;
      const states: boolean[] = [];
      const stop = await database.listen(
        'lost_channel',
        () => heard++,
        (s) => states.push(s),
      );
      try {
        await database.db.execute(
          sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
              WHERE datname = current_database() AND query = 'LISTEN "lost_channel"'`,
        );
        await expect.poll(() => states.includes(false)).toBe(true);
        await expect.poll(() => states.at(-1), { timeout: 5_000 }).toBe(true);
        await database.db.execute(sql`SELECT pg_notify('lost_channel', '')`);
        await expect.poll(() => heard).toBe(1);
      } finally {
        await stop();
      }
    },
  );
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('Database.listen on PostgreSQL', () => {
  it('listens on every channel through one connection, and closes it with the last', async () => {
    const heard: string[] = [];
    const stops = await Promise.all(
      ['one_a', 'one_b', 'one_a'].map((channel, i) =>
        database.listen(
          channel,
          (payload) => heard.push(`${i}:${payload}`),
          () => {},
        ),
      ),
    );
    const listeners = async () =>
      (
        (await database.db.execute(
          sql`SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND query LIKE 'LISTEN "one_%'`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows[0]?.n;
    expect(await listeners()).toBe(1);
    await database.db.execute(sql`SELECT pg_notify('one_a', 'x'), pg_notify('one_b', 'y')`);
    await expect.poll(() => [...heard].sort()).toEqual(['0:x', '1:y', '2:x']);
    await stops[0]?.();
    await database.db.execute(sql`SELECT pg_notify('one_a', 'z')`);
    await expect.poll(() => heard.includes('2:z')).toBe(true);
    expect(heard.includes('0:z')).toBe(false);
    await stops[1]?.();
    await stops[2]?.();
    await expect.poll(listeners).toBe(0);
  });
});
