import {
  CURRENCIES,
  type Currency,
  type LowestPrice,
  PRICE_LOW_WINDOW_DAYS,
  type PricePoint,
  type Product,
  type ProductOffer,
  productJoules,
} from '../../../contract';
import { iso } from '../../db/rows';
import type { productSources, products } from '../../db/schema';
import type { SessionUser } from '../auth';
import { can } from './policy';
import type { HistoryRow } from './queries';

/**
 * The catalog module's presenters: the rows Drizzle infers from the schema (queries.ts) to the
 * contract's shapes, with the viewer's abilities (policy.ts).
 */

const DAY_MS = 86_400_000;

type ProductRow = typeof products.$inferSelect;
type OfferRow = typeof productSources.$inferSelect;

export const money = (v: string | number) => Math.round(Number(v) * 100) / 100;
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
