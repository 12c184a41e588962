import { VIEWER_DATA_ID } from '@contract/auth';
import { test as base } from '@playwright/test';
import { expect } from './fixtures';
import { demoIds, MAIN_PAGES, signInAs, useStoredTheme } from './main-pages';

// Issue 20: no console error on any main page, in either stored theme. A hydration mismatch (the
// server renders before it can read the visitor's theme) is reported by React as an error, so
// this is also the check that the light theme hydrates cleanly.
// Playwright's own `test`: the fixtures' one runs axe after each `goto`, which e2e/a11y-pages.spec.ts
// does for these pages already; here the wait for the app is explicit.
const test = base;

/** A 1 × 1 transparent PNG. */
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

for (const theme of ['dark', 'light'] as const) {
  for (const main of MAIN_PAGES) {
    test(`${main.name} (${main.viewer}) in the ${theme} theme logs no error`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
      });
      // This machine has no way out: the map's tiles (openstreetmap.org) come as blank images here,
      // as they would from the tile server, so that their failure is not counted as the page's.
      await page.route(/tile\.openstreetmap\.org\//, (route) =>
        route.fulfill({ contentType: 'image/png', body: BLANK_TILE }),
      );
      await useStoredTheme(page, theme);
      await signInAs(page, main.viewer);
      const path = main.path(await demoIds(page.request));
      const html = await (await page.goto(path))?.text();
      await page.waitForFunction(() => document.documentElement.dataset.app === 'started');
      // When the server is slow to read the page's data (over a second: a busy test machine), it
      // answers the plain index.html without the viewer, and the app asks GET /api/user, whose 401
      // for a visitor (the signed-out answer, SPEC §4) Chromium logs as a failed load.
      const viewerAsked = !html?.includes(`id="${VIEWER_DATA_ID}"`);
      const expected = (error: string) =>
        viewerAsked && main.viewer === 'visitor' && /status of 401 .*\/api\/user\)$/.test(error);
      // The page as it settles: lazy parts, images, the requests after the first paint.
      await page.waitForTimeout(500);
      await expect(page.locator('html')).toHaveClass(theme);
      expect(
        errors.filter((error) => !expected(error)),
        `errors on ${path} in the ${theme} theme`,
      ).toEqual([]);
    });
  }
}
