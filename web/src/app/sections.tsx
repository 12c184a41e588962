import { Calendar, GraduationCap, Home, type LucideIcon, MapPin, Newspaper, Shield } from 'lucide-react';
import { type ComponentType, lazy } from 'react';
import { FeedHome } from './routes/feed-home';

/** A section of the home page (SPEC §2): no path of its own, switched from the sidebar. */
export interface HomeSection {
  id: string;
  /** The sidebar entry and the group it sits in. */
  label: string;
  icon: LucideIcon;
  nav: { group: 'Main' | 'Discover' | 'Admin'; order: number };
  /** The heading over the section; without one, the view fills the page itself (the feed). */
  title?: string;
  /** The section's view; a section without one yet says 'Coming soon'. */
  view?: ComponentType;
  /** Shown only to players who may use the admin tools (others read 'Admins only.'). */
  adminOnly?: boolean;
}

/** Each section's code is a chunk of its own, fetched when the section is first shown. */
const chunk = (load: () => Promise<ComponentType>) => lazy(async () => ({ default: await load() }));

/**
 * Every home section, in one place: an area adds its section here in one line, and the home page
 * and the sidebar follow. (Sidebar links to routes, Teams and Rate Gear, sit between by `order`.)
 */
export const HOME_SECTIONS = [
  { id: 'feed', label: 'Feed', icon: Home, nav: { group: 'Main', order: 10 }, view: FeedHome },
  {
    id: 'events',
    label: 'Events',
    icon: Calendar,
    nav: { group: 'Main', order: 20 },
    title: 'Upcoming Events',
    view: chunk(() => import('@web/features/events/components/events-section').then((m) => m.EventsSection)),
  },
  {
    id: 'locator',
    label: 'Store Locator',
    icon: MapPin,
    nav: { group: 'Main', order: 50 },
    title: 'Store Locator',
    view: chunk(() => import('@web/features/stores/components/stores-section').then((m) => m.StoresSection)),
  },
  {
    id: 'news',
    label: 'News',
    icon: Newspaper,
    nav: { group: 'Discover', order: 10 },
    title: 'Latest News',
    view: chunk(() => import('@web/features/news/components/news-section').then((m) => m.NewsSection)),
  },
  {
    id: 'tutorials',
    label: 'Tutorials',
    icon: GraduationCap,
    nav: { group: 'Discover', order: 20 },
    title: 'Tutorials',
    view: chunk(() =>
      import('@web/features/tutorials/components/tutorials-section').then((m) => m.TutorialsSection),
    ),
  },
  {
    id: 'admin',
    label: 'Admin Dashboard',
    icon: Shield,
    nav: { group: 'Admin', order: 10 },
    title: 'Admin Dashboard',
    adminOnly: true,
    // The admin tools are a chunk of their own, fetched only when an admin opens them.
    view: chunk(() => import('./admin-dashboard').then((m) => m.AdminDashboard)),
  },
] as const satisfies readonly HomeSection[];

export type Section = (typeof HOME_SECTIONS)[number]['id'];

export const sectionOf = (id: Section): HomeSection =>
  HOME_SECTIONS.find((s) => s.id === id) ?? HOME_SECTIONS[0];
