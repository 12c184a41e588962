import type { Page, Response } from '@playwright/test';
import { expect, registerByApi, test } from './fixtures';

/**
 * The next page view the app reports (a sendBeacon: Playwright shows no body for those, so the
 * caller starts waiting right before the navigation it expects to be reported).
 */
const pageView = (page: Page) =>
  page.waitForResponse(
    (res: Response) => res.url().endsWith('/api/analytics/page-view') && res.request().method() === 'POST',
  );

test('header search: players, events, products, no results, keyboard choice; page views recorded', async ({
  page,
}) => {
  await registerByApi(page.request);
  const homeView = pageView(page);
  await page.goto('/');
  const view = await homeView;
  expect(view.status()).toBe(204);
  expect((await view.request().allHeaders())['content-type']).toMatch(/^application\/json/);

  const box = page.getByRole('combobox', { name: 'Search' });
  await expect(box).toHaveAttribute('placeholder', 'Search players, events, gear...');

  // Players: a demo username, chosen with the keyboard.
  await box.fill('recon');
  const listbox = page.getByRole('listbox');
  const players = listbox.getByRole('group', { name: 'Players' });
  await expect(players.getByRole('option', { name: 'ghost_recon_mike' })).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');

  // Escape closes without wiping the text; ArrowDown reopens.
  await box.press('Escape');
  await expect(listbox).toHaveCount(0);
  await expect(box).toHaveValue('recon');
  await box.press('ArrowDown');
  await expect(players.getByRole('option', { name: 'ghost_recon_mike' })).toBeVisible();

  const profileView = pageView(page);
  await box.press('ArrowDown');
  await expect(players.getByRole('option', { name: 'ghost_recon_mike' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await box.press('Enter');
  await expect(page).toHaveURL(/\/profile\/ghost_recon_mike$/);
  await expect(page.getByRole('heading', { name: 'ghost_recon_mike' })).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(listbox).toHaveCount(0);
  expect((await profileView).status()).toBe(204);

  // Events: part of a demo event title; choosing it opens the event's page.
  await box.fill('northwind');
  const events = listbox.getByRole('group', { name: 'Events' });
  await expect(events.getByRole('option', { name: 'Operation Northwind' })).toBeVisible();
  await events.getByRole('option', { name: 'Operation Northwind' }).click();
  await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Operation Northwind' })).toBeVisible();
  await expect(box).toHaveValue('');

  // Products: a demo product of the catalog (issue 20: 'Gear' is now the players' gear).
  await box.fill('krytac');
  await expect(
    listbox.getByRole('group', { name: 'Products' }).getByRole('option', { name: 'Krytac Trident MkII CRB' }),
  ).toBeVisible();

  // Nothing matches.
  await box.fill('zzqqxx');
  await expect(page.getByText('No results found.')).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(0);

  // One character closes the panel; a click outside closes it too.
  await box.fill('z');
  await expect(page.getByText('No results found.')).toHaveCount(0);
  await box.fill('krytac');
  await expect(page.getByRole('option', { name: 'Krytac Trident MkII CRB' })).toBeVisible();
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await expect(listbox).toHaveCount(0);
});

test('signed out, 360 px wide: the search icon opens a full-width field whose panel fits', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const view = pageView(page);
  await page.goto('/teams');
  expect((await view).status()).toBe(204);

  const box = page.getByRole('combobox', { name: 'Search' });
  await expect(box).toBeHidden();
  await page.getByRole('button', { name: 'Open search' }).click();
  await expect(box).toBeVisible();
  await expect(box).toBeFocused();
  await box.fill('medic');
  // exact: her gear's row names her too (issue 20).
  const option = page.getByRole('option', { name: 'lena_medic', exact: true });
  await expect(option).toBeVisible();
  const panel = await page.getByRole('listbox').boundingBox();
  expect(panel).not.toBeNull();
  expect(panel!.x).toBeGreaterThanOrEqual(0);
  expect(panel!.x + panel!.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await option.click();
  await expect(page).toHaveURL(/\/profile\/lena_medic$/);
  await expect(box).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open search' })).toBeVisible();
});

test('issue 20: one call finds every group; each result opens the thing found; Ctrl-K focuses the box', async ({
  page,
}) => {
  await registerByApi(page.request);
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search' });
  await expect(box).toBeVisible();

  // Ctrl-K from anywhere focuses the box; the shortcut is shown on desktop.
  await expect(page.getByTestId('search-shortcut')).toBeVisible();
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await expect(box).not.toBeFocused();
  await page.keyboard.press('Control+k');
  await expect(box).toBeFocused();

  // One round trip for the whole panel: only /api/search is asked.
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (/^\/api\/(search|users\/search|events\/search|products)$/.test(path)) asked.push(path);
  });
  const listbox = page.getByRole('listbox');
  await box.fill('m4');
  const gear = listbox.getByRole('group', { name: 'Gear' });
  await expect(gear.getByRole('option', { name: /HPA Speedsoft M4/ })).toBeVisible();
  expect(asked).toEqual(['/api/search']);
  await gear.getByRole('option', { name: /HPA Speedsoft M4/ }).click();
  await expect(page).toHaveURL(/\/profile\/sarah\.speedsoft$/);

  const cases: [string, string, RegExp, RegExp][] = [
    ['ghost wolves', 'Teams', /Ghost Wolves/, /\/teams\/[0-9a-f-]{36}$/],
    ['bunker', 'Fields', /The Bunker CQB/, /\/fields\/[0-9a-f-]{36}$/],
    ['fraser valley', 'Stores', /Fraser Valley Tactical/, /\/stores\?country=Canada&region=/],
    ['krytac', 'Products', /Krytac Trident MkII CRB/, /\/products\/[0-9a-f-]{36}$/],
    // Last two: the tutorial and the article open in a modal dialog over the page (closed between).
    ['hop-up tuning', 'Tutorials', /Hop-Up Tuning for Range and Accuracy/, /\/tutorials\/[0-9a-f-]{36}$/],
    ['better teammate', 'News', /Five Habits That Make You a Better Teammate/, /\/news\/[0-9a-f-]{36}$/],
  ];
  for (const [query, group, name, url] of cases) {
    await page.keyboard.press('Control+k');
    await box.fill(query);
    const option = listbox.getByRole('group', { name: group }).getByRole('option', { name }).first();
    await expect(option).toBeVisible();
    await option.click();
    await expect(page).toHaveURL(url);
    // A modal dialog hides the page (and the box) from the accessibility tree: closed first.
    if (group === 'Tutorials' || group === 'News') {
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    await expect(box).toHaveValue('');
  }
});
