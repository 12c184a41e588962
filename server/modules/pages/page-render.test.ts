import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  calendarMonthWindow,
  EVENT_PAGE_DATA_ID,
  EVENTS_PAGE_DATA_ID,
  FEED_FIRST_PAGE_ID,
  POST_COMMENTS_DATA_ID,
  POST_PAGE_DATA_ID,
  PROFILE_DATA_ID,
} from '../../../contract';
import { createTestApp, type TestApp } from '../../test/app';
import { createEvent, createPost, createUser, injectAs, type TestUser } from '../../test/factories';
import { pageRendererPath, withPageMarkup } from './index';

// index.html as the build writes it: the prerendered markup of / between the page markers.
const HOME = '<div id="prerendered" style="display:contents"><h1>home</h1></div>';
const INDEX =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>Airsoft</title>' +
  '<script type="module" src="/assets/main-abc123.js"></script></head>' +
  `<body><div id="root"><!--page-->${HOME}<!--/page--></div></body></html>`;
const MANIFEST = {
  'src/main.tsx': { file: 'assets/main-abc123.js', isEntry: true, imports: [] },
  'src/app/routes/profile.tsx': { file: 'assets/profile-def456.js', imports: ['src/main.tsx'] },
  'src/features/events/components/events-section.tsx': {
    file: 'assets/events-section-a1.js',
    css: ['assets/events-section-b2.css'],
    imports: ['src/main.tsx'],
  },
};
// Stand-ins for the web's SSR build (web/src/prerender.tsx, tested with the real components in
// web/src/prerender.test.tsx): they show what the server passes them and where their markup goes.
const ECHO = `const esc = (s) => String(s).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
const who = (viewer) => esc(viewer ? viewer.username : 'nobody');
export const calls = { auth: 0 };
export async function renderHome(page, viewer) {
  return '<ul data-viewer="' + who(viewer) + '">' + page.map((p) => '<li>' + esc(p.caption) + '</li>').join('') + '</ul>';
}
export async function renderAuth() {
  calls.auth += 1;
  return '<form>sign in</form>';
}
export async function renderProfile(username, profile, viewer) {
  return '<h1 data-path-username="' + esc(username) + '" data-viewer="' + who(viewer) + '">' +
    esc(profile.username) + ' ' + profile.followersCount + '</h1>';
}
export async function renderPost(postId, post, viewer, comments) {
  return '<article data-path-id="' + esc(postId) + '" data-viewer="' + who(viewer) + '" data-bookmarked="' +
    post.isBookmarked + '">' + esc(post.caption) + '<ol>' +
    comments.map((c) => '<li data-can-delete="' + c.canDelete + '">' + esc(c.content) + '</li>').join('') +
    '</ol></article>';
}
export async function renderEvent(eventId, event, viewer) {
  return '<article data-path-id="' + esc(eventId) + '" data-viewer="' + who(viewer) + '" data-can-register="' +
    event.canRegister + '">' + esc(event.title) + '</article>';
}
export async function renderPage(path, viewer, calendar) {
  const lists = calendar ? calendar.lists.map((l) => l.events.length).join('+') : 'none';
  return '<main data-path="' + esc(path) + '" data-viewer="' + who(viewer) + '" data-lists="' + lists + '"></main>';
}`;
const THROWS = `const fail = async () => { throw new Error('render failed'); };
export const renderHome = fail;
export const renderAuth = fail;
export const renderProfile = fail;
export const renderPost = fail;
export const renderEvent = fail;
export const renderPage = fail;`;
const BROKEN = 'export async function renderProfile( {';

/** A built web app in a temporary folder, with `renderer` as its SSR build (none when null). */
function webDist(renderer: string | null): string {
  const web = mkdtempSync(path.join(tmpdir(), 'airsoft-render-'));
  writeFileSync(path.join(web, 'index.html'), INDEX);
  mkdirSync(path.join(web, '.vite'));
  writeFileSync(path.join(web, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  if (renderer !== null) {
    mkdirSync(path.dirname(pageRendererPath(web)));
    writeFileSync(pageRendererPath(web), renderer);
  }
  return web;
}

const apps: { t: TestApp; web: string }[] = [];
async function appWith(renderer: string | null) {
  const web = webDist(renderer);
  const t = await createTestApp({ config: { webDist: web } });
  apps.push({ t, web });
  return t;
}
afterAll(async () => {
  for (const { t, web } of apps) {
    await t.close();
    rmSync(web, { recursive: true, force: true });
    rmSync(`${web}-ssr`, { recursive: true, force: true });
  }
});

const modulepreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));

