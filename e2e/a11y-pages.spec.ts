import { test as base } from '@playwright/test';
import { checkA11y } from './fixtures';
import { demoIds, MAIN_PAGES, signInAs } from './main-pages';

// Issue 20: axe on every main page at a phone's and a desktop's width, in both themes
// (checkA11y runs the dark and the light one), no serious or critical violation.
// Playwright's own `test`: the fixtures' one would check each page on `goto` already.
const test = base;

// Both widths, each page in both themes (checkA11y): about 80 s a width on this machine.
for (const width of [360, 1280]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 740 : 900 } });
    for (const main of MAIN_PAGES) {
      test(`${main.name} (${main.viewer}) has no serious accessibility violation`, async ({ page }) => {
        await signInAs(page, main.viewer);
        await page.goto(main.path(await demoIds(page.request)));
        await page.waitForFunction(() => document.documentElement.dataset.app === 'started');
        await checkA11y(page);
      });
    }
  });
}
