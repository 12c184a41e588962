import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../../db/schema';
import type { TestApp } from '../../test/app';
import { appWithPlayers, createStore, injectAs, type TestUser } from '../../test/factories';

let t: TestApp, member: TestUser, admin: TestUser;
beforeAll(async () => {
  ({ t, member, admin } = await appWithPlayers({ member: 'user', admin: 'admin' }));
});
afterAll(() => t.close());

const db = () => t.database.db;
const snapshot = () => db().select().from(stores).orderBy(stores.id);
const clear = () => db().delete(stores);

const names = (list: { name: string }[]) => list.map((s) => s.name);

describe('GET /api/stores', () => {
  it('lists every store by name for everyone, with its country and the viewer abilities', async () => {
    await clear();
    await createStore(db(), { name: 'Zulu Tactical', region: 'Texas', phone: '(512) 555-0100' });
    await createStore(db(), { name: 'Alpha Airsoft', region: 'Quebec', website: 'alpha.example.com' });
    for (const [viewer, may] of [
      [null, false],
      [member, false],
      [admin, true],
    ] as const) {
      const res = await injectAs(t.app, viewer, { url: '/api/stores' });
      expect(res.statusCode).toBe(200);
      const list = res.json();
      expect(names(list)).toEqual(['Alpha Airsoft', 'Zulu Tactical']);
      expect(list[0]).toMatchObject({
        country: 'Canada',
        website: 'alpha.example.com',
        phone: null,
        verified: true,
        canEdit: may,
        canDelete: may,
      });
      expect(list[1]).toMatchObject({ country: 'US', phone: '(512) 555-0100', website: null });
      expect(list[0]).not.toHaveProperty('distance');
    }
  });

  it('filters by region and by country (the SPEC §9 rule)', async () => {
    await clear();
    for (const [name, region] of [
      ['BC One', 'British Columbia'],
      ['Atlantic One', 'Atlantic Canada'],
      ['Cali One', 'California'],
      ['Cali Two', 'California'],
      ['Texas One', 'Texas'],
    ])
      await createStore(db(), { name, region });
    const get = async (q: string) => names((await injectAs(t.app, null, { url: `/api/stores?${q}` })).json());
    expect(await get('country=Canada')).toEqual(['Atlantic One', 'BC One']);
    expect(await get('country=US')).toEqual(['Cali One', 'Cali Two', 'Texas One']);
    expect(await get('region=California')).toEqual(['Cali One', 'Cali Two']);
    expect(await get(`region=${encodeURIComponent('Atlantic Canada')}`)).toEqual(['Atlantic One']);
    expect(await get('region=California&country=Canada')).toEqual([]);
    expect(await get('region=Nowhere')).toEqual([]);
  });

  it('orders by distance with ?near=, adding distance in km with one decimal, stores without coordinates last', async () => {
    await clear();
    await createStore(db(), { name: 'Toronto', region: 'Ontario', lat: 43.6532, lng: -79.3832 });
    await createStore(db(), { name: 'Ottawa', region: 'Ontario', lat: 45.4215, lng: -75.6972 });
    await createStore(db(), { name: 'Vancouver', region: 'British Columbia', lat: 49.2827, lng: -123.1207 });
    await createStore(db(), { name: 'Nowhere', region: 'Ontario', lat: null, lng: null });
    // From Kingston, Ontario: Ottawa (~145 km), Toronto (~240 km), Vancouver (~3400 km).
    const res = await injectAs(t.app, null, { url: '/api/stores?near=44.2312,-76.486' });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(names(list)).toEqual(['Ottawa', 'Toronto', 'Vancouver', 'Nowhere']);
    expect(list[0].distance).toBeGreaterThan(140);
    expect(list[0].distance).toBeLessThan(150);
    expect(list[1].distance).toBeGreaterThan(235);
    expect(list[1].distance).toBeLessThan(245);
    expect(list[2].distance).toBeGreaterThan(3300);
    for (const s of list.slice(0, 3)) expect(Math.round(s.distance * 10) / 10).toBe(s.distance);
    expect(list[3].distance).toBeNull();

    const withRegion = (
      await injectAs(t.app, null, { url: '/api/stores?near=49.28,-123.12&country=Canada&region=Ontario' })
    ).json();
    expect(names(withRegion)).toEqual(['Toronto', 'Ottawa', 'Nowhere']);

    const within = (
      await injectAs(t.app, null, { url: '/api/stores?near=44.2312,-76.486&radius=200' })
    ).json();
    expect(names(within)).toEqual(['Ottawa']);
  });

  it('refuses bad queries with 400 and field errors', async () => {
    for (const [q, field] of [
      ['country=Mexico', 'country'],
      ['near=91,0', 'near'],
      ['near=here', 'near'],
      ['region=', 'region'],
      ['radius=10', 'radius'],
      ['near=1,1&radius=-5', 'radius'],
    ]) {
      const res = await injectAs(t.app, null, { url: `/api/stores?${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(Object.keys(res.json().errors), q).toContain(field);
    }
  });
});

describe('admin: POST, PATCH, DELETE /api/admin/stores', () => {
  it('refuses anonymous (401) and members (403) on every write, data unchanged', async () => {
    const s = await createStore(db());
    const before = await snapshot();
    const body = { name: 'Hacked', address: 'x', region: 'Ontario' };
    const calls = [
      { method: 'POST' as const, url: '/api/admin/stores', payload: body },
      { method: 'PATCH' as const, url: `/api/admin/stores/${s.id}`, payload: { name: 'Hacked' } },
      { method: 'DELETE' as const, url: `/api/admin/stores/${s.id}` },
      { method: 'DELETE' as const, url: `/api/admin/%73tores/${s.id}` },
      { method: 'PATCH' as const, url: `/api/%61dmin/stores/${s.id}`, payload: { name: 'Hacked' } },
    ];
    for (const call of calls) {
      expect((await injectAs(t.app, null, call)).statusCode, call.url).toBe(401);
      expect((await injectAs(t.app, member, call)).statusCode, call.url).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('creates a store with the website as given, then lists it', async () => {
    const payload = {
      name: '  Maple Leaf Airsoft ',
      address: '12 King St W, Toronto, ON',
      region: 'Ontario',
      phone: '(416) 555-0101',
      website: 'mapleleaf.example.com',
      lat: 43.6487,
      lng: -79.3817,
    };
    const res = await injectAs(t.app, admin, { method: 'POST', url: '/api/admin/stores', payload });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      ...payload,
      name: 'Maple Leaf Airsoft',
      country: 'Canada',
      verified: true,
      canEdit: true,
      canDelete: true,
    });
    const listed = (await injectAs(t.app, null, { url: '/api/stores?region=Ontario' })).json();
    expect(listed.map((s: { id: string }) => s.id)).toContain(res.json().id);

    const bare = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/admin/stores',
      payload: { name: 'Desert Ops', address: '1 Main St, Phoenix, AZ', region: 'Arizona' },
    });
    expect(bare.statusCode).toBe(201);
    expect(bare.json()).toMatchObject({ country: 'US', phone: null, website: null, lat: null, lng: null });
  });

  it('answers 400 with field errors and stores nothing', async () => {
    const before = await snapshot();
    const ok = { name: 'a', address: 'b', region: 'Ontario' };
    for (const [payload, field] of [
      [{}, 'name'],
      [{ ...ok, name: '   ' }, 'name'],
      [{ ...ok, address: '' }, 'address'],
      [{ name: 'a', address: 'b' }, 'region'],
      [{ ...ok, website: 'javascript:alert(1)' }, 'website'],
      [{ ...ok, lat: 95, lng: 0 }, 'lat'],
      [{ ...ok, lat: 10, lng: 200 }, 'lng'],
      [{ ...ok, lat: 10 }, 'lng'],
      [{ ...ok, phone: 'x'.repeat(41) }, 'phone'],
      [{ ...ok, name: 'bad\u0000byte' }, 'name'],
    ] as const) {
      const res = await injectAs(t.app, admin, { method: 'POST', url: '/api/admin/stores', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().errors), JSON.stringify(payload)).toContain(field);
    }
    const unknown = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/admin/stores',
      payload: { ...ok, verified: false },
    });
    expect(unknown.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('patches the fields given, keeps the rest, refuses bad patches and 404s a missing store', async () => {
    const s = await createStore(db(), {
      name: 'Old name',
      phone: '(416) 555-0199',
      website: 'old.example.com',
    });
    const res = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/admin/stores/${s.id}`,
      payload: { name: 'New name', region: 'Michigan', website: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: s.id,
      name: 'New name',
      region: 'Michigan',
      country: 'US',
      website: null,
      phone: '(416) 555-0199',
      address: s.address,
      createdAt: s.createdAt.toISOString(),
    });
    expect(new Date(res.json().updatedAt).getTime()).toBeGreaterThan(s.updatedAt.getTime());

    const after = await snapshot();
    for (const payload of [{}, { name: '' }, { lat: 10 }, { website: 'data:text/html,x' }]) {
      const bad = await injectAs(t.app, admin, {
        method: 'PATCH',
        url: `/api/admin/stores/${s.id}`,
        payload,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await snapshot()).toEqual(after);

    const missing = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: '/api/admin/stores/00000000-0000-4000-8000-000000000000',
      payload: { name: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Store not found');
    expect(
      (
        await injectAs(t.app, admin, {
          method: 'PATCH',
          url: '/api/admin/stores/nope',
          payload: { name: 'x' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('deletes a store (204), then 404', async () => {
    const s = await createStore(db(), { name: 'Gone soon' });
    const res = await injectAs(t.app, admin, { method: 'DELETE', url: `/api/admin/stores/${s.id}` });
    expect(res.statusCode).toBe(204);
    const listed = (await injectAs(t.app, null, { url: '/api/stores' })).json();
    expect(listed.map((x: { id: string }) => x.id)).not.toContain(s.id);
    expect(
      (await injectAs(t.app, admin, { method: 'DELETE', url: `/api/admin/stores/${s.id}` })).statusCode,
    ).toBe(404);
  });
});
