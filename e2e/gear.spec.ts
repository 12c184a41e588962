import type { Page } from '@playwright/test';
import { expect, pngFile, registerByApi, test, uniqueName } from './fixtures';

/** The rating card's title and its "i of n" position. */
async function current(page: Page) {
  const card = page.getByRole('region', { name: 'Rate Gear' }).getByRole('article');
  const title = (await card.getByRole('heading', { level: 2 }).textContent()) ?? '';
  const position = (await card.getByText(/^\d+ of \d+$/).textContent()) ?? '';
  const [at, of] = position.split(' of ').map(Number);
  return { title, at, of };
}

test('Rate Gear: one item at a time, Previous/Skip/Next locally, the next item after a rating, refetched from the first past the last', async ({
  page,
}) => {
  await registerByApi(page.request);
  await page.goto('/gear');
  await expect(page.getByRole('tab', { name: 'Rate Gear' })).toHaveAttribute('aria-selected', 'true');
  const region = page.getByRole('region', { name: 'Rate Gear' });
  await expect(region.getByText(/^1 of \d+$/)).toBeVisible();
  const first = await current(page);
  expect(first.of).toBeGreaterThan(3);
  await expect(region.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await region.getByRole('button', { name: 'Next' }).click();
  await expect(region.getByText(`2 of ${first.of}`)).toBeVisible();
  const second = await current(page);
  expect(second.title).not.toBe(first.title);
  await region.getByRole('button', { name: 'Previous' }).click();
  await expect(region.getByRole('heading', { level: 2 })).toHaveText(first.title);
  await region.getByRole('button', { name: 'Skip' }).click();
  await expect(region.getByRole('heading', { level: 2 })).toHaveText(second.title);

  // Rate the second with the keyboard: 3 stars, then the arrow key to 4, then Submit.
  await region.getByRole('radio', { name: '3 stars' }).focus();
  await page.keyboard.press('Space');
  await expect(region.getByRole('radio', { name: '3 stars' })).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(region.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await region.getByRole('button', { name: 'Submit rating' }).click();
  await expect(region.getByText(`3 of ${first.of}`)).toBeVisible();

  // Past the last item: fetched again, from the first (skipped ones come back, the rated one does not).
  const { at, of } = await current(page);
  for (let i = at; i <= of; i++) await region.getByRole('button', { name: 'Next' }).click();
  await expect(region.getByText(/^1 of \d+$/)).toBeVisible();
  await expect(region.getByRole('heading', { level: 2 })).toHaveText(first.title);
  await region.getByRole('button', { name: 'Next' }).click();
  await expect(region.getByRole('heading', { level: 2 })).not.toHaveText(second.title);
});

test('Top Rated: weighted by the number of ratings, the average to one decimal and the count, by category', async ({
  page,
}) => {
  await registerByApi(page.request);
  await page.goto('/gear');
  await page.getByRole('tab', { name: 'Top Rated' }).click();
  await expect(page.getByText(/Weighted by the number of ratings/)).toBeVisible();
  const list = page.getByRole('list', { name: 'Top Rated' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expect(list.getByTestId('average').first()).toHaveText(/^\d\.\d$/);
  await expect(list.getByText(/^\(\d+ ratings?\)$/).first()).toBeVisible();

  // The order is the server's (weighted); the page shows the raw average beside it.
  const answer = await (await page.request.get('/api/gear/top-rated')).json();
  const titles = await list.getByRole('heading', { level: 3 }).allTextContents();
  expect(titles).toEqual(answer.map((g: { title: string }) => g.title));

  await page.getByLabel('Category').selectOption('Rifle');
  await expect(async () => {
    const lines = await list.getByText(/ · by /).allTextContents();
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.startsWith('Rifle')).toBe(true);
  }).toPass();
});

test('Upload Your Gear: the image through the upload flow, then title, description and category; listed on the profile', async ({
  page,
}) => {
  const me = await registerByApi(page.request, uniqueName('gear'));
  const title = `Plate carrier ${me.username}`;
  await page.goto('/gear');
  await page.getByRole('button', { name: 'Upload gear' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Your Gear' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Post Gear' }).click();
  await expect(dialog.getByText('Please upload an image')).toBeVisible();

  await dialog.getByRole('button', { name: 'Upload image' }).click();
  await page
    .locator('.uppy-Dashboard-input')
    .first()
    .setInputFiles(await pngFile('carrier.png'));
  await page.getByRole('button', { name: /Upload 1 file/i }).click();
  await expect(dialog.getByRole('img', { name: 'Image' })).toHaveAttribute(
    'src',
    /^\/objects\/images\/.+\.webp$/,
  );
  await dialog.getByLabel('Description').fill('Light, with a cummerbund.');
  await dialog.getByLabel('Category').selectOption('Tactical Vest');
  await dialog.getByRole('button', { name: 'Post Gear' }).click();
  await expect(page.getByText('Gear posted')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto(`/profile/${me.username}`);
  const gear = page.getByRole('list', { name: 'Gear' });
  await expect(gear.getByText(title)).toBeVisible();
  await expect(gear.getByText('Tactical Vest · No ratings yet')).toBeVisible();
});

test('at 360 px the floating upload button sits above the mobile bottom bar, in both themes (screenshots)', async ({
  page,
}) => {
  await registerByApi(page.request);
  await page.setViewportSize({ width: 360, height: 740 });
  for (const theme of ['dark', 'light'] as const) {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.goto('/gear');
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
    const button = page.getByRole('button', { name: 'Upload gear' });
    const bar = page.getByRole('navigation', { name: 'Mobile navigation' });
    await expect(bar).toBeVisible();
    await expect(button).toBeVisible();
    const b = (await button.boundingBox())!;
    const n = (await bar.boundingBox())!;
    // Clear of the bar (its border included), on the screen, and the topmost thing where it is tapped.
    expect(b.y + b.height).toBeLessThanOrEqual(n.y - 8);
    expect(b.x + b.width).toBeLessThanOrEqual(360);
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.getAttribute('aria-label'),
      [b.x + b.width / 2, b.y + b.height - 4],
    );
    expect(hit).toBe('Upload gear');
    await page.screenshot({ path: test.info().outputPath(`gear-360-${theme}.png`) });
    // Scrolled to the end, the rating card's buttons are not under the floating button.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const region = page.getByRole('region', { name: 'Rate Gear' });
    const fab = (await button.boundingBox())!;
    for (const name of ['Previous', 'Skip', 'Next', 'Submit rating']) {
      const box = (await region.getByRole('button', { name }).boundingBox())!;
      const apart =
        box.x + box.width <= fab.x ||
        fab.x + fab.width <= box.x ||
        box.y + box.height <= fab.y ||
        fab.y + fab.height <= box.y;
      expect(apart, name).toBe(true);
    }
    await page.screenshot({ path: test.info().outputPath(`gear-360-${theme}-end.png`) });
  }
  await page.getByRole('button', { name: 'Upload gear' }).click();
  await expect(page.getByRole('dialog', { name: 'Upload Your Gear' })).toBeVisible();
});
