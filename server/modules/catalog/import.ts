import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { inArray } from 'drizzle-orm';
import {
  CATALOG_LIMITS,
  CATALOG_TEXTS,
  type CatalogImportCommitBody,
  type CatalogImportPreview,
  type CatalogImportResult,
  type CatalogImportSource,
  CURRENCIES,
  type Currency,
  hasControlChars,
  type ImportRow,
} from '../../../contract';
import type { Ctx } from '../../context';
import type { Db } from '../../db/client';
import { productSources } from '../../db/schema';
import { badRequest, conflict, forbidden } from '../../errors';
import { fetchOutside, OutsideFetchError } from '../../lib/outside-fetch';
import { audit } from '../audit';
import type { SessionUser } from '../auth';
import { can } from './policy';
import { selectMatches } from './queries';
import { writeOffer } from './service';

/**
 * A vendor's price list (CSV: vendor, brand, model, price, currency, url, in stock), matched to
 * products by brand and normalised model name with trigram similarity (pg_trgm), previewed
 * (nothing stored), then committed in one transaction. A list that cannot be read is a 400 that
 * names every bad line, and nothing of it is stored.
 */

const COLUMNS = ['vendor', 'brand', 'model', 'price', 'currency', 'url', 'instock'] as const;
type Column = (typeof COLUMNS)[number];
const COLUMN_NAMES: Record<Column, string> = {
  vendor: 'vendor',
  brand: 'brand',
  model: 'model',
  price: 'price',
  currency: 'currency',
  url: 'url',
  instock: 'in stock',
};

export interface ParsedRow {
  line: number;
  vendor: string;
  brand: string;
  model: string;
  price: number;
  currency: Currency;
  url: string;
  inStock: boolean;
}

/** Lower case, every run of other characters than a-z and 0-9 one space (the SQL side does the same). */
export const normalise = (v: string) =>
  v
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The model's key: normalised, without the brand in front ("Krytac Trident MkII" of Krytac: "trident mkii"). */
export function modelKey(brand: string, model: string): string {
  const b = normalise(brand);
  const m = normalise(model);
  return b && m.startsWith(`${b} `) ? m.slice(b.length + 1) : m;
}

const YES = new Set(['yes', 'y', 'true', '1', 'in stock', 'instock', 'available']);
const NO = new Set(['no', 'n', 'false', '0', 'out of stock', 'outofstock', 'sold out', 'unavailable']);
const PRICE = /^\$?\s*(\d{1,8}(?:\.\d{1,2})?)$/;

const bad = (errors: string[]) =>
  badRequest(
    `${CATALOG_TEXTS.badCsv}: ${errors.slice(0, 10).join('; ')}${errors.length > 10 ? ` (and ${errors.length - 10} more)` : ''}`,
    {
      csv: errors.slice(0, 50),
    },
  );

