import { readFileSync } from 'node:fs';
import path from 'node:path';
import { VIEWER_DATA_ID } from '@contract/auth';
import { calendarMonthWindow, EVENT_PAGE_DATA_ID, EVENTS_PAGE_DATA_ID } from '@contract/events';
import { FEED_FIRST_PAGE_ID, FEED_TEXTS, POST_COMMENTS_DATA_ID, POST_PAGE_DATA_ID } from '@contract/posts';
import { PROFILE_DATA_ID, type UserProfile } from '@contract/profiles';
import { userQueryKey } from '@web/lib/auth';
import { THEME_STORAGE_KEY } from '@web/lib/constants';
import { queryClient } from '@web/lib/query-client';
import { initTheme } from '@web/lib/theme';
import { act, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { AppRoot } from './app/app-root';
import { preloadFirstRender } from './app/router';
import { anEvent, eventId } from './features/events/test-data';
import { aComment, aPost, commentId, postId } from './features/posts/test-data';
import { renderAuth, renderEvent, renderHome, renderPage, renderPost, renderProfile } from './prerender';

// Comments (Suspense markers) and <template> tags are server-render bookkeeping, not markup.
const bare = (html: string) => html.replace(/<!--.*?-->/g, '').replace(/<template[^>]*><\/template>/g, '');

describe('prerendered / (index.html, decision 015)', () => {
  it('holds the header, the hero and the feed heading', async () => {
    const html = await renderHome();
    expect(html).toContain('id="hero-title"');
    expect(html).toContain(FEED_TEXTS.heroTitle);
    expect(html).toContain('<header');
    expect(html).toContain('id="main"');
  });

  it("is the browser's first commit of / to the letter, so replacing it moves nothing", async () => {
    const html = await renderHome();
    // The API never answers: the first commit is what paints before any answer.
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
    window.history.replaceState(null, '', '/');
    // The server's HTML of / carries its viewer: a newcomer's is null.
    const viewer = document.createElement('script');
    viewer.type = 'application/json';
    viewer.id = VIEWER_DATA_ID;
    viewer.textContent = 'null';
    document.body.append(viewer);
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<AppRoot />));
    expect(bare(container.innerHTML)).toBe(bare(html));
    act(() => root.unmount());
    container.remove();
    vi.unstubAllGlobals();
  });

  it('boot.js reads the theme under the key the app stores it', () => {
    const boot = readFileSync(path.resolve(import.meta.dirname, '../public/boot.js'), 'utf8');
    expect(boot).toContain(`localStorage.getItem('${THEME_STORAGE_KEY}')`);
    const index = readFileSync(path.resolve(import.meta.dirname, '../index.html'), 'utf8');
    expect(index).toContain('<script src="/boot.js"></script>');
    expect(index).toContain('<div id="root"></div>');
  });
});

describe('the profile rendered by the server (decision 020)', () => {
  const cover = '/objects/images/0f6c1d2e-2222-4a4a-8b8b-000000000002.webp';
  const profile: UserProfile = {
    id: '0f6c1d2e-2222-4a4a-8b8b-000000000010',
    username: 'recon_rita',
    bio: 'Scout </script><b>not bold</b>',
    location: 'Toronto, ON',
    avatar: null,
    coverImage: cover,
    joinedAt: '2026-03-14T12:00:00.000Z',
    postsCount: 4,
    followersCount: 12,
    followingCount: 3,
    eventsCount: 2,
    isFollowing: false,
    canReport: false,
    media: {
      [cover]: {
        src: cover,
        srcset: `${cover.replace('.webp', '-w640.webp')} 640w, ${cover} 2400w`,
        width: 2400,
        height: 800,
      },
    },
  };

  it('holds the header with the banner, the sidebar and the search, every part rendered and the text escaped', async () => {
    const html = await renderProfile('Recon_Rita', profile, null);
    expect(html).toContain('>recon_rita</h1>');
    expect(html).toContain('Scout &lt;/script&gt;&lt;b&gt;not bold&lt;/b&gt;');
    expect(html).toMatch(/<img src="[^"]+" srcSet="[^"]*640w[^"]*" width="2400" height="800"/);
    expect(html).toContain('fetchPriority="high"');
    // No boundary left to the browser (its completion would be an inline script, refused by the CSP).
    expect(html).not.toContain('<!--$!-->');
    expect(html).not.toContain('<!--$?-->');
    expect(html).not.toContain('<script');
    expect(html).toContain('<nav');
  });

  // A signed-in viewer's page (their header, Unfollow) is hydrated in real Chromium: e2e/profile-render.spec.ts.
  it('is taken over by the browser as it is: hydrated with no mismatch, the same nodes kept', async () => {
    const html = await renderProfile('recon_rita', profile, null);
    expect(html).toContain('Sign In');
    await expectHydrated('/profile/recon_rita', html, { [PROFILE_DATA_ID]: profile }, ['h1', 'img']);
  });
});

