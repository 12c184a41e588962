import type { Page } from '@playwright/test';
import type { AnalyticsReport } from '../contract/analytics';
import { DEMO_ADMIN } from '../server/demo/data/players';
import { DEMO_PASSWORD } from '../server/demo/seed';
import { checkA11y, expect, signInThroughForm, test } from './fixtures';

/** The report the page itself received for a range. */
const reportOf = (page: Page, range: '7d' | '30d') =>
  page
    .waitForResponse((r) => r.url().endsWith(`/api/admin/analytics?range=${range}`) && r.ok())
    .then((r) => r.json() as Promise<AnalyticsReport>);

async function expectFigures(page: Page, report: AnalyticsReport) {
  const card = (label: string) => page.getByText(label, { exact: true }).locator('xpath=..');
  await expect(card('Total Sessions')).toContainText(String(report.totalSessions));
  for (const [list, first] of [
    ['Top Searches', report.topSearches[0]?.query],
    ['Top Pages', report.topPages[0]?.path],
    ['Post Activity', report.postActivity[0]?.action],
  ] as const) {
    expect(first, list).toBeTruthy();
    await expect(page.getByRole('list', { name: list })).toContainText(first as string);
  }
  await expect(page.getByRole('list', { name: 'Top Locations' }).getByRole('listitem')).toHaveCount(
    report.topLocations.length,
  );
}

test('the admin opens View Analytics, sees the figures and switches 7d / 30d', async ({ page }) => {
  await signInThroughForm(page, DEMO_ADMIN, DEMO_PASSWORD);
  await page.getByRole('link', { name: 'Admin Dashboard' }).click();
  const week = reportOf(page, '7d');
  await page.getByRole('link', { name: /^View Analytics/ }).click();
  await expect(page.getByRole('heading', { name: 'View Analytics' })).toBeVisible();

  const seven = await week;
  expect(seven.range).toBe('7d');
  expect(seven.daily).toHaveLength(7);
  expect(seven.totalSessions).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: '7d' })).toHaveAttribute('aria-pressed', 'true');
  await expectFigures(page, seven);
  // The daily charts (uPlot, loaded with the view) draw on canvases.
  await expect(
    page.getByRole('img', { name: 'Sessions and page views per day' }).locator('canvas'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'IP Geolocation by DB-IP' })).toBeVisible();
  await checkA11y(page);

  const month = reportOf(page, '30d');
  await page.getByRole('button', { name: '30d' }).click();
  const thirty = await month;
  expect(thirty.daily).toHaveLength(30);
  expect(thirty.totalSessions).toBeGreaterThan(seven.totalSessions);
  await expect(page.getByRole('button', { name: '30d' })).toHaveAttribute('aria-pressed', 'true');
  await expectFigures(page, thirty);
  await checkA11y(page);

  await page.getByRole('button', { name: '7d' }).click();
  await expect(page.getByText('Total Sessions', { exact: true }).locator('xpath=..')).not.toContainText(
    String(thirty.totalSessions),
  );
});
