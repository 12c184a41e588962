import { text } from './common';
import { DEFAULT_CHRONO_BB_G, fpsToJoules } from './events';
import { z } from './messages';

/**
 * The product catalog and price comparison (SPEC §3 products and product_sources; issue 13): a
 * product with its specifications and its vendors' offers, each offer's price history, the
 * admin's product payloads and the vendor price-list import. The header search's schemas stay in
 * search.ts (that feature loads them on its own).
 */

/** Offers are priced in one of these; the lowest price is found per currency, never converted. */
export const CURRENCIES = ['CAD', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** A price marked as the lowest of this many days. */
export const PRICE_LOW_WINDOW_DAYS = 30;
/** The joules a product's fps stands for are given with this BB (the events area's chrono weight). */
export const CATALOG_JOULES_BB_G = DEFAULT_CHRONO_BB_G;

/** The joules at 0.20 g for an fps figure, to two decimals (null without one). */
export function productJoules(fps: number | null | undefined): number | null {
  if (fps == null || !(fps > 0)) return null;
  return Math.round(fpsToJoules(fps, CATALOG_JOULES_BB_G) * 100) / 100;
}

/** '579.99 CAD'-style money, two decimals. */
export function formatPrice(price: number, currency: Currency | string): string {
  return `$${price.toFixed(2)} ${currency}`;
}

export const CATALOG_LIMITS = {
  title: 200,
  description: 5000,
  image: 2048,
  category: 60,
  brand: 100,
  weight: 40,
  material: 120,
  vendor: 200,
  model: 200,
  url: 2048,
  maxPrice: 99_999_999.99,
  /** A price list: at most this many characters and data rows. */
  csvMaxChars: 1_000_000,
  csvMaxRows: 5000,
  feedMaxBytes: 2_000_000,
  feedTimeoutMs: 10_000,
  /** Trigram similarity (pg_trgm) a model name needs to match a product of the same brand. */
  matchThreshold: 0.45,
  /** History points per offer in the product answer (the latest). */
  historyPoints: 200,
} as const;

/** One point of an offer's price history; `lowest30d`: the lowest price of the last 30 days. */
export const pricePoint = z.object({
  price: z.number(),
  currency: z.enum(CURRENCIES),
  inStock: z.boolean(),
  recordedAt: z.string(),
  lowest30d: z.boolean(),
});
export type PricePoint = z.infer<typeof pricePoint>;

/** A vendor's offer (SPEC §3 product_sources) with its currency, marks and history. */
export const productOffer = z.object({
  id: z.uuid(),
  vendor: z.string(),
  price: z.number(),
  currency: z.enum(CURRENCIES),
  url: z.string(),
  inStock: z.boolean(),
  lastChecked: z.string().nullable(),
  /** In stock at the lowest in-stock price of its currency (no offer is marked when none is in stock). */
  lowestInCurrency: z.boolean(),
  /** Its price today is the lowest it has had in the last 30 days (and it has history there). */
  lowest30d: z.boolean(),
  history: z.array(pricePoint),
});
export type ProductOffer = z.infer<typeof productOffer>;

/** The lowest price of one currency. */
export const lowestPrice = z.object({
  currency: z.enum(CURRENCIES),
  price: z.number(),
  vendor: z.string(),
  inStock: z.boolean(),
});
export type LowestPrice = z.infer<typeof lowestPrice>;

/** SPEC §3 products, with the joules at 0.20 g, the offers and the viewer's abilities. */
export const product = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  category: z.string().nullable(),
  brand: z.string().nullable(),
  fps: z.number().nullable(),
  /** productJoules(fps): joules with a 0.20 g BB. */
  joules: z.number().nullable(),
  weight: z.string().nullable(),
  material: z.string().nullable(),
  magazineCapacity: z.number().nullable(),
  lastUpdated: z.string().nullable(),
  createdAt: z.string(),
  /** In stock first, then the lowest price, then the vendor. */
  offers: z.array(productOffer),
  /** Per currency (CAD, then USD), only the currencies offered. */
  lowestPrices: z.array(lowestPrice),
  canEdit: z.boolean(),
});
export type Product = z.infer<typeof product>;

