import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_PAGE_DATA_ID, PROFILE_DATA_ID } from '../../../contract';
import { buildApp } from '../../app';
import type { AppConfig, Ctx } from '../../context';
import { localChangeBus } from '../../lib/change-bus';
import { createSecondInstance, createTestApp, type TestApp } from '../../test/app';
import { createEvent, createPost, createUser, injectAs } from '../../test/factories';
import { FeedCache } from '../posts';
import { FinishedPage, KeptPages, pageRendererPath } from './index';

const INDEX =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>Airsoft</title>' +
  '<script type="module" src="/assets/main-abc123.js"></script></head>' +
  '<body><div id="root"><!--page--><p>home</p><!--/page--></div></body></html>';
// A stand-in for the web's SSR build (the real one is tested in web/src/prerender.test.tsx): it
// counts its renders in `globalThis.__keptRenders`, and `renderEvent` waits for
// `globalThis.__keptGate` when there is one.
const RENDERER = `const esc = (s) => String(s).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
const who = (viewer) => esc(viewer ? viewer.username : 'nobody');
const count = (name) => {
  const renders = (globalThis.__keptRenders ??= {});
  renders[name] = (renders[name] ?? 0) + 1;
};
export async function renderHome(page, viewer) {
  count('home');
  return '<ul data-viewer="' + who(viewer) + '">' + page.map((p) => '<li>' + esc(p.caption) + '</li>').join('') + '</ul>';
}
export async function renderAuth() {
  count('auth');
  return '<form>sign in</form>';
}
export async function renderProfile(username, profile, viewer) {
  count('profile');
  return '<h1 data-viewer="' + who(viewer) + '">' + esc(profile.username) + ' ' + esc(profile.bio ?? '') + '</h1>';
}
export async function renderPost(postId, post, viewer) {
  count('post');
  return '<article data-viewer="' + who(viewer) + '">' + esc(post.caption) + '</article>';
}
export async function renderEvent(eventId, event, viewer) {
  count('event');
  if (globalThis.__keptGate) await globalThis.__keptGate;
  return '<article data-viewer="' + who(viewer) + '">' + esc(event.title) + ' ' + event.registeredCount + '</article>';
}
export async function renderPage(path, viewer) {
  count('page');
  return '<main data-path="' + esc(path) + '" data-viewer="' + who(viewer) + '"></main>';
}`;

type Renders = Partial<Record<'home' | 'auth' | 'profile' | 'post' | 'event' | 'page', number>>;
const global = globalThis as { __keptRenders?: Renders; __keptGate?: Promise<void> };
/** How many times the app's page renderer has drawn each page so far. */
const renders = (): Required<Renders> => ({
  home: 0,
  auth: 0,
  profile: 0,
  post: 0,
  event: 0,
  page: 0,
  ...global.__keptRenders,
});

const BR = { 'accept-encoding': 'gzip, deflate, br, zstd' };
/** The headers a kept answer must give as the per-request one does (no date or request id). */
const SAME_HEADERS = [
  'content-type',
  'content-encoding',
  'content-length',
  'vary',
  'cache-control',
  'etag',
  'last-modified',
  'content-security-policy',
];
const headersOf = (res: { headers: Record<string, unknown> }) =>
  Object.fromEntries(SAME_HEADERS.map((name) => [name, res.headers[name]]));
/** The JSON of the data block `id` of an HTML page. */
const block = (html: string, id: string) => {
  const open = `<script type="application/json" id="${id}">`;
  const start = html.indexOf(open) + open.length;
  return JSON.parse(html.slice(start, html.indexOf('</script>', start)));
};

/**
 * Asks for `url` as a visitor until an answer comes without a render, so that it is kept from
 * then on: on PostgreSQL a write's feed_changed notification may come after its answer and empty
 * the kept `/` once more.
 */
