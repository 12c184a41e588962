import { asc, eq, ilike, sql } from 'drizzle-orm';
import {
  CATALOG_LIMITS,
  CATALOG_TEXTS,
  CURRENCIES,
  type Currency,
  type LowestPrice,
  PRICE_LOW_WINDOW_DAYS,
  type PricePoint,
  type Product,
  type ProductCreate,
  type ProductOffer,
  type ProductPatch,
  type ProductSummary,
  productJoules,
  type SearchProduct,
} from '../../../contract';
import type { Db } from '../../db/client';
import { iso, rows } from '../../db/rows';
import { productPriceHistory, productSources, products } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { likePattern, SEARCH_LIMIT } from '../../lib/search';
import type { SessionUser } from '../auth';
import { can } from './policy';

const DAY_MS = 86_400_000;

/** Products whose title holds the query (pg_trgm index), as the header's gear group lists them. */
export function searchProducts(db: Db, q: string): Promise<SearchProduct[]> {
  return rows<SearchProduct>(
    db,
    sql`SELECT id, title AS name FROM products WHERE lower(title) LIKE ${likePattern(q)}
        ORDER BY title, id LIMIT ${SEARCH_LIMIT}`,
  );
}

type ProductRow = typeof products.$inferSelect;
type OfferRow = typeof productSources.$inferSelect;
interface HistoryRow {
  sourceId: string;
  price: string;
  currency: string;
  inStock: boolean;
  recordedAt: Date | string;
}

const money = (v: string | number) => Math.round(Number(v) * 100) / 100;
const currencyOf = (v: string): Currency =>
  (CURRENCIES as readonly string[]).includes(v) ? (v as Currency) : 'USD';

/**
 * Marks the lowest price of the last 30 days on an offer's history (oldest first): the prices in
 * effect during the window are the points inside it and the last one before it. A point inside
 * the window at that lowest price is marked, and `current` says the offer's price today is it,
 * only when the price was higher at some time in the window (a price that never moved is no low).
 */
export function markThirtyDayLows(
  history: { price: number; recordedAt: string }[],
  currentPrice: number,
  now = new Date(),
): { marks: boolean[]; current: boolean } {
  const start = now.getTime() - PRICE_LOW_WINDOW_DAYS * DAY_MS;
  let firstInside = history.findIndex((p) => Date.parse(p.recordedAt) >= start);
  if (firstInside === -1) firstInside = history.length;
  const effective = history.slice(Math.max(0, firstInside - 1)).map((p) => p.price);
  effective.push(currentPrice);
  const low = Math.min(...effective);
  const moved = Math.max(...effective) > low;
  return {
    marks: history.map((p, i) => moved && i >= firstInside && p.price === low),
    current: moved && currentPrice === low,
  };
}

/** In stock first, then the lowest price, then the vendor. */
function offerOrder(a: OfferRow, b: OfferRow): number {
  if (a.inStock !== b.inStock) return a.inStock ? -1 : 1;
  const d = Number(a.price) - Number(b.price);
  if (d !== 0) return d;
  return a.vendor.localeCompare(b.vendor) || a.id.localeCompare(b.id);
}

/** The product answer: specifications with the joules, offers in order with their marks and histories. */
export function presentProduct(
  row: ProductRow,
  offerRows: OfferRow[],
  historyRows: HistoryRow[],
  viewer: SessionUser | null,
  now = new Date(),
): Product {
  const sorted = [...offerRows].sort(offerOrder);
  const lowestPrices: LowestPrice[] = [];
  for (const currency of CURRENCIES) {
    // Sorted in stock first: the first of a currency is its lowest (in stock when any is).
    const first = sorted.find((o) => o.currency === currency);
    if (first)
      lowestPrices.push({
        currency,
        price: money(first.price),
        vendor: first.vendor,
        inStock: first.inStock,
      });
  }
  const bySource = new Map<string, HistoryRow[]>();
  for (const h of historyRows) {
    const list = bySource.get(h.sourceId) ?? [];
    list.push(h);
    bySource.set(h.sourceId, list);
  }
  const offers: ProductOffer[] = sorted.map((o) => {
    const currency = currencyOf(o.currency);
    const price = money(o.price);
    const raw = (bySource.get(o.id) ?? []).map((h) => ({
      price: money(h.price),
      currency: currencyOf(h.currency),
      inStock: h.inStock,
      recordedAt: iso(h.recordedAt),
    }));
    // The 30-day low compares prices of the offer's own currency only.
    const same = raw.filter((p) => p.currency === currency);
    const lows = markThirtyDayLows(same, price, now);
    const marked = new Map(same.map((p, i) => [p, lows.marks[i]]));
    const history: PricePoint[] = raw.map((p) => ({ ...p, lowest30d: marked.get(p) ?? false }));
    const lowest = lowestPrices.find((l) => l.currency === currency);
    return {
      id: o.id,
      vendor: o.vendor,
      price,
      currency,
      url: o.url,
      inStock: o.inStock,
      lastChecked: o.lastChecked ? iso(o.lastChecked) : null,
      // The mark is for the cheapest offer one can buy: in stock, at the lowest in-stock price of its
      // currency; when nothing of that currency is in stock, no offer is marked.
      lowestInCurrency: !!lowest?.inStock && o.inStock && lowest.price === price,
      lowest30d: lows.current,
      history,
    };
  });
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    image: row.image,
    category: row.category,
    brand: row.brand,
    fps: row.fps,
    joules: productJoules(row.fps),
    weight: row.weight,
    material: row.material,
    magazineCapacity: row.magazineCapacity,
    lastUpdated: row.lastUpdated ? iso(row.lastUpdated) : null,
    createdAt: iso(row.createdAt),
    offers,
    lowestPrices,
    canEdit: can(viewer, 'edit'),
  };
}

