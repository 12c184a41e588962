import { expect, registerByApi, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 } });

test('at 360 px the sidebar gives way to the bottom bar, whose tabs only move the highlight', async ({
  page,
}) => {
  await registerByApi(page.request);
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  const bar = page.getByRole('navigation', { name: 'Mobile navigation' });
  await expect(bar).toBeVisible();
  const tabs = bar.getByRole('button');
  await expect(tabs).toHaveText(['Feed', 'Events', 'Create', 'Map', 'Profile']);
  await expect(bar.getByRole('button', { name: 'Feed' })).toHaveAttribute('aria-pressed', 'true');
  await bar.getByRole('button', { name: 'Map' }).click();
  await expect(bar.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
  await expect(bar.getByRole('button', { name: 'Feed' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page).toHaveURL(/\/$/);
  // Nothing is wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByRole('heading', { name: 'Latest from Community' })).toBeVisible();
});
