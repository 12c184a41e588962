import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RULE_PRESETS } from '../../../contract';
import { cityOfAddress, fieldEventPlace, mapTilesConfig, tileOrigin } from '../../../contract/fields';
import { events, fieldRatings, fields } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import {
  appWithPlayers,
  createEvent,
  createField,
  createUser,
  injectAs,
  type TestUser,
} from '../../test/factories';
import { weightedRating } from './rating';

let t: TestApp, member: TestUser, other: TestUser, admin: TestUser;
beforeAll(async () => {
  ({ t, member, other, admin } = await appWithPlayers({ member: 'user', other: 'user', admin: 'admin' }));
});
afterAll(() => t.close());

const db = () => t.database.db;
const snapshot = async () => ({
  fields: await db().select().from(fields).orderBy(fields.id),
  ratings: await db().select().from(fieldRatings).orderBy(fieldRatings.id),
});
const clear = async () => {
  await db().delete(events);
  await db().delete(fields);
};

const names = (list: { name: string }[]) => list.map((f) => f.name);
const rate = (user: TestUser | null, id: string, rating: unknown) =>
  injectAs(t.app, user, { method: 'POST', url: `/api/fields/${id}/rate`, payload: { rating } });

describe('weightedRating (the Bayesian rating, m = 3)', () => {
  it('pulls few ratings toward the mean and leaves many close to their own average', () => {
    expect(weightedRating(0, 0, 4)).toBeNull();
    expect(weightedRating(1, 5, 4)).toBeCloseTo((5 + 12) / 4);
    expect(weightedRating(50, 4.8, 4)).toBeCloseTo((50 * 4.8 + 12) / 53);
    // One 5-star vote does not beat fifty 4.8s.
    expect(weightedRating(1, 5, 4)!).toBeLessThan(weightedRating(50, 4.8, 4)!);
    expect(weightedRating(2, 3, 3, 0)).toBe(3);
  });
});

