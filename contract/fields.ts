import { bothCoordinatesOrNeither, mediaMap, pageQuery, text } from './common';
import { eventRules, eventType, nearParam } from './events';
import { z } from './messages';
import { IMAGE_REF_MESSAGE, isImageRef } from './profiles';
import { websiteHref } from './stores';

/**
 * Fields (SPEC §3 fields, §9 fields unverified; issue 13): the Field answer with its rating,
 * default rules and the viewer's abilities, the field page with the events held there, the list
 * query, the admin payloads, the rating, the map's runtime configuration and the texts.
 */

/** The kinds of field the directory filters by. */
export const FIELD_TYPES = [
  'Outdoor woodland',
  'Outdoor scenario',
  'Outdoor milsim',
  'Indoor CQB',
  'Urban',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const fieldType = z.enum(FIELD_TYPES);

export const FIELD_LIMITS = {
  name: 200,
  address: 300,
  phone: 40,
  website: 2048,
  image: 2048,
  /** `?near=`: only fields within this many km (a bounding box on fields_near_idx, then the distance). */
  nearRadiusKmDefault: 500,
  nearRadiusKmMax: 20_000,
  /** Upcoming events listed on a field page. */
  upcomingEvents: 10,
} as const;

/** The rating prior: m, the number of "average" votes every field starts with (as for gear). */
export const FIELD_RATING_PRIOR = 3;

/** SPEC §3 fields, with the raw rating, the viewer's own, the default rules and the abilities. */
export const field = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.string().nullable(),
  address: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  phone: z.string().nullable(),
  /** As given; the web links websiteHref(website). */
  website: z.string().nullable(),
  image: z.string().nullable(),
  verified: z.boolean(),
  /** The Bayesian rating (v*R + m*C)/(v + m), m = 3, C the mean of every field rating; null until rated. */
  rating: z.number().nullable(),
  /** The raw average of the players' ratings (null until rated) and how many there are. */
  ratingAverage: z.number().nullable(),
  ratingCount: z.number().int(),
  /** The viewer's own rating (1 to 5), or null. */
  viewerRating: z.number().int().nullable(),
  /** The default rules of engagement for events held here. */
  rules: eventRules.nullable(),
  /** With ?near=: km from there, one decimal. */
  distance: z.number().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The viewer's abilities (policy.ts): players rate once; admins edit, delete and verify. */
  canRate: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canVerify: z.boolean(),
  media: mediaMap.optional(),
});
export type Field = z.infer<typeof field>;

/** An upcoming event held at a field, as its page lists it. */
export const fieldEvent = z.object({
  id: z.uuid(),
  title: z.string(),
  date: z.string(),
  type: eventType,
  location: z.string(),
  capacity: z.number().int(),
  registeredCount: z.number().int(),
});
export type FieldEvent = z.infer<typeof fieldEvent>;

/** GET /api/fields/{id}: the field and its upcoming events, soonest first. */
export const fieldDetail = field.extend({ upcomingEvents: z.array(fieldEvent) });
export type FieldDetail = z.infer<typeof fieldDetail>;

/**
 * GET /api/fields: by name, of one type when given; with `near` (lat,lng), the fields within
 * `radius` km (default 500), nearest first, with `distance`. `before` is the id of the last field
 * shown: the page continues after it in the same order.
 */
export const fieldsQuery = pageQuery
  .extend({
    type: fieldType.optional(),
    near: nearParam.optional(),
    radius: z.coerce.number().positive().max(FIELD_LIMITS.nearRadiusKmMax).optional(),
    before: z.uuid().toLowerCase().optional(),
  })
  .refine((q) => q.radius === undefined || q.near, { message: 'radius needs near', path: ['radius'] });
export type FieldsQuery = z.input<typeof fieldsQuery>;

const WEBSITE_MESSAGE = 'Must be a web address (http or https)';
/** A text a form may leave empty: trimmed, '' kept as null. */
const optional = (max: number) =>
  text()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable();
const coordinate = (limit: number) =>
  z.union([z.literal('').transform(() => null), z.coerce.number().min(-limit).max(limit)]).nullable();

