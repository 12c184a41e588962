import {
  EVENT_PAGE_DATA_ID,
  EVENTS_PAGE_DATA_ID,
  eventType,
  FEED_FIRST_PAGE_ID,
  POST_COMMENTS_DATA_ID,
  POST_PAGE_DATA_ID,
  PROFILE_DATA_ID,
  uuid,
} from '../../../contract';
import type { Ctx } from '../../context';
import { type SessionUser, USER_CHANGED } from '../auth';
import { EVENTS_CHANGED, embeddedCalendar, embeddedEvent, eventsCache } from '../events';
import { embeddedPost, firstFeedPage } from '../posts';
import { embeddedProfile } from '../profiles';
import type { DataBlock, IndexData } from './html';
import type { KeepRule } from './kept';
import type { PageRenderer } from './renderer';

export type { KeepRule } from './kept';

/** What a page's loader found for one request: its blocks, its first image, and how to render it. */
export interface LoadedPage {
  blocks: DataBlock[];
  image?: IndexData['image'];
  /** The page's first commit, drawn by the web's renderer from what was loaded (`viewer`: GET /api/user's answer). */
  render?: (renderer: PageRenderer, viewer: unknown) => Promise<string>;
  /** Script files to preload when the page comes without its markup. */
  modules?: string[];
  /** Stylesheets its markup needs beyond the app's own (a lazy part's), linked from the head. */
  styles?: string[];
}

/**
 * A page the server sends with its data (decision 018) and, when the web's renderer is there, its
 * markup (decision 020). Adding one is an entry in PAGES: its path, its loader (the same services
 * and answer writers as its API routes, so the HTML carries exactly what the API would answer this
 * viewer) and its cache rule.
 */
export interface ServerPage<P = unknown> {
  name: string;
  /** The path's parameters, or null when `pathname` (with `search`, its query, `?` included or '') is not this page. */
  match: (pathname: string, search: string) => P | null;
  /** What the HTML carries for this viewer; null: the page has nothing to add (an unknown id). */
  load: (ctx: Ctx, viewer: SessionUser | null, params: P, page: PageBuild) => Promise<LoadedPage | null>;
  /**
   * `viewer`: rendered for each request (the markup holds the viewer's header and abilities).
   * `signed-out-once`: only for a signed-out visitor, rendered once and kept (it is the same for
   * all of them); a signed-in viewer gets the plain page.
   * `{ signedOut: rule }`: rendered for each signed-in viewer; a signed-out visitor's finished
   * answer (the HTML, its brotli and gzip copies) is the same for all of them and kept as `rule`
   * says (decision 026): no longer, and emptied by no fewer changes, than the caches it reads.
   */
  cache: 'viewer' | 'signed-out-once' | { signedOut: KeepRule };
}

/** What the build gives the loaders: a module's chunks and stylesheets, from its manifest. */
export interface PageBuild {
  chunks: (module: string) => string[];
  styles: (module: string) => string[];
}

const page = <P>(definition: ServerPage<P>) => definition as ServerPage<unknown>;

/** The id of a /posts/{id} path (the web's route; a uuid, lower-cased as the API reads it), or null. */
export function postPath(pathname: string): string | null {
  const match = /^\/posts\/([0-9a-fA-F-]{36})\/?$/.exec(pathname);
  if (!match || !uuid().safeParse(match[1]).success) return null;
  return match[1].toLowerCase();
}

/** The id of an /events/{id} path (a uuid, lower-cased), or null. */
export function eventPath(pathname: string): string | null {
  const match = /^\/events\/([0-9a-fA-F-]{36})\/?$/.exec(pathname);
  if (!match || !uuid().safeParse(match[1]).success) return null;
  return match[1].toLowerCase();
}

/** The username of a /profile/{username} path (the web's route), or null for any other path. */
export function profilePath(pathname: string): string | null {
  const match = /^\/profile\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    const username = decodeURIComponent(match[1]);
    return username.length > 0 && username.length <= 100 ? username : null;
  } catch {
    return null;
  }
}

/** Signed-out pages that show the feed's cards: kept as long as the feed cache keeps them (FEED_CACHE_MS), emptied with it. */
const withTheFeed: KeepRule = { ms: (ctx) => ctx.feed.ttlMs, feed: true };
/** Signed-out pages that show events: kept as the events list is (EVENTS_CACHE_MS), emptied by every events write. */
const withTheEvents: KeepRule = { ms: (ctx) => eventsCache(ctx).ttlMs, topics: [EVENTS_CHANGED] };

