import { test as base } from '@playwright/test';
import { checkA11y } from './fixtures';
import { demoIds, MAIN_PAGES, type MainPage, signInAs, skipIfNotHere } from './main-pages';

// Issue 20: axe on every main page at a phone's and a desktop's width, in both themes
// (checkA11y runs the dark and the light one), no serious or critical violation.
// Playwright's own `test`: the fixtures' one would check each page on `goto` already, before a
// page that is not on this branch yet can be skipped, and without the rules skipped below.
const test = base;

/**
 * Known violations that another part of issue 20 fixes, left out on that page only until it is
 * merged (the integrator removes the entry then).
 */
const SKIPPED_RULES: Partial<Record<MainPage['name'], string[]>> = {};

// CI checks the phone width only: every other spec already runs axe at the desktop width on each
// page it opens (fixtures' checkA11y), and the whole browser run took 44 minutes with both here.
// A1280=1 adds the desktop sweep.
for (const width of process.env.A1280 === '1' ? [360, 1280] : [360]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 740 : 900 } });
    for (const main of MAIN_PAGES) {
      test(`${main.name} (${main.viewer}) has no serious accessibility violation`, async ({ page }) => {
        await signInAs(page, main.viewer);
        await page.goto(main.path(await demoIds(page.request)));
        await page.waitForFunction(() => document.documentElement.dataset.app === 'started');
        await skipIfNotHere(page, main);
        await checkA11y(page, { skipRules: SKIPPED_RULES[main.name] });
      });
    }
  });
}