const fieldFields = {
  name: text().trim().min(1, 'Required').max(FIELD_LIMITS.name),
  type: fieldType,
  address: optional(FIELD_LIMITS.address).optional(),
  phone: optional(FIELD_LIMITS.phone).optional(),
  website: optional(FIELD_LIMITS.website)
    .refine((v) => v === null || websiteHref(v) !== null, { message: WEBSITE_MESSAGE })
    .optional(),
  image: optional(FIELD_LIMITS.image)
    .refine((v) => v === null || isImageRef(v), { message: IMAGE_REF_MESSAGE })
    .optional(),
  lat: coordinate(90).optional(),
  lng: coordinate(180).optional(),
  rules: eventRules.nullable().optional(),
};

/** POST /api/admin/fields: name and type required; the rest optional. A new field is unverified (SPEC §9). */
export const fieldCreateBody = z
  .object(fieldFields)
  .strict()
  .check(bothCoordinatesOrNeither())
  .transform((b) => ({
    ...b,
    address: b.address ?? null,
    phone: b.phone ?? null,
    website: b.website ?? null,
    image: b.image ?? null,
    lat: b.lat ?? null,
    lng: b.lng ?? null,
    rules: b.rules ?? null,
  }));
export type FieldCreateInput = z.input<typeof fieldCreateBody>;
export type FieldCreate = z.output<typeof fieldCreateBody>;

/** PATCH /api/admin/fields/{id}: the fields given change; at least one. */
export const fieldPatchBody = z
  .object(fieldFields)
  .partial()
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change' })
  .check(bothCoordinatesOrNeither());
export type FieldPatchInput = z.input<typeof fieldPatchBody>;
export type FieldPatch = z.output<typeof fieldPatchBody>;

/** POST /api/admin/fields/{id}/verify: verified (default true); false takes the mark back. */
export const fieldVerifyBody = z.preprocess(
  (v) => v ?? {},
  z.object({ verified: z.boolean().default(true) }).strict(),
);
export type FieldVerifyBody = z.input<typeof fieldVerifyBody>;

/** POST /api/fields/{id}/rate: an integer 1 to 5, once per player and field. */
export const fieldRateBody = z.object({ rating: z.number().int().min(1).max(5) }).strict();
export type FieldRateBody = z.infer<typeof fieldRateBody>;

/** The rated field, and whether the rating counts yet (as rateGearAnswer: a new account's waits). */
export const fieldRateAnswer = field.extend({ counted: z.boolean(), message: z.string().optional() });
export type FieldRateAnswer = z.infer<typeof fieldRateAnswer>;

// ---------------------------------------------------------------------------------------------
// An event held at a field

/**
 * 'City, Province' from a street address ('34000 Gravel Pit Rd, Abbotsford, BC V2S 4N1' gives
 * 'Abbotsford, BC'): the last two parts, without the postal code; null when there are not three.
 */
export function cityOfAddress(address: string | null | undefined): string | null {
  const parts = (address ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length < 3) return null;
  const city = parts[parts.length - 2];
  const region = parts[parts.length - 1]
    .replace(/\s+[A-Z]\d[A-Z]\s?\d[A-Z]\d$/i, '')
    .replace(/\s+\d{5}(-\d{4})?$/, '')
    .trim();
  return region ? `${city}, ${region}` : city;
}

/** What a field gives an event held there: its location ('City, Province', else its name), address, coordinates and rules. */
export function fieldEventPlace(f: {
  name: string;
  address: string | null;
  lat: number | null;
  lng: number | null;
  rules: z.infer<typeof eventRules> | null;
}) {
  return {
    location: (cityOfAddress(f.address) ?? f.name).slice(0, 200),
    address: f.address,
    lat: f.lat,
    lng: f.lng,
    rules: f.rules,
  };
}

// ---------------------------------------------------------------------------------------------
// The map's runtime configuration

/** OpenStreetMap's standard tiles and the attribution their tile usage policy asks for. */
export const DEFAULT_MAP_TILES = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
} as const;

/**
 * The tile source from MAP_TILE_URL and MAP_TILE_ATTRIBUTION: OpenStreetMap's attribution for its
 * own tiles, else the one given, else the tile host's name.
 */