/** Every page rendered on the server; any other app path gets index.html with its viewer only. */
export const PAGES: readonly ServerPage[] = [
  // /: the viewer's first feed page and its first image's preload (decision 018).
  page({
    name: 'home',
    match: (pathname) => (pathname === '/' ? {} : null),
    cache: { signedOut: withTheFeed },
    async load(ctx, viewer) {
      const { json, image } = await firstFeedPage(ctx.db, ctx.feed, viewer);
      return {
        blocks: [{ id: FEED_FIRST_PAGE_ID, json }],
        image,
        render: (r, me) => r.renderHome(JSON.parse(json), me as never),
      };
    },
  }),
  // /auth: the same form for every signed-out visitor.
  page({
    name: 'auth',
    match: (pathname) => (pathname === '/auth' ? {} : null),
    cache: 'signed-out-once',
    load: async () => ({ blocks: [], render: (r) => r.renderAuth() }),
  }),
  // /events: the section's title, tabs and view from the address (issue 20); the calendar (its
  // default view) with its day and lists, the grid with its skeletons.
  page<string>({
    name: 'events',
    match: (pathname, search) => (pathname === '/events' && search.length <= 200 ? search : null),
    // The calendar carries the server's day: a kept answer is for the day it was made (kept.ts's key).
    cache: { signedOut: withTheEvents },
    async load(ctx, viewer, search, build) {
      const query = new URLSearchParams(search);
      const render = (calendar?: string) => (r: PageRenderer, me: unknown) =>
        r.renderPage(`/events${search}`, me as never, calendar ? JSON.parse(calendar) : undefined);
      // The calendar's stylesheet comes with the section's chunk: the rendered page links it.
      const styles = build.styles('src/features/events/components/events-section.tsx');
      if (query.get('view') === 'grid') return { blocks: [], render: render(), styles };
      const type = eventType.safeParse(query.get('type'));
      const calendar = await embeddedCalendar(ctx, type.success ? type.data : undefined, viewer);
      return { blocks: [{ id: EVENTS_PAGE_DATA_ID, json: calendar }], render: render(calendar), styles };
    },
  }),
  // /posts/{id}: the post and its first page of comments (issue 20). Read from the database, not
  // the feed cache, but what it shows is what empties the feed (a comment's edit does not: it
  // shows within FEED_CACHE_MS).
  page<string>({
    name: 'post',
    match: postPath,
    cache: { signedOut: withTheFeed },
    async load(ctx, viewer, postId) {
      const found = await embeddedPost(ctx.db, ctx.media, postId, viewer);
      if (!found) return null;
      return {
        blocks: [
          { id: POST_PAGE_DATA_ID, json: found.json },
          { id: POST_COMMENTS_DATA_ID, json: found.comments },
        ],
        image: found.image,
        render: (r, me) =>
          r.renderPost(postId, JSON.parse(found.json), me as never, JSON.parse(found.comments)),
      };
    },
  }),
  // /events/{id}: the event, its banner's preload (issue 20: the date, the place, places left and
  // the main action on the first paint).
  page<string>({
    name: 'event',
    match: eventPath,
    cache: { signedOut: withTheEvents },
    async load(ctx, viewer, eventId) {
      const found = await embeddedEvent(ctx.db, ctx.media, eventId, viewer);
      if (!found) return null;
      return {
        blocks: [{ id: EVENT_PAGE_DATA_ID, json: found.json }],
        image: found.image,
        render: (r, me) => r.renderEvent(eventId, JSON.parse(found.json), me as never),
      };
    },
  }),
  // /profile/{username}: the profile and its banner's preload (decision 018). Kept as an anonymous
  // read (PUBLIC_CACHE_MS); emptied by a change of any account (its fields: the `user` topic), of
  // the posts (its posts count: the feed's emptying) and of the events (its events count). Follows
  // announce nothing: its follower counts show within PUBLIC_CACHE_MS.
  page<string>({
    name: 'profile',
    match: profilePath,
    cache: {
      signedOut: {
        ms: (ctx) => ctx.config.publicCacheMs ?? 0,
        feed: true,
        topics: [USER_CHANGED, EVENTS_CHANGED],
      },
    },
    async load(ctx, viewer, username, build) {
      const found = await embeddedProfile(ctx.db, ctx.media, username, viewer);
      if (!found) return null;
      return {
        blocks: [{ id: PROFILE_DATA_ID, json: found.json }],
        image: found.image,
        render: (r, me) => r.renderProfile(username, JSON.parse(found.json), me as never),
        // Without its markup the page preloads its chunks; with it they load after the entry
        // rather than compete with the banner, the CSS and the entry before the first paint.
        modules: build.chunks('src/app/routes/profile.tsx'),
      };
    },
  }),
];
