import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns';

export const products = pgTable(
  'products',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description'),
    image: text('image'),
    category: text('category'),
    brand: text('brand'),
    fps: integer('fps'),
    weight: text('weight'),
    material: text('material'),
    magazineCapacity: integer('magazine_capacity'),
    lastUpdated: ts('last_updated').defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('products_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`)],
);

export const productSources = pgTable(
  'product_sources',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    vendor: text('vendor').notNull(),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    url: text('url').notNull(),
    /** CAD or USD (issue 13): the lowest price is compared within one currency, never converted. */
    currency: text('currency').notNull().default('USD'),
    inStock: boolean('in_stock').notNull().default(true),
    lastChecked: ts('last_checked').defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_sources_product_idx').on(t.productId, t.price),
    // One offer per vendor and product: a vendor's price list updates it in place.
    uniqueIndex('product_sources_product_vendor_key').on(t.productId, sql`lower(${t.vendor})`),
    check('product_sources_currency_check', sql`${t.currency} IN ('CAD', 'USD')`),
  ],
);

/** An offer's price history (issue 13): a row whenever its price, currency or stock changes. */
export const productPriceHistory = pgTable(
  'product_price_history',
  {
    id: id(),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => productSources.id, { onDelete: 'cascade' }),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    inStock: boolean('in_stock').notNull(),
    recordedAt: ts('recorded_at').notNull().defaultNow(),
  },
  (t) => [index('product_price_history_source_idx').on(t.sourceId, t.recordedAt)],
);

export const stores = pgTable(
  'stores',
  {
    id: id(),
    name: text('name').notNull(),
    website: text('website'),
    address: text('address').notNull(),
    phone: text('phone'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    region: text('region').notNull(),
    verified: boolean('verified').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('stores_region_name_idx').on(t.region, t.name),
    // The header search (issue 20): name and region.
    index('stores_search_trgm_idx').using('gin', sql`lower(${t.name} || ' ' || ${t.region}) gin_trgm_ops`),
    // Near me: the bounding box around the viewer is a range on lat, then lng.
    index('stores_lat_lng_idx').on(t.lat, t.lng),
  ],
);
