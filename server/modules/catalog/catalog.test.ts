import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productJoules } from '../../../contract';
import { rows } from '../../db/rows';
import { productPriceHistory, productSources, products } from '../../db/schema';
import type { TestApp } from '../../test/app';
import { appWithPlayers, createOffer, createProduct, injectAs, type TestUser } from '../../test/factories';
import { markThirtyDayLows } from './presenters';
import { writeOffer } from './service';

let t: TestApp, member: TestUser, admin: TestUser;
beforeAll(async () => {
  ({ t, member, admin } = await appWithPlayers({ member: 'user', admin: 'admin' }));
}, 180_000); // a fresh database, on a busy machine
afterAll(() => t.close());

const db = () => t.database.db;
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

/** An offer of `vendor` for the product, with its price history given as [days ago, price, in stock?]. */
const makeOffer = (
  productId: string,
  vendor: string,
  price: string,
  {
    history,
    ...opts
  }: { currency?: 'CAD' | 'USD'; inStock?: boolean; history?: [number, string, boolean?][] } = {},
) =>
  createOffer(db(), {
    productId,
    vendor,
    price,
    ...opts,
    history: history?.map(([days, p, inStock]) => ({ price: p, recordedAt: ago(days), inStock })),
  });

const historyCount = async () =>
  (await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM product_price_history`))[0].n;

describe('GET /api/products/{id}', () => {
  it('answers the product with its specifications, joules at 0.20 g, and offers in stock first, lowest price first', async () => {
    const p = await createProduct(db(), { weight: '2.9 kg', material: 'Aluminium', magazineCapacity: 150 });
    await makeOffer(p.id, 'Pacific Gear', '449.95', { currency: 'USD', inStock: false });
    await makeOffer(p.id, 'Northbound', '579.99', { currency: 'CAD' });
    await makeOffer(p.id, 'Coastline', '589.00', { currency: 'CAD' });
    await makeOffer(p.id, 'Lone Star', '499.00', { currency: 'USD' });
    for (const viewer of [null, member, admin]) {
      const res = await injectAs(t.app, viewer, { url: `/api/products/${p.id}` });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        id: p.id,
        title: 'Krytac Trident MkII CRB',
        brand: 'Krytac',
        category: 'Rifle',
        fps: 370,
        joules: productJoules(370),
        weight: '2.9 kg',
        material: 'Aluminium',
        magazineCapacity: 150,
        canEdit: viewer === admin,
      });
      expect(body.joules).toBeCloseTo(1.27, 2);
      expect(body.offers.map((o: { vendor: string }) => o.vendor)).toEqual([
        'Lone Star',
        'Northbound',
        'Coastline',
        'Pacific Gear',
      ]);
      // The lowest price per currency, no conversion: the in-stock 499 USD beats the sold-out 449.95.
      expect(body.lowestPrices).toEqual([
        { currency: 'CAD', price: 579.99, vendor: 'Northbound', inStock: true },
        { currency: 'USD', price: 499, vendor: 'Lone Star', inStock: true },
      ]);
      expect(
        body.offers.map(
          (o: { vendor: string; lowestInCurrency: boolean; currency: string; price: number }) => [
            o.vendor,
            o.currency,
            o.price,
            o.lowestInCurrency,
          ],
        ),
      ).toEqual([
        ['Lone Star', 'USD', 499, true],
        ['Northbound', 'CAD', 579.99, true],
        ['Coastline', 'CAD', 589, false],
        ['Pacific Gear', 'USD', 449.95, false],
      ]);
    }
  });

  it('marks the lowest in-stock offer of each currency, ties included, and none in a currency sold out', async () => {
    const p = await createProduct(db(), { title: 'Lowest Mark Rifle' });
    await makeOffer(p.id, 'Cheap Sold Out', '90.00', { currency: 'USD', inStock: false });
    await makeOffer(p.id, 'Tie A', '100.00', { currency: 'USD' });
    await makeOffer(p.id, 'Tie B', '100.00', { currency: 'USD' });
    await makeOffer(p.id, 'Same Price Sold Out', '100.00', { currency: 'USD', inStock: false });
    await makeOffer(p.id, 'Dear', '130.00', { currency: 'USD' });
    await makeOffer(p.id, 'Gone North', '150.00', { currency: 'CAD', inStock: false });
    await makeOffer(p.id, 'Gone North Too', '170.00', { currency: 'CAD', inStock: false });
    const body = (await injectAs(t.app, null, { url: `/api/products/${p.id}` })).json();
    const marked = Object.fromEntries(
      body.offers.map((o: { vendor: string; lowestInCurrency: boolean }) => [o.vendor, o.lowestInCurrency]),
    );
    expect(marked).toEqual({
      'Tie A': true,
      'Tie B': true,
      Dear: false,
      'Cheap Sold Out': false,
      'Same Price Sold Out': false,
      'Gone North': false,
      'Gone North Too': false,
    });
    // The summary still names the lowest price of a sold-out currency, said to be out of stock.
    expect(body.lowestPrices).toEqual([
      { currency: 'CAD', price: 150, vendor: 'Gone North', inStock: false },
      { currency: 'USD', price: 100, vendor: 'Tie A', inStock: true },
    ]);
  });

  it('carries each offer history and marks the lowest price of the last 30 days', async () => {
    const p = await createProduct(db(), { title: 'G&G CM16 Raider 2.0', brand: 'G&G', fps: null });
    const o = await makeOffer(p.id, 'Red River', '249.99', {
      currency: 'CAD',
      history: [
        [50, '199.00'], // replaced before the window opened: not a 30-day low though cheapest
        [35, '289.99'], // in effect when the window opened
        [10, '249.99'],
      ],
    });
    const flat = await makeOffer(p.id, 'Steady Shop', '300.00', { history: [[40, '300.00']] });
    const body = (await injectAs(t.app, null, { url: `/api/products/${p.id}` })).json();
    expect(body.joules).toBeNull();
    const offer = body.offers.find((x: { id: string }) => x.id === o.id);
    expect(offer.history.map((h: { price: number; lowest30d: boolean }) => [h.price, h.lowest30d])).toEqual([
      [199, false],
      [289.99, false],
      [249.99, true],
    ]);
    expect(offer.lowest30d).toBe(true);
    expect(offer.history[0]).toMatchObject({ currency: 'CAD', inStock: true });
    // A price that never moved is no low.
    const steady = body.offers.find((x: { id: string }) => x.id === flat.id);
    expect(steady.lowest30d).toBe(false);
    expect(steady.history).toEqual([expect.objectContaining({ price: 300, lowest30d: false })]);
  });

  it('answers 404 for an unknown product and 400 for a malformed id', async () => {
    const unknown = await injectAs(t.app, member, {
      url: '/api/products/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Product not found');
    for (const bad of ['not-a-uuid', '%00', '..%2F..%2Fapi%2Fuser', "1'%20OR%20'1'='1"]) {
      const res = await injectAs(t.app, member, { url: `/api/products/${bad}` });
      expect([400, 404]).toContain(res.statusCode);
      expect(res.statusCode).not.toBe(200);
    }
  });

  it('keeps the header search answer', async () => {
    await createProduct(db(), { title: 'Tokyo Marui Hi-Capa 5.1' });
    const res = await injectAs(t.app, null, { url: '/api/products?search=hi-capa' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ products: [{ id: expect.any(String), name: 'Tokyo Marui Hi-Capa 5.1' }] });
  });
});

describe('markThirtyDayLows', () => {
  const now = new Date('2026-06-30T00:00:00Z');
  const at = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
  it('counts the price in effect when the window opened', () => {
    // 199 set 50 days ago was still the price 20 days into the window: nothing later is a low.
    expect(
      markThirtyDayLows(
        [
          { price: 199, recordedAt: at(50) },
          { price: 289.99, recordedAt: at(20) },
          { price: 249.99, recordedAt: at(10) },
        ],
        249.99,
        now,
      ),
    ).toEqual({ marks: [false, false, false], current: false });
    // 180 was in effect 40 days ago and still at the window's start; today's 190 is not the low.
    const r = markThirtyDayLows(
      [
        { price: 180, recordedAt: at(40) },
        { price: 200, recordedAt: at(10) },
        { price: 190, recordedAt: at(2) },
      ],
      190,
      now,
    );
    expect(r).toEqual({ marks: [false, false, false], current: false });
  });
  it('marks every point at the low inside the window', () => {
    const r = markThirtyDayLows(
      [
        { price: 150, recordedAt: at(25) },
        { price: 170, recordedAt: at(15) },
        { price: 150, recordedAt: at(5) },
      ],
      150,
      now,
    );
    expect(r).toEqual({ marks: [true, false, true], current: true });
  });
});

describe('writeOffer (price history)', () => {
  it('adds a history row when the offer is added, and when its price or stock changes; none when unchanged', async () => {
    const p = await createProduct(db(), { title: 'History Rifle' });
    const before = await historyCount();
    const offer = {
      productId: p.id,
      vendor: 'Shop',
      price: 100,
      currency: 'USD' as const,
      url: 'https://s.example.com',
      inStock: true,
    };
    expect(await writeOffer(db(), offer, null)).toBe('added');
    expect(await historyCount()).toBe(before + 1);
    const row = async () =>
      (await db().select().from(productSources).where(eq(productSources.productId, p.id)))[0];
    expect(await writeOffer(db(), offer, await row())).toBe('unchanged');
    expect(await historyCount()).toBe(before + 1);
    expect(await writeOffer(db(), { ...offer, url: 'https://s.example.com/new' }, await row())).toBe(
      'updated',
    );
    expect(await historyCount()).toBe(before + 1); // a new address is no price change
    expect(
      await writeOffer(db(), { ...offer, url: 'https://s.example.com/new', price: 90 }, await row()),
    ).toBe('updated');
    expect(
      await writeOffer(
        db(),
        { ...offer, url: 'https://s.example.com/new', price: 90, inStock: false },
        await row(),
      ),
    ).toBe('updated');
    const history = await db()
      .select()
      .from(productPriceHistory)
      .where(eq(productPriceHistory.sourceId, (await row()).id))
      .orderBy(productPriceHistory.recordedAt);
    expect(history.map((h) => [h.price, h.inStock, h.currency])).toEqual([
      ['100.00', true, 'USD'],
      ['90.00', true, 'USD'],
      ['90.00', false, 'USD'],
    ]);
  });
});

describe('Manage Catalog: products', () => {
  const body = {
    title: 'VFC Avalon Calibur',
    brand: 'VFC',
    category: 'Rifle',
    fps: '360',
    magazineCapacity: 120,
  };

  it('refuses anonymous (401) and members (403), storing nothing', async () => {
    const before = await db().select().from(products);
    const p = before[0];
    for (const [viewer, code] of [
      [null, 401],
      [member, 403],
    ] as const) {
      expect((await injectAs(t.app, viewer, { url: '/api/admin/products' })).statusCode).toBe(code);
      expect(
        (await injectAs(t.app, viewer, { method: 'POST', url: '/api/admin/products', payload: body }))
          .statusCode,
      ).toBe(code);
      expect(
        (
          await injectAs(t.app, viewer, {
            method: 'PATCH',
            url: `/api/admin/products/${p.id}`,
            payload: { title: 'Hacked' },
          })
        ).statusCode,
      ).toBe(code);
      for (const url of ['/api/admin/products/import/preview', '/api/admin/products/import'])
        expect(
          (await injectAs(t.app, viewer, { method: 'POST', url, payload: { csv: 'a', digest: 'x' } }))
            .statusCode,
        ).toBe(code);
    }
    expect(await db().select().from(products)).toEqual(before);
  });

  it('lets an admin create, list, search and edit products', async () => {
    const created = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/admin/products',
      payload: body,
    });
    expect(created.statusCode).toBe(201);
    const p = created.json();
    expect(p).toMatchObject({
      title: 'VFC Avalon Calibur',
      fps: 360,
      joules: productJoules(360),
      offers: [],
      canEdit: true,
    });
    const list = (await injectAs(t.app, admin, { url: '/api/admin/products?search=avalon' })).json();
    expect(list).toEqual([expect.objectContaining({ id: p.id, brand: 'VFC', offersCount: 0 })]);
    const edited = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/admin/products/${p.id}`,
      payload: { material: 'Aluminium', fps: '' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      title: 'VFC Avalon Calibur',
      material: 'Aluminium',
      fps: null,
      joules: null,
    });
  });

  it("counts each product's own offers in the list (not 0 for a product with three)", async () => {
    const three = await createProduct(db(), { title: 'Zeta Count Three', brand: 'CountBrand' });
    const none = await createProduct(db(), { title: 'Zeta Count None', brand: 'CountBrand' });
    await makeOffer(three.id, 'Alpha', '100.00');
    await makeOffer(three.id, 'Bravo', '110.00', { currency: 'CAD' });
    await makeOffer(three.id, 'Charlie', '120.00', { inStock: false });
    const res = await injectAs(t.app, admin, { url: '/api/admin/products?search=zeta count' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { id: string; offersCount: number }) => [p.id, p.offersCount])).toEqual([
      [none.id, 0],
      [three.id, 3],
    ]);
  });

  it('refuses bad payloads and unknown products, changing nothing', async () => {
    const before = await db().select().from(products).orderBy(products.id);
    for (const payload of [
      {},
      { title: '' },
      { title: 'x', fps: -5 },
      { title: 'x', fps: 'fast' },
      { title: 'x\u0000y' },
      { title: 'x', role: 'admin' },
    ]) {
      const res = await injectAs(t.app, admin, { method: 'POST', url: '/api/admin/products', payload });
      expect(res.statusCode).toBe(400);
    }
    const missing = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: '/api/admin/products/00000000-0000-4000-8000-000000000000',
      payload: { title: 'New' },
    });
    expect(missing.statusCode).toBe(404);
    const nothing = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/admin/products/${before[0].id}`,
      payload: {},
    });
    expect(nothing.statusCode).toBe(400);
    expect(await db().select().from(products).orderBy(products.id)).toEqual(before);
  });
});