/** GET /api/products/{id}: the product, its offers and their latest history points; 404 when unknown. */
export async function getProduct(db: Db, id: string, viewer: SessionUser | null): Promise<Product> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) throw notFound(CATALOG_TEXTS.productNotFound);
  const offerRows = await db.select().from(productSources).where(eq(productSources.productId, id));
  const historyRows = await rows<HistoryRow>(
    db,
    sql`SELECT source_id AS "sourceId", price, currency, in_stock AS "inStock", recorded_at AS "recordedAt"
        FROM (
          SELECT h.*, row_number() OVER (PARTITION BY h.source_id ORDER BY h.recorded_at DESC, h.id DESC) AS n
          FROM product_price_history h JOIN product_sources s ON s.id = h.source_id
          WHERE s.product_id = ${id}
        ) latest
        WHERE n <= ${CATALOG_LIMITS.historyPoints}
        ORDER BY source_id, recorded_at, id`,
  );
  return presentProduct(row, offerRows, historyRows, viewer);
}

/** Manage Catalog's list: by title, optionally those whose title or brand holds the search. */
export async function listProducts(db: Db, search: string | undefined): Promise<ProductSummary[]> {
  const q = search?.trim();
  const list = await db
    .select({
      id: products.id,
      title: products.title,
      brand: products.brand,
      category: products.category,
      lastUpdated: products.lastUpdated,
      // Spelt out: drizzle writes a one-table query's columns unqualified, and a bare "id" inside
      // the subquery would be the offer's own id (every product counted 0 offers).
      offersCount: sql<number>`(SELECT count(*)::int FROM product_sources s WHERE s.product_id = "products"."id")`,
    })
    .from(products)
    .where(
      q
        ? sql`(${ilike(products.title, likePattern(q))} OR ${ilike(products.brand, likePattern(q))})`
        : undefined,
    )
    .orderBy(asc(products.title), asc(products.id))
    .limit(500);
  return list.map((p) => ({
    ...p,
    offersCount: Number(p.offersCount),
    lastUpdated: p.lastUpdated ? iso(p.lastUpdated) : null,
  }));
}

export async function createProduct(db: Db, admin: SessionUser, body: ProductCreate): Promise<Product> {
  if (!can(admin, 'create')) throw forbidden();
  const [row] = await db.insert(products).values(body).returning();
  return presentProduct(row, [], [], admin);
}

/** PATCH: the fields given change; the rest stay. */
export async function updateProduct(
  db: Db,
  admin: SessionUser,
  id: string,
  patch: ProductPatch,
): Promise<Product> {
  if (!can(admin, 'edit')) throw forbidden();
  const [row] = await db
    .update(products)
    .set({ ...patch, lastUpdated: sql`now()` })
    .where(eq(products.id, id))
    .returning();
  if (!row) throw notFound(CATALOG_TEXTS.productNotFound);
  return getProduct(db, id, admin);
}

export interface OfferWrite {
  productId: string;
  vendor: string;
  price: number;
  currency: Currency;
  url: string;
  inStock: boolean;
}

/**
 * The one way an offer is written: added, or changed in place; a price history row whenever its
 * price, currency or stock changes (and when it is added), none otherwise. The product's
 * lastUpdated moves with any change; lastChecked always.
 */
export async function writeOffer(
  db: Db,
  offer: OfferWrite,
  existing: OfferRow | null,
): Promise<'added' | 'updated' | 'unchanged'> {
  const price = offer.price.toFixed(2);
  if (!existing) {
    const [row] = await db
      .insert(productSources)
      .values({ ...offer, price, lastChecked: sql`now()` })
      .returning();
    await db
      .insert(productPriceHistory)
      .values({ sourceId: row.id, price, currency: offer.currency, inStock: offer.inStock });
    await db.update(products).set({ lastUpdated: sql`now()` }).where(eq(products.id, offer.productId));
    return 'added';
  }
  const priceMoved =
    money(existing.price) !== money(price) ||
    existing.currency !== offer.currency ||
    existing.inStock !== offer.inStock;
  const changed = priceMoved || existing.url !== offer.url;
  await db
    .update(productSources)
    .set(
      changed
        ? { price, currency: offer.currency, inStock: offer.inStock, url: offer.url, lastChecked: sql`now()` }
        : { lastChecked: sql`now()` },
    )
    .where(eq(productSources.id, existing.id));
  if (priceMoved)
    await db
      .insert(productPriceHistory)
      .values({ sourceId: existing.id, price, currency: offer.currency, inStock: offer.inStock });
  if (changed)
    await db.update(products).set({ lastUpdated: sql`now()` }).where(eq(products.id, offer.productId));
  return changed ? 'updated' : 'unchanged';
}
