import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FeedPost } from '../contract';
import type { Database, Db } from './db/client';
import type { users } from './db/schema';
import type { ObjectStorage } from './storage/types';

/*
 * This file is the bottom of the server's layers: every module, plugin and the wiring (app.ts)
 * import it, and it imports no module (npm run check refuses it). What the context carries is
 * declared here as small interfaces, only the methods the code calls; the modules' classes
 * implement them and app.ts builds them.
 */

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface AppConfig {
  /** false lifts the per-address limits (RATE_LIMITS=off). */
  rateLimits: boolean;
  /** Lower-cased usernames that bootstrap the admin role, once each (ADMIN_USERNAMES). */
  adminUsernames: string[];
  /** Whose X-Forwarded-For to believe (TRUST_PROXY), as Fastify's trustProxy takes it; default nobody. */
  trustProxy?: boolean | number | string[];
  /** Secret for signing upload addresses. */
  sessionSecret: string;
  /** Built web app to serve (dist/web), if any. */
  webDist?: string | null;
  /** Every write limit of plugins/write-limits.ts replaced by these (tests; default: the table's). */
  writeLimits?: { account: number; address: number };
  /** RATING_TRUST_HOURS: ratings from accounts younger than this (or with no other activity) do not count yet (default 24; 0: at once). */
  ratingTrustHours?: number;
  /** COOKIE_SECURE=1, or a PUBLIC_URL with https: the session cookie is Secure and named with the `__Host-` prefix. */
  cookieSecure?: boolean;
  /** Redis URL for a shared rate-limit store. */
  redisUrl?: string;
  /** How long a resolved session is kept in this process (default 5000 ms; 0 turns it off). */
  sessionCacheMs?: number;
  /** How long a feed page is kept in this process (default 5000 ms; 0 turns it off). */
  feedCacheMs?: number;
  /** How long a player's unread notification count is kept when no change is announced (default 30000 ms; 0 turns it off). */
  unreadCacheMs?: number;
  /** How long a player's first page of notifications is kept when no change is announced (default 5000 ms; 0 turns it off). */
  notificationsPageCacheMs?: number;
  /** Per-account upload quotas (default UPLOAD_QUOTA in contract/uploads.ts). */
  uploadQuota?: { addressesPerWindow: number; windowMinutes: number; pending: number; dailyBytes: number };
  /** IMPORT_ALLOW_PRIVATE=1: outside fetches may reach private and loopback addresses (tests only). */
  importAllowPrivate?: boolean;
  /** How long an anonymous read of a public list (teams directory, a team, its roster, Top Rated gear) is kept (default 0: off; PUBLIC_CACHE_MS). */
  publicCacheMs?: number;
  /** How long a page of the events list is kept in this process (default 2000 ms; 0 turns it off). */
  eventsCacheMs?: number;
  /** How long a signed-out visitor's API read is kept finished (default 0: off; SIGNED_OUT_CACHE_MS; decision 038). */
  signedOutCacheMs?: number;
  /** How long the admin analytics report is kept in this process (default 5000 ms; 0: only shared while running). */
  analyticsCacheMs?: number;
  /** How long a page view may wait to be written with others (default 1000 ms; 0 writes each at once; decision 027). */
  analyticsFlushMs?: number;
  /**
   * PUBLIC_URL: the site's address, for absolute links (calendars, mails). Unset: calendars link to
   * the request's own host only when `production` is false (NODE_ENV is not production).
   */
  publicUrl?: string | null;
  /** NODE_ENV=production (main.ts sets it; tests leave it false). */
  production?: boolean;
  /** EVENTS_IMPORT_URL: the preset events site's calendar feed for the events import. */
  eventsImportUrl?: string;
  /** YOUTUBE_API_KEY and YOUTUBE_API_BASE: tutorials' view counts and channel names; unset, none are fetched. */
  youtube?: { apiKey: string; apiBase: string } | null;
  /** MAP_TILE_URL and MAP_TILE_ATTRIBUTION: the map's tile source (default OpenStreetMap's standard tiles). */
  mapTiles?: { url: string; attribution: string };
  /**
   * Mail (issue 23): SMTP_URL, MAIL_FROM and PUBLIC_URL (the site's address, for links in mails).
   * Unset (null): nothing is sent, and a kind set to 'email' is shown in the app only. `pollMs`: how
   * often each process looks for mail to send (default 5000 ms; tests take less).
   */
  mail?: { smtpUrl: string; from: string; publicUrl: string; pollMs?: number } | null;
  /** How often an open notification stream is sent a heartbeat (default STREAM_HEARTBEAT_MS; tests shorten it). */
  streamHeartbeatMs?: number;
  /**
   * false: this process does not run the notifications' fan-out jobs when they are announced (they
   * wait for another process, or main.ts's poll); for a test that counts a route's own statements.
   */
  notificationJobs?: boolean;
  /** false: this process builds no data exports (they wait for another process; tests build them by hand). */
  dataExportJobs?: boolean;
  /** Image jobs run at once, and waiting, before a 503 (default 1 and 8). */
  imageJobs?: { concurrency: number; maxWaiting: number };
}