/** Reads the CSV text into checked rows; a 400 naming the problems when it cannot. */
export function parsePriceList(text: string): ParsedRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    throw bad([(err as Error).message]);
  }
  if (records.length === 0) throw bad(['the list is empty']);
  const header = records[0].record.map((h) => normalise(h).replace(/ /g, ''));
  const at = new Map<Column, number>();
  for (const c of COLUMNS) {
    const i = header.indexOf(c);
    if (i !== -1) at.set(c, i);
  }
  const missing = COLUMNS.filter((c) => !at.has(c)).map((c) => COLUMN_NAMES[c]);
  if (missing.length > 0)
    throw bad([`the header lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`]);
  const data = records.slice(1);
  if (data.length === 0) throw bad(['the list has a header but no rows']);
  if (data.length > CATALOG_LIMITS.csvMaxRows)
    throw bad([`the list has ${data.length} rows; at most ${CATALOG_LIMITS.csvMaxRows} are read at once`]);

  const errors: string[] = [];
  const out: ParsedRow[] = [];
  for (const { record, info } of data) {
    const line = info.lines;
    const cell = (c: Column) => (record[at.get(c) as number] ?? '').trim();
    const problems: string[] = [];
    const field = (c: Column, max: number) => {
      const v = cell(c);
      if (v === '') problems.push(`${COLUMN_NAMES[c]} is empty`);
      else if (v.length > max) problems.push(`${COLUMN_NAMES[c]} is longer than ${max} characters`);
      else if (hasControlChars(v)) problems.push(`${COLUMN_NAMES[c]} holds control characters`);
      return v;
    };
    const vendor = field('vendor', CATALOG_LIMITS.vendor);
    const brand = field('brand', CATALOG_LIMITS.brand);
    const model = field('model', CATALOG_LIMITS.model);
    const priceText = cell('price');
    const priceMatch = PRICE.exec(priceText);
    const price = priceMatch ? Number(priceMatch[1]) : Number.NaN;
    if (!priceMatch || !(price > 0))
      problems.push(`price "${priceText}" is not a price above 0 (like 249.99)`);
    const currency = cell('currency').toUpperCase();
    if (!(CURRENCIES as readonly string[]).includes(currency))
      problems.push(`currency "${cell('currency')}" is not ${CURRENCIES.join(' or ')}`);
    const url = field('url', CATALOG_LIMITS.url);
    if (url && !/^https?:\/\/[^\s/]+/i.test(url)) problems.push(`url "${url}" is not an http(s) address`);
    const stock = normalise(cell('instock'));
    const inStock = YES.has(stock) ? true : NO.has(stock) ? false : null;
    if (inStock === null) problems.push(`in stock "${cell('instock')}" is not yes or no`);
    if (problems.length > 0) errors.push(`line ${line}: ${problems.join(', ')}`);
    else
      out.push({
        line,
        vendor,
        brand,
        model,
        price,
        currency: currency as Currency,
        url,
        inStock: !!inStock,
      });
  }
  if (errors.length > 0) throw bad(errors);
  return out;
}

/** The SHA-256 of a list's text. */
export const digestOf = (text: string) => createHash('sha256').update(text).digest('base64url');

/** How long a preview's token may be brought back to commit. */
const PREVIEW_TOKEN_MS = 60 * 60 * 1000;

const previewMac = (secret: string, adminId: string, until: number, text: string) =>
  createHmac('sha256', secret)
    .update(`catalog-import\n${adminId}\n${until}\n${digestOf(text)}`)
    .digest('base64url');

/**
 * The token a preview answers and the commit must bring back (issue 24: it was the list's bare
 * hash, which anyone could compute): `<until>.<HMAC>` over the admin, the end of its hour and the
 * list's hash, with the session secret. It proves that this admin previewed this very list.
 */
export const previewToken = (secret: string, adminId: string, text: string, now = Date.now()) => {
  const until = now + PREVIEW_TOKEN_MS;
  return `${until}.${previewMac(secret, adminId, until, text)}`;
};

export function previewTokenFits(
  secret: string,
  adminId: string,
  text: string,
  token: string,
  now = Date.now(),
) {
  const m = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return false;
  const until = Number(m[1]);
  if (until < now) return false;
  const want = Buffer.from(previewMac(secret, adminId, until, text));
  const got = Buffer.from(m[2]);
  return want.length === got.length && timingSafeEqual(want, got);
}

/**
 * Each row's best product of the same brand (normalised) whose model key is at least
 * CATALOG_LIMITS.matchThreshold similar (pg_trgm similarity), in one statement (selectMatches).
 */
function matchProducts(db: Db, list: ParsedRow[]) {
  const input = JSON.stringify(
    list.map((r, n) => ({ n, brand: normalise(r.brand), model: modelKey(r.brand, r.model) })),
  );
  return selectMatches(db, input);
}

type OfferRow = typeof productSources.$inferSelect;
const offerKey = (productId: string, vendor: string) => `${productId}\n${vendor.toLowerCase()}`;

