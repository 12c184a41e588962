import { isIP } from 'node:net';
import { z } from 'zod';

/** 10.0.0.1, ::1, 10.0.0.0/8, fd00::/8 */
function isAddressOrCidr(value: string): boolean {
  const [address, bits, ...rest] = value.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

const flag = (def: '0' | '1') => z.enum(['0', '1']).default(def);

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** How long connecting to PostgreSQL and its first answer may take before the start stops (ms). */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Connections each serving process keeps to PostgreSQL (and as many to DATABASE_READ_URL's). */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  /** A read replica of DATABASE_URL's database: signed-out visitors' list reads that tolerate lag go there. */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_USERNAMES: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  /**
   * Whose X-Forwarded-For to believe: unset trusts nobody (the socket's address counts); `true`,
   * a hop count, or a comma-separated list of proxy addresses/CIDRs, as Fastify's trustProxy.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx): boolean | number | string[] => {
      if (v === undefined || v === 'false') return false;
      if (v === 'true') return true;
      if (/^\d+$/.test(v)) return Number(v);
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = list.filter((a) => !isAddressOrCidr(a));
      if (bad.length > 0 || list.length === 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be true, a hop count, or addresses/CIDRs (not: ${bad.join(', ') || v})`,
        });
        return z.NEVER;
      }
      return list;
    }),
  /** `1` lets outside fetches (image proxy, imports) reach private and loopback addresses: tests only. */
  IMPORT_ALLOW_PRIVATE: flag('0'),
  SEED_DEMO: flag('0'),
  /**
   * The demo admin's password (SEED_DEMO=1): unset, the published demo password in development and
   * a random one, printed once in the start log, with NODE_ENV=production (docs/security.md 6.3.2).
   */
  DEMO_ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128).optional(),
  /** The preset events site's calendar feed (iCalendar, or a page with schema.org Event JSON-LD). */
  EVENTS_IMPORT_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) address' }).optional(),
  /** The YouTube Data API v3 key: tutorials' view counts and channel names (unset: none fetched). */
  YOUTUBE_API_KEY: z.string().min(1).optional(),
  /** Where the YouTube Data API is (tests point it at a local server). */
  YOUTUBE_API_BASE: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) address' })
    .default('https://www.googleapis.com'),
  /** Outgoing mail (issue 23): an smtp:// or smtps:// address (user and password in it); unset, no mail is sent. */
  SMTP_URL: z
    .string()
    .refine(
      (v) => /^smtps?:\/\/[^/?#]+/i.test(v) && URL.canParse(v),
      'must be an smtp:// or smtps:// address',
    )
    .optional(),
  /** The sender of every mail: `"Airsoft Community" <noreply@example.org>` or a bare address. */
  MAIL_FROM: z
    .string()
    .refine(
      (v) => /^[^@<>\s]+@[^@<>\s]+$|<[^@<>\s]+@[^@<>\s]+>$/.test(v.trim()),
      'must be an email address, or a name and <address>',
    )
    .optional(),
  /** The site's public address, for absolute links (mails); no trailing slash kept. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) address' })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  /** The map's tile source (Leaflet URL template) and its attribution (issue 13); the CSP allows its host only. */
  MAP_TILE_URL: z
    .string()
    .refine((v) => /^https?:\/\/[^/]*[a-z0-9}]\//i.test(v), 'must be an http(s) tile address template')
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).default('false'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /** `1`: the session cookie is Secure and named `__Host-sid` (behind a TLS proxy; a PUBLIC_URL with https implies it). */
  COOKIE_SECURE: flag('0'),
  /** Ratings from accounts younger than this many hours (or with no other activity) do not count yet; 0 counts at once. */
  RATING_TRUST_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 365)
    .default(24),
  /** How long this process keeps a feed page (ms; 0 turns the feed cache off). */
  FEED_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  UNREAD_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  /** How long this process keeps a player's first page of notifications (ms; 0 turns it off). */
  NOTIFICATIONS_PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** How long this process keeps an anonymous read of a public list: teams directory, team, roster, Top Rated (ms; 0: off). */
  PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** How long this process keeps a signed-out visitor's API read, finished (ms; 0: off; decision 038). */
  SIGNED_OUT_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(1_000),
  /** How long this process keeps a page of the events list (ms; 0 turns the events cache off). */
  EVENTS_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /** How long this process keeps the admin analytics report of a range (ms; 0: not kept). */
  ANALYTICS_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /** How long a page view may wait in this process to be written with others (ms; 0 writes each at once). */
  ANALYTICS_FLUSH_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** Where the built web app is (default dist/web); `vite build` honours the same variable. */
  WEB_DIST: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Worker processes on PostgreSQL (default: one per core; 1 keeps a single process). The embedded database runs one. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
});

export type Env = z.infer<typeof envSchema>;

/** COOKIE_SECURE=1, or a PUBLIC_URL with https: the site is only ever reached over TLS. */
export const cookieSecureOf = (env: Pick<Env, 'COOKIE_SECURE' | 'PUBLIC_URL'>) =>
  env.COOKIE_SECURE === '1' || (env.PUBLIC_URL?.startsWith('https://') ?? false);

/** Why an instance on PostgreSQL refuses to start without SESSION_SECRET (decision 025). */
export const SESSION_SECRET_REQUIRED =
  'must be set when DATABASE_URL is set, and the same on every instance that shares the database (it signs upload and image-proxy addresses)';

/** Why DATABASE_READ_URL is refused on the embedded database. */
export const DATABASE_READ_URL_ALONE = 'needs DATABASE_URL: it names a read replica of that database';

/** Why SMTP_URL needs MAIL_FROM, and PUBLIC_URL (issue 23). */
export const MAIL_FROM_REQUIRED =
  'must be set when SMTP_URL is set: the sender of every mail, e.g. "Airsoft Community" <noreply@example.org>';
export const PUBLIC_URL_REQUIRED =
  'must be set when SMTP_URL is set: mails link to the site by its public address, e.g. https://airsoft.example.org';

/** Parses the environment once; on bad values it throws one readable list of every problem. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  const issues = result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  // Across variables (checked on the raw values, so that it is listed with every other problem).
  if (cleaned.DATABASE_URL && !cleaned.SESSION_SECRET)
    issues.push({ path: 'SESSION_SECRET', message: SESSION_SECRET_REQUIRED });
  if (cleaned.DATABASE_READ_URL && !cleaned.DATABASE_URL)
    issues.push({ path: 'DATABASE_READ_URL', message: DATABASE_READ_URL_ALONE });
  if (cleaned.SMTP_URL && !cleaned.MAIL_FROM) issues.push({ path: 'MAIL_FROM', message: MAIL_FROM_REQUIRED });
  if (cleaned.SMTP_URL && !cleaned.PUBLIC_URL)
    issues.push({ path: 'PUBLIC_URL', message: PUBLIC_URL_REQUIRED });
  if (!result.success || issues.length > 0) {
    const lines = issues.map((i) => `  - ${i.path}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}
