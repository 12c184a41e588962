import { mulberry32 } from '../server/demo/random';
import type { Catalog } from './players-data';
import { tokenOf } from './players-data';

/**
 * The simulated players of `npm run bench:players`: who they are, which pages they visit and
 * which requests each visit makes, the way the web app makes them (web/src/features/*\/api,
 * web/src/app/routes). Everything is planned before a step starts (open loop): a request's time
 * is fixed whatever the answers to the requests before it.
 */

/** The route classes the figures are given for. */
export const CLASSES = [
  'html /',
  'assets',
  'html profile',
  'page-view',
  'feed',
  'comments',
  'events',
  'event',
  'profile',
  'profile lists',
  'teams',
  'team',
  'gear',
  'news',
  'tutorials',
  'stores',
  'product',
  'search',
  'writes',
] as const;
export type RouteClass = (typeof CLASSES)[number];

/** Mean think time between two visits of a player. */
export const THINK_MS = 10_000;
/** Mean visits a session (geometric: players come and go at any visit). */
export const SESSION_VISITS = 20;
export const SIGNED_OUT_SHARE = 0.7;

export interface Player {
  /** bench_n's index (0-based) when signed in. */
  user: number | null;
  /** The visit cookie (`aid`) the first page view answered with; sent from then on, as a browser would. */
  aid: string | null;
  ua: string;
}

export interface Planned {
  /** Milliseconds from the start of the step. */
  at: number;
  cls: RouteClass;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: string;
  player: Player;
  /** A request made from this one's answer (the gear to rate), planned `delay` ms after this one. */
  next?: { delay: number; make: (body: string) => Omit<Planned, 'at' | 'player'> | null };
}

/** A small, seeded random source (mulberry32, the demo's): the same plan on every run. */
export const random = mulberry32;

const UAS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
];

const SEARCHES = ['m4', 'glock', 'bench', 'milsim', 'vest', 'generated', 'team', 'field', 'helmet', 'store'];

type Page =
  | 'feed'
  | 'comments'
  | 'events'
  | 'event'
  | 'profile'
  | 'teams'
  | 'team'
  | 'gear'
  | 'news'
  | 'tutorials'
  | 'stores'
  | 'product'
  | 'search'
  | 'profile link';

/** How often each page is chosen for a visit after the first (gear only for signed-in players: it needs sign-in). */
const WEIGHTS: [Page, number][] = [
  ['feed', 24],
  ['comments', 12],
  ['events', 10],
  ['event', 8],
  ['profile', 10],
  ['teams', 5],
  ['team', 6],
  ['gear', 8],
  ['news', 5],
  ['tutorials', 4],
  ['stores', 3],
  ['product', 3],
  ['search', 6],
  ['profile link', 4],
];

/** The rates of the signed-in players' writes, per visit of the page they are made on. */
export const WRITE_RATES = {
  likeOnFeed: 0.3,
  unlikeOnFeed: 0.1,
  postOnFeed: 0.03,
  likeOnComments: 0.2,
  commentOnComments: 0.1,
  followOnProfile: 0.1,
  registerOnEvent: 0.15,
  rateOnGear: 0.6,
};

/** The HTML of / names these: its scripts, module preloads and stylesheet. */
export function assetsOf(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) out.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="(?:stylesheet|modulepreload)"[^>]*href="([^"]+)"/g))
    out.add(m[1]);
  return [...out].filter((p) => p.startsWith('/'));
}

/**
 * One player's visits of one session; its state is what the web app would have cached (react-query
 * keeps answers for the session: staleTime Infinity, except comments and badges), which pages of
 * the feed it has seen, what it liked and followed.
 */
class Session {
  readonly player: Player;
  path: string | null = null;
  feedPages = 1;
  fetched = new Set<string>();
  liked: string[] = [];
  followed = new Set<string>();
  rated = new Set<string>();

  constructor(
    readonly rnd: () => number,
    readonly catalog: Catalog,
    readonly out: Planned[],
    public remaining: number,
    accounts: { next: number },
  ) {
    const signedIn = rnd() >= SIGNED_OUT_SHARE;
    this.player = {
      user: signedIn ? accounts.next++ % catalog.users.length : null,
      aid: null,
      ua: UAS[Math.floor(rnd() * UAS.length)],
    };
  }

  add(
    at: number,
    cls: RouteClass,
    method: Planned['method'],
    path: string,
    body?: unknown,
    next?: Planned['next'],
  ) {
    this.out.push({
      at,
      cls,
      method,
      path,
      body: body === undefined ? undefined : JSON.stringify(body),
      player: this.player,
      next,
    });
  }

  /** A GET the app would answer from its cache when it has it already. */
  get(at: number, cls: RouteClass, path: string, cached = true) {
    if (cached && this.fetched.has(path)) return;
    this.fetched.add(path);
    this.add(at, cls, 'GET', path);
  }

