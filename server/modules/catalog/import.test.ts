import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows';
import { productPriceHistory, productSources, products } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createOffer, createProduct, injectAs, type TestUser } from '../../test/factories';
import { modelKey, parsePriceList } from './import';

/**
 * The vendor price-list import: preview (nothing stored), commit (added, updated, unchanged,
 * unmatched), bad lists refused whole, and the feed address fetched from a local HTTP server
 * through the outside-fetch guard.
 */
let t: TestApp;
let strict: TestApp;
let admin: TestUser;
let strictAdmin: TestUser;
let server: http.Server;
let base: string;
let feed = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/prices.csv') res.writeHead(200, { 'content-type': 'text/csv' }).end(feed);
    else if (req.url === '/huge.csv') {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.end('x'.repeat(3_000_000));
    } else res.writeHead(404).end('missing');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ config: { importAllowPrivate: true } });
  strict = await createTestApp();
  admin = await createAdmin(t.database.db);
  strictAdmin = await createAdmin(strict.database.db);
}, 180_000); // two fresh databases, on a busy machine
afterAll(async () => {
  await t.close();
  await strict.close();
  await new Promise((resolve) => server.close(resolve));
});

const db = () => t.database.db;
let krytac: string;
let raider: string;
let existingOffer: string;

beforeEach(async () => {
  await db().delete(products);
  krytac = (await createProduct(db())).id;
  raider = (await createProduct(db(), { title: 'G&G CM16 Raider 2.0', brand: 'G&G', fps: 330 })).id;
  await createProduct(db(), { title: 'Krytac Kriss Vector', category: 'SMG', fps: 350 });
  const offer = await createOffer(db(), {
    productId: raider,
    vendor: 'Red River Airsoft',
    price: '269.99',
    currency: 'CAD',
    url: 'https://rr.example.com/raider',
    history: [{ price: '269.99' }],
  });
  existingOffer = offer.id;
});

const HEADER = 'vendor,brand,model,price,currency,url,in stock';
const LIST = [
  HEADER,
  // added: the brand in front of the model, different punctuation
  'Northbound Airsoft,Krytac,"Trident Mk2 CRB",579.99,CAD,https://nb.example.com/trident,yes',
  // updated: a new price and out of stock
  'red river airsoft,G&G,CM16 Raider 2.0,249.99,cad,https://rr.example.com/raider,no',
  // unmatched: no such product of that brand
  'Lone Star Airsoft Outpost,Tokyo Marui,Hi-Capa 5.1,189.00,USD,https://ls.example.com/hicapa,yes',
  // unmatched: the right model but another brand
  'Lone Star Airsoft Outpost,VFC,Trident MkII CRB,500.00,USD,https://ls.example.com/trident,yes',
].join('\n');

const preview = (payload: object, app = t, who = admin) =>
  injectAs(app.app, who, { method: 'POST', url: '/api/admin/products/import/preview', payload });
const commit = (payload: object, app = t, who = admin) =>
  injectAs(app.app, who, { method: 'POST', url: '/api/admin/products/import', payload });
