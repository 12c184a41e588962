import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { DEMO_ADMIN } from '../server/demo/data/players';
import { DEMO_PASSWORD } from '../server/demo/seed';
import { checkA11y, expect, test, uniqueName } from './fixtures';

/** Screenshots go to docs/screenshots with UPDATE_SCREENSHOTS=1, else beside the test's output. */
const shot = (name: string) =>
  process.env.UPDATE_SCREENSHOTS
    ? fileURLToPath(new URL(`../docs/screenshots/${name}`, import.meta.url))
    : test.info().outputPath(name);

const section = (page: Page) => page.getByTestId('stores-section');

async function openLocator(page: Page) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Store Locator', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Store Locator', level: 1 })).toBeVisible();
}

async function signInAsAdmin(page: Page) {
  const res = await page.request.post('/api/login', {
    data: { username: DEMO_ADMIN, password: DEMO_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('the Store Locator lists the stores with country and region tabs; the region resets with the country; screenshot', async ({
  page,
}) => {
  await openLocator(page);
  const stores = section(page);
  const countries = stores.getByRole('tablist', { name: 'Country' });
  await expect(countries.getByRole('tab')).toHaveText(['All Countries', 'Canada', 'US']);
  const list = stores.getByRole('list', { name: 'Stores' });
  await expect(list.getByRole('listitem').first()).toBeVisible();

  // A demo store: region badge, address, phone as tel:, website with https:// prefixed.
  const card = list.getByRole('listitem').filter({ hasText: 'Fraser Valley Tactical' });
  await expect(card).toContainText('British Columbia');
  await expect(card).toContainText('Abbotsford, BC');
  await expect(card.getByRole('link', { name: '(604) 555-0178' })).toHaveAttribute('href', 'tel:6045550178');
  const site = card.getByRole('link', { name: 'fraservalleytactical.example.com' });
  await expect(site).toHaveAttribute('href', 'https://fraservalleytactical.example.com');
  await expect(site).toHaveAttribute('target', '_blank');
  await expect(site).toHaveAttribute('rel', 'noopener noreferrer');
  await checkA11y(page);

  // Canada: the seven regions of SPEC §9 as region tabs, only Canadian stores.
  await countries.getByRole('tab', { name: 'Canada' }).click();
  const regions = stores.getByRole('tablist', { name: 'Region' });
  await expect(regions.getByRole('tab')).toHaveText([
    'All',
    'Alberta',
    'Atlantic Canada',
    'British Columbia',
    'Manitoba',
    'Ontario',
    'Quebec',
    'Saskatchewan',
  ]);
  await regions.getByRole('tab', { name: 'Quebec' }).click();
  await expect(regions.getByRole('tab', { name: 'Quebec' })).toHaveAttribute('aria-selected', 'true');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  for (const item of await list.getByRole('listitem').all()) await expect(item).toContainText('Quebec');
  await page.screenshot({ path: shot('store-locator.png'), fullPage: false });
  await regions.getByRole('tab', { name: 'Atlantic Canada' }).click();
  await expect(list.getByRole('listitem').first()).toContainText('Atlantic Canada');
  await checkA11y(page);

  // US: the region goes back to all, the tabs are the states.
  await countries.getByRole('tab', { name: 'US' }).click();
  await expect(regions.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  await expect(regions.getByRole('tab', { name: 'Texas' })).toBeVisible();
  await expect(regions.getByRole('tab', { name: 'Quebec' })).toHaveCount(0);
  await expect(list).not.toContainText('Quebec');
  await checkA11y(page);
});

test('Near me asks for the location only when pressed, then lists the nearest store first with km', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 49.05, longitude: -122.32 }); // Abbotsford, BC
  await openLocator(page);
  const stores = section(page);
  await expect(stores.getByRole('list', { name: 'Stores' }).getByRole('listitem').first()).toBeVisible();
  const nearby = page.waitForRequest((r) => r.url().includes('/api/stores') && r.url().includes('near='));
  await stores.getByRole('button', { name: 'Near me' }).click();
  await nearby;
  await expect(stores.getByRole('button', { name: 'Near me' })).toHaveAttribute('aria-pressed', 'true');
  const first = stores.getByRole('list', { name: 'Stores' }).getByRole('listitem').first();
  await expect(first).toContainText('Fraser Valley Tactical');
  await expect(first).toContainText(/\d+\.\d km away/);
});

test('an admin adds, edits and deletes a store in Manage Stores, and the locator follows', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'Admin Dashboard', exact: true }).click();
  await page.getByRole('link', { name: /^Manage Stores/ }).click();
  await expect(page.getByRole('heading', { name: 'Manage Stores', level: 2 })).toBeVisible();

  const name = `Test Depot ${uniqueName('')}`;
  const form = page.getByRole('form', { name: 'Add Store' });
  // Required fields first.
  await form.getByRole('button', { name: 'Add Store' }).click();
  await expect(form.getByText('Required')).toHaveCount(3);
  await checkA11y(page);

  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Address').fill('77 Test Rd, Boise, ID 83702');
  await form.getByLabel('Region').fill('Idaho');
  await form.getByLabel('Phone').fill('(208) 555-0100');
  await form.getByLabel('Website').fill('testdepot.example.com');
  await form.getByRole('button', { name: 'Add Store' }).click();
  await expect(page.getByText('Store created successfully')).toBeVisible();
  const list = page.getByRole('list', { name: 'Stores' });
  await expect(list.getByText(name)).toBeVisible();

  await list.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('form', { name: 'Edit Store' });
  await expect(edit.getByLabel('Name')).toHaveValue(name);
  await edit.getByLabel('Region').fill('Oregon');
  await edit.getByRole('button', { name: 'Update Store' }).click();
  await expect(page.getByText('Store updated successfully')).toBeVisible();
  await expect(list.getByText(/Oregon · 77 Test Rd/)).toBeVisible();

  // The locator shows it under US, Oregon.
  await page.getByRole('link', { name: 'Store Locator', exact: true }).click();
  const stores = section(page);
  await stores.getByRole('tablist', { name: 'Country' }).getByRole('tab', { name: 'US' }).click();
  await stores.getByRole('tablist', { name: 'Region' }).getByRole('tab', { name: 'Oregon' }).click();
  const card = stores.getByRole('list', { name: 'Stores' }).getByRole('listitem');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(name);
  await expect(card.getByRole('link', { name: 'testdepot.example.com' })).toHaveAttribute(
    'href',
    'https://testdepot.example.com',
  );

  await page.getByRole('link', { name: 'Admin Dashboard', exact: true }).click();
  await page.getByRole('link', { name: /^Manage Stores/ }).click();
  await page
    .getByRole('list', { name: 'Stores' })
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Delete this store?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Store deleted successfully')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Stores' }).getByText(name)).toHaveCount(0);
});