  /** The page-view beacon of a change of page. */
  view(at: number, path: string) {
    if (path === this.path) return;
    const body: { path: string; referrer?: string } = { path };
    if (this.path) body.referrer = this.path;
    this.path = path;
    this.add(at, 'page-view', 'POST', '/api/analytics/page-view', body);
  }

  pick<T>(values: readonly T[], skew = false): T {
    const u = this.rnd();
    return values[Math.floor((skew ? u * u : u) * values.length)];
  }
}

/** The first visit of a session: the HTML of / (the viewer's first feed page in it), its assets, the beacon. */
function firstVisit(s: Session, at: number, assets: string[]) {
  s.add(at, 'html /', 'GET', '/');
  for (const a of assets) s.add(at + 50, 'assets', 'GET', a);
  s.view(at + 300, '/');
}

function laterVisit(s: Session, at: number) {
  const { catalog: c, player } = s;
  const signedIn = player.user !== null;
  const weights = signedIn ? WEIGHTS : WEIGHTS.filter(([p]) => p !== 'gear');
  const total = weights.reduce((sum, [, w]) => sum + w, 0);
  let u = s.rnd() * total;
  let page: Page = weights[0][0];
  for (const [p, w] of weights) {
    u -= w;
    if (u < 0) {
      page = p;
      break;
    }
  }
  const r = s.rnd;
  switch (page) {
    case 'feed': {
      // Back to the feed, scrolling to the next page (keyset cursor: the last post of the last page).
      s.view(at, '/');
      const cursor = c.feed[Math.min(c.feed.length - 1, s.feedPages * 20 - 1)];
      s.get(at + 2000, 'feed', `/api/posts/feed?limit=20&before=${cursor}`);
      s.feedPages++;
      if (signedIn) {
        const seen = c.feed.slice(0, Math.min(c.feed.length, s.feedPages * 20));
        if (r() < WRITE_RATES.likeOnFeed) {
          const post = s.pick(seen);
          s.liked.push(post);
          s.add(at + 4000, 'writes', 'POST', `/api/posts/${post}/like`);
        } else if (s.liked.length > 0 && r() < WRITE_RATES.unlikeOnFeed / (1 - WRITE_RATES.likeOnFeed)) {
          s.add(at + 4000, 'writes', 'DELETE', `/api/posts/${s.liked.pop()}/like`);
        }
        if (r() < WRITE_RATES.postOnFeed)
          s.add(at + 8000, 'writes', 'POST', '/api/posts', {
            caption: `A bench post at ${Math.round(at)}`,
            images: [],
          });
      }
      break;
    }
    case 'comments': {
      // The comments panel of a post of the feed seen so far (staleTime 0: asked every time).
      s.view(at, '/');
      const post = s.pick(c.feed.slice(0, Math.min(c.feed.length, s.feedPages * 20)));
      s.get(at, 'comments', `/api/posts/${post}/comments?limit=50`, false);
      if (signedIn && r() < WRITE_RATES.likeOnComments)
        s.add(at + 3000, 'writes', 'POST', `/api/posts/${post}/like`);
      if (signedIn && r() < WRITE_RATES.commentOnComments)
        s.add(at + 8000, 'writes', 'POST', `/api/posts/${post}/comments`, { content: 'Nice one! (bench)' });
      break;
    }
    case 'events': {
      s.view(at, '/events');
      if (r() < 0.8) {
        // The calendar: the month shown (from/to) and the next upcoming event.
        const now = new Date();
        const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 14 * 3_600_000);
        const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) + 14 * 3_600_000);
        const q = new URLSearchParams({ from: from.toISOString(), to: to.toISOString(), limit: '100' });
        s.get(at, 'events', `/api/events?${q}`);
        s.get(at, 'events', '/api/events?limit=1');
      } else {
        s.get(at, 'events', '/api/events?limit=24');
      }
      break;
    }
    case 'event': {
      const upcoming = r() < 0.8;
      const event = s.pick(upcoming ? c.upcoming : c.events);
      s.view(at, `/events/${event}`);
      s.get(at, 'event', `/api/events/${event}`);
      if (signedIn && upcoming && r() < WRITE_RATES.registerOnEvent)
        s.add(at + 5000, 'writes', 'POST', `/api/events/${event}/registration`);
      break;
    }
    case 'profile': {
      const user = s.pick(c.users, true);
      s.view(at, `/profile/${user.username}`);
      s.get(at, 'profile', `/api/profile/${user.username}`);
      s.get(at + 100, 'profile lists', `/api/user/${user.id}/teams`);
      s.get(at + 100, 'profile lists', `/api/posts/user/${user.id}`);
      s.get(at + 200, 'profile lists', `/api/user/${user.id}/badges`, false);
      s.get(at + 200, 'profile lists', `/api/user/${user.id}/gear?limit=20`);
      if (
        signedIn &&
        player.user !== null &&
        c.users[player.user].id !== user.id &&
        r() < WRITE_RATES.followOnProfile
      ) {
        const unfollow = s.followed.has(user.id);
        if (unfollow) s.followed.delete(user.id);
        else s.followed.add(user.id);
        s.add(at + 3000, 'writes', 'POST', `/api/${unfollow ? 'unfollow' : 'follow'}/${user.id}`);
      }
      break;
    }
    case 'teams':
      s.view(at, '/teams');
      s.get(at, 'teams', '/api/teams?limit=20');
      break;
    case 'team': {
      const team = s.pick(c.teams, true);
      s.view(at, `/teams/${team}`);
      s.get(at, 'team', `/api/teams/${team}`);
      s.get(at + 100, 'team', `/api/teams/${team}/feed`);
      break;
    }
    case 'gear': {
      // Rate Gear: the items to rate (rating the first of them), sometimes the Top Rated tab.
      s.view(at, '/gear');
      const rate = r() < WRITE_RATES.rateOnGear;
      s.add(at, 'gear', 'GET', '/api/gear/to-rate?limit=20', undefined, {
        delay: 4000,
        make: (body) => {
          if (!rate) return null;
          // The first item not rated yet: the page drops a rated one from its list at once.
          const item = (JSON.parse(body) as { id: string }[]).find((i) => !s.rated.has(i.id));
          if (!item) return null;
          s.rated.add(item.id);
          return {
            cls: 'writes',
            method: 'POST',
            path: `/api/gear/${item.id}/rate`,
            body: JSON.stringify({ rating: 1 + (item.id.charCodeAt(0) % 5) }),
          };
        },
      });
      if (r() < 0.4) s.get(at + 6000, 'gear', '/api/gear/top-rated?limit=20');
      break;
    }
    case 'news':
      s.view(at, '/news');
      s.get(at, 'news', '/api/news?limit=20');
      break;
    case 'tutorials':
      s.view(at, '/tutorials');
      s.get(at, 'tutorials', '/api/tutorials?limit=20');
      break;
    case 'stores':
      s.view(at, '/stores');
      s.get(at, 'stores', '/api/stores');
      break;
    case 'product': {
      const product = s.pick(c.products, true);
      s.view(at, `/products/${product}`);
      s.get(at, 'product', `/api/products/${product}`);
      break;
    }
    case 'search': {
      // The header search (one call a debounced query): a prefix, then the word.
      const word = s.pick(SEARCHES);
      if (word.length > 3) s.get(at, 'search', `/api/search?q=${word.slice(0, 3)}`, false);
      s.get(at + 600, 'search', `/api/search?q=${word}`, false);
      break;
    }
    case 'profile link': {
      // A shared profile address opened in a new tab: its HTML (the assets are cached by then).
      const user = s.pick(c.users, true);
      s.add(at, 'html profile', 'GET', `/profile/${user.username}`);
      s.path = null;
      s.view(at + 300, `/profile/${user.username}`);
      break;
    }
  }
}

