import { test as base, type Page } from '@playwright/test';
import { dontWaitForTheApp, expect, registerByApi } from './fixtures';

// Issue 20, no tap lost: the server's HTML shows the page's buttons before the app's script has
// come. A tap then is held by public/boot.js (the button looks busy) and replayed once the app has
// started (web/src/lib/early-clicks.ts); a link is followed by the browser.
// Playwright's own `test`, and no wait for the app after `goto`: these taps come before it starts
// (the fixtures' `goto` waits for it and runs axe).
const test = base;

/** How long the entry script takes to come: a slow phone network. */
const SCRIPT_DELAY_MS = 2500;

/** Holds back the app's entry script (the one file of the first load, decision 018). */
async function slowScript(page: Page) {
  dontWaitForTheApp(page);
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
    await route.continue().catch(() => {}); // the page may have gone on (a followed link)
  });
}

/**
 * Opens `path` without waiting for the app. The page must come rendered by the server (decision
 * 020): when the server takes over a second to read its data (a busy machine) it answers the plain
 * index.html, which shows no button of the page before the app runs; then it is asked again.
 */
async function openRendered(page: Page, path: string) {
  for (let attempt = 1; ; attempt++) {
    const html = await (await page.goto(path, { waitUntil: 'commit' }))?.text();
    if (html?.includes('id="prerendered-page"')) return;
    if (attempt === 3) throw new Error(`${path} came without the server's render ${attempt} times`);
  }
}

const appStarted = (page: Page) => page.evaluate(() => document.documentElement.dataset.app === 'started');
const waitForTheApp = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.app === 'started', undefined, {
    timeout: 20_000,
  });

test.beforeEach(async ({ page }) => {
  await registerByApi(page.request);
  await slowScript(page);
});

test('Create Post tapped before the app has started opens the dialog once it has', async ({ page }) => {
  await openRendered(page, '/');
  const create = page.getByRole('button', { name: 'Create Post' });
  await create.click();
  expect(await appStarted(page)).toBe(false);
  // The tap is held: the button says so.
  await expect(create).toHaveAttribute('data-pending', '');
  await waitForTheApp(page);
  await expect(page.getByRole('dialog', { name: 'Create New Post' })).toBeVisible();
  await expect(page.locator('[data-pending]')).toHaveCount(0);
});

test('Enter on a focused button before the app has started is not lost either', async ({ page }) => {
  await openRendered(page, '/');
  const create = page.getByRole('button', { name: 'Create Post' });
  await create.focus();
  await page.keyboard.press('Enter');
  expect(await appStarted(page)).toBe(false);
  await waitForTheApp(page);
  await expect(page.getByRole('dialog', { name: 'Create New Post' })).toBeVisible();
});

test('Like tapped before the app has started counts once', async ({ page }) => {
  await openRendered(page, '/');
  const card = page.locator('article').first();
  const like = card.getByRole('button', { name: 'Like', exact: true });
  const before = Number(await card.getByTestId('likes-count').textContent());
  const postId = await card.getAttribute('data-post-id');
  await like.click();
  expect(await appStarted(page)).toBe(false);
  await waitForTheApp(page);
  const unlike = card.getByRole('button', { name: 'Unlike', exact: true });
  await expect(unlike).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByTestId('likes-count')).toHaveText(String(before + 1));
  // Once, not twice (a like then an unlike), here and on the server.
  await page.waitForTimeout(500);
  await expect(card.getByTestId('likes-count')).toHaveText(String(before + 1));
  const feed = (await (await page.request.get('/api/posts/feed')).json()) as {
    id: string;
    likesCount: number;
    isLiked: boolean;
  }[];
  const liked = feed.filter((post) => post.isLiked);
  expect(liked).toHaveLength(1);
  expect(liked[0].likesCount).toBe(before + 1);
  expect(liked[0].id).toBe(postId);
});

test('a sidebar entry tapped before the app has started takes you there', async ({ page }) => {
  await openRendered(page, '/');
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  expect(await appStarted(page)).toBe(false);
  // Teams is a link: the browser follows it (whether the app has started or not).
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Teams' })
    .click();
  await expect(page).toHaveURL(/\/teams$/);
  await waitForTheApp(page);
  await expect(page.getByRole('link', { name: 'Teams' })).toHaveAttribute('aria-current', 'page');
});