const snapshot = async () => ({
  offers: await db().select().from(productSources).orderBy(asc(productSources.id)),
  history: await db().select().from(productPriceHistory).orderBy(asc(productPriceHistory.id)),
  products: await db().select().from(products).orderBy(asc(products.id)),
});
const historyCount = async () =>
  (await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM product_price_history`))[0].n;

describe('parsePriceList and modelKey', () => {
  it('normalises model names and strips the brand in front', () => {
    expect(modelKey('Krytac', 'Krytac Trident MkII CRB')).toBe('trident mkii crb');
    expect(modelKey('G&G', 'G&G CM16 Raider-2.0')).toBe('cm16 raider 2 0');
    expect(modelKey('Krytac', 'Kryta Vector')).toBe('kryta vector');
  });
  it('reads headers in any case and order, quoted cells, a BOM, $ prices and stock words', () => {
    const rows = parsePriceList(
      '\uFEFFIn_Stock,URL,Currency,Price,Model,Brand,Vendor\r\n"out of stock",https://a.example.com,usd,$12.5,"M4, short",Acme,"Shop, Inc"\r\n',
    );
    expect(rows).toEqual([
      {
        line: 2,
        vendor: 'Shop, Inc',
        brand: 'Acme',
        model: 'M4, short',
        price: 12.5,
        currency: 'USD',
        url: 'https://a.example.com',
        inStock: false,
      },
    ]);
  });
});

describe('POST /api/admin/products/import/preview', () => {
  it('answers added, updated and unmatched rows and stores nothing', async () => {
    const before = await snapshot();
    const res = await preview({ csv: LIST });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      added: 1,
      updated: 1,
      unchanged: 0,
      unmatched: 2,
      digest: expect.any(String),
    });
    expect(
      body.rows.map((r: { line: number; status: string; productId: string | null }) => [
        r.line,
        r.status,
        r.productId,
      ]),
    ).toEqual([
      [2, 'added', krytac],
      [3, 'updated', raider],
      [4, 'unmatched', null],
      [5, 'unmatched', null],
    ]);
    expect(body.rows[0]).toMatchObject({
      productTitle: 'Krytac Trident MkII CRB',
      price: 579.99,
      currency: 'CAD',
      inStock: true,
    });
    expect(body.rows[0].similarity).toBeGreaterThan(0.45);
    expect(body.rows[1]).toMatchObject({
      previousPrice: 269.99,
      previousCurrency: 'CAD',
      previousInStock: true,
      inStock: false,
    });
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /api/admin/products/import', () => {
  it('stores the previewed list: adds and updates offers with history rows, leaves the unmatched out', async () => {
    const { digest } = (await preview({ csv: LIST })).json();
    const historyBefore = await historyCount();
    const res = await commit({ csv: LIST, digest });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ added: 1, updated: 1, unchanged: 0, unmatched: 2 });
    const offers = await db().select().from(productSources).orderBy(asc(productSources.vendor));
    expect(offers.map((o) => [o.productId, o.vendor, o.price, o.currency, o.inStock])).toEqual([
      [krytac, 'Northbound Airsoft', '579.99', 'CAD', true],
      // the stored vendor's spelling stays; the offer is updated in place
      [raider, 'Red River Airsoft', '249.99', 'CAD', false],
    ]);
    expect(await historyCount()).toBe(historyBefore + 2);
    const raiderHistory = await db()
      .select()
      .from(productPriceHistory)
      .where(eq(productPriceHistory.sourceId, existingOffer))
      .orderBy(asc(productPriceHistory.recordedAt));
    expect(raiderHistory.map((h) => [h.price, h.inStock])).toEqual([
      ['269.99', true],
      ['249.99', false],
    ]);

    // The same list again: every matched row unchanged, and no history row.
    const again = (await preview({ csv: LIST })).json();
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 2, unmatched: 2 });
    const second = await commit({ csv: LIST, digest: again.digest });
    expect(second.json()).toEqual({ added: 0, updated: 0, unchanged: 2, unmatched: 2 });
    expect(await historyCount()).toBe(historyBefore + 2);

    // The product page shows the new offer.
    const page = (await injectAs(t.app, null, { url: `/api/products/${raider}` })).json();
    expect(page.offers[0]).toMatchObject({ vendor: 'Red River Airsoft', price: 249.99, inStock: false });
    expect(page.offers[0].history).toHaveLength(2);
  });

  it('refuses a list that changed since its preview (409), storing nothing', async () => {
    const { digest } = (await preview({ csv: LIST })).json();
    const before = await snapshot();
    const res = await commit({ csv: `${LIST}\n`, digest });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The price list changed since the preview; preview it again.');
    expect(await snapshot()).toEqual(before);
  });

  it('takes only a token its preview signed for this admin (issue 24): not the bare hash, not one of another admin, not an altered one', async () => {
    const before = await snapshot();
    const bare = createHash('sha256').update(LIST).digest('base64url');
    const other = await createAdmin(t.database.db);
    const theirs = (await preview({ csv: LIST }, t, other)).json().digest as string;
    const mine = (await preview({ csv: LIST })).json().digest as string;
    expect(mine).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    const [until, mac] = mine.split('.');
    for (const digest of [
      bare,
      theirs,
      `${Number(until) + 1}.${mac}`,
      `1.${mac}`,
      `${until}.${'A'.repeat(43)}`,
    ]) {
      const res = await commit({ csv: LIST, digest });
      expect(res.statusCode, digest).toBe(409);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a bad list with clear errors and stores nothing of it, good rows included', async () => {
    const before = await snapshot();
    const cases: [string, RegExp][] = [
      ['', /empty|Too small|String must/i],
      ['vendor,brand,model,price\nA,B,C,1', /lacks the columns currency, url, in stock/],
      [HEADER, /no rows/],
      [`${HEADER}\n"unclosed,Krytac,x,1,USD,https://a.example.com,yes`, /could not be read: .*(quote|Quote)/],
      [
        `${HEADER}\nNorthbound,Krytac,Trident MkII CRB,579.99,CAD,https://nb.example.com,yes\nShop,Krytac,Vector,abc,EUR,ftp://x,maybe\nShop,,Vector,-1,USD,https://x.example.com,yes`,
        /line 3: price "abc" is not a price above 0 \(like 249.99\), currency "EUR" is not CAD or USD, url "ftp:\/\/x" is not an http\(s\) address, in stock "maybe" is not yes or no; line 4: brand is empty, price "-1"/,
      ],
      [
        `${HEADER}\nA,Krytac,Trident MkII CRB,1,USD,https://a.example.com,yes\na,Krytac,Trident Mk2 CRB,2,USD,https://a.example.com,yes`,
        /line 3: the same vendor and product \(Krytac Trident MkII CRB\) as line 2/,
      ],
      [`${HEADER}\nA,Krytac,Trident\u0000,1,USD,https://a.example.com,yes`, /control characters/i],
    ];
    for (const [csv, message] of cases) {
      const p = await preview({ csv });
      expect(p.statusCode, csv).toBe(400);
      expect(p.json().message, csv).toMatch(message);
      const c = await commit({ csv, digest: 'anything' });
      expect(c.statusCode, csv).toBe(400);
    }
    // A bad list with the right digest is still refused whole.
    const badList = `${HEADER}\nNorthbound,Krytac,Trident MkII CRB,579.99,CAD,https://nb.example.com,yes\nShop,Krytac,Vector,abc,USD,https://x.example.com,yes`;
    const digest = createHash('sha256').update(badList).digest('base64url');
    expect((await commit({ csv: badList, digest })).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses wrong shapes', async () => {
    for (const payload of [
      {},
      { csv: 5 },
      { csv: LIST, url: 'https://x.example.com' },
      { url: 'ftp://x.example.com' },
    ])
      expect((await preview(payload)).statusCode).toBe(400);
    expect((await commit({ csv: LIST })).statusCode).toBe(400);
  });
});