describe('GET /profile/{username} with the page renderer (decision 020)', () => {
  let t: TestApp;
  let rita: TestUser;
  beforeAll(async () => {
    t = await appWith(ECHO);
    rita = await createUser(t.database.db, { username: 'recon_rita' });
  });

  it('puts the rendered page in #root in place of /’s markup, beside the data block, without the chunk preloads', async () => {
    const res = await t.app.inject({ url: '/profile/RECON%5Frita' });
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain(
      '<div id="prerendered-page" style="display:contents"><h1 data-path-username="RECON_rita" data-viewer="nobody">recon_rita 0</h1></div>',
    );
    expect(root).not.toContain('home');
    expect(root).toContain(`<script type="application/json" id="${PROFILE_DATA_ID}">`);
    // The page paints without its chunks: they load after the entry, not before the first paint.
    expect(modulepreloads(res.body)).toEqual([]);
  });

  it('renders what this viewer’s answer holds, fresh for each request', async () => {
    const fan = await createUser(t.database.db);
    await injectAs(t.app, fan, { method: 'POST', url: `/api/follow/${rita.id}` });
    const res = await injectAs(t.app, fan, { url: '/profile/recon_rita' });
    expect(rootOf(res.body)).toContain('>recon_rita 1</h1>');
  });

  it('leaves the markup of / on other paths as the build wrote it', async () => {
    for (const url of ['/profile/nobody_here', '/teams', '/news?category=Gear']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(rootOf(res.body), url).toContain(`<div id="root"><!--page-->${HOME}<!--/page--></div>`);
      expect(res.body, url).not.toContain('prerendered-page');
    }
  });

  it('renders / with the viewer’s first feed page, as the page carries it', async () => {
    await createPost(t.database.db, rita, { caption: 'first <b>light</b> op' });
    const res = await t.app.inject({ url: '/' });
    expect(rootOf(res.body)).toContain(
      '<div id="prerendered-page" style="display:contents"><ul data-viewer="nobody"><li>first &#60;b&#62;light&#60;/b&#62; op</li></ul></div>',
    );
    expect(res.body).not.toContain(HOME);
    expect(res.body).toContain(`id="${FEED_FIRST_PAGE_ID}"`);
  });

  it('renders /auth once for every signed-out visitor, and not for a signed-in one', async () => {
    const { calls } = await import(pathToFileURL(pageRendererPath(apps[0].web)).href);
    const before = calls.auth;
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ url: '/auth' });
      expect(rootOf(res.body)).toContain(
        '<div id="prerendered-page" style="display:contents"><form>sign in</form></div>',
      );
    }
    expect(calls.auth - before).toBeLessThanOrEqual(1);
    const signedIn = await injectAs(t.app, rita, { url: '/auth' });
    expect(signedIn.body).not.toContain('prerendered-page');
    expect(signedIn.body).toContain(HOME);
  });

  it('renders the page for the viewer the HTML carries', async () => {
    const fan = await createUser(t.database.db, { username: 'fan_fred' });
    const res = await injectAs(t.app, fan, { url: '/profile/recon_rita' });
    expect(rootOf(res.body)).toContain('data-viewer="fan_fred"');
    expect((await t.app.inject({ url: '/profile/recon_rita' })).body).toContain('data-viewer="nobody"');
  });

  it('answers HEAD for app paths as GET does, without a body', async () => {
    for (const url of ['/', '/auth', '/profile/recon_rita']) {
      const res = await t.app.inject({ method: 'HEAD', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe('');
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/api/nothing' })).statusCode).toBe(404);
  });
});

describe('GET /posts/{id} (issue 20)', () => {
  let t: TestApp;
  let rita: TestUser;
  const HOSTILE = 'night op </script><script>alert(1)</script><!-- & more';
  /** The text of the post's data block, or its comments' (null without one). */
  const block = (html: string, id = POST_PAGE_DATA_ID) => {
    const open = `<script type="application/json" id="${id}">`;
    const start = html.indexOf(open);
    return start === -1 ? null : html.slice(start + open.length, html.indexOf('</script>', start));
  };
  beforeAll(async () => {
    t = await appWith(ECHO);
    rita = await createUser(t.database.db, { username: 'post_rita' });
  });

  it("carries the API's answer for this viewer, escaped, and the page rendered with it", async () => {
    const post = await createPost(t.database.db, rita, { caption: HOSTILE });
    const fan = await createUser(t.database.db, { username: 'fan_post' });
    await injectAs(t.app, fan, { method: 'PUT', url: `/api/posts/${post.id}/bookmark` });
    const res = await injectAs(t.app, fan, { url: `/posts/${post.id.toUpperCase()}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('private');
    const api = await injectAs(t.app, fan, { url: `/api/posts/${post.id}` });
    const text = block(res.body);
    expect(text).not.toBeNull();
    // No `</script>`, `<!--` or `&` in the block: its text ends where it should.
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text ?? '')).toEqual(api.json());
    expect(JSON.parse(text ?? '')).toMatchObject({ caption: HOSTILE, isBookmarked: true });
    // Only the block's own script and the viewer's: the caption never closes one.
    expect(res.body.match(/<script/g)?.length).toBe(res.body.match(/<\/script>/g)?.length);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(rootOf(res.body)).toContain(
      `<div id="prerendered-page" style="display:contents"><article data-path-id="${post.id}" data-viewer="fan_post" data-bookmarked="true">night op &#60;/script&#62;`,
    );
    const anon = await t.app.inject({ url: `/posts/${post.id}` });
    expect(rootOf(anon.body)).toContain('data-viewer="nobody" data-bookmarked="false"');
  });

  it('carries its first page of comments as the API answers this viewer, and renders them', async () => {
    const post = await createPost(t.database.db, rita, { caption: 'With comments' });
    const fan = await createUser(t.database.db, { username: 'fan_comments' });
    for (const content of ['First <b>!</b>', 'Second'])
      await injectAs(t.app, fan, {
        method: 'POST',
        url: `/api/posts/${post.id}/comments`,
        payload: { content },
      });
    const res = await injectAs(t.app, fan, { url: `/posts/${post.id}` });
    const api = await injectAs(t.app, fan, { url: `/api/posts/${post.id}/comments?limit=50` });
    const text = block(res.body, POST_COMMENTS_DATA_ID);
    expect(text).not.toBeNull();
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text ?? '')).toEqual(api.json());
    expect(api.json()).toHaveLength(2);
    // Rendered with them, the viewer's abilities on each (the author of both may delete them).
    expect(rootOf(res.body)).toContain(
      '<ol><li data-can-delete="true">First &#60;b&#62;!&#60;/b&#62;</li><li data-can-delete="true">Second</li></ol>',
    );
    const anon = await t.app.inject({ url: `/posts/${post.id}` });
    expect(rootOf(anon.body)).toContain('<li data-can-delete="false">Second</li>');
  });

  it('answers the plain index.html for an unknown or malformed id, never an error', async () => {
    for (const url of [
      '/posts/00000000-0000-4000-8000-000000000000',
      '/posts/nope',
      '/posts/%00',
      '/posts/1',
      `/posts/${'a'.repeat(5000)}`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(POST_PAGE_DATA_ID);
      expect(res.body, url).not.toContain(POST_COMMENTS_DATA_ID);
      expect(rootOf(res.body), url).toContain(`<div id="root"><!--page-->${HOME}<!--/page--></div>`);
    }
  });
});

describe('GET /events/{id} (issue 20)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith(ECHO);
  });
  const block = (html: string) => {
    const open = `<script type="application/json" id="${EVENT_PAGE_DATA_ID}">`;
    const start = html.indexOf(open);
    return start === -1 ? null : html.slice(start + open.length, html.indexOf('</script>', start));
  };

  it("carries the API's answer for this viewer, escaped, and the page rendered with it", async () => {
    const title = 'Op </script><script>alert(1)</script> & friends';
    const event = await createEvent(t.database.db, { title, capacity: 20 });
    const player = await createUser(t.database.db, { username: 'event_pat' });
    const res = await injectAs(t.app, player, { url: `/events/${event.id.toUpperCase()}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('private');
    const api = await injectAs(t.app, player, { url: `/api/events/${event.id}` });
    const text = block(res.body);
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text ?? '')).toEqual(api.json());
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(rootOf(res.body)).toContain(
      `<article data-path-id="${event.id}" data-viewer="event_pat" data-can-register="true">Op &#60;/script&#62;`,
    );
    // A visitor's page: their abilities (none), not the player's.
    const anon = await t.app.inject({ url: `/events/${event.id}` });
    expect(anon.headers['cache-control']).toBe('no-cache');
    expect(rootOf(anon.body)).toContain('data-viewer="nobody" data-can-register="false"');
  });

  it('answers the plain index.html for an unknown or malformed id, never an error', async () => {
    for (const url of ['/events/00000000-0000-4000-8000-000000000000', '/events/nope', '/events/%00']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(EVENT_PAGE_DATA_ID);
      expect(rootOf(res.body), url).toContain(`<div id="root"><!--page-->${HOME}<!--/page--></div>`);
    }
  });
});