/** A row of the admin's product list. */
export const productSummary = z.object({
  id: z.uuid(),
  title: z.string(),
  brand: z.string().nullable(),
  category: z.string().nullable(),
  offersCount: z.number(),
  lastUpdated: z.string().nullable(),
});
export type ProductSummary = z.infer<typeof productSummary>;

export const adminProductsQuery = z.object({ search: text().trim().max(100).optional() });

const required = (max: number) => text().trim().min(1, 'Required').max(max);
/** A text a form may leave empty: trimmed, '' kept as null. */
const optional = (max: number) =>
  text()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable();
/** A whole number a form may leave empty ('' and null are none). */
const count = (max: number) =>
  z.union([z.literal('').transform(() => null), z.coerce.number().int().min(0).max(max)]).nullable();

const productFields = {
  title: required(CATALOG_LIMITS.title),
  description: optional(CATALOG_LIMITS.description).optional(),
  image: optional(CATALOG_LIMITS.image).optional(),
  category: optional(CATALOG_LIMITS.category).optional(),
  brand: optional(CATALOG_LIMITS.brand).optional(),
  fps: count(1000).optional(),
  weight: optional(CATALOG_LIMITS.weight).optional(),
  material: optional(CATALOG_LIMITS.material).optional(),
  magazineCapacity: count(10_000).optional(),
};

/** POST /api/admin/products: a title; the rest optional. */
export const productCreateBody = z.object(productFields).strict();
export type ProductCreateInput = z.input<typeof productCreateBody>;
export type ProductCreate = z.output<typeof productCreateBody>;

/** PATCH /api/admin/products/{id}: the fields given change; at least one. */
export const productPatchBody = z
  .object(productFields)
  .partial()
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change' });
export type ProductPatchInput = z.input<typeof productPatchBody>;
export type ProductPatch = z.output<typeof productPatchBody>;

