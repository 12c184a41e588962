import { expect, PASSWORD, registerByApi, signInThroughForm, test, uniqueName } from './fixtures';

test('a visitor registers, logs out and logs in again', async ({ page }) => {
  const username = uniqueName('rookie');
  await page.goto('/auth');
  await expect(page.getByText('5K+ Active Players')).toBeVisible();
  await expect(page.getByText('200+ Weekly Events')).toBeVisible();
  await expect(page.getByText('1K+ Gear Items')).toBeVisible();
  await page.getByText("Don't have an account? Sign up").click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill('something-else-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Latest from Community' })).toBeVisible();

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await expect(page.getByRole('menu').getByText(username)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await signInThroughForm(page, username);
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await expect(page.getByRole('menu').getByText(username)).toBeVisible();
});

test('a wrong password shows the Login failed toast with the server message', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Username').fill('nobody_here');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('Invalid username or password')).toBeVisible();
});

test('a taken username shows Registration failed', async ({ page, request }) => {
  const taken = await registerByApi(request);
  await page.goto('/auth');
  await page.getByText("Don't have an account? Sign up").click();
  await page.getByLabel('Username').fill(taken.username);
  await page.getByLabel('Email').fill(`${uniqueName()}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Registration failed')).toBeVisible();
  await expect(page.getByText('Username is already taken').first()).toBeVisible();
});

test('protected routes send a signed-out visitor to /auth, and /auth sends a signed-in one to /', async ({
  page,
}) => {
  await page.goto('/settings');
  // Signing in will come back to the page that asked for it (issue 20).
  await expect(page).toHaveURL(/\/auth\?next=%2Fsettings$/);
  await registerByApi(page.request);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings$/);
});

test('an unknown path shows the 404 page and unknown API paths answer JSON', async ({ page, request }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404')).toBeVisible();
  const api = await request.get('/api/no-such-endpoint');
  expect(api.status()).toBe(404);
  expect((await api.json()).message).toContain('Not found');
});

test('the theme toggles and is remembered under the key theme', async ({ page }) => {
  await registerByApi(page.request);
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
});

test('the account can be deleted from settings', async ({ page }) => {
  const me = await registerByApi(page.request);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  // The button enables only once the username is typed.
  await expect(dialog.getByRole('button', { name: 'Delete Account' })).toBeDisabled();
  await dialog.getByLabel(`Type ${me.username} to confirm`).fill(me.username);
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page.getByText('Account deleted')).toBeVisible();
  // The settings page is a protected one: with the account gone it sends to /auth (with next).
  await expect(page).toHaveURL(/\/auth(\?next=%2Fsettings)?$/);
  const res = await page.request.get(`/api/profile/${me.username}`);
  expect(res.status()).toBe(404);
  await page.getByLabel('Username').fill(me.username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login failed')).toBeVisible();
});