describe('GET /events (issue 20)', () => {
  it('is rendered at its address, query included, for its viewer; an outsize query gets the plain page', async () => {
    const t = await appWith(ECHO);
    const pat = await createUser(t.database.db, { username: 'events_pat' });
    const res = await injectAs(t.app, pat, { url: '/events?view=grid&type=Milsim' });
    expect(res.statusCode).toBe(200);
    // The grid: no data, its skeletons.
    expect(rootOf(res.body)).toContain(
      '<main data-path="/events?view=grid&#38;type=Milsim" data-viewer="events_pat" data-lists="none"></main>',
    );
    expect(res.body).not.toContain(EVENTS_PAGE_DATA_ID);
    // The calendar's stylesheet (the section chunk's) is linked from the head: no shift when it comes.
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" href="/assets/events-section-b2.css">');
    const long = await t.app.inject({ url: `/events?q=${'a'.repeat(300)}` });
    expect(long.statusCode).toBe(200);
    expect(rootOf(long.body)).toContain(`<div id="root"><!--page-->${HOME}<!--/page--></div>`);
  });

  it("carries the calendar's day and lists as GET /api/events answers them, and renders with them", async () => {
    const t = await appWith(ECHO);
    const now = new Date();
    // One event today (in the server's zone, as the calendar's window is its month), one a year on.
    await createEvent(t.database.db, { title: 'Today </script>', date: now, type: 'Milsim' });
    await createEvent(t.database.db, {
      title: 'Next year',
      date: new Date(now.getTime() + 365 * 86_400_000),
      type: 'Milsim',
    });
    const res = await t.app.inject({ url: '/events?type=Milsim' });
    const open = `<script type="application/json" id="${EVENTS_PAGE_DATA_ID}">`;
    const text = res.body.slice(
      res.body.indexOf(open) + open.length,
      res.body.indexOf('</script>', res.body.indexOf(open)),
    );
    expect(text).not.toMatch(/[<>&]/);
    const block = JSON.parse(text) as {
      today: string;
      lists: { params: Record<string, unknown>; events: unknown[] }[];
    };
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(block.today).toBe(`${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`);
    expect(block.lists.map((l) => l.params)).toEqual([
      { ...calendarMonthWindow(now.getFullYear(), now.getMonth()), limit: 100, type: 'Milsim' },
      { type: 'Milsim', limit: 1 },
    ]);
    for (const { params, events } of block.lists) {
      const api = await t.app.inject({
        url: `/api/events?${new URLSearchParams(params as Record<string, string>)}`,
      });
      expect(events).toEqual(api.json());
    }
    expect(block.lists[0].events).toHaveLength(1);
    expect(rootOf(res.body)).toContain('data-viewer="nobody" data-lists="1+1"');
  });
});