const settled = (url: string) =>
  expect
    .poll(
      async () => {
        const before = Object.values(renders()).reduce((a, b) => a + b, 0);
        await t.app.inject({ url });
        return Object.values(renders()).reduce((a, b) => a + b, 0) - before;
      },
      { timeout: 5_000, interval: 10 },
    )
    .toBe(0);

let t: TestApp;
let web: string;
// Long times, so that nothing expires while a slow machine runs the test: only changes empty.
const config: Partial<AppConfig> = { feedCacheMs: 60_000, publicCacheMs: 60_000, eventsCacheMs: 60_000 };

beforeAll(async () => {
  web = mkdtempSync(path.join(tmpdir(), 'airsoft-kept-'));
  writeFileSync(path.join(web, 'index.html'), INDEX);
  mkdirSync(path.dirname(pageRendererPath(web)));
  writeFileSync(pageRendererPath(web), RENDERER);
  config.webDist = web;
  t = await createTestApp({ config });
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
  rmSync(`${web}-ssr`, { recursive: true, force: true });
});

describe('a signed-out visitor’s pages are kept finished (decision 026)', () => {
  it('renders / once: the next visitors get the same bytes in each encoding, as the per-request path gives them', async () => {
    const rita = await createUser(t.database.db, { username: 'kept_rita' });
    await createPost(t.database.db, rita, { caption: 'kept <op>' });
    const first = await t.app.inject({ url: '/', headers: BR });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(first.rawPayload).toString();
    expect(html).toContain('<ul data-viewer="nobody"><li>kept &#60;op&#62;</li></ul>');
    await settled('/');
    const drawn = renders().home;

    const again = await t.app.inject({ url: '/', headers: BR });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(headersOf(again)).toEqual(headersOf(first));
    const gzip = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(html);
    const plain = await t.app.inject({ url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(html);
    const head = await t.app.inject({ method: 'HEAD', url: '/', headers: BR });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(renders().home).toBe(drawn);

    // The per-request path: the same database and settings with the feed cache off, so nothing
    // is kept; each request is rendered, and gives what the kept answer gives, header for header.
    const perRequest = await buildApp({
      database: t.database,
      storage: t.storage,
      config: {
        rateLimits: false,
        adminUsernames: ['admin'],
        sessionSecret: 'test-secret-test-secret-test-secret-123',
        ...config,
        feedCacheMs: 0,
      },
    });
    try {
      for (const [kept, headers] of [
        [first, BR],
        [gzip, { 'accept-encoding': 'gzip' }],
        [plain, {}],
      ] as const) {
        const fresh = await perRequest.inject({ url: '/', headers });
        expect(fresh.rawPayload.equals(kept.rawPayload)).toBe(true);
        expect(headersOf(fresh)).toEqual(headersOf(kept));
      }
      expect(renders().home).toBe(drawn + 3);
    } finally {
      await perRequest.close();
    }
  });

  it('shows a new post at once', async () => {
    const rita = await createUser(t.database.db, { username: 'kept_poster' });
    await settled('/');
    const created = await injectAs(t.app, rita, {
      method: 'POST',
      url: '/api/posts',
      payload: { caption: 'fresh op' },
    });
    expect(created.statusCode).toBe(201);
    expect((await t.app.inject({ url: '/' })).body).toContain('<li>fresh op</li>');
  });

  it('makes a page once for the visitors who come while it is being rendered', async () => {
    const event = await createEvent(t.database.db, { title: 'Crowded op' });
    const drawn = renders().event;
    let release = () => {};
    global.__keptGate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answers = Array.from({ length: 5 }, () =>
      t.app.inject({ url: `/events/${event.id}`, headers: BR }),
    );
    try {
      while (renders().event === drawn) await new Promise((resolve) => setImmediate(resolve));
      // The others come while the first is still being rendered.
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      global.__keptGate = undefined;
      release();
    }
    const bodies = (await Promise.all(answers)).map((res) => res.rawPayload);
    expect(renders().event).toBe(drawn + 1);
    for (const body of bodies) expect(body.equals(bodies[0])).toBe(true);
    expect(brotliDecompressSync(bodies[0]).toString()).toContain('Crowded op 0</article>');
  });

  it('gives a signed-in viewer their own page, rendered for each request, and the visitors still theirs', async () => {
    const pat = await createUser(t.database.db, { username: 'kept_viewer' });
    await settled('/');
    const before = await t.app.inject({ url: '/' });
    const drawn = renders().home;
    for (let i = 0; i < 2; i++) {
      const own = await injectAs(t.app, pat, { url: '/' });
      expect(own.body).toContain('<ul data-viewer="kept_viewer">');
      expect(own.headers['cache-control']).toBe('private, no-store');
    }
    expect(renders().home).toBe(drawn + 2);
    const after = await t.app.inject({ url: '/' });
    expect(after.body).toBe(before.body);
    expect(after.body).toContain('<ul data-viewer="nobody">');
    expect(renders().home).toBe(drawn + 2);
  });

  it('keeps a profile until its owner changes it: an edit and a new post show at once', async () => {
    const pat = await createUser(t.database.db, { username: 'kept_pat' });
    const url = '/profile/kept_pat';
    const first = await t.app.inject({ url });
    await settled(url);
    const drawn = renders().profile;
    expect((await t.app.inject({ url })).body).toBe(first.body);
    expect(renders().profile).toBe(drawn);

    const edit = await injectAs(t.app, pat, {
      method: 'PATCH',
      url: '/api/profile',
      payload: { bio: 'Weekend sniper' },
    });
    expect(edit.statusCode).toBe(200);
    const edited = await t.app.inject({ url });
    expect(edited.body).toContain('<h1 data-viewer="nobody">kept_pat Weekend sniper</h1>');
    expect(block(edited.body, PROFILE_DATA_ID)).toMatchObject({ bio: 'Weekend sniper', postsCount: 0 });
    expect(renders().profile).toBe(drawn + 1);

    await injectAs(t.app, pat, { method: 'POST', url: '/api/posts', payload: { caption: 'mine' } });
    expect(block((await t.app.inject({ url })).body, PROFILE_DATA_ID).postsCount).toBe(1);
    expect(renders().profile).toBe(drawn + 2);
    // An unknown player's page is the plain one, not kept under that name (they may register).
    const unknown = await t.app.inject({ url: '/profile/not_yet_here' });
    expect(unknown.body).toBe((await t.app.inject({ url: '/teams' })).body);
  });

  it('keeps an event and the events section until the events change: a registration shows at once', async () => {
    const event = await createEvent(t.database.db, { title: 'Kept op', capacity: 20 });
    const url = `/events/${event.id}`;
    const first = await t.app.inject({ url });
    const drawn = renders();
    expect((await t.app.inject({ url })).body).toBe(first.body);
    const section = await t.app.inject({ url: '/events?view=grid' });
    expect((await t.app.inject({ url: '/events?view=grid' })).body).toBe(section.body);
    expect(renders().event).toBe(drawn.event);
    expect(renders().page).toBe(drawn.page + 1);

    const player = await createUser(t.database.db);
    const joined = await injectAs(t.app, player, {
      method: 'POST',
      url: `/api/events/${event.id}/registration`,
    });
    expect(joined.statusCode).toBe(200);
    const after = await t.app.inject({ url });
    expect(block(after.body, EVENT_PAGE_DATA_ID).registeredCount).toBe(1);
    expect(after.body).toContain('Kept op 1</article>');
    await t.app.inject({ url: '/events?view=grid' });
    expect(renders().event).toBe(drawn.event + 1);
    expect(renders().page).toBe(drawn.page + 2);
  });

  it('gives every other app path a visitor asks for the same kept bytes', async () => {
    const teams = await t.app.inject({ url: '/teams', headers: BR });
    const news = await t.app.inject({ url: '/news?category=Gear', headers: BR });
    expect(news.rawPayload.equals(teams.rawPayload)).toBe(true);
    expect(brotliDecompressSync(teams.rawPayload).toString()).toBe(
      INDEX.replace('</body>', '<script type="application/json" id="viewer-data">null</script></body>'),
    );
  });
});

/*
 * Two instances on one PostgreSQL database (two workers or two machines): a change made through
 * one empties the other's kept answers through the database (feed_changed, the change bus), not
 * after their 60 s.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('kept pages across instances', () => {
  let second: Awaited<ReturnType<typeof createSecondInstance>>;
  beforeAll(async () => {
    second = await createSecondInstance(t, { config });
  });
  afterAll(async () => {
    await second?.close();
  });
  /** Polls `read` briefly (a NOTIFY crosses in milliseconds); far shorter than any kept time. */
  const soon = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 1_000, interval: 20 });
  const bodyOf = async (url: string) => (await t.app.inject({ url })).body;

  it('a post, a profile edit and a registration on one show on the other', async () => {
    const kim = await createUser(t.database.db, { username: 'kept_kim' });
    const event = await createEvent(t.database.db, { title: 'Crossing op', capacity: 20 });
    const profile = '/profile/kept_kim';
    for (const url of ['/', profile, `/events/${event.id}`])
      expect(await bodyOf(url)).toBe(await bodyOf(url));

    const posted = await injectAs(second.app, kim, {
      method: 'POST',
      url: '/api/posts',
      payload: { caption: 'posted on the other' },
    });
    expect(posted.statusCode).toBe(201);
    await soon(() => bodyOf('/')).toContain('<li>posted on the other</li>');

    // A bio is no name or picture: no feed_changed, only the bus's `user` topic tells.
    await settled(profile);
    expect(block(await bodyOf(profile), PROFILE_DATA_ID).bio).toBeNull();
    await injectAs(second.app, kim, { method: 'PATCH', url: '/api/profile', payload: { bio: 'From B' } });
    await soon(async () => block(await bodyOf(profile), PROFILE_DATA_ID).bio).toBe('From B');

    await injectAs(second.app, kim, { method: 'POST', url: `/api/events/${event.id}/registration` });
    await soon(
      async () => block(await bodyOf(`/events/${event.id}`), EVENT_PAGE_DATA_ID).registeredCount,
    ).toBe(1);
  });
});

