import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ADMIN } from '../server/demo/data/players';
import { DEMO_PASSWORD } from '../server/demo/seed';
import { expect } from './fixtures';

/** Ids of the demo's content that the main pages need: the first of each list the API answers. */
export interface DemoIds {
  event: string;
  team: string;
  product: string;
  post: string;
}

/** Who looks at a page: a visitor, a demo player or the demo admin (server/demo/data/players.ts). */
export type Viewer = 'visitor' | 'player' | 'admin';

export interface MainPage {
  /** A short name, for test titles and screenshot file names. */
  name: string;
  path: (ids: DemoIds) => string;
  viewer: Viewer;
}

/** The demo player whose profile the pages show, and who signs in where a page needs a player. */
export const DEMO_PLAYER = 'sarah.speedsoft';

/**
 * The main pages of the site, each loaded at 360 px in the dark theme and 1280 px in the light one,
 * checked for console errors and with axe in both themes (e2e/a11y-pages.spec.ts).
 */
export const MAIN_PAGES: MainPage[] = [
  { name: 'feed', path: () => '/', viewer: 'visitor' },
  { name: 'feed-signed-in', path: () => '/', viewer: 'player' },
  { name: 'auth', path: () => '/auth', viewer: 'visitor' },
  { name: 'profile', path: () => `/profile/${DEMO_PLAYER}`, viewer: 'visitor' },
  { name: 'teams', path: () => '/teams', viewer: 'visitor' },
  { name: 'team', path: (ids) => `/teams/${ids.team}`, viewer: 'visitor' },
  { name: 'fields', path: () => '/fields', viewer: 'visitor' },
  { name: 'event', path: (ids) => `/events/${ids.event}`, viewer: 'visitor' },
  { name: 'product', path: (ids) => `/products/${ids.product}`, viewer: 'visitor' },
  { name: 'gear', path: () => '/gear', viewer: 'player' },
  { name: 'settings', path: () => '/settings', viewer: 'player' },
  { name: 'events', path: () => '/events', viewer: 'visitor' },
  { name: 'stores', path: () => '/stores', viewer: 'visitor' },
  { name: 'news', path: () => '/news', viewer: 'visitor' },
  { name: 'tutorials', path: () => '/tutorials', viewer: 'visitor' },
  { name: 'admin', path: () => '/admin', viewer: 'admin' },
  { name: 'reports', path: () => '/admin/reports', viewer: 'admin' },
  { name: 'audit-log', path: () => '/admin/audit-log', viewer: 'admin' },
  { name: 'post', path: (ids) => `/posts/${ids.post}`, viewer: 'visitor' },
  { name: 'bookmarks', path: () => '/bookmarks', viewer: 'player' },
  { name: 'notifications', path: () => '/notifications', viewer: 'player' },
];

let cached: DemoIds | undefined;

/** The demo's ids, read once per worker through the API. */
export async function demoIds(request: APIRequestContext): Promise<DemoIds> {
  if (cached) return cached;
  const json = async (url: string) => {
    const res = await request.get(url);
    expect(res.ok(), `${url}: ${res.status()}`).toBe(true);
    return res.json();
  };
  const [events, teams, products, feed] = await Promise.all([
    json('/api/events'),
    json('/api/teams'),
    json('/api/products?search=trident'),
    json('/api/posts/feed'),
  ]);
  cached = { event: events[0].id, team: teams[0].id, product: products.products[0].id, post: feed[0].id };
  return cached;
}

/** Signs the page's context in as `viewer` through the API (a visitor stays signed out). */
export async function signInAs(page: Page, viewer: Viewer): Promise<void> {
  if (viewer === 'visitor') return;
  const username = viewer === 'admin' ? DEMO_ADMIN : DEMO_PLAYER;
  const res = await page.request.post('/api/login', { data: { username, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Stores `theme` before any script of the page runs, as a returning visitor's browser has it. */
export async function useStoredTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
}
