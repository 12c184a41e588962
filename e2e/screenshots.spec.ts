import path from 'node:path';
import { test as base, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expect } from './fixtures';
import { demoIds, MAIN_PAGES, signInAs, useStoredTheme } from './main-pages';

// The screenshots of the README (docs/screenshots/phone/<page>-<theme>.png): the main pages on a phone,
// 360 x 740, in both themes. Written only with SCREENSHOTS=1 (`SCREENSHOTS=1 npx playwright test
// e2e/screenshots.spec.ts --project=desktop`), so that no other run rewrites them.
const test = base;
const PAGES = [
  'feed',
  'auth',
  'profile',
  'events',
  'event',
  'post',
  'teams',
  'team',
  'fields',
  'gear',
  'notifications',
  'reports',
];
const OUT = path.resolve(import.meta.dirname, '..', 'docs', 'screenshots', 'phone');

test.skip(!process.env.SCREENSHOTS, 'SCREENSHOTS=1 writes the README screenshots');
test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });

/** The page at rest (its chunk in, requests answered, images decoded, fades over), as a palette PNG. */
async function shoot(page: Page, file: string) {
  await page.waitForFunction(() => document.documentElement.dataset.app === 'started');
  await expect(page.locator('main [role="status"][aria-label="Loading"]')).toHaveCount(0, {
    timeout: 15_000,
  });
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
  // (A lazy image below the fold never loads: at most 3 s.)
  await page.evaluate(() =>
    Promise.race([
      Promise.all([...document.images].map((img) => img.decode().catch(() => {}))),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
  await page.waitForTimeout(600);
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  // A palette PNG: a few tens of KB instead of a few hundred.
  await sharp(png)
    .png({ palette: true, quality: 80, compressionLevel: 9 })
    .toFile(path.join(OUT, `${file}.png`));
}

for (const theme of ['dark', 'light'] as const) {
  // The bell's menu over the feed: a player's latest notifications, unread first.
  test(`bell menu in the ${theme} theme`, async ({ page }) => {
    await useStoredTheme(page, theme);
    await signInAs(page, 'player');
    await page.goto('/');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await shoot(page, `bell-${theme}`);
  });
  for (const name of PAGES) {
    const main = MAIN_PAGES.find((p) => p.name === name);
    if (!main) throw new Error(`no main page ${name}`);
    test(`${name} in the ${theme} theme`, async ({ page }) => {
      await useStoredTheme(page, theme);
      await signInAs(page, main.viewer);
      await page.goto(main.path(await demoIds(page.request)));
      await shoot(page, `${name}-${theme}`);
    });
  }
}

/** The demo's hosted milsim (issue 25): sides, a waiver, tickets, some players checked in. */
async function ironCurtain(page: Page): Promise<string> {
  const res = await page.request.get('/api/events/search?q=Iron%20Curtain');
  const found = (await res.json()) as { id: string; title: string }[];
  const event = found.find((e) => e.title === 'Operation Iron Curtain');
  if (!event) throw new Error('no demo game day');
  return event.id;
}

// Game day (issue 25), on a phone in both themes: the hosted event as its organiser sees it, the
// roster, the gate's check-in page, and a player's tickets.
for (const theme of ['dark', 'light'] as const) {
  for (const [name, viewer, at] of [
    ['game-day-event', 'admin', (id: string) => `/events/${id}`],
    ['game-day-roster', 'admin', (id: string) => `/events/${id}/roster`],
    ['game-day-check-in', 'admin', (id: string) => `/events/${id}/check-in`],
    ['my-games', 'player', () => '/my-games'],
  ] as const) {
    test(`${name} in the ${theme} theme`, async ({ page }) => {
      await useStoredTheme(page, theme);
      await signInAs(page, viewer);
      await page.goto(at(await ironCurtain(page)));
      await shoot(page, `${name}-${theme}`);
    });
  }
}

// Finding a game (issue 26), on a phone in both themes: the Filters sheet open, and the results on
// the map (no tiles here: the markers over a blank map).
for (const theme of ['dark', 'light'] as const) {
  test(`events filters and map in the ${theme} theme`, async ({ page }) => {
    await page.route(/tile\.openstreetmap\.org\//, (route) => route.abort());
    await useStoredTheme(page, theme);
    await signInAs(page, 'player');
    await page.goto('/events?view=grid&when=week&placesLeft=true');
    await page.getByRole('button', { name: /^Filters/ }).click();
    await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
    await shoot(page, `events-filters-${theme}`);
    await page.goto('/events?view=map');
    await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible({ timeout: 15_000 });
    await shoot(page, `events-map-${theme}`);
  });
}