describe('KeptPages', () => {
  const page = (text: string) => new FinishedPage(Buffer.from(text), false);
  const index = async () => INDEX;
  /** A context with the two things KeptPages reads: the feed cache and the change bus (both real). */
  const contextWith = (feed = new FeedCache(60_000)) => {
    feed.setListening(true);
    return { feed, bus: localChangeBus(), config: {} } as unknown as Ctx;
  };

  it('makes a page once for the requests that come while it is made', async () => {
    const kept = new KeptPages(contextWith());
    let made = 0;
    let finish = () => {};
    const make = () => {
      made++;
      return new Promise<{ page: FinishedPage; index: string; keep: boolean }>((resolve) => {
        finish = () => resolve({ page: page('<p>one</p>'), index: INDEX, keep: true });
      });
    };
    const rule = { ms: () => 60_000 };
    const answers = Array.from({ length: 4 }, () => kept.answer('p', rule, index, make));
    finish();
    const pages = await Promise.all(answers);
    expect(made).toBe(1);
    expect(new Set(pages).size).toBe(1);
    await kept.answer('p', rule, index, make);
    expect(made).toBe(1);
  });

  it('is emptied by its topics and by the feed cache, and keeps nothing while the feed cache is off', async () => {
    const ctx = contextWith();
    const kept = new KeptPages(ctx);
    let made = 0;
    const make = async () => ({ page: page(`<p>${++made}</p>`), index: INDEX, keep: true });
    const rule = { ms: () => 60_000, feed: true, topics: ['events'] };
    await kept.answer('p', rule, index, make);
    await kept.answer('p', rule, index, make);
    expect(made).toBe(1);
    await ctx.bus.publish('user');
    await kept.answer('p', rule, index, make);
    expect(made).toBe(1);
    await ctx.bus.publish('events', 'some-id');
    await kept.answer('p', rule, index, make);
    expect(made).toBe(2);
    ctx.feed.invalidate();
    await kept.answer('p', rule, index, make);
    expect(made).toBe(3);
    ctx.feed.setListening(false);
    await kept.answer('p', rule, index, make);
    await kept.answer('p', rule, index, make);
    expect(made).toBe(5);
    // A time of 0 keeps nothing; a page whose markup failed is not kept.
    const off = new KeptPages(contextWith());
    await off.answer('p', { ms: () => 0 }, index, make);
    await off.answer('p', { ms: () => 0 }, index, make);
    const failed = async () => {
      made++;
      return { page: page('<p>plain</p>'), index: INDEX, keep: false };
    };
    await off.answer('q', { ms: () => 60_000 }, index, failed);
    await off.answer('q', { ms: () => 60_000 }, index, failed);
    expect(made).toBe(9);
    expect(off.size.answers).toBe(0);
  });

  it('with SIGNED_OUT_CACHE_MS, answers for that long whatever changed, then as its rule says', async () => {
    const ctx = contextWith();
    (ctx.config as { signedOutCacheMs?: number }).signedOutCacheMs = 150;
    const kept = new KeptPages(ctx);
    let made = 0;
    const make = async () => ({ page: page(`<p>${++made}</p>`), index: INDEX, keep: true });
    const rule = { ms: () => 60_000, feed: true, topics: ['events'] };
    await kept.answer('p', rule, index, make);
    await ctx.bus.publish('events', 'some-id');
    ctx.feed.invalidate();
    const within = await kept.answer('p', rule, index, make);
    expect(made).toBe(1);
    expect(within.html.toString()).toBe('<p>1</p>');
    await new Promise((r) => setTimeout(r, 200));
    await kept.answer('p', rule, index, make);
    expect(made).toBe(2);
    // Made again after the floor: kept for its rule's time while nothing changes.
    await new Promise((r) => setTimeout(r, 200));
    await kept.answer('p', rule, index, make);
    expect(made).toBe(2);
    // A change made while it was being made: kept for the floor only.
    const during = async () => {
      await ctx.bus.publish('events', 'other-id');
      return { page: page(`<p>${++made}</p>`), index: INDEX, keep: true };
    };
    await kept.answer('q', rule, index, during);
    await kept.answer('q', rule, index, during);
    expect(made).toBe(3);
    await new Promise((r) => setTimeout(r, 200));
    await kept.answer('q', rule, index, during);
    expect(made).toBe(4);
  });

  it('answers again once index.html changed, and stays within its bytes and count', async () => {
    const kept = new KeptPages(contextWith(), { maxEntries: 3, maxBytes: 4_000 });
    let current = INDEX;
    let made = 0;
    const make = async () => ({ page: page(`${current}${++made}`), index: current, keep: true });
    const rule = { ms: () => Number.POSITIVE_INFINITY };
    await kept.answer('p', rule, async () => current, make);
    current = INDEX.replace('abc123', 'def456');
    const fresh = await kept.answer('p', rule, async () => current, make);
    expect(made).toBe(2);
    expect(fresh.html.toString()).toContain('def456');

    // Random text compresses little: a page with its two copies holds about 1,400 bytes.
    const noise = (i: number) =>
      Buffer.from(Array.from({ length: 500 }, () => Math.random().toString(36)[2]).join('') + i);
    for (let i = 0; i < 6; i++)
      await kept.answer(
        `n${i}`,
        rule,
        async () => current,
        async () => ({
          page: new FinishedPage(noise(i), false),
          index: current,
          keep: true,
        }),
      );
    expect(kept.size.answers).toBeLessThanOrEqual(3);
    expect(kept.size.bytes).toBeLessThanOrEqual(4_000);
    expect(kept.size.answers).toBeGreaterThan(0);
  });
});
