import { bothCoordinatesOrNeither, text } from './common';
import { CANADIAN_REGIONS } from './constants';
import { nearParam } from './events';
import { z } from './messages';

/**
 * Store locator (SPEC §2 Locator section, §3 stores and Store, §4 stores filters, §7 GET
 * /api/stores, §9 Canadian regions; issue 11): the store answer with the viewer's abilities, the
 * list query, the admin payloads, the country rule and the texts.
 */

export { CANADIAN_REGIONS };
export type CanadianRegion = (typeof CANADIAN_REGIONS)[number];

export const STORE_COUNTRIES = ['Canada', 'US'] as const;
export type StoreCountry = (typeof STORE_COUNTRIES)[number];

const canadian: ReadonlySet<string> = new Set(CANADIAN_REGIONS);

/** SPEC §9: the listed Canadian regions are Canada; any other region counts as US. */
export function countryOfRegion(region: string): StoreCountry {
  return canadian.has(region) ? 'Canada' : 'US';
}

/** A scheme before the first ':' (a port such as `shop.example:8080` is not one). */
const SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;

/**
 * The link a store's website opens: stored as given, https:// prefixed when it has no scheme;
 * null for an empty value, for a scheme other than http(s) (javascript:, data:, mailto: …) and
 * for what is no web address at all.
 */
export function websiteHref(website: string | null | undefined): string | null {
  const v = website?.trim() ?? '';
  if (v === '' || /\s/.test(v)) return null;
  const withScheme = SCHEME.test(v) ? v : `https://${v.replace(/^\/+/, '')}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) return null;
  return withScheme;
}

export const STORE_NEAR_RADIUS_MAX_KM = 20_000;

export const STORE_LIMITS = {
  name: 200,
  address: 300,
  region: 100,
  phone: 40,
  website: 2048,
} as const;

/** SPEC §3 Store (id, name, region, address, phone, website) with the rest of the row and the viewer's abilities. */
export const store = z.object({
  id: z.uuid(),
  name: z.string(),
  region: z.string(),
  /** countryOfRegion(region). */
  country: z.enum(STORE_COUNTRIES),
  address: z.string(),
  phone: z.string().nullable(),
  /** As given; the web links websiteHref(website). */
  website: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  verified: z.boolean(),
  /** With ?near=: km from there, one decimal (null when the store has no coordinates). */
  distance: z.number().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The viewer's abilities (policy.ts): admins edit and delete. */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export type Store = z.infer<typeof store>;

/**
 * GET /api/stores: by name; `region` one region, `country` Canada or US (SPEC §9 rule); `near`
 * (lat,lng) orders by distance and adds it, the stores without coordinates last; `radius` (km)
 * keeps only the stores that near.
 */
export const storesQuery = z
  .object({
    region: text().trim().min(1).max(STORE_LIMITS.region).optional(),
    country: z.enum(STORE_COUNTRIES).optional(),
    near: nearParam.optional(),
    /** With `near`: only the stores within this many km. */
    radius: z.coerce.number().positive().max(STORE_NEAR_RADIUS_MAX_KM).optional(),
  })
  .refine((q) => q.radius === undefined || q.near, { message: 'radius needs near', path: ['radius'] });
export type StoresQuery = z.input<typeof storesQuery>;

const required = (max: number) => text().trim().min(1, 'Required').max(max);
/** A text a form may leave empty: trimmed, '' kept as null. */
const optional = (max: number) =>
  text()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable();
const WEBSITE_MESSAGE = 'Must be a web address (http or https)';
const website = optional(STORE_LIMITS.website).refine((v) => v === null || websiteHref(v) !== null, {
  message: WEBSITE_MESSAGE,
});
/** A coordinate a form may leave empty ('' and null are none). */
const coordinate = (limit: number) =>
  z.union([z.literal('').transform(() => null), z.coerce.number().min(-limit).max(limit)]).nullable();

const storeFields = {
  name: required(STORE_LIMITS.name),
  address: required(STORE_LIMITS.address),
  region: required(STORE_LIMITS.region),
  phone: optional(STORE_LIMITS.phone).optional(),
  website: website.optional(),
  lat: coordinate(90).optional(),
  lng: coordinate(180).optional(),
};

/** POST /api/admin/stores: name, address and region required; phone, website, lat and lng optional. */
export const storeCreateBody = z
  .object(storeFields)
  .strict()
  .check(bothCoordinatesOrNeither())
  .transform((b) => ({
    ...b,
    phone: b.phone ?? null,
    website: b.website ?? null,
    lat: b.lat ?? null,
    lng: b.lng ?? null,
  }));
export type StoreCreateInput = z.input<typeof storeCreateBody>;
export type StoreCreate = z.output<typeof storeCreateBody>;

/** PATCH /api/admin/stores/{id}: the fields given change; at least one. */
export const storePatchBody = z
  .object(storeFields)
  .partial()
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change' })
  .check(bothCoordinatesOrNeither());
export type StorePatchInput = z.input<typeof storePatchBody>;
export type StorePatch = z.output<typeof storePatchBody>;

/** SPEC §2 Locator section and the admin's Manage Stores, §8 stores. */
export const STORE_TEXTS = {
  heading: 'Store Locator',
  listLabel: 'Stores',
  countryTabs: 'Country',
  regionTabs: 'Region',
  allCountries: 'All Countries',
  allRegions: 'All',
  noStores: 'No stores found in this region.',
  fetchStoresFailed: 'Failed to fetch stores',
  storeNotFound: 'Store not found',
  tryAgain: 'Try again',
  nearMe: 'Near me',
  locating: 'Locating...',
  sortByName: 'Sort by name',
  locationFailed: 'Could not get your location',
  kmAway: (km: number) => `${km.toFixed(1)} km away`,
  visitWebsite: 'Website',
  // Manage Stores
  createHeading: 'Add Store',
  editHeading: 'Edit Store',
  create: 'Add Store',
  creating: 'Adding...',
  update: 'Update Store',
  updating: 'Updating...',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  deleteTitle: 'Delete this store?',
  deleteDescription: 'The store is removed from the locator for good.',
  noStoresYet: 'No stores yet.',
  created: 'Store created successfully',
  updated: 'Store updated successfully',
  deleted: 'Store deleted successfully',
  createFailed: 'Failed to create store',
  updateFailed: 'Failed to update store',
  deleteFailed: 'Failed to delete store',
  // Field labels
  name: 'Name',
  address: 'Address',
  region: 'Region',
  phone: 'Phone',
  website: 'Website',
  lat: 'Latitude',
  lng: 'Longitude',
} as const;
