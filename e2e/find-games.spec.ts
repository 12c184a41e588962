import { checkA11y, expect, registerByApi, test, uniqueName } from './fixtures';

// Issue 26 at 360 px: a player finds a game in the next 7 days near a typed city (the demo's
// "Sunday Skirmish at Fort Rouge", Winnipeg, 4 days after the seed), through the phone's Filters
// sheet, then saves the search and finds it in Settings.

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('find a game near a typed city in the next 7 days through the Filters sheet, save the search (360 px)', async ({
  page,
}) => {
  // No map tile ever loads (as on the fields pages): the markers do not need them.
  await page.route(/tile\.openstreetmap\.org|\/\d+\/\d+\/\d+\.png/, (route) => route.abort());
  await registerByApi(page.request);
  await page.goto('/events?view=grid');
  const section = page.getByTestId('events-section');
  // Phone first: no inline bar, a Filters button instead; the view buttons are 44 px to tap.
  await expect(section.getByTestId('find-filters')).toHaveCount(0);
  for (const view of ['Calendar', 'Grid', 'Map']) {
    const box = await section.getByRole('button', { name: view, exact: true }).boundingBox();
    expect(box?.height, `${view} button height`).toBeGreaterThanOrEqual(44);
  }
  await section.getByRole('button', { name: 'Filters', exact: true }).click();

  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  await sheet.getByLabel('When').selectOption({ label: 'Next 7 days' });
  await sheet.getByRole('combobox', { name: 'Place' }).fill('Winnipeg');
  const suggestions = sheet.getByRole('listbox', { name: 'Place' });
  await suggestions
    .getByRole('option', { name: /^Winnipeg, / })
    .first()
    .click();
  await expect(sheet.getByRole('combobox', { name: 'Place' })).toHaveValue(/^Winnipeg, /);
  await sheet.getByLabel('How far').selectOption({ label: 'Within 50 km' });
  // The sheet's tap targets are 44 px high.
  const heights = await sheet
    .locator('button, select, input:not([type=checkbox]), label:has(input[type=checkbox])')
    .evaluateAll((els) =>
      els.map((el) => [el.getAttribute('aria-label') ?? el.id, el.getBoundingClientRect().height] as const),
    );
  for (const [, h] of heights) expect(h).toBeGreaterThanOrEqual(44);
  await checkA11y(page);
  await sheet.getByRole('button', { name: 'Show results' }).click();
  await expect(sheet).toHaveCount(0);

  // Two filters set (the dates, the distance); the address carries them.
  await expect(section.getByRole('button', { name: 'Filters (2)' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]when=week(&|$)/);
  await expect(page).toHaveURL(/[?&]from=\d{4}-\d{2}-\d{2}(&|$)/);
  await expect(page).toHaveURL(/[?&]to=\d{4}-\d{2}-\d{2}(&|$)/);
  await expect(page).toHaveURL(/[?&]near=49\.\d+%2C-97\.\d+(&|$)/);
  await expect(page).toHaveURL(/[?&]radius=50(&|$)/);

  // The matching game, on the first screen; the Toronto game of the same week is not.
  const results = section.getByRole('list', { name: 'Events' });
  const found = results.getByRole('article', { name: 'Sunday Skirmish at Fort Rouge' });
  await expect(found).toBeVisible();
  await expect(results.getByRole('article')).toHaveCount(1);
  const box = await found.boundingBox();
  expect(box?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(740);

  // The same results on the map: one marker.
  await section.getByRole('button', { name: 'Map', exact: true }).click();
  await expect(page).toHaveURL(/[?&]view=map(&|$)/);
  await expect(section.getByTestId('map').locator('.leaflet-marker-icon')).toHaveCount(1);

  // Save the search with a name: it is in Settings.
  const name = `Winnipeg week ${uniqueName('s')}`;
  await section.getByRole('button', { name: 'Filters (2)' }).click();
  // The map stays under the sheet (Leaflet's panes do not draw over it).
  const place = sheet.getByRole('combobox', { name: 'Place' });
  const onTop = await place.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return !!top && (top === el || el.contains(top));
  });
  expect(onTop).toBe(true);
  await sheet.getByRole('button', { name: 'Save this search' }).click();
  const save = page.getByRole('dialog', { name: 'Save this search' });
  await save.getByLabel('Name').fill(name);
  await save.getByRole('button', { name: 'Save this search' }).click();
  await expect(save).toHaveCount(0);
  const toast = page.getByText('Search saved', { exact: true }).first();
  await expect(toast).toBeVisible();
  // Escape closes the toast first, then the sheet.
  await page.keyboard.press('Escape');
  await expect(toast).toHaveCount(0);
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);

  await page.goto('/settings');
  const saved = page.getByTestId('saved-searches');
  const link = saved.getByRole('link', { name });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', /radius=50/);
  await expect(link).toHaveAttribute('href', /near=49\.[\d.]+(%2C|,)-97\.\d+/);
});
