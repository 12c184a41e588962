import type { Page } from '@playwright/test';
import { expect, registerByApi, test } from './fixtures';

/** Every image of the site's own store fails to load (the server, or the network, lost it). */
const loseImages = (page: Page) => page.route('**/objects/images/**', (route) => route.abort());

/** Images on the page that tried to load and failed: none may be left shown as a broken <img>. */
const brokenImages = (page: Page) =>
  page.evaluate(
    () =>
      [...document.images].filter((i) => i.getAttribute('src') && i.complete && i.naturalWidth === 0).length,
  );

const shot = (name: string) => test.info().outputPath(name);

test.use({ viewport: { width: 360, height: 800 } });

test('teams whose logo and banner cannot load draw a shield and a flag, never a broken image', async ({
  page,
}) => {
  await loseImages(page);
  await page.goto('/teams');
  await page.getByLabel('Search teams').fill('Ghost Wolves');
  const list = page.getByRole('list', { name: 'Teams' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.locator('[data-placeholder-kind="team-logo"]')).toBeVisible();
  await expect.poll(() => brokenImages(page)).toBe(0);
  await page.screenshot({ path: shot('teams-placeholders.png') });

  await page.getByRole('link', { name: 'Ghost Wolves' }).click();
  await expect(page.locator('[data-placeholder-kind="team-banner"]')).toBeVisible();
  await expect(page.locator('[data-placeholder-kind="team-logo"]').first()).toBeVisible();
  await expect.poll(() => brokenImages(page)).toBe(0);
  await page.screenshot({ path: shot('team-page-placeholders.png') });
});

test('gear whose photo cannot load draws the gear, named by its title', async ({ page }) => {
  await loseImages(page);
  await registerByApi(page.request);
  await page.goto('/gear');
  const drawn = page.locator('[data-placeholder-kind="gear"]').first();
  await expect(drawn).toBeVisible();
  await expect(drawn).toHaveAttribute('role', 'img');
  await expect.poll(() => brokenImages(page)).toBe(0);
  // The box keeps the card's shape (4:3, full width).
  const box = await drawn.boundingBox();
  expect(box?.width).toBeGreaterThan(200);
  expect(Math.round(((box?.width ?? 0) * 3) / 4)).toBeCloseTo(Math.round(box?.height ?? 0), -1);
  await page.screenshot({ path: shot('gear-placeholder.png') });
});
