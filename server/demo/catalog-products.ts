import { randomUUID } from 'node:crypto';
import { type Currency, countryOfRegion } from '../../contract';
import type { Db } from '../db/client';
import { productPriceHistory, productSources, products } from '../db/schema';
import { gearSvg } from './art';
import { PRODUCTS } from './data/products';
import { STORES } from './data/stores';
import { int, type Rng, rngFrom } from './random';

/**
 * Demo products and their vendors' offers (issue 13): each offer in its store's currency
 * (Canadian stores CAD, US stores USD, SPEC §9's regions), with a price history over the last 60
 * days that ends at today's price, so that the product page's chart and 30-day lows show.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const storeCurrency = new Map(
  STORES.map((s) => [s.name.toLowerCase(), countryOfRegion(s.region) === 'Canada' ? 'CAD' : 'USD'] as const),
);
/** A vendor's currency: its store's country; a vendor with no store is taken as a US shop. */
export const vendorCurrency = (vendor: string): Currency => storeCurrency.get(vendor.toLowerCase()) ?? 'USD';

export interface CatalogPlan {
  productRows: (typeof products.$inferInsert)[];
  sourceRows: (typeof productSources.$inferInsert)[];
  historyRows: (typeof productPriceHistory.$inferInsert)[];
}

/**
 * The rows, dated before `now`. `rng` is the seed's own (called as the seed always did, so the
 * rest of the demo stays the same); the histories draw from a generator of their own.
 */
export function planCatalog(
  now: Date,
  rng: Rng,
  image: (name: string, svg: () => string) => string,
): CatalogPlan {
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);
  const prices = rngFrom('airsoft-demo-prices');
  const plan: CatalogPlan = { productRows: [], sourceRows: [], historyRows: [] };
  for (const p of PRODUCTS) {
    const id = randomUUID();
    plan.productRows.push({
      id,
      title: p.title,
      description: p.description,
      image: image(`product-${p.slug}`, () => gearSvg(p.kind, p.slug, { light: true, size: 600 })),
      category: p.category,
      brand: p.brand,
      fps: p.fps,
      weight: p.weight,
      material: p.material,
      magazineCapacity: p.magazineCapacity,
      lastUpdated: at(int(rng, 1, 72) * HOUR),
      createdAt: at(int(rng, 20, 90) * DAY),
    });
    for (const [vendor, price, inStock] of p.sources) {
      const host = vendor
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      const sourceId = randomUUID();
      const currency = vendorCurrency(vendor);
      plan.sourceRows.push({
        id: sourceId,
        productId: id,
        vendor,
        price,
        currency,
        url: `https://${host}.example.com/products/${p.slug}`,
        inStock,
        lastChecked: at(int(rng, 1, 48) * HOUR),
      });
      plan.historyRows.push(...priceHistory(prices, now, sourceId, Number(price), currency, inStock));
    }
  }
  return plan;
}

/**
 * 2 to 5 changes over the last 60 days, oldest first: earlier prices up to 15% above or 8% below
 * today's, now and then out of stock, the last one today's price and stock.
 */
function priceHistory(
  r: Rng,
  now: Date,
  sourceId: string,
  price: number,
  currency: Currency,
  inStock: boolean,
): (typeof productPriceHistory.$inferInsert)[] {
  const changes = int(r, 2, 5);
  const days = new Set<number>();
  while (days.size < changes - 1) days.add(int(r, 6, 60));
  const earlier = [...days].sort((a, b) => b - a);
  const rows = earlier.map((d) => ({
    sourceId,
    price: (Math.round(price * (0.92 + r() * 0.23)) - 0.01).toFixed(2),
    currency,
    inStock: r() > 0.15,
    recordedAt: new Date(now.getTime() - d * DAY - int(r, 0, 23) * HOUR),
  }));
  rows.push({
    sourceId,
    price: price.toFixed(2),
    currency,
    inStock,
    recordedAt: new Date(now.getTime() - int(r, 1, 5) * DAY),
  });
  return rows;
}

export async function seedCatalog(tx: Tx, plan: CatalogPlan) {
  await tx.insert(products).values(plan.productRows);
  await tx.insert(productSources).values(plan.sourceRows);
  await tx.insert(productPriceHistory).values(plan.historyRows);
}
