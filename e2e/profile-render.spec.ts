import { dontWaitForTheApp, expect, registerByApi, test } from './fixtures';

// Decision 020: /profile/{username} comes rendered from the server and the browser hydrates it.

test('a profile paints from the server’s HTML before any script runs', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  dontWaitForTheApp(page);
  await page.goto('/profile/sarah.speedsoft');
  await expect(page.getByRole('heading', { name: 'sarah.speedsoft', level: 1 })).toBeVisible();
  const banner = page.locator('section[aria-label="Profile"] img').first();
  await expect(banner).toBeVisible();
  expect(await banner.getAttribute('srcset')).toMatch(/ \d+w/);
  expect(await banner.getAttribute('fetchpriority')).toBe('high');
  await expect(page.getByRole('link', { name: 'Sign in to follow' })).toBeVisible();
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await context.close();
});

test('a signed-in player’s profile page is theirs from the first paint, hydrated without errors', async ({
  page,
}) => {
  await registerByApi(page.request);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const viewerRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/user') viewerRequests.push(request.url());
  });

  const html = await (await page.request.get('/profile/sarah.speedsoft')).text();
  // The server's render already knows the viewer: their Follow button, no Sign In.
  expect(html).toContain('id="prerendered-page"');
  expect(html).toMatch(/<button[^>]*>(<svg[^>]*>.*?<\/svg>)?Follow<\/button>/);
  expect(html).not.toContain('Sign in to follow');

  await page.goto('/profile/sarah.speedsoft');
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unfollow' })).toBeVisible();
  await page.getByRole('button', { name: 'Unfollow' }).click();
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  expect(errors).toEqual([]);
  // The viewer came with the HTML: the page never asked for it.
  expect(viewerRequests).toEqual([]);
});
