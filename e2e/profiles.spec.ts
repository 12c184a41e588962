import { expect, pngFile, registerByApi, test } from './fixtures';

test('settings: edit the profile and upload an avatar', async ({ page }) => {
  const me = await registerByApi(page.request);
  await page.goto('/settings');
  await page.getByLabel('Bio').fill('Field medic and DMR enthusiast');
  await page.getByLabel('Location').fill('Calgary, AB');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Change Avatar' }).click();
  const input = page.locator('.uppy-Dashboard-input').first();
  await input.setInputFiles(await pngFile());
  await page.getByRole('button', { name: /Upload 1 file/i }).click();
  await expect(page.getByText('Avatar updated')).toBeVisible();

  const profile = await (await page.request.get(`/api/profile/${me.username}`)).json();
  expect(profile.bio).toBe('Field medic and DMR enthusiast');
  expect(profile.location).toBe('Calgary, AB');
  expect(profile.avatar).toMatch(/^\/objects\/images\/.+\.webp$/);
  const img = await page.request.get(profile.avatar);
  expect(img.status()).toBe(200);
  expect(img.headers()['content-type']).toBe('image/webp');
});

test('profiles: follow and unfollow another player; User not found', async ({
  page,
  playwright,
  baseURL,
}) => {
  const otherSession = await playwright.request.newContext({ baseURL });
  const other = await registerByApi(otherSession);
  const me = await registerByApi(page.request);
  await page.goto(`/profile/${other.username}`);
  await expect(page.getByRole('heading', { name: other.username })).toBeVisible();
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unfollow' })).toBeVisible();
  await expect(page.getByTestId('followers-count')).toHaveText('1');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Unfollow' })).toBeVisible();
  await page.getByRole('button', { name: 'Unfollow' }).click();
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  await expect(page.getByTestId('followers-count')).toHaveText('0');

  await page.goto(`/profile/${me.username}`);
  await expect(page.getByRole('link', { name: 'Edit Profile' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toHaveCount(0);

  await page.goto('/profile/no_such_player_xyz');
  await expect(page.getByText('User not found')).toBeVisible();
});
