import { z } from './messages';

/** What every area shares (SPEC §9): the product's name and page sizes. */
export const PRODUCT_NAME = 'Airsoft Community';
export const PAGE_DEFAULT_LIMIT = 20;
export const PAGE_MAX_LIMIT = 100;

/** Texts no single area owns: the shell, the not-found page and the server's generic refusals. */
export const COMMON_TEXTS = {
  notifications: 'Notifications',
  noNotifications: 'No new notifications',
  pageNotFound: 'Page not found',
  comingSoon: 'Coming soon',
  notSignedIn: 'Not signed in',
  forbidden: 'Not allowed',
  tooManyRequests: 'Too many requests, please try again later',
  crossSite: 'Cross-site request refused',
} as const;

/** C0 and C1 control characters other than tab and newline (and carriage return, which forms send). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is this pattern's purpose.
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
export const CONTROL_CHARS_MESSAGE = 'Must not contain control characters';
export const hasControlChars = (value: string) => CONTROL_CHARS.test(value);

/**
 * Every text a client sends goes through this: control characters other than newline and tab
 * (a NUL, which PostgreSQL refuses, among them) are a 400 on the field, in one place.
 */
export const text = () => z.string().refine((v) => !hasControlChars(v), CONTROL_CHARS_MESSAGE);

/** An id in a path or body: a uuid in any case, compared in lower case. */
export const uuid = () => z.uuid().toLowerCase();

/** `?limit=` for lists that can grow (DESIGN §3); each list adds its own `before` cursor. */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_MAX_LIMIT).default(PAGE_DEFAULT_LIMIT),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * How the web shows an image address it received. For each outside (http/https) address in an
 * answer object: `src`, the server's signed image proxy path (issue 7). For each own
 * `/objects/images/...` address the server has measured (issue 9, decision 012): `src` (the
 * address itself), `srcset` (its WebP variants and itself, by width), its `width` and `height`,
 * and `placeholder`, a base64 thumbhash painted while the image loads. An own address without an
 * entry is shown as it is.
 */
export const mediaEntry = z.object({
  src: z.string(),
  srcset: z.string().optional(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  placeholder: z.string().optional(),
});
export type MediaEntry = z.infer<typeof mediaEntry>;
export const mediaMap = z.record(z.string(), mediaEntry);
export type MediaMap = z.infer<typeof mediaMap>;

/** The answer fields that hold image addresses (a string, or a list for `images`). */
export const IMAGE_FIELDS = ['images', 'avatar', 'coverImage', 'logo', 'banner', 'image'] as const;

/** The answer of a route that answers nothing (204). */
export const noContent = z.null().describe('No content');

/** GET /api/health. */
export const healthAnswer = z.object({ ok: z.literal(true) });

/** The message of the coordinates rule (stores and fields; events word it their own way). */
export const COORDINATES_MESSAGE = 'Give both latitude and longitude, or neither';

/**
 * A place has both coordinates or neither, and a change gives them together: lat and lng are both
 * left out, both null, or both numbers. The error sits on `lng`.
 */
export const bothCoordinatesOrNeither = (message: string = COORDINATES_MESSAGE) =>
  z.refine<{ lat?: number | null; lng?: number | null }>(
    (v) => (v.lat === undefined) === (v.lng === undefined) && (v.lat === null) === (v.lng === null),
    { message, path: ['lng'] },
  );
