import type { CurrentUser } from '@contract/auth';
import type { Event } from '@contract/events';
import type { Comment, FeedPost } from '@contract/posts';
import type { UserProfile } from '@contract/profiles';
import type { QueryClient } from '@tanstack/react-query';
import { userQueryKey } from '@web/lib/auth';
import { createQueryClient } from '@web/lib/query-client';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import { Providers } from './app/providers';
import {
  AppRoutes,
  preloadEventPage,
  preloadFirstRender,
  preloadPostPage,
  preloadProfilePage,
} from './app/router';
import { ErrorBoundary } from './app/shell/route-error';
import { type EmbeddedCalendar, seedCalendar } from './features/events/api/embedded-calendar';
import { eventQueryOptions } from './features/events/api/get-event';
import { asCommentPages, commentsQueryKey } from './features/posts/api/comments';
import { postQueryKey } from './features/posts/api/get-post';
import { feedQueryKey } from './features/posts/api/keys';
import { profileQueryKey } from './features/profiles/api/get-profile';

/** The app at `path`, with what `client` holds. */
const appAt = (path: string, client?: QueryClient): ReactNode => (
  <MemoryRouter initialEntries={[path]}>
    <Providers client={client}>
      <ErrorBoundary>
        <AppRoutes />
      </ErrorBoundary>
    </Providers>
  </MemoryRouter>
);

/**
 * The markup of /'s first commit in the browser. Without a page (the build, which puts it in
 * index.html: scripts/prerender-shell.mjs) it is the signed-out header, the hero and the feed's
 * skeletons, which main.tsx replaces with the same markup once the shell's and the home page's
 * chunks have come, before any answer of the API. With the viewer's first feed page and the
 * viewer (the server, per request, decision 020) it is the page with its cards, as the browser's
 * first render shows it from the same HTML, and main.tsx hydrates it.
 */
export async function renderHome(
  page?: FeedPost[] | null,
  viewer: CurrentUser | null = null,
): Promise<string> {
  await preloadFirstRender('/');
  const client = createQueryClient();
  // Signed out, as a newcomer is, without a viewer: the HTML of / carries its viewer (null for a
  // newcomer), so the browser's first commit shows the same Sign In button.
  client.setQueryData(userQueryKey, viewer);
  if (page) client.setQueryData(feedQueryKey, { pages: [page], pageParams: [undefined] });
  try {
    return page ? await renderWhole(() => appAt('/', client)) : renderToString(appAt('/', client));
  } finally {
    client.clear();
  }
}

/**
 * The markup of /auth for a signed-out visitor (the same for every one of them: the server renders
 * it once), as the browser's first render shows it when the HTML says the viewer is signed out.
 */
export async function renderAuth(): Promise<string> {
  await preloadFirstRender('/auth');
  const client = createQueryClient();
  client.setQueryData(userQueryKey, null);
  try {
    return await renderWhole(() => appAt('/auth', client));
  } finally {
    client.clear();
  }
}

/** A boundary that renderToString left to the browser (its content suspended: a lazy part not loaded yet). */
const LEFT_TO_BROWSER = '<!--$!-->';

/**
 * renderToString of `app`, with every lazy part in it rendered: a first pass over a lazy part
 * starts loading its code and leaves its boundary to the browser, so `prerender` (which waits for
 * them all) runs once, and the render is done again. Throws if a boundary is still left.
 */
async function renderWhole(app: () => ReactNode): Promise<string> {
  const first = renderToString(app());
  if (!first.includes(LEFT_TO_BROWSER)) return first;
  const { prelude } = await prerender(app());
  await new Response(prelude).text();
  const again = renderToString(app());
  if (again.includes(LEFT_TO_BROWSER)) throw new Error('a part of the page did not render on the server');
  return again;
}

/**
 * The markup of /profile/{username} as the browser's first render shows it when its HTML carries
 * the profile (decision 020): the server renders it per request (server/app.ts) with the profile
 * it embeds, so the header and the banner paint before any script has run, and main.tsx hydrates
 * it. As in the browser, which starts from the same viewer (carried in the same HTML), the header
 * is theirs, and the teams, the posts, the badges and the gear are their skeletons. Every lazy part (the page, the sidebar, the
 * search) is rendered whole, so that no boundary is left to the browser (its inline script would
 * be refused by the CSP); the browser hydrates each once its chunk has come. `username` is the
 * path's, as the page reads it (its query key), `profile` the API's answer for it, `viewer` the
 * answer of GET /api/user (null: signed out).
 */
export async function renderProfile(
  username: string,
  profile: UserProfile,
  viewer: CurrentUser | null,
): Promise<string> {
  await preloadProfilePage();
  const client = createQueryClient();
  client.setQueryData(profileQueryKey(username), profile);
  client.setQueryData(userQueryKey, viewer);
  try {
    return await renderWhole(() => appAt(`/profile/${encodeURIComponent(username)}`, client));
  } finally {
    client.clear();
  }
}

/**
 * The markup of /posts/{id} as the browser's first render shows it when its HTML carries the post
 * (decision 020): the card with its comments open, the viewer's header. `postId` is the path's, as
 * the page reads it (its query key), `post` the answer of GET /api/posts/{id} to this viewer,
 * `comments` the first page of GET /api/posts/{id}/comments (without it, their skeleton), `viewer`
 * the answer of GET /api/user (null: signed out).
 */
export async function renderPost(
  postId: string,
  post: FeedPost,
  viewer: CurrentUser | null,
  comments?: Comment[],
): Promise<string> {
  await preloadPostPage();
  const client = createQueryClient();
  client.setQueryData(postQueryKey(postId), post);
  if (comments) client.setQueryData(commentsQueryKey(postId), asCommentPages(comments));
  client.setQueryData(userQueryKey, viewer);
  try {
    return await renderWhole(() => appAt(`/posts/${encodeURIComponent(postId)}`, client));
  } finally {
    client.clear();
  }
}

/**
 * The markup of /events/{id} as the browser's first render shows it when its HTML carries the
 * event (decision 020): the banner, the title, the facts and the main action (issue 20), the
 * viewer's header. `eventId` is the path's (its query key), `event` the answer of GET
 * /api/events/{id} to this viewer, `viewer` the answer of GET /api/user (null: signed out).
 */
export async function renderEvent(
  eventId: string,
  event: Event,
  viewer: CurrentUser | null,
): Promise<string> {
  await preloadEventPage();
  const client = createQueryClient();
  client.setQueryData(eventQueryOptions(eventId).queryKey, event);
  client.setQueryData(userQueryKey, viewer);
  try {
    return await renderWhole(() => appAt(`/events/${encodeURIComponent(eventId)}`, client));
  } finally {
    client.clear();
  }
}

/**
 * The markup of a page as the browser's first render shows it: the viewer's header, the sidebar,
 * the page's title and controls from its address (`path` with its query: `/events?view=grid`),
 * and the skeletons of what its requests will bring. /events's calendar comes with its lists and
 * its day (`calendar`, the block its HTML carries; the calendar starts from this process's day,
 * the server's, as the browser's first render starts from the block's).
 */
export async function renderPage(
  path: string,
  viewer: CurrentUser | null,
  calendar?: EmbeddedCalendar,
): Promise<string> {
  await preloadFirstRender(new URL(path, 'http://x').pathname);
  const client = createQueryClient();
  client.setQueryData(userQueryKey, viewer);
  if (calendar) seedCalendar(client, calendar);
  try {
    return await renderWhole(() => appAt(path, client));
  } finally {
    client.clear();
  }
}