const exponential = (rnd: () => number, mean: number) => -mean * Math.log(1 - rnd());
const geometric = (rnd: () => number, mean: number) =>
  1 + Math.floor(Math.log(1 - rnd()) / Math.log(1 - 1 / mean));

/**
 * Every request of `players` players online from 0 to `horizonMs`, sorted by time. Each player
 * slot is taken by one session after another (a player leaves after about SESSION_VISITS
 * visits and a new one arrives); at the start, a slot is in the middle of a session (the HTML of
 * / already loaded) except for the share of slots that a session's first visit would be.
 */
export function plan(
  players: number,
  horizonMs: number,
  catalog: Catalog,
  assets: string[],
  seed: number,
): Planned[] {
  const rnd = random(seed);
  const out: Planned[] = [];
  // Each signed-in session takes the next account: no two at once on one account while there
  // are enough (up to about 5,000 players online), as real players each have their own.
  const accounts = { next: Math.floor(rnd() * catalog.users.length) };
  for (let slot = 0; slot < players; slot++) {
    let s = new Session(rnd, catalog, out, geometric(rnd, SESSION_VISITS), accounts);
    let first = rnd() < 1 / SESSION_VISITS;
    for (let at = exponential(rnd, THINK_MS); at < horizonMs; at += exponential(rnd, THINK_MS)) {
      if (s.remaining === 0) {
        s = new Session(rnd, catalog, out, geometric(rnd, SESSION_VISITS), accounts);
        first = true;
      }
      if (first) firstVisit(s, at, assets);
      else laterVisit(s, at);
      first = false;
      s.remaining--;
    }
  }
  return out.sort((a, b) => a.at - b.at);
}

/** The Cookie header of a player's request: its session (signed in) and its visit id. */
export function cookieOf(player: Player): string | undefined {
  const parts: string[] = [];
  if (player.user !== null) parts.push(`sid=${tokenOf(player.user + 1)}`);
  if (player.aid) parts.push(`aid=${player.aid}`);
  return parts.length > 0 ? parts.join('; ') : undefined;
}