export function mapTilesConfig(url?: string, attribution?: string): { url: string; attribution: string } {
  const tiles = url?.trim() || DEFAULT_MAP_TILES.url;
  if (attribution?.trim()) return { url: tiles, attribution: attribution.trim() };
  const origin = tileOrigin(tiles);
  if (origin?.endsWith('openstreetmap.org'))
    return { url: tiles, attribution: DEFAULT_MAP_TILES.attribution };
  return { url: tiles, attribution: `Map tiles: ${origin?.replace(/^https?:\/\//, '') ?? 'unknown'}` };
}

/** GET /api/config: what the web app learns at run time (the map's tile source, MAP_TILE_URL). */
export const appConfigAnswer = z.object({
  map: z.object({ tileUrl: z.string(), attribution: z.string() }),
});
export type AppConfigAnswer = z.infer<typeof appConfigAnswer>;

/**
 * The origin a tile address template loads from, for the CSP's img-src: `{s}` subdomains become
 * a wildcard. Null for what is no http(s) address.
 */
export function tileOrigin(template: string): string | null {
  const sample = template.replace(/\{s\}/g, 'a').replace(/\{[a-z]+\}/gi, '0');
  let url: URL;
  try {
    url = new URL(sample);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = template.includes('{s}') ? url.host.replace(/^a\./, '*.') : url.host;
  return `${url.protocol}//${host}`;
}

// ---------------------------------------------------------------------------------------------
// Texts

export const FIELD_TEXTS = {
  heading: 'Fields',
  description: 'Find airsoft fields near you.',
  listLabel: 'Fields',
  mapLabel: 'Map',
  allTypes: 'All types',
  typeFilter: 'Type',
  noFields: 'No fields found.',
  fetchFieldsFailed: 'Failed to fetch fields',
  fetchFieldFailed: 'Failed to fetch field',
  fieldNotFound: 'Field not found',
  tryAgain: 'Try again',
  loadMore: 'Load more',
  nearMe: 'Near me',
  locating: 'Locating...',
  locationFailed: 'Could not get your location',
  kmAway: (km: number) => `${km.toFixed(1)} km away`,
  verified: 'Verified',
  unverified: 'Unverified',
  notRated: 'Not rated yet',
  ratingsCount: (n: number) => `${n} ${n === 1 ? 'rating' : 'ratings'}`,
  weightedNote: 'Ranked by a weighted rating that counts the number of ratings.',
  rateThisField: 'Rate this field',
  yourRating: 'Your rating',
  signInToRate: 'Sign in to rate this field',
  ratingSaved: 'Thanks for rating this field',
  alreadyRated: 'You have already rated this field',
  rateFailed: 'Failed to submit rating',
  rules: 'Rules of engagement',
  noRules: 'No rules of engagement listed yet.',
  upcomingEvents: 'Upcoming events',
  noUpcomingEvents: 'No upcoming events at this field.',
  backToFields: 'All fields',
  address: 'Address',
  phone: 'Phone',
  website: 'Website',
  viewField: 'View field',
  listView: 'List',
  mapView: 'Map',
  viewMode: 'View',
  mapOffline: 'Map tiles could not load; the markers and the list still work.',
  // Manage Fields
  manageFields: 'Manage Fields',
  manageFieldsDescription: 'Add, edit, verify and remove fields',
  createHeading: 'Add Field',
  editHeading: 'Edit Field',
  create: 'Add Field',
  creating: 'Adding...',
  update: 'Update Field',
  updating: 'Updating...',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  verify: 'Verify',
  unverify: 'Unverify',
  deleteTitle: 'Delete this field?',
  deleteDescription: 'The field is removed for good; events held there keep their place but lose the link.',
  noFieldsYet: 'No fields yet.',
  created: 'Field created successfully',
  updated: 'Field updated successfully',
  deleted: 'Field deleted successfully',
  verifiedToast: 'Field verified',
  unverifiedToast: 'Field marked unverified',
  createFailed: 'Failed to create field',
  updateFailed: 'Failed to update field',
  deleteFailed: 'Failed to delete field',
  verifyFailed: 'Failed to verify field',
  // Field labels
  name: 'Name',
  type: 'Type',
  image: 'Image URL',
  lat: 'Latitude',
  lng: 'Longitude',
  hasRules: 'This field has default rules of engagement',
  // The events form's field picker
  heldAt: 'Held at field',
  noField: 'No field',
} as const;