describe('/ and /auth rendered by the server (decision 020)', () => {
  const page = [
    aPost({ id: postId(1), caption: 'Dawn raid <b>at</b> the quarry', likesCount: 3 }),
    aPost({ id: postId(2), caption: 'Second post', commentsCount: 2 }),
  ];

  it('/ holds its cards, every part rendered', async () => {
    const html = await renderHome(page, null);
    expect(html).toContain('Dawn raid &lt;b&gt;at&lt;/b&gt; the quarry');
    expect(html).toContain('Second post');
    expect(html).not.toContain('<!--$!-->');
    expect(html).not.toContain('<script');
  });

  it('/ is hydrated with its first feed page with no mismatch, the same nodes kept', async () => {
    const html = await renderHome(page, null);
    await expectHydrated('/', html, { [FEED_FIRST_PAGE_ID]: page }, ['h1', 'article', 'ul']);
  });

  // Issue 20: the server renders the default (dark) theme; a visitor who chose light has it on
  // <html> before the scripts run, and hydration must not take that for a mismatch.
  it('/ is hydrated in the stored light theme with no mismatch, the same nodes kept', async () => {
    const html = await renderHome(page, null);
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    initTheme();
    try {
      await expectHydrated('/', html, { [FEED_FIRST_PAGE_ID]: page }, ['h1', 'header button']);
      expect(document.documentElement).toHaveClass('light');
    } finally {
      localStorage.removeItem(THEME_STORAGE_KEY);
      initTheme();
    }
  });

  it('/auth is hydrated for a signed-out visitor with no mismatch, the same nodes kept', async () => {
    const html = await renderAuth();
    expect(html).toContain('<form');
    expect(html).not.toContain('<!--$!-->');
    await expectHydrated('/auth', html, {}, ['h1', 'form', 'input']);
  });
});