describe('contract helpers', () => {
  it('reads a city and province from an address, and what a field gives an event', () => {
    expect(cityOfAddress('34000 Gravel Pit Rd, Abbotsford, BC V2S 4N1')).toBe('Abbotsford, BC');
    expect(cityOfAddress('900 Old Austin Hwy, Bastrop, TX 78602')).toBe('Bastrop, TX');
    expect(cityOfAddress('Somewhere')).toBeNull();
    expect(fieldEventPlace({ name: 'Fort', address: null, lat: null, lng: null, rules: null }).location).toBe(
      'Fort',
    );
  });

  it('finds the tile host for the CSP and the attribution', () => {
    expect(tileOrigin('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileOrigin('https://{s}.tile.example.com/{z}/{x}/{y}.png')).toBe('https://*.tile.example.com');
    expect(tileOrigin('javascript:alert(1)')).toBeNull();
    expect(mapTilesConfig().attribution).toContain('OpenStreetMap');
    expect(mapTilesConfig('https://tiles.example.com/{z}/{x}/{y}.png').attribution).toBe(
      'Map tiles: tiles.example.com',
    );
    expect(mapTilesConfig('https://tiles.example.com/{z}/{x}/{y}.png', 'Mine').attribution).toBe('Mine');
  });
});

describe('GET /api/config and the CSP', () => {
  it('gives the tile source and allows that tile host only', async () => {
    const res = await injectAs(t.app, null, { url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      map: {
        tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: expect.stringContaining('OpenStreetMap'),
      },
    });
    const csp = String(res.headers['content-security-policy']);
    const img = csp.split(';').find((d) => d.trim().startsWith('img-src')) ?? '';
    expect(img).toContain('https://tile.openstreetmap.org');
    expect(img).not.toContain('*.');
    expect(csp.split(';').find((d) => d.trim().startsWith('connect-src'))).not.toContain('openstreetmap');
  });

  it('follows MAP_TILE_URL', async () => {
    const custom = await createTestApp({
      config: { mapTiles: { url: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png', attribution: 'Example' } },
    });
    try {
      const res = await injectAs(custom.app, null, { url: '/api/config' });
      expect(res.json().map).toEqual({
        tileUrl: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png',
        attribution: 'Example',
      });
      expect(String(res.headers['content-security-policy'])).toContain('https://*.tiles.example.com');
      expect(String(res.headers['content-security-policy'])).not.toContain('openstreetmap');
    } finally {
      await custom.close();
    }
  }, 180_000);
});

describe('GET /api/fields', () => {
  beforeEach(clear);

  it('lists by name for everyone with the viewer abilities; fields start unverified', async () => {
    await createField(db(), { name: 'Zulu Park', phone: '(604) 555-0100' });
    await createField(db(), { name: 'Alpha Range', type: 'Indoor CQB', website: 'alpha.example.com' });
    for (const [viewer, isAdmin, canRate] of [
      [null, false, false],
      [member, false, true],
      [admin, true, true],
    ] as const) {
      const res = await injectAs(t.app, viewer, { url: '/api/fields' });
      expect(res.statusCode).toBe(200);
      const list = res.json();
      expect(names(list)).toEqual(['Alpha Range', 'Zulu Park']);
      expect(list[0]).toMatchObject({
        type: 'Indoor CQB',
        website: 'alpha.example.com',
        verified: false,
        rating: null,
        ratingAverage: null,
        ratingCount: 0,
        viewerRating: null,
        rules: null,
        canRate,
        canEdit: isAdmin,
        canDelete: isAdmin,
        canVerify: isAdmin,
      });
      expect(list[0]).not.toHaveProperty('distance');
    }
  });

  it('filters by type and pages with ?limit and ?before', async () => {
    for (const [name, type] of [
      ['A', 'Indoor CQB'],
      ['B', 'Outdoor woodland'],
      ['C', 'Indoor CQB'],
      ['D', 'Indoor CQB'],
    ])
      await createField(db(), { name, type });
    const get = async (q: string) => (await injectAs(t.app, null, { url: `/api/fields?${q}` })).json();
    expect(names(await get(`type=${encodeURIComponent('Indoor CQB')}`))).toEqual(['A', 'C', 'D']);
    const first = await get('limit=2');
    expect(names(first)).toEqual(['A', 'B']);
    expect(names(await get(`limit=2&before=${first[1].id}`))).toEqual(['C', 'D']);
    expect(names(await get(`limit=2&before=${first[1].id.toUpperCase()}&type=Indoor%20CQB`))).toEqual([
      'C',
      'D',
    ]);
  });

  it('orders by distance with ?near= within the radius, with distance in km, and pages', async () => {
    await createField(db(), { name: 'Toronto', lat: 43.6532, lng: -79.3832 });
    await createField(db(), { name: 'Ottawa', lat: 45.4215, lng: -75.6972 });
    await createField(db(), { name: 'Vancouver', lat: 49.2827, lng: -123.1207 });
    await createField(db(), { name: 'Nowhere', lat: null, lng: null });
    const get = async (q: string) => (await injectAs(t.app, null, { url: `/api/fields?${q}` })).json();
    const list = await get('near=44.2312,-76.486');
    expect(names(list)).toEqual(['Ottawa', 'Toronto']);
    expect(list[0].distance).toBeGreaterThan(140);
    expect(list[0].distance).toBeLessThan(150);
    expect(Math.round(list[1].distance * 10) / 10).toBe(list[1].distance);
    expect(names(await get('near=44.2312,-76.486&radius=5000'))).toEqual(['Ottawa', 'Toronto', 'Vancouver']);
    expect(names(await get('near=44.2312,-76.486&radius=200'))).toEqual(['Ottawa']);
    const page = await get('near=44.2312,-76.486&radius=5000&limit=1');
    expect(names(await get(`near=44.2312,-76.486&radius=5000&limit=2&before=${page[0].id}`))).toEqual([
      'Toronto',
      'Vancouver',
    ]);
  });

  it("gives a signed-in viewer their own rating, by name and near me, paged, and on the field's page", async () => {
    const toronto = await createField(db(), { name: 'Toronto', type: 'Urban', lat: 43.6532, lng: -79.3832 });
    const ottawa = await createField(db(), { name: 'Ottawa', type: 'Urban', lat: 45.4215, lng: -75.6972 });
    await createField(db(), { name: 'Kingston', type: 'Urban', lat: 44.2312, lng: -76.486 });
    expect((await rate(member, ottawa.id, 4)).statusCode).toBe(200);
    expect((await rate(member, toronto.id, 2)).statusCode).toBe(200);
    const ratings = async (viewer: TestUser | null, q: string) =>
      (await injectAs(t.app, viewer, { url: `/api/fields?${q}` }))
        .json()
        .map((f: { name: string; viewerRating: number | null; canRate: boolean; distance?: number }) => [
          f.name,
          f.viewerRating,
          f.canRate,
          f.distance === undefined ? 'no distance' : 'distance',
        ]);
    expect(await ratings(member, 'type=Urban')).toEqual([
      ['Kingston', null, true, 'no distance'],
      ['Ottawa', 4, false, 'no distance'],
      ['Toronto', 2, false, 'no distance'],
    ]);
    expect(await ratings(member, 'near=44.2312,-76.486&limit=2')).toEqual([
      ['Kingston', null, true, 'distance'],
      ['Ottawa', 4, false, 'distance'],
    ]);
    const [, second] = (
      await injectAs(t.app, member, { url: '/api/fields?near=44.2312,-76.486&limit=2' })
    ).json();
    expect(await ratings(member, `near=44.2312,-76.486&type=Urban&limit=2&before=${second.id}`)).toEqual([
      ['Toronto', 2, false, 'distance'],
    ]);
    expect(await ratings(member, `limit=1&before=${second.id}`)).toEqual([
      ['Toronto', 2, false, 'no distance'],
    ]);
    for (const viewer of [other, null])
      expect((await ratings(viewer, 'near=44.2312,-76.486')).map((r: unknown[]) => r[1])).toEqual([
        null,
        null,
        null,
      ]);
    const page = await injectAs(t.app, member, { url: `/api/fields/${ottawa.id}` });
    expect(page.json()).toMatchObject({ name: 'Ottawa', viewerRating: 4, canRate: false, ratingCount: 1 });
    expect(page.json()).not.toHaveProperty('distance');
    expect(
      (await injectAs(t.app, other, { url: `/api/fields/${ottawa.id}` })).json().viewerRating,
    ).toBeNull();
  });

  it('refuses bad queries with 400 and field errors', async () => {
    for (const [q, field] of [
      ['type=Lawn', 'type'],
      ['near=91,0', 'near'],
      ['near=here', 'near'],
      ['radius=10', 'radius'],
      ['near=1,1&radius=-5', 'radius'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['before=nope', 'before'],
      ['type=Indoor%00CQB', 'type'],
    ]) {
      const res = await injectAs(t.app, null, { url: `/api/fields?${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(Object.keys(res.json().errors), q).toContain(field);
    }
  });
});

describe('GET /api/fields/{id}', () => {
  beforeEach(clear);

  it('answers the field with its upcoming events there, soonest first (past and other fields left out)', async () => {
    const f = await createField(db(), { name: 'Timberline', rules: RULE_PRESETS[0].rules });
    const elsewhere = await createField(db(), { name: 'Elsewhere' });
    await createEvent(db(), { title: 'Later', fieldId: f.id, date: new Date(Date.now() + 20 * 86_400_000) });
    await createEvent(db(), { title: 'Sooner', fieldId: f.id, date: new Date(Date.now() + 2 * 86_400_000) });
    await createEvent(db(), { title: 'Past', fieldId: f.id, date: new Date(Date.now() - 2 * 86_400_000) });
    await createEvent(db(), { title: 'Other', fieldId: elsewhere.id });
    await createEvent(db(), { title: 'Unlinked' });
    const res = await injectAs(t.app, null, { url: `/api/fields/${f.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: f.id, name: 'Timberline', rules: RULE_PRESETS[0].rules });
    expect(res.json().upcomingEvents.map((e: { title: string }) => e.title)).toEqual(['Sooner', 'Later']);
    expect(res.json().upcomingEvents[0]).toMatchObject({ type: 'Local', capacity: 0, registeredCount: 0 });
  });

  it('404s an unknown field and 400s a bad id', async () => {
    const missing = await injectAs(t.app, null, { url: '/api/fields/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Field not found');
    for (const bad of ['nope', '%00', '..%2Fadmin'])
      expect((await injectAs(t.app, null, { url: `/api/fields/${bad}` })).statusCode, bad).toBe(400);
  });
});

describe('POST /api/fields/{id}/rate', () => {
  beforeEach(clear);

  it('rates once (409 on a second try, data unchanged), keeps the Bayesian rating in fields.rating', async () => {
    const a = await createField(db(), { name: 'A' });
    const b = await createField(db(), { name: 'B' });
    const first = await rate(member, a.id, 5);
    expect(first.statusCode).toBe(200);
    // One rating of 5 overall: C = 5, so the weighted rating is 5.
    expect(first.json()).toMatchObject({
      rating: 5,
      ratingAverage: 5,
      ratingCount: 1,
      viewerRating: 5,
      canRate: false,
    });

    const before = await snapshot();
    const again = await rate(member, a.id, 1);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already rated this field');
    expect(await snapshot()).toEqual(before);

    expect((await rate(other, a.id, 4)).statusCode).toBe(200);
    expect((await rate(member, b.id, 3)).statusCode).toBe(200);
    // C = (5 + 4 + 3) / 3 = 4. A: v 2, R 4.5; B: v 1, R 3.
    const C = 4;
    const list = (await injectAs(t.app, member, { url: '/api/fields' })).json();
    expect(list[0].rating).toBeCloseTo(weightedRating(2, 4.5, C)!);
    expect(list[1].rating).toBeCloseTo(weightedRating(1, 3, C)!);
    expect(list[0]).toMatchObject({ ratingCount: 2, ratingAverage: 4.5, viewerRating: 5, canRate: false });
    const [stored] = await db().select().from(fields).orderBy(fields.name);
    expect(stored.rating).toBeCloseTo((2 * 4.5 + 3 * C) / 5);
    expect(stored).toMatchObject({ ratingCount: 2, ratingSum: 9 });
    // The other player has rated A, not B.
    const seen = (await injectAs(t.app, other, { url: '/api/fields' })).json();
    expect(seen.map((f: { canRate: boolean }) => f.canRate)).toEqual([false, true]);
  });

  it('refuses anonymous (401), bad ratings (400) and unknown fields (404), data unchanged', async () => {
    const f = await createField(db());
    const before = await snapshot();
    expect((await rate(null, f.id, 4)).statusCode).toBe(401);
    for (const bad of [0, 6, 3.5, '4', null])
      expect((await rate(member, f.id, bad)).statusCode, String(bad)).toBe(400);
    const extra = await injectAs(t.app, member, {
      method: 'POST',
      url: `/api/fields/${f.id}/rate`,
      payload: { rating: 4, userId: other.id },
    });
    expect(extra.statusCode).toBe(400);
    expect((await rate(member, '00000000-0000-4000-8000-000000000000', 4)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps the counts exact when many players rate at once', async () => {
    const f = await createField(db());
    const players = await Promise.all(Array.from({ length: 12 }, () => createUser(db())));
    const answers = await Promise.all(players.map((p, i) => rate(p, f.id, (i % 5) + 1)));
    expect(answers.map((r) => r.statusCode)).toEqual(players.map(() => 200));
    const [row] = await db().select().from(fields);
    expect(row.ratingCount).toBe(12);
    expect(row.ratingSum).toBe(players.reduce((s, _, i) => s + (i % 5) + 1, 0));
    // A single field: C is its own average, so the weighted rating equals it.
    expect(row.rating).toBeCloseTo(row.ratingSum / 12);
  });
});

describe('admin: POST, PATCH, DELETE /api/admin/fields and verify', () => {
  beforeEach(clear);

  it('refuses anonymous (401) and members (403) on every write, data unchanged', async () => {
    const f = await createField(db());
    const before = await snapshot();
    const calls = [
      { method: 'POST' as const, url: '/api/admin/fields', payload: { name: 'Hacked', type: 'Urban' } },
      { method: 'PATCH' as const, url: `/api/admin/fields/${f.id}`, payload: { name: 'Hacked' } },
      { method: 'POST' as const, url: `/api/admin/fields/${f.id}/verify`, payload: {} },
      { method: 'DELETE' as const, url: `/api/admin/fields/${f.id}` },
      { method: 'DELETE' as const, url: `/api/admin/%66ields/${f.id}` },
      { method: 'POST' as const, url: `/api/%61dmin/fields/${f.id}/verify`, payload: {} },
    ];
    for (const call of calls) {
      expect((await injectAs(t.app, null, call)).statusCode, call.url).toBe(401);
      expect((await injectAs(t.app, member, call)).statusCode, call.url).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('creates an unverified field with rules, then lists it', async () => {
    const payload = {
      name: '  Timberline Airsoft Park ',
      type: 'Outdoor woodland',
      address: '34000 Gravel Pit Rd, Abbotsford, BC V2S 4N1',
      phone: '(604) 555-0199',
      website: 'timberline.example.com',
      image: 'https://img.example.com/field.jpg',
      lat: 49.0504,
      lng: -122.3045,
      rules: RULE_PRESETS[1].rules,
    };
    const res = await injectAs(t.app, admin, { method: 'POST', url: '/api/admin/fields', payload });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      ...payload,
      name: 'Timberline Airsoft Park',
      verified: false,
      rating: null,
      canEdit: true,
    });
    expect(res.json().media['https://img.example.com/field.jpg'].src).toMatch(/^\/api\/image-proxy\?url=/);
    expect(names((await injectAs(t.app, null, { url: '/api/fields' })).json())).toEqual([
      'Timberline Airsoft Park',
    ]);

    const bare = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/admin/fields',
      payload: { name: 'Bare', type: 'Urban' },
    });
    expect(bare.statusCode).toBe(201);
    expect(bare.json()).toMatchObject({ address: null, phone: null, website: null, lat: null, rules: null });
  });

  it('answers 400 with field errors and stores nothing', async () => {
    const before = await snapshot();
    const ok = { name: 'a', type: 'Urban' };
    for (const [payload, field] of [
      [{}, 'name'],
      [{ ...ok, name: '   ' }, 'name'],
      [{ name: 'a' }, 'type'],
      [{ ...ok, type: 'Lawn' }, 'type'],
      [{ ...ok, website: 'javascript:alert(1)' }, 'website'],
      [{ ...ok, image: 'javascript:alert(1)' }, 'image'],
      [{ ...ok, lat: 95, lng: 0 }, 'lat'],
      [{ ...ok, lat: 10 }, 'lng'],
      [{ ...ok, name: 'bad\u0000byte' }, 'name'],
      [{ ...ok, rules: { minimumAge: -1 } }, 'rules.minimumAge'],
      [{ ...ok, verified: true }, '_'],
      [{ ...ok, rating: 5 }, '_'],
    ] as const) {
      const res = await injectAs(t.app, admin, { method: 'POST', url: '/api/admin/fields', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().errors), JSON.stringify(payload)).toContain(field);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('patches the fields given, keeps the rest, and 404s a missing field', async () => {
    const f = await createField(db(), { name: 'Old', phone: '(604) 555-0100' });
    const res = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/admin/fields/${f.id}`,
      payload: { name: 'New', website: '', rules: RULE_PRESETS[2].rules },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'New',
      website: null,
      phone: '(604) 555-0100',
      rules: RULE_PRESETS[2].rules,
    });
    const before = await snapshot();
    for (const payload of [{}, { lat: 1 }, { type: 'Lawn' }])
      expect(
        (await injectAs(t.app, admin, { method: 'PATCH', url: `/api/admin/fields/${f.id}`, payload }))
          .statusCode,
      ).toBe(400);
    const missing = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: '/api/admin/fields/00000000-0000-4000-8000-000000000000',
      payload: { name: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('verifies a field (and takes it back), 404 for a missing one', async () => {
    const f = await createField(db());
    const on = await injectAs(t.app, admin, { method: 'POST', url: `/api/admin/fields/${f.id}/verify` });
    expect(on.statusCode).toBe(200);
    expect(on.json().verified).toBe(true);
    const off = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/admin/fields/${f.id}/verify`,
      payload: { verified: false },
    });
    expect(off.json().verified).toBe(false);
    expect(
      (
        await injectAs(t.app, admin, {
          method: 'POST',
          url: `/api/admin/fields/${f.id}/verify`,
          payload: { verified: 'yes' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await injectAs(t.app, admin, {
          method: 'POST',
          url: '/api/admin/fields/00000000-0000-4000-8000-000000000000/verify',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('deletes a field with its ratings; its events keep their place and lose the link; others re-weighed', async () => {
    const a = await createField(db(), { name: 'A' });
    const b = await createField(db(), { name: 'B' });
    await rate(member, a.id, 1);
    await rate(member, b.id, 5);
    const e = await createEvent(db(), { fieldId: a.id, location: 'Abbotsford, BC' });
    const res = await injectAs(t.app, admin, { method: 'DELETE', url: `/api/admin/fields/${a.id}` });
    expect(res.statusCode).toBe(204);
    expect(await db().select().from(fieldRatings)).toHaveLength(1);
    const [left] = await db().select().from(fields);
    // Only B's 5 is left: C = 5, so B's weighted rating is 5.
    expect(left.rating).toBeCloseTo(5);
    const event = (await injectAs(t.app, null, { url: `/api/events/${e.id}` })).json();
    expect(event).toMatchObject({ fieldId: null, location: 'Abbotsford, BC' });
    const again = await injectAs(t.app, admin, { method: 'DELETE', url: `/api/admin/fields/${a.id}` });
    expect(again.statusCode).toBe(404);
  });
});

describe('events held at a field', () => {
  beforeEach(clear);

  const date = () => new Date(Date.now() + 5 * 86_400_000).toISOString();

  it('fills location, address, coordinates and rules from the field on create; what is given wins', async () => {
    const f = await createField(db(), {
      name: 'Timberline',
      address: '34000 Gravel Pit Rd, Abbotsford, BC V2S 4N1',
      lat: 49.0504,
      lng: -122.3045,
      rules: RULE_PRESETS[0].rules,
    });
    const res = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/events',
      payload: { title: 'Op Timber', date: date(), fieldId: f.id.toUpperCase() },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      fieldId: f.id,
      location: 'Abbotsford, BC',
      address: '34000 Gravel Pit Rd, Abbotsford, BC V2S 4N1',
      lat: 49.0504,
      lng: -122.3045,
      rules: RULE_PRESETS[0].rules,
    });
    const own = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/events',
      payload: {
        title: 'Own rules',
        date: date(),
        fieldId: f.id,
        location: 'Fraser Valley, BC',
        rules: null,
      },
    });
    expect(own.json()).toMatchObject({
      location: 'Fraser Valley, BC',
      rules: null,
      lat: 49.0504,
      fieldId: f.id,
    });
    const page = (await injectAs(t.app, null, { url: `/api/fields/${f.id}` })).json();
    expect(page.upcomingEvents.map((e: { title: string }) => e.title).sort()).toEqual([
      'Op Timber',
      'Own rules',
    ]);
  });

  it('links an existing event on edit (filling its place), and unlinks with null', async () => {
    const f = await createField(db(), {
      name: 'Fort',
      address: null,
      lat: 52.09,
      lng: -106.74,
      rules: RULE_PRESETS[2].rules,
    });
    const e = await createEvent(db(), { location: 'Leeds, West Yorkshire' });
    const linked = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/events/${e.id}`,
      payload: { fieldId: f.id },
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({
      fieldId: f.id,
      location: 'Fort',
      address: null,
      lat: 52.09,
      lng: -106.74,
      rules: RULE_PRESETS[2].rules,
    });
    const unlinked = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/events/${e.id}`,
      payload: { fieldId: null },
    });
    expect(unlinked.json()).toMatchObject({ fieldId: null, location: 'Fort', lat: 52.09 });
  });

  it('refuses an unknown field and a create with neither location nor field, storing nothing', async () => {
    const before = await db().select().from(events);
    const unknown = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/events',
      payload: { title: 'X', date: date(), fieldId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ fieldId: ['Field not found'] });
    const neither = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/events',
      payload: { title: 'X', date: date() },
    });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().errors.location).toEqual(['Required']);
    const bad = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/events',
      payload: { title: 'X', date: date(), fieldId: 'nope', location: 'Here' },
    });
    expect(bad.statusCode).toBe(400);
    expect(await db().select().from(events)).toEqual(before);
  });
});