export interface AppDeps {
  database: Database;
  storage: ObjectStorage;
  config: AppConfig;
  logger?: boolean | object;
}

/** A signed-in account as a session resolves it: the user's row. */
export type SessionUser = typeof users.$inferSelect;

/**
 * What changed, told to every process that shares the database (decision 025; lib/change-bus.ts):
 * this process's subscribers hear it at once, the others' through PostgreSQL NOTIFY.
 */
export interface ChangeBus {
  /**
   * Tells every subscriber of `topic` (an optional `key` names what changed, e.g. a user's id):
   * this process's before it returns, the other processes' once the promise settles.
   */
  publish(topic: string, key?: string): Promise<void>;
  /** `onChange` hears every change of `topic`; `null` means everything (messages may have been missed). */
  subscribe(topic: string, onChange: (key: string | null) => void): void;
  /** false while other processes' changes may be missed (the listening connection is down): caches keep nothing. */
  readonly live: boolean;
}

/** Resolved sessions kept in this process (decision 005; auth's SessionCache), emptied in every process (decision 025). */
export interface SessionStore {
  get(tokenHash: string): SessionUser | undefined;
  /** Taken before the session is read from the database: a read older than a later forget is not kept. */
  stamp(): number;
  set(tokenHash: string, user: SessionUser, stamp?: number): void;
  /** Drops one session in every process (it ended). */
  forgetToken(tokenHash: string): Promise<void>;
  /** Drops every session of a user in every process (their row changed or is gone, or their sessions ended). */
  forgetUser(userId: string): Promise<void>;
}

/** A feed card as every viewer sees it: all but the viewer's own like, bookmark and abilities. */
export type SharedCard = Omit<FeedPost, 'isLiked' | 'isBookmarked' | 'canDelete' | 'canReport'>;

/** Feed pages and viewers' likes kept in this process (decision 008; posts' FeedCache). */
export interface FeedStore {
  /** How long an entry lives; 0 means the cache is off. */
  readonly ttlMs: number;
  /** Whether the database's feed_changed notifications are heard (the cache is off while not). */
  setListening(listening: boolean): void;
  /** Whether pages are kept now (a time to live above 0, and the notifications heard). */
  readonly enabled: boolean;
  invalidate(): void;
  /** Taken before reading the database; an answer read before a later invalidation is not kept. */
  stamp(): number;
  page(key: string): SharedCard[] | undefined;
  storePage(key: string, cards: SharedCard[], stamp: number): void;
  /** What is done to a page once, as it is read from the database (the media maps). */
  prepare(cards: SharedCard[]): Promise<void>;
  likedAmong(viewerId: string, ids: readonly string[]): Set<string> | undefined;
  bookmarkedAmong(viewerId: string, ids: readonly string[]): Set<string> | undefined;
  storeLikes(
    viewerId: string,
    ids: readonly string[],
    liked: Iterable<string>,
    stamp: number,
    bookmarked?: Iterable<string>,
  ): void;
}

/** A bounded queue for CPU-heavy jobs: a job runs when a slot is free, or is refused with 503 (uploads' JobQueue). */
export interface JobRunner {
  run<T>(job: () => Promise<T>): Promise<T>;
}

/** Signs outside image addresses for the image proxy (image-proxy's createImageSigner). */
export interface ImageSigner {
  sign(url: string): string;
  verify(url: string, sig: string | undefined): boolean;
  /** The proxy path a browser loads an outside image from. */
  proxied(url: string): string;
}

/** Gives an answer's objects their `media` maps (image-proxy's createMediaAttacher). */
export type MediaAttacher = (payload: unknown) => Promise<void>;

export interface Ctx {
  db: Db;
  /**
   * Reads that tolerate lag, from the read replica when DATABASE_READ_URL is set (else `db`): only
   * signed-out visitors' list reads, who wrote nothing they expect to see.
   */
  readDb: Db;
  storage: ObjectStorage;
  config: AppConfig;
  /** Tells every process sharing the database what changed, so their caches drop it (decision 025). */
  bus: ChangeBus;
  sessions: SessionStore;
  feed: FeedStore;
  /** The bounded queue every image decode and encode goes through. */
  imageJobs: JobRunner;
  /** Signs outside image addresses for the image proxy. */
  imageSigner: ImageSigner;
  /** Gives an answer's objects their `media` maps (the image proxy's hook, and the feed cache once per page). */
  media: MediaAttacher;
  /** LISTENs on a channel of the database (Database.listen): every process's NOTIFYs (notification streams, issue 23). */
  listen: Database['listen'];
}

/**
 * One area of the server (modules/<area>/index.ts): its routes, registered in an encapsulated
 * scope of their own (on the root when `global`, for an area whose hooks serve every route), and
 * its admin routes, registered inside the one admin scope (modules/admin/scope.ts).
 */
export interface AppModule {
  name: string;
  routes?: (app: App, ctx: Ctx) => Promise<void>;
  adminRoutes?: (admin: App, ctx: Ctx) => Promise<void>;
  global?: boolean;
}