describe('a post page rendered by the server (issue 20)', () => {
  const post = aPost({
    id: postId(7),
    caption: 'Night op </script><script>alert(1)</script>',
    likesCount: 4,
    commentsCount: 2,
  });

  const comments = [
    aComment({ id: commentId(1), postId: postId(7), content: 'First <b>in</b>' }),
    aComment({ id: commentId(2), postId: postId(7), content: 'See you Sunday' }),
  ];

  it('holds the card with its comments, every part rendered and the texts escaped', async () => {
    const html = await renderPost(postId(7), post, null, comments);
    expect(html).toContain('Night op &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('aria-label="Post by recon_rita"');
    expect(html).toContain('First &lt;b&gt;in&lt;/b&gt;');
    expect(html).toContain('See you Sunday');
    expect(html).toContain(`aria-label="${FEED_TEXTS.comments}"`);
    expect(html).not.toContain('<!--$!-->');
    expect(html).not.toContain('<script');
    expect(html).toContain('<nav');
  });

  it('without its comments, holds their skeleton', async () => {
    const html = await renderPost(postId(7), post, null);
    expect(html).not.toContain('See you Sunday');
    expect(html).toContain('aria-busy="true"');
  });

  it('is hydrated with the post and its comments from the HTML with no mismatch, the same nodes kept', async () => {
    const html = await renderPost(postId(7), post, null, comments);
    await expectHydrated(
      `/posts/${postId(7)}`,
      html,
      { [POST_PAGE_DATA_ID]: post, [POST_COMMENTS_DATA_ID]: comments },
      ['h1', 'article', `ul[aria-label="${FEED_TEXTS.comments}"]`],
    );
  });
});

describe('an event page rendered by the server (issue 20)', () => {
  const event = anEvent({
    id: eventId(3),
    title: 'Op Nightfall </script><b>',
    date: '2031-01-10T16:00:00.000Z',
    endsAt: '2031-01-10T22:00:00.000Z',
    timeZone: 'America/Chicago',
    capacity: 40,
    canRegister: false,
  });

  it('holds the title, the time in its zone, places left and the action bar, every part rendered', async () => {
    const html = await renderEvent(eventId(3), event, null);
    expect(html).toContain('Op Nightfall &lt;/script&gt;&lt;b&gt;');
    expect(html).toContain('Jan 10, 2031 - 10:00 AM – 4:00 PM CST');
    expect(html).toContain('data-testid="places-left"');
    expect(html).toContain('data-testid="event-action-bar"');
    expect(html).toContain('Sign in to register');
    expect(html).not.toContain('<!--$!-->');
    expect(html).not.toContain('<script');
  });

  it("is hydrated without an error when the server's zone rules differ from the browser's", async () => {
    // A browser whose time zone data says otherwise than the server's (Chromium and Node can).
    const html = (await renderEvent(eventId(3), event, null)).replace('4:00 PM CST', '5:00 PM CDT');
    expect(html).toContain('5:00 PM CDT');
    await expectHydrated(`/events/${eventId(3)}`, html, { [EVENT_PAGE_DATA_ID]: event }, ['h1', 'article']);
  });

  it('is hydrated with the event from the HTML with no mismatch, the same nodes kept', async () => {
    const html = await renderEvent(eventId(3), event, null);
    await expectHydrated(`/events/${eventId(3)}`, html, { [EVENT_PAGE_DATA_ID]: event }, [
      'h1',
      'article',
      '[data-testid="event-action-bar"]',
    ]);
  });
});

describe('/events rendered by the server (issue 20)', () => {
  it('the grid: the title, the tab and view of its address, and skeletons', async () => {
    const html = await renderPage('/events?view=grid&type=Milsim', null);
    expect(html).toContain('Upcoming Events');
    expect(html).toMatch(/aria-selected="true"[^>]*>Milsim</);
    expect(html).toMatch(/aria-pressed="true"[^>]*>.*Grid/);
    expect(html).toContain('data-testid="events-loading"');
    expect(html).not.toContain('<!--$!-->');
  });

  // The calendar's block, as the server writes it for today's month (server/modules/events).
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  const todays = anEvent({
    id: eventId(5),
    title: 'Sunday skirmish',
    date: new Date(now.getFullYear(), now.getMonth(), now.getDate(), 12).toISOString(),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
  const calendar = {
    today: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
    lists: [
      { params: { ...calendarMonthWindow(now.getFullYear(), now.getMonth()), limit: 100 }, events: [todays] },
      { params: { limit: 1 }, events: [todays] },
    ],
  };

  it("the calendar: today's events from the HTML's lists, on the first paint", async () => {
    const html = await renderPage('/events', null, calendar);
    expect(html).toContain('Sunday skirmish');
    expect(html).toContain(', has events');
    expect(html).not.toContain('data-testid="events-loading"');
  });

  it('is hydrated with no mismatch: the grid, and the calendar with its block', async () => {
    const grid = '/events?view=grid&type=Milsim';
    await expectHydrated(grid, await renderPage(grid, null), {}, ['h1', '[data-testid="events-section"]']);
    await expectHydrated(
      '/events',
      await renderPage('/events', null, calendar),
      { [EVENTS_PAGE_DATA_ID]: calendar },
      ['h1', '[data-testid="events-calendar"]', 'article'],
    );
  });
});

/**
 * Hydrates `html` at `path` as main.tsx does (a signed-out viewer and `blocks` in the HTML, what
 * main.tsx waits for, then hydrateRoot) and expects no recoverable error, no console error, the
 * blocks taken and the first element of each `kept` selector the same node as before.
 */
async function expectHydrated(path: string, html: string, blocks: Record<string, unknown>, kept: string[]) {
  queryClient.clear();
  vi.stubGlobal('fetch', () => new Promise(() => {}));
  vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
  window.history.replaceState(null, '', path);
  const all = { [VIEWER_DATA_ID]: null, ...blocks };
  for (const [id, data] of Object.entries(all)) {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = id;
    block.textContent = JSON.stringify(data);
    document.body.append(block);
  }
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const nodes = kept.map((selector) => container.querySelector(selector));
  for (const [i, node] of nodes.entries()) expect(node, kept[i]).not.toBeNull();
  // The code of the lazy parts (the page, the cards, the shell's), so that every boundary hydrates here.
  await preloadFirstRender(new URL(path, window.location.origin).pathname);
  await Promise.all([
    import('./app/shell/sidebar'),
    import('./app/shell/user-menus'),
    import('@web/features/search/components/header-search'),
    import('@web/components/ui/toaster'),
  ]);
  const errors: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error');
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <AppRoot />
      </StrictMode>,
      { onRecoverableError: (error) => errors.push(error) },
    );
  });
  for (let i = 0; i < 5; i++) await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  try {
    expect(errors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    for (const [i, selector] of kept.entries())
      expect(container.querySelector(selector), selector).toBe(nodes[i]);
    for (const id of Object.keys(all)) expect(document.getElementById(id), id).toBeNull();
    // No request for the viewer: the query started from the HTML's.
    expect(queryClient.getQueryData(userQueryKey)).toBeNull();
  } finally {
    act(() => root?.unmount());
    container.remove();
    consoleError.mockRestore();
    vi.unstubAllGlobals();
  }
}
