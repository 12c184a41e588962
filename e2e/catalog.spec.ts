import { DEMO_ADMIN } from '../server/demo/data/players';
import { DEMO_PASSWORD } from '../server/demo/seed';
import { expect, registerByApi, signInThroughForm, test, uniqueName } from './fixtures';

/** The catalog (issue 13): a product page reached from the header search, and the admin's price-list import. */

test('the header search opens a product page: specifications, offers per currency, price history charts', async ({
  page,
}) => {
  await registerByApi(page.request);
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.fill('trident');
  await page
    .getByRole('listbox')
    // The catalog's group (issue 20: Gear is the players' own gear now).
    .getByRole('group', { name: 'Products' })
    .getByRole('option', { name: 'Krytac Trident MkII CRB' })
    .click();
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Krytac Trident MkII CRB' })).toBeVisible();
  await expect(box).toHaveValue('');

  // Specifications, with the joules at 0.20 g for 370 fps.
  await expect(page.getByText('1.27 J with 0.20 g BBs')).toBeVisible();
  // The demo's Canadian stores price in CAD, the US store in USD; lowest per currency, in stock first.
  const cad = page.getByRole('table', { name: 'CAD' });
  await expect(cad.getByRole('row')).toHaveCount(3);
  await expect(cad.getByRole('row').nth(1)).toContainText('Northbound Airsoft');
  await expect(cad.getByRole('row').nth(1)).toContainText('Lowest price');
  await expect(cad.getByRole('row').nth(1)).toContainText('$579.99 CAD');
  const usd = page.getByRole('table', { name: 'USD' });
  await expect(usd).toContainText('Pacific Gear Exchange');
  await expect(usd).toContainText('Out of stock');
  await expect(page.getByText('Lowest in CAD')).toBeVisible();

  // One chart per offer, drawn by uPlot (loaded with the page's history section).
  await expect(page.getByRole('img', { name: /^Price history at Northbound Airsoft: / })).toBeVisible();
  await expect(page.locator('.uplot')).toHaveCount(3);

  // 360 px wide: nothing runs off the side.
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(page.getByRole('heading', { level: 1, name: 'Krytac Trident MkII CRB' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // An unknown product.
  await page.goto('/products/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert')).toHaveText(/Product not found/);
});

test('the admin imports a CSV price list: preview of added, updated and unmatched rows, then commit', async ({
  page,
}) => {
  await signInThroughForm(page, DEMO_ADMIN, DEMO_PASSWORD);
  await page.getByRole('link', { name: 'Admin Dashboard' }).click();
  await page.getByRole('link', { name: /^Manage Catalog/ }).click();
  await expect(page.getByRole('heading', { name: 'Manage Catalog' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Products' }).getByText('Krytac Trident MkII CRB'),
  ).toBeVisible();
  // Its three demo offers are counted (the list once said '0 offers').
  await expect(
    page
      .getByRole('list', { name: 'Products' })
      .getByRole('listitem')
      .filter({ hasText: 'Krytac Trident MkII CRB' }),
  ).toContainText(/· 3 offers/);

  const vendor = `Shop ${uniqueName('e2e')}`;
  const price = (300 + Math.floor(Math.random() * 200) + 0.99).toFixed(2);
  const csv = [
    'vendor,brand,model,price,currency,url,in stock',
    `${vendor},Krytac,Trident Mk2 CRB,${price},USD,https://shop.example.com/trident,yes`,
    `Northbound Airsoft,Krytac,Krytac Trident MkII CRB,${price},CAD,https://northbound-airsoft.example.com/products/krytac-trident-mkii-crb,yes`,
    `${vendor},Nobody,Imaginary Blaster 9000,99.00,USD,https://shop.example.com/blaster,no`,
  ].join('\n');
  await page.getByLabel('CSV', { exact: true }).fill(csv);
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(page.getByTestId('import-summary')).toHaveText('1 added, 1 updated, 0 unchanged, 1 unmatched');
  await expect(preview.locator('tr[data-status="added"]')).toContainText(vendor);
  await expect(preview.locator('tr[data-status="updated"]')).toContainText('$579.99 CAD');
  await expect(preview.locator('tr[data-status="unmatched"]')).toContainText('Imaginary Blaster 9000');

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('Import Complete')).toBeVisible();
  await expect(page.getByText('1 added, 1 updated, 0 unchanged, 1 unmatched').first()).toBeVisible();

  // The product page shows the new offer and Northbound's new price with its history.
  await page.getByRole('link', { name: 'View Krytac Trident MkII CRB' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Krytac Trident MkII CRB' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'USD' })).toContainText(vendor);
  await expect(page.getByRole('table', { name: 'CAD' })).toContainText(`$${price} CAD`);
  await expect(
    page.getByRole('img', { name: new RegExp(`^Price history at ${vendor}: \\$${price} USD`) }),
  ).toBeVisible();
});
