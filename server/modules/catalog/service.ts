import { asc, eq, ilike, sql } from 'drizzle-orm';
import {
  CATALOG_TEXTS,
  type Currency,
  type Product,
  type ProductCreate,
  type ProductPatch,
  type ProductSummary,
  type SearchProduct,
} from '../../../contract';
import type { Db } from '../../db/client';
import { iso } from '../../db/rows';
import { productPriceHistory, productSources, products } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { likePattern } from '../../lib/search';
import { audit } from '../audit';
import type { SessionUser } from '../auth';
import { can } from './policy';
import { money, presentProduct } from './presenters';
import { selectLatestHistory, selectProductsMatching } from './queries';

/** Products whose title holds the query (pg_trgm index), as the header's gear group lists them. */
export const searchProducts = (db: Db, q: string): Promise<SearchProduct[]> => selectProductsMatching(db, q);

type OfferRow = typeof productSources.$inferSelect;

/** GET /api/products/{id}: the product, its offers and their latest history points; 404 when unknown. */
export async function getProduct(db: Db, id: string, viewer: SessionUser | null): Promise<Product> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) throw notFound(CATALOG_TEXTS.productNotFound);
  const offerRows = await db.select().from(productSources).where(eq(productSources.productId, id));
  const historyRows = await selectLatestHistory(db, id);
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
  const row = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [made] = await tx.insert(products).values(body).returning();
    await audit(tx, {
      adminId: admin.id,
      action: 'product.create',
      subjectType: 'product',
      subjectId: made.id,
      data: { title: made.title },
    });
    return made;
  });
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
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = await tx
      .update(products)
      .set({ ...patch, lastUpdated: sql`now()` })
      .where(eq(products.id, id))
      .returning({ title: products.title });
    if (!row) throw notFound(CATALOG_TEXTS.productNotFound);
    await audit(tx, {
      adminId: admin.id,
      action: 'product.update',
      subjectType: 'product',
      subjectId: id,
      data: { title: row.title, changed: Object.keys(patch) },
    });
  });
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
