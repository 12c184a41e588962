import { PageSpinner } from '@web/components/ui/spinner';
import { usePageViews } from '@web/features/analytics/use-page-views';
import { takeEmbeddedCalendar } from '@web/features/events/api/embedded-calendar';
import { hasEmbeddedEvent } from '@web/features/events/api/get-event';
import { hasEmbeddedPost } from '@web/features/posts/api/get-post';
import { hasEmbeddedProfile } from '@web/features/profiles/api/embedded-profile';
import { embeddedViewerSignedIn } from '@web/lib/auth';
import { queryClient } from '@web/lib/query-client';
import { type ComponentType, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { lazyView } from './lazy-view';
import { HomePage, preloadHomeContent, SectionPage } from './routes/home';
import { HOME_SECTIONS, sectionAt } from './sections';
import { AppShell } from './shell/app-shell';
import { GuestOnly, RequireAuth } from './shell/guards';
import { ScrollManager } from './shell/scroll-manager';

/**
 * One chunk per page; each route file exports its page by name (lazyView: `preload()` fetches it
 * ahead). The shell and the home page are not lazy: they are / (prerendered into index.html,
 * scripts/prerender-shell.mjs), and the build puts them in the one file of the first load with
 * the entry (decision 018).
 */
export const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazyView(() => load().then((module) => module[name]));

const AuthPage = page(() => import('./routes/auth'), 'AuthPage');
const AuthConfirmPage = page(() => import('./routes/auth-confirm'), 'AuthConfirmPage');
const TeamsPage = page(() => import('./routes/teams'), 'TeamsPage');
const TeamPage = page(() => import('./routes/team'), 'TeamPage');
const TeamCreatePage = page(() => import('./routes/team-create'), 'TeamCreatePage');
const TeamManagePage = page(() => import('./routes/team-manage'), 'TeamManagePage');
const GearPage = page(() => import('./routes/gear'), 'GearPage');
const SettingsPage = page(() => import('./routes/settings'), 'SettingsPage');
const ProfilePage = page(() => import('./routes/profile'), 'ProfilePage');
const EventPage = page(() => import('./routes/event'), 'EventPage');
const EventRosterPage = page(() => import('./routes/event-roster'), 'EventRosterPage');
const FieldsPage = page(() => import('./routes/fields'), 'FieldsPage');
const FieldPage = page(() => import('./routes/field'), 'FieldPage');
const ProductPage = page(() => import('./routes/product'), 'ProductPage');
const PostPage = page(() => import('./routes/post'), 'PostPage');
const BookmarksPage = page(() => import('./routes/bookmarks'), 'BookmarksPage');
const NotificationsPage = page(() => import('./routes/notifications'), 'NotificationsPage');
const gameDayPages = () => import('./routes/game-day');
const CheckInPage = page(gameDayPages, 'CheckInPage');
const MyGamesPage = page(gameDayPages, 'MyGamesPage');
const NotFoundPage = page(() => import('./routes/not-found'), 'NotFoundPage');

/**
 * What the first render of `pathname` waits for: /auth its page's chunk; / the feed's cards when
 * the HTML carried the feed's first page; /profile/{username} its page's chunk when the HTML
 * carried the profile, so the first commit shows the header (decision 018). Other pages render
 * their spinner first.
 */
export function preloadFirstRender(pathname: string): Promise<unknown> {
  if (pathname === '/auth') return AuthPage.preload();
  if (pathname === '/') return preloadHomeContent();
  if (pathname.startsWith('/profile/') && hasEmbeddedProfile()) return ProfilePage.preload();
  if (pathname.startsWith('/posts/') && hasEmbeddedPost()) return preloadPostPage();
  if (pathname.startsWith('/events/') && hasEmbeddedEvent()) return preloadEventPage();
  // A section (/events, /news...): its view's chunk, so its first render is the view (the server
  // renders /events so: its first render in the browser must be the same, with the calendar's
  // lists and day from the HTML).
  if (pathname === '/events') takeEmbeddedCalendar(queryClient);
  const section = sectionAt(pathname);
  if (section?.view?.preload) return section.view.preload();
  return Promise.resolve();
}

/**
 * Everything a page the server rendered holds (decision 020): its own chunks (as for the first
 * render) and the shell's lazy parts (sidebar, search, the user's menus). main.tsx marks the app
 * started once they have come: a click on a part whose code has not come is lost (React does not
 * replay it), one after that hydrates the part at once.
 */
export function preloadRendered(pathname: string): Promise<unknown> {
  // /auth has no shell; the user's menus are there only for a signed-in viewer.
  if (pathname === '/auth') return preloadFirstRender(pathname);
  return Promise.all([
    preloadFirstRender(pathname),
    import('./shell/sidebar'),
    import('@web/features/search/components/header-search'),
    embeddedViewerSignedIn() ? import('./shell/user-menus') : null,
  ]);
}

/** The profile page's chunk, for the server's render of /profile/{username} (web/src/prerender.tsx). */
export const preloadProfilePage = (): Promise<unknown> => ProfilePage.preload();

/** The post page's chunk, for the server's render of /posts/{id} (web/src/prerender.tsx). */
export const preloadPostPage = (): Promise<unknown> => PostPage.preload();

/** The event page's chunk, for the server's render of /events/{id} (web/src/prerender.tsx). */
export const preloadEventPage = (): Promise<unknown> => EventPage.preload();

/**
 * SPEC §2 routes, and each section at its path (issue 20). Protected ones sit under RequireAuth
 * (a spinner while the user loads, then /auth?next=<the page>); /auth sends a signed-in visitor
 * to `next` (a path of this site) or /. Declarative routes keep the router's share of the first
 * load small (the data router adds ~16 KB gzipped); ScrollManager does what its
 * <ScrollRestoration> would (decision 021).
 */
export function AppRoutes() {
  return (
    <>
      <PageViewReporter />
      <ScrollManager />
      <Routes>
        <Route path="/auth" element={<GuestOnly />}>
          <Route index element={<AuthPage />} />
        </Route>
        {/* The mailed link confirms whoever is signed in here: the new account replaces them. */}
        <Route
          path="/auth/confirm"
          element={
            <Suspense fallback={<PageSpinner />}>
              <AuthConfirmPage />
            </Suspense>
          }
        />
        <Route
          path="/"
          element={
            <Suspense fallback={<PageSpinner />}>
              <AppShell />
            </Suspense>
          }
        >
          <Route index element={<HomePage />} />
          {SECTION_ROUTES}
          <Route path="teams" element={<TeamsPage />} />
          <Route path="teams/:teamId" element={<TeamPage />} />
          <Route path="profile/:username" element={<ProfilePage />} />
          <Route path="events/:eventId" element={<EventPage />} />
          <Route path="events/series/:seriesId" element={<EventPage />} />
          <Route path="events/:eventId/check-in" element={<CheckInPage />} />
          <Route path="fields" element={<FieldsPage />} />
          <Route path="fields/:fieldId" element={<FieldPage />} />
          <Route path="products/:productId" element={<ProductPage />} />
          <Route path="posts/:postId" element={<PostPage />} />
          <Route element={<RequireAuth />}>
            <Route path="settings" element={<SettingsPage />} />
            <Route path="bookmarks" element={<BookmarksPage />} />
            <Route path="my-games" element={<MyGamesPage />} />
            <Route path="notifications" element={<NotificationsPage />} />
            <Route path="gear" element={<GearPage />} />
            <Route path="teams/create" element={<TeamCreatePage />} />
            <Route path="teams/:teamId/manage" element={<TeamManagePage />} />
            <Route path="events/:eventId/roster" element={<EventRosterPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </>
  );
}

/**
 * Each section of the registry at its path (issue 20), the feed being the index route. A section
 * with `param` also answers under it with one more segment, in the same element (News: the
 * article's dialog over the list at /news/{id}; Admin: each tool at /admin/{tool}).
 */
const SECTION_ROUTES = HOME_SECTIONS.filter((s) => s.path !== '/').map((s) => (
  <Route
    key={s.id}
    path={'param' in s ? `${s.path.slice(1)}/:${s.param}?` : s.path.slice(1)}
    element={<SectionPage section={s.id} />}
  />
));

/** Page views of every route, /auth included (it sits outside the shell). */
function PageViewReporter() {
  usePageViews();
  return null;
}