describe('a page renderer that fails', () => {
  it('one that throws: the page carries its data and preloads its chunks, as without a renderer', async () => {
    const t = await appWith(THROWS);
    await createUser(t.database.db, { username: 'plain_pete' });
    const res = await t.app.inject({ url: '/profile/plain_pete' });
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toContain(HOME);
    expect(res.body).not.toContain('prerendered-page');
    expect(JSON.parse(res.body.split(`id="${PROFILE_DATA_ID}">`)[1].split('</script>')[0]).username).toBe(
      'plain_pete',
    );
    expect(modulepreloads(res.body)).toEqual(['/assets/profile-def456.js']);
    for (const url of ['/', '/auth']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(rootOf(page.body), url).toContain(HOME);
      expect(page.body, url).not.toContain('prerendered-page');
    }
  });

  it('one that does not load: the app starts and pages carry their data', async () => {
    const t = await appWith(BROKEN);
    await createUser(t.database.db, { username: 'plain_pete' });
    const res = await t.app.inject({ url: '/profile/plain_pete' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('prerendered-page');
    expect(res.body).toContain(`id="${PROFILE_DATA_ID}"`);
  });
});

describe('withPageMarkup', () => {
  it('replaces what stands between the page markers', () => {
    expect(withPageMarkup(`<div id="root"><!--page-->${HOME}<!--/page--></div>`, '<p>x</p>')).toBe(
      '<div id="root"><!--page--><div id="prerendered-page" style="display:contents"><p>x</p></div><!--/page--></div>',
    );
  });

  it('fills an empty #root, and takes the markup as it is ($ patterns included)', () => {
    expect(withPageMarkup('<div id="root"></div>', "<p>$& $' $1</p>")).toBe(
      '<div id="root"><!--page--><div id="prerendered-page" style="display:contents"><p>$& $\' $1</p></div><!--/page--></div>',
    );
  });
});