/** What the list would do: each row added, updated, unchanged or unmatched, with the offer it would change. */
export async function planImport(db: Db, list: ParsedRow[]) {
  const matches = await matchProducts(db, list);
  const ids = [...new Set(matches.map((m) => m.id).filter((id): id is string => id !== null))];
  const offers =
    ids.length > 0
      ? await db.select().from(productSources).where(inArray(productSources.productId, ids))
      : [];
  const existing = new Map(offers.map((o) => [offerKey(o.productId, o.vendor), o]));
  const seen = new Map<string, number>();
  const errors: string[] = [];
  const planned: { row: ImportRow; offer: OfferRow | null }[] = list.map((r, i) => {
    const m = matches[i];
    const base = {
      line: r.line,
      vendor: r.vendor,
      brand: r.brand,
      model: r.model,
      price: r.price,
      currency: r.currency,
      url: r.url,
      inStock: r.inStock,
      productId: m?.id ?? null,
      productTitle: m?.title ?? null,
      similarity: m?.sim ?? null,
      previousPrice: null,
      previousCurrency: null,
      previousInStock: null,
    };
    if (!m?.id) return { row: { ...base, status: 'unmatched' as const }, offer: null };
    const key = offerKey(m.id, r.vendor);
    const twice = seen.get(key);
    if (twice !== undefined)
      errors.push(`line ${r.line}: the same vendor and product (${m.title}) as line ${twice}`);
    seen.set(key, r.line);
    const offer = existing.get(key) ?? null;
    if (!offer) return { row: { ...base, status: 'added' as const }, offer };
    const same =
      Number(offer.price) === r.price &&
      offer.currency === r.currency &&
      offer.inStock === r.inStock &&
      offer.url === r.url;
    return {
      row: {
        ...base,
        status: same ? ('unchanged' as const) : ('updated' as const),
        previousPrice: Number(offer.price),
        previousCurrency: offer.currency as Currency,
        previousInStock: offer.inStock,
      },
      offer,
    };
  });
  if (errors.length > 0) throw bad(errors);
  return planned;
}

function counts(list: { status: ImportRow['status'] }[]) {
  const c = { added: 0, updated: 0, unchanged: 0, unmatched: 0 };
  for (const r of list) c[r.status]++;
  return c;
}

/** The price list's text: as given, or fetched from the feed address through the outside-fetch guard. */
async function sourceText(ctx: Ctx, source: CatalogImportSource | CatalogImportCommitBody): Promise<string> {
  if ('csv' in source) return source.csv;
  try {
    const res = await fetchOutside(source.url, {
      timeoutMs: CATALOG_LIMITS.feedTimeoutMs,
      maxBytes: CATALOG_LIMITS.feedMaxBytes,
      allowPrivate: ctx.config.importAllowPrivate,
      accept: 'text/csv, text/plain;q=0.9, */*;q=0.1',
    });
    if (res.status < 200 || res.status >= 300)
      throw badRequest(`${CATALOG_TEXTS.fetchFailed}: the feed answered ${res.status}`);
    return res.body.toString('utf8');
  } catch (err) {
    if (err instanceof OutsideFetchError) throw badRequest(`${CATALOG_TEXTS.fetchFailed}: ${err.message}`);
    throw err;
  }
}

/** POST /api/admin/products/import/preview: what the list would do; nothing stored. */
export async function previewImport(
  ctx: Ctx,
  admin: SessionUser,
  source: CatalogImportSource,
): Promise<CatalogImportPreview> {
  if (!can(admin, 'import')) throw forbidden();
  const text = await sourceText(ctx, source);
  const planned = await planImport(ctx.db, parsePriceList(text));
  const list = planned.map((p) => p.row);
  return { ...counts(list), digest: previewToken(ctx.config.sessionSecret, admin.id, text), rows: list };
}

/**
 * POST /api/admin/products/import: the previewed list (the digest must match: 409 otherwise),
 * planned again and stored in one transaction; the unmatched rows are left out.
 */
export async function commitImport(
  ctx: Ctx,
  admin: SessionUser,
  body: CatalogImportCommitBody,
): Promise<CatalogImportResult> {
  if (!can(admin, 'import')) throw forbidden();
  const text = await sourceText(ctx, body);
  const list = parsePriceList(text);
  return ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const planned = await planImport(t, list);
    // A list that cannot be used says why first; then it must be the list previewed.
    if (!previewTokenFits(ctx.config.sessionSecret, admin.id, text, body.digest))
      throw conflict(CATALOG_TEXTS.listChanged);
    const done: { status: ImportRow['status'] }[] = [];
    for (const { row, offer } of planned) {
      if (row.status === 'unmatched' || !row.productId) {
        done.push(row);
        continue;
      }
      const status = await writeOffer(
        t,
        {
          productId: row.productId,
          vendor: offer?.vendor ?? row.vendor,
          price: row.price,
          currency: row.currency,
          url: row.url,
          inStock: row.inStock,
        },
        offer,
      );
      done.push({ status });
    }
    const result = counts(done);
    await audit(t, { adminId: admin.id, action: 'catalog.import', data: { ...result } });
    return result;
  });
}
