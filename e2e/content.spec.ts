import type { Page } from '@playwright/test';
import { DEMO_ADMIN } from '../server/demo/data/players';
import { DEMO_PASSWORD } from '../server/demo/seed';
import { checkA11y, expect, test, uniqueName } from './fixtures';

const NEWS_DATE = /^[A-Z][a-z]+ \d{1,2}, \d{4}$/;

async function openSection(page: Page, name: 'News' | 'Tutorials' | 'Admin Dashboard') {
  await page.getByRole('link', { name, exact: true }).click();
}

async function signInAsAdmin(page: Page) {
  const res = await page.request.post('/api/login', {
    data: { username: DEMO_ADMIN, password: DEMO_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function openAdminTool(page: Page, tool: 'Add Tutorial' | 'Manage News') {
  await page.goto('/');
  await openSection(page, 'Admin Dashboard');
  await page.getByRole('link', { name: new RegExp(`^${tool}`) }).click();
  await expect(page.getByRole('heading', { name: tool, level: 2 })).toBeVisible();
}

test('the News section lists the articles and opens one in its dialog, at its own address', async ({
  page,
}) => {
  await page.goto('/');
  await openSection(page, 'News');
  await expect(page.getByRole('heading', { name: 'Latest News', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'News articles' });
  const first = list.getByRole('listitem').first();
  await expect(first.getByRole('link')).toBeVisible();
  await expect(first.locator('time')).toHaveText(NEWS_DATE);
  await expect(first).toContainText('min');
  await checkA11y(page);

  const title = (await first.getByRole('link').textContent()) ?? '';
  await first.getByRole('link').click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/news\/[0-9a-f-]{36}$/);
  await expect(dialog.locator('time')).toHaveText(NEWS_DATE);
  // The Markdown content, rendered (a heading of the article).
  await expect(dialog.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await checkA11y(page);
  const address = page.url();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/news$/);

  // The address opens the same article over the News section, for anyone it is shared with.
  await page.goto(address);
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole('heading', { name: 'Latest News', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'News articles' })).toBeVisible();
});

test('the News section says No news articles available yet. when there are none', async ({ page }) => {
  await page.route('**/api/news?*', (route) => route.fulfill({ json: [] }));
  await page.goto('/');
  await openSection(page, 'News');
  await expect(page.getByText('No news articles available yet.')).toBeVisible();
});

test('the Tutorials section filters by category and opens videos and written tutorials', async ({ page }) => {
  await page.goto('/');
  await openSection(page, 'Tutorials');
  const filters = page.getByRole('group', { name: 'Tutorial categories' });
  await expect(filters.getByRole('button')).toHaveText([
    'All',
    'How to Play',
    'Equipment',
    'Tactics',
    'Milsim',
    'Maintenance',
  ]);
  await expect(filters.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  const cards = page.getByRole('list', { name: 'Tutorials' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  const all = await cards.count();

  await filters.getByRole('button', { name: 'Maintenance' }).click();
  await expect(filters.getByRole('button', { name: 'Maintenance' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => cards.count()).toBeLessThan(all);
  await expect(cards.filter({ hasText: 'Gearbox Shimming Step by Step' })).toHaveCount(1);
  await expect(cards.filter({ hasText: 'Choosing Your First AEG' })).toHaveCount(0);
  // Difficulty badges in their colours.
  await expect(cards.locator('[data-difficulty="Advanced"]').first()).toHaveClass(/red/);
  await expect(cards.locator('[data-difficulty="Intermediate"]').first()).toHaveClass(/yellow/);
  await checkA11y(page);

  // A video: the privacy-enhanced player and the Subscribe link.
  await cards
    .filter({ hasText: 'Gearbox Shimming' })
    .getByRole('button', { name: /Watch Now/ })
    .click();
  const video = page.getByRole('dialog', { name: 'Gearbox Shimming Step by Step' });
  await expect(video.locator('iframe')).toHaveAttribute(
    'src',
    /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}/,
  );
  await expect(video.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', /youtube\.com/);
  await expect(video).toContainText('Tech Bench Airsoft');
  await page.keyboard.press('Escape');
  await expect(video).toBeHidden();

  // Written: the Markdown text.
  await filters.getByRole('button', { name: 'Equipment' }).click();
  await cards
    .filter({ hasText: 'Choosing Your First AEG' })
    .getByRole('button', { name: /Read Tutorial/ })
    .click();
  const article = page.getByRole('dialog', { name: 'Choosing Your First AEG' });
  await expect(article.getByRole('heading', { name: 'What to look for' })).toBeVisible();
  await expect(article.locator('iframe')).toHaveCount(0);
  await checkA11y(page);
  await page.keyboard.press('Escape');

  // A category without tutorials.
  await page.route('**/api/tutorials?*category=Tactics*', (route) => route.fulfill({ json: [] }));
  await filters.getByRole('button', { name: 'Tactics' }).click();
  await expect(page.getByText('No tutorials available in this category yet.')).toBeVisible();
});

test('an admin writes, edits and deletes a news article in Manage News', async ({ page }) => {
  await signInAsAdmin(page);
  await openAdminTool(page, 'Manage News');
  const title = `Field opening ${uniqueName('day')}`;
  const form = page.getByRole('form', { name: 'Create News Article' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Excerpt').fill('The new woodland field opens its gates.');
  await form
    .getByLabel('Content (Markdown)')
    .fill('## Opening day\n\n- Free rentals\n- [Map](https://example.com/map)');
  await form.getByLabel('Category').selectOption('Events');
  await form.getByRole('button', { name: 'Create Article' }).click();
  await expect(page.getByText('News article created successfully')).toBeVisible();
  const list = page.getByRole('list', { name: 'Articles' });
  await expect(list.getByText(title)).toBeVisible();
  await checkA11y(page);

  // Edit mode until save.
  await list.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('form', { name: 'Edit News Article' });
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  await expect(edit.getByLabel('Source')).toHaveValue('Airsoft Community');
  await expect(edit.getByLabel('Read time')).toHaveValue('5 min');
  await edit.getByLabel('Title').fill(`${title} (updated)`);
  await edit.getByRole('button', { name: 'Update Article' }).click();
  await expect(page.getByText('News article updated successfully')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Create News Article' })).toBeVisible();
  await expect(list.getByText(`${title} (updated)`)).toBeVisible();

  // Readers see it in the News section, Markdown rendered, links leaving safely.
  await page.getByRole('link', { name: 'News', exact: true }).click();
  await page.getByRole('link', { name: `${title} (updated)` }).click();
  const dialog = page.getByRole('dialog', { name: `${title} (updated)` });
  await expect(dialog.getByRole('heading', { name: 'Opening day' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Map' })).toHaveAttribute(
    'rel',
    'nofollow noopener noreferrer',
  );
  await page.keyboard.press('Escape');

  // Delete, after confirmation.
  await openAdminTool(page, 'Manage News');
  await page.getByRole('button', { name: `Delete ${title} (updated)` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('News article deleted successfully')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Articles' }).getByText(`${title} (updated)`)).toHaveCount(0);
});

test('an admin adds, edits and deletes a tutorial in Add Tutorial', async ({ page }) => {
  await signInAsAdmin(page);
  await openAdminTool(page, 'Add Tutorial');
  const title = `Sling setup ${uniqueName('t')}`;
  const form = page.getByRole('form', { name: 'New Tutorial' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('Single-point or two-point: set your sling up right.');
  await form.getByLabel('Category').selectOption('Equipment');
  await form.getByLabel('Difficulty').selectOption('Intermediate');
  await form.getByLabel('Duration').fill('7 min');
  await expect(form.getByLabel('Type')).toHaveValue('video');
  await form.getByLabel('Video URL').fill('https://youtu.be/dQw4w9WgXcQ');
  await expect(form.getByText('Video id: dQw4w9WgXcQ')).toBeVisible();
  await form.getByLabel('Channel name').fill('Sling School');
  await form.getByRole('button', { name: 'Create Tutorial' }).click();
  await expect(page.getByText('Tutorial created successfully')).toBeVisible();
  const list = page.getByRole('list', { name: 'Tutorials' });
  await expect(list.getByText(title)).toBeVisible();
  await checkA11y(page);

  await list.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('form', { name: 'Edit Tutorial' });
  await expect(edit.getByLabel('Channel name')).toHaveValue('Sling School');
  await edit.getByLabel('Duration').fill('9 min');
  await edit.getByRole('button', { name: 'Update Tutorial' }).click();
  await expect(page.getByText('Tutorial updated successfully')).toBeVisible();

  // Players find it under its category, with the channel and no view count (no API key here).
  await page.getByRole('link', { name: 'Tutorials', exact: true }).click();
  await page
    .getByRole('group', { name: 'Tutorial categories' })
    .getByRole('button', { name: 'Equipment' })
    .click();
  const card = page.getByRole('list', { name: 'Tutorials' }).getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText('9 min');
  await expect(card).toContainText('Sling School');
  await expect(card).not.toContainText('views');

  await openAdminTool(page, 'Add Tutorial');
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Tutorial deleted successfully')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tutorials' }).getByText(title)).toHaveCount(0);
});