describe('the import from a feed address', () => {
  it('previews and commits the list a feed serves', async () => {
    feed = LIST;
    const url = `${base}/prices.csv`;
    const p = await preview({ url });
    expect(p.statusCode).toBe(200);
    expect(p.json()).toMatchObject({ added: 1, updated: 1, unmatched: 2 });
    const c = await commit({ url, digest: p.json().digest });
    expect(c.json()).toEqual({ added: 1, updated: 1, unchanged: 0, unmatched: 2 });
    // The feed changes after the preview: 409, nothing stored.
    const p2 = await preview({ url });
    feed = LIST.replace('579.99', '499.99');
    const before = await snapshot();
    expect((await commit({ url, digest: p2.json().digest })).statusCode).toBe(409);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 with the reason for a missing feed, one too large, and a private address without the test switch', async () => {
    const before = await snapshot();
    const missing = await preview({ url: `${base}/nothing.csv` });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Failed to fetch the price list: the feed answered 404');
    const huge = await preview({ url: `${base}/huge.csv` });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toMatch(/^Failed to fetch the price list: /);
    const guarded = await preview({ url: `${base}/prices.csv` }, strict, strictAdmin);
    expect(guarded.statusCode).toBe(400);
    expect(guarded.json().message).toMatch(/^Failed to fetch the price list: /);
    expect(await snapshot()).toEqual(before);
  });
});
