import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { searchEvents } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import {
  createEvent,
  createField,
  createGearPost,
  createNews,
  createProduct,
  createStore,
  createTeam,
  createTutorial,
  createUser,
  injectAs,
  type TestUser,
} from '../../test/factories';

let t: TestApp;
let me: TestUser;
const db = () => t.database.db;
const day = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  me = await createUser(db(), { username: 'searcher' });
  const owner = await createUser(db(), { username: 'kit_owner' });
  for (const name of ['ghost_one', 'ghost_two', 'ghost_three', 'ghost_four'])
    await createUser(db(), { username: name });
  for (const [title, days] of [
    ['Past', -30],
    ['Soon', 1],
    ['Later', 9],
    ['Latest', 20],
  ] as const)
    await createEvent(db(), {
      title: `Operation Ghost ${title}`,
      date: new Date(Date.now() + days * day),
      location: 'Austin, TX',
    });
  await createGearPost(db(), owner, {
    title: 'HPA Speedsoft M4',
    category: 'Rifle',
    image: '/objects/a.png',
  });
  await createGearPost(db(), owner, {
    title: 'Plate carrier',
    category: 'Tactical Vest',
    image: '/objects/b.png',
  });
  await createProduct(db(), { title: 'Tokyo Marui M4 MWS', brand: 'TM' });
  await createTeam(db(), owner, { name: 'Ghost Recon Squad' });
  await createField(db(), { name: 'Ghost Town Field', address: '1 Field Rd' });
  await createStore(db(), { name: 'Ghost Tactical', address: '1 Main St', region: 'Ontario' });
  await createStore(db(), { name: 'Desert Airsoft', address: '2 Main St', region: 'Ghostland' });
  await createNews(db(), { title: 'Ghost league returns' });
  await createTutorial(db(), { title: 'Ghillie and ghost tactics', category: 'Tactics' });
});
afterAll(() => t.close());

const search = (q: string, who: TestUser | null = null) =>
  injectAs(t.app, who, { url: `/api/search?q=${encodeURIComponent(q)}` });

describe('GET /api/search', () => {
  it('answers every group, up to 3 each', async () => {
    const res = await search('GHOST');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      ['events', 'fields', 'gear', 'news', 'products', 'stores', 'teams', 'tutorials', 'users'].sort(),
    );
    expect(body.users).toHaveLength(3);
    expect(body.users.every((u: { username: string }) => u.username.startsWith('ghost_'))).toBe(true);
    // Upcoming first, soonest first; the past one is beyond the 3.
    expect(body.events.map((e: { title: string }) => e.title)).toEqual([
      'Operation Ghost Soon',
      'Operation Ghost Later',
      'Operation Ghost Latest',
    ]);
    expect(body.teams).toEqual([{ id: expect.any(String), name: 'Ghost Recon Squad', location: null }]);
    expect(body.fields).toEqual([
      { id: expect.any(String), name: 'Ghost Town Field', address: '1 Field Rd' },
    ]);
    // Stores by name or by region, with the country (SPEC §9) for the Store Locator's address.
    expect(body.stores).toEqual([
      { id: expect.any(String), name: 'Desert Airsoft', region: 'Ghostland', country: 'US' },
      { id: expect.any(String), name: 'Ghost Tactical', region: 'Ontario', country: 'Canada' },
    ]);
    expect(body.news).toEqual([{ id: expect.any(String), title: 'Ghost league returns' }]);
    expect(body.tutorials).toEqual([
      { id: expect.any(String), title: 'Ghillie and ghost tactics', category: 'Tactics' },
    ]);
    expect(body.gear).toEqual([]);
    expect(body.products).toEqual([]);
  });

  it("finds the players' gear by title ('m4') and by category, with the owner, and the catalog apart", async () => {
    const m4 = (await search('m4')).json();
    expect(m4.gear).toEqual([
      { id: expect.any(String), title: 'HPA Speedsoft M4', category: 'Rifle', username: 'kit_owner' },
    ]);
    expect(m4.products).toEqual([{ id: expect.any(String), name: 'Tokyo Marui M4 MWS' }]);
    const vests = (await search('vest')).json();
    expect(vests.gear.map((g: { title: string }) => g.title)).toEqual(['Plate carrier']);
  });

  it('answers empty groups, no error, for an empty or 1-character query, and takes % and _ literally', async () => {
    for (const q of ['', ' ', 'g', ' g ', '%%', '__']) {
      const res = await search(q);
      expect(res.statusCode).toBe(200);
      expect(Object.values(res.json()).every((g) => Array.isArray(g) && g.length === 0)).toBe(true);
    }
    const none = await t.app.inject({ url: '/api/search' });
    expect(none.statusCode).toBe(200);
    expect(none.json().users).toEqual([]);
  });

  it('refuses a NUL byte or a 1,000-character query with a 400 and a message, never a 500', async () => {
    for (const q of ['gh\u0000ost', 'a'.repeat(1000), 'x'.repeat(101)]) {
      const res = await search(q);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await search('x'.repeat(100))).statusCode).toBe(200);
  });

  it('is recorded once for the analytics, with the total of results', async () => {
    await db().delete(searchEvents);
    await search('Speedsoft', me);
    const rows = await db().select().from(searchEvents);
    expect(rows).toEqual([expect.objectContaining({ query: 'speedsoft', resultsCount: 1, userId: me.id })]);
  });

  it('runs one search statement (and the analytics record), whatever the groups hold', async () => {
    const n = await countQueries(db(), () => search('ghost'));
    expect(n).toBe(2);
    expect(await countQueries(db(), () => search('g'))).toBe(0);
  });
});

/** Statements sent while `fn` runs: at the pool on PostgreSQL, through drizzle's logger on PGlite. */
async function countQueries(database: Db, fn: () => Promise<unknown>): Promise<number> {
  let n = 0;
  const client = (database as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    const pool = client as pg.Pool & { query: (...a: unknown[]) => unknown };
    const query = pool.query;
    pool.query = function (this: unknown, ...args: unknown[]) {
      n++;
      return query.apply(this, args);
    } as typeof pool.query;
    try {
      await fn();
    } finally {
      pool.query = query;
    }
    return n;
  }
  const session = (database as unknown as { session: { logger: unknown; options: { logger?: unknown } } })
    .session;
  const counter = { logQuery: () => void n++ };
  const [logger, optionLogger] = [session.logger, session.options.logger];
  session.logger = counter;
  session.options.logger = counter;
  try {
    await fn();
  } finally {
    session.logger = logger;
    session.options.logger = optionLogger;
  }
  return n;
}
