import {
  Calendar,
  Crosshair,
  GraduationCap,
  Home,
  type LucideIcon,
  MapPin,
  Newspaper,
  Shield,
  Trees,
  Users,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { lazyView } from './lazy-view';
import { FeedHome } from './routes/feed-home';

export type NavGroup = 'Main' | 'Discover' | 'Admin';

/** An entry of the navigation (sidebar, the phone's menu sheet): a path of the app. */
export interface NavEntry {
  /** The page's address; the entry is current on it and on the paths under it. */
  path: string;
  label: string;
  icon: LucideIcon;
  nav: { group: NavGroup; order: number };
  /** Shown only to players who may use the admin tools. */
  adminOnly?: boolean;
}

/** A section of the app shown by the registry's own page (web/src/app/routes/home.tsx). */
export interface HomeSection extends NavEntry {
  id: string;
  /** The heading over the section; without one, the view fills the page itself (the feed). */
  title?: string;
  /** The section's view; a section without one yet says 'Coming soon'. */
  view?: ComponentType & { preload?: () => Promise<unknown> };
  /** A route parameter the section's view reads from one more segment of its path (`/news/{id}`). */
  param?: string;
}

/** Each section's code is a chunk of its own, fetched when the section is first shown (or ahead). */
const chunk = lazyView;

/**
 * Every section, in one place, each with its own path (issue 20; SPEC §2 had them pathless on /):
 * an area adds its section here in one line, and the router, the sidebar and the phone's menu
 * sheet follow. Pages with routes of their own (Teams, Rate Gear, Fields) are in ROUTE_ENTRIES.
 * `id` is also the section's old `/?section=` name, still redirected to its path.
 */
export const HOME_SECTIONS = [
  { id: 'feed', path: '/', label: 'Feed', icon: Home, nav: { group: 'Main', order: 10 }, view: FeedHome },
  {
    id: 'events',
    path: '/events',
    label: 'Events',
    icon: Calendar,
    nav: { group: 'Main', order: 20 },
    title: 'Upcoming Events',
    view: chunk(() => import('@web/features/events/components/events-section').then((m) => m.EventsSection)),
  },
  {
    id: 'locator',
    path: '/stores',
    label: 'Store Locator',
    icon: MapPin,
    nav: { group: 'Main', order: 50 },
    title: 'Store Locator',
    view: chunk(() => import('@web/features/stores/components/stores-section').then((m) => m.StoresSection)),
  },
  {
    id: 'news',
    path: '/news',
    label: 'News',
    icon: Newspaper,
    nav: { group: 'Discover', order: 10 },
    title: 'Latest News',
    param: 'newsId',
    view: chunk(() => import('@web/features/news/components/news-section').then((m) => m.NewsSection)),
  },
  {
    id: 'tutorials',
    path: '/tutorials',
    label: 'Tutorials',
    icon: GraduationCap,
    nav: { group: 'Discover', order: 20 },
    title: 'Tutorials',
    param: 'tutorialId',
    view: chunk(() =>
      import('@web/features/tutorials/components/tutorials-section').then((m) => m.TutorialsSection),
    ),
  },
  {
    id: 'admin',
    path: '/admin',
    label: 'Admin Dashboard',
    icon: Shield,
    nav: { group: 'Admin', order: 10 },
    title: 'Admin Dashboard',
    adminOnly: true,
    param: 'tool',
    // The admin tools are a chunk of their own, fetched only when an admin opens them.
    view: chunk(() => import('./admin-dashboard').then((m) => m.AdminDashboard)),
  },
] as const satisfies readonly HomeSection[];

export type Section = (typeof HOME_SECTIONS)[number]['id'];

/** The navigation's entries to pages with routes of their own (web/src/app/router.tsx). */
export const ROUTE_ENTRIES: readonly NavEntry[] = [
  { path: '/teams', label: 'Teams', icon: Users, nav: { group: 'Main', order: 30 } },
  { path: '/gear', label: 'Rate Gear', icon: Crosshair, nav: { group: 'Main', order: 40 } },
  { path: '/fields', label: 'Fields', icon: Trees, nav: { group: 'Discover', order: 30 } },
];

export const NAV_GROUPS: readonly NavGroup[] = ['Main', 'Discover', 'Admin'];

/** A group's entries in order, sections and routes together; admin-only ones for admins only. */
export function navEntries(group: NavGroup, isAdmin: boolean): NavEntry[] {
  return [...HOME_SECTIONS, ...ROUTE_ENTRIES]
    .filter((entry) => entry.nav.group === group && (isAdmin || !('adminOnly' in entry && entry.adminOnly)))
    .sort((a, b) => a.nav.order - b.nav.order);
}

/** Whether `entry` is the page at `pathname` (or a page under it: /admin/events is the dashboard's). */
export function isCurrent(entry: { path: string }, pathname: string): boolean {
  if (entry.path === '/') return pathname === '/';
  return pathname === entry.path || pathname.startsWith(`${entry.path}/`);
}

/** The section whose path `pathname` is (`/events`, `/news/{id}` for a section with a `param`), if any. */
export function sectionAt(pathname: string): HomeSection | undefined {
  return (HOME_SECTIONS as readonly HomeSection[]).find(
    (s) => s.path !== '/' && (pathname === s.path || (!!s.param && pathname.startsWith(`${s.path}/`))),
  );
}

export const sectionOf = (id: Section): HomeSection =>
  HOME_SECTIONS.find((s) => s.id === id) ?? HOME_SECTIONS[0];

/** The path of an old `/?section=<id>` address (ids the app used before issue 20), or null. */
export function sectionPath(id: string | null): string | null {
  return HOME_SECTIONS.find((s) => s.id === id)?.path ?? null;
}