/** A vendor price list: pasted or uploaded CSV text, or a feed address fetched by the server. */
export const catalogImportSource = z.union([
  z.object({ csv: text().min(1, 'The price list is empty').max(CATALOG_LIMITS.csvMaxChars) }).strict(),
  z
    .object({
      url: text()
        .trim()
        .max(CATALOG_LIMITS.url)
        .refine((v) => /^https?:\/\//i.test(v), { message: 'Must be a web address (http or https)' }),
    })
    .strict(),
]);
export type CatalogImportSource = z.infer<typeof catalogImportSource>;

/** The commit: the same source and the digest its preview answered (409 when the list changed). */
export const catalogImportCommitBody = z.union([
  z
    .object({ csv: text().min(1).max(CATALOG_LIMITS.csvMaxChars), digest: z.string().min(1).max(100) })
    .strict(),
  z.object({ url: text().trim().max(CATALOG_LIMITS.url), digest: z.string().min(1).max(100) }).strict(),
]);
export type CatalogImportCommitBody = z.infer<typeof catalogImportCommitBody>;

export const IMPORT_STATUSES = ['added', 'updated', 'unchanged', 'unmatched'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** One data row of the price list and what the commit would do with it. */
export const importRow = z.object({
  /** The line in the CSV (the header is line 1). */
  line: z.number(),
  vendor: z.string(),
  brand: z.string(),
  model: z.string(),
  price: z.number(),
  currency: z.enum(CURRENCIES),
  url: z.string(),
  inStock: z.boolean(),
  status: z.enum(IMPORT_STATUSES),
  /** The matched product (null when unmatched) and the trigram similarity of the names. */
  productId: z.uuid().nullable(),
  productTitle: z.string().nullable(),
  similarity: z.number().nullable(),
  /** An updated offer's price and stock before. */
  previousPrice: z.number().nullable(),
  previousCurrency: z.enum(CURRENCIES).nullable(),
  previousInStock: z.boolean().nullable(),
});
export type ImportRow = z.infer<typeof importRow>;

export const importCounts = z.object({
  added: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  unmatched: z.number(),
});
export type ImportCounts = z.infer<typeof importCounts>;

/** POST /api/admin/products/import/preview: nothing stored. */
export const catalogImportPreview = importCounts.extend({
  digest: z.string(),
  rows: z.array(importRow),
});
export type CatalogImportPreview = z.infer<typeof catalogImportPreview>;

/** POST /api/admin/products/import: stored in one transaction. */
export const catalogImportResult = importCounts;
export type CatalogImportResult = z.infer<typeof catalogImportResult>;

export const CATALOG_TEXTS = {
  productNotFound: 'Product not found',
  fetchProductFailed: 'Failed to fetch product',
  tryAgain: 'Try again',
  backHome: 'Back to home',
  specifications: 'Specifications',
  brand: 'Brand',
  category: 'Category',
  fps: 'FPS',
  joules: 'Energy',
  joulesValue: (j: number) => `${j.toFixed(2)} J with ${CATALOG_JOULES_BB_G.toFixed(2)} g BBs`,
  weight: 'Weight',
  material: 'Material',
  magazineCapacity: 'Magazine capacity',
  offers: 'Prices',
  noOffers: 'No vendor lists this product yet.',
  vendor: 'Vendor',
  price: 'Price',
  stock: 'Stock',
  inStock: 'In stock',
  outOfStock: 'Out of stock',
  lowestPrice: 'Lowest price',
  lowest30d: '30-day low',
  lowestIn: (currency: string) => `Lowest in ${currency}`,
  visit: 'Visit',
  noConversion: 'Prices are compared within each currency, never converted.',
  priceHistory: 'Price history',
  historyOf: (vendor: string) => `Price history at ${vendor}`,
  noHistory: 'No price changes recorded yet.',
  lastUpdated: 'Updated',
  // Manage Catalog
  manageCatalog: 'Manage Catalog',
  products: 'Products',
  searchProducts: 'Search products',
  noProducts: 'No products yet.',
  offersCount: (n: number) => `${n} ${n === 1 ? 'offer' : 'offers'}`,
  createHeading: 'Add Product',
  editHeading: 'Edit Product',
  create: 'Add Product',
  creating: 'Adding...',
  update: 'Update Product',
  updating: 'Updating...',
  cancel: 'Cancel',
  edit: 'Edit',
  view: 'View',
  created: 'Product created successfully',
  updated: 'Product updated successfully',
  createFailed: 'Failed to create product',
  updateFailed: 'Failed to update product',
  fetchProductsFailed: 'Failed to fetch products',
  title: 'Title',
  description: 'Description',
  image: 'Image address',
  // Import
  importHeading: 'Import a price list',
  importHelp: 'CSV columns: vendor, brand, model, price, currency (CAD or USD), url, in stock.',
  csvText: 'CSV',
  csvFile: 'CSV file',
  feedUrl: 'Feed address',
  fromCsv: 'Paste or upload',
  fromFeed: 'From a feed',
  preview: 'Preview',
  previewing: 'Checking...',
  commit: 'Import',
  committing: 'Importing...',
  previewFailed: 'Import Failed',
  commitFailed: 'Import Failed',
  importComplete: 'Import Complete',
  importSummary: (c: ImportCounts) =>
    `${c.added} added, ${c.updated} updated, ${c.unchanged} unchanged, ${c.unmatched} unmatched`,
  statusLabels: {
    added: 'Added',
    updated: 'Updated',
    unchanged: 'Unchanged',
    unmatched: 'Unmatched',
  } as Record<ImportStatus, string>,
  nothingToImport: 'Nothing to store: every row is unchanged or unmatched.',
  listChanged: 'The price list changed since the preview; preview it again.',
  badCsv: 'The price list could not be read',
  fetchFailed: 'Failed to fetch the price list',
  model: 'Model',
  match: 'Product',
  status: 'Status',
} as const;
