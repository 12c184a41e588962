import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchEvents } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createEvent, createProduct, createUser, injectAs, type TestUser } from '../../test/factories';

let t: TestApp;
let me: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  me = await createUser(t.database.db, { username: 'searcher' });
  await createUser(t.database.db, { username: 'GhostSniper' });
  await createUser(t.database.db, { username: 'ghost_medic' });
  await createEvent(t.database.db, {
    title: 'Operation Ghost Town',
    date: new Date(),
    location: 'Austin, TX',
  });
  await createProduct(t.database.db, { title: 'Tokyo Marui Hi-Capa', brand: 'TM' });
});
afterAll(() => t.close());

describe('search endpoints', () => {
  it('match case-insensitive substrings and answer the spec shapes', async () => {
    const users = await injectAs(t.app, me, { url: '/api/users/search?q=GHOST' });
    expect(users.statusCode).toBe(200);
    expect(
      users
        .json()
        .map((u: { username: string }) => u.username)
        .sort(),
    ).toEqual(['GhostSniper', 'ghost_medic']);
    expect(Object.keys(users.json()[0]).sort()).toEqual(['id', 'username']);
    const ev = await t.app.inject({ url: '/api/events/search?q=host t' });
    expect(ev.json()).toEqual([{ id: expect.any(String), title: 'Operation Ghost Town' }]);
    const prod = await t.app.inject({ url: '/api/products?search=hi-c' });
    expect(prod.json()).toEqual({ products: [{ id: expect.any(String), name: 'Tokyo Marui Hi-Capa' }] });
  });

  it('answer an empty list under 2 characters and treat % and _ literally', async () => {
    expect((await t.app.inject({ url: '/api/users/search?q=g' })).json()).toEqual([]);
    expect((await t.app.inject({ url: '/api/users/search?q=%20%20' })).json()).toEqual([]);
    expect((await t.app.inject({ url: '/api/users/search' })).json()).toEqual([]);
    const pct = await t.app.inject({ url: '/api/users/search?q=%25%25' });
    expect(pct.json()).toEqual([]);
    const underscore = await t.app.inject({ url: '/api/users/search?q=t_m' });
    expect(underscore.json().map((u: { username: string }) => u.username)).toEqual(['ghost_medic']);
    expect((await t.app.inject({ url: `/api/users/search?q=${'a'.repeat(101)}` })).statusCode).toBe(400);
  });

  it('record each search with its result count and user', async () => {
    await injectAs(t.app, me, { url: '/api/users/search?q=sniper' });
    const rows = await t.database.db.select().from(searchEvents);
    const row = rows.find((r) => r.query === 'sniper');
    expect(row).toMatchObject({ resultsCount: 1, userId: me.id });
  });
});
