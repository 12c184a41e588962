import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import sharp from 'sharp';

export const PASSWORD = 'field-ready-pass-2026';

export const uniqueName = (prefix = 'player') => `${prefix}_${randomBytes(3).toString('hex')}`;

/** Registers through the API with the page's cookie jar, so the page is signed in as that user. */
export async function registerByApi(request: APIRequestContext, username = uniqueName()) {
  const res = await request.post('/api/register', {
    data: { username, email: `${username}@example.test`, password: PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; username: string };
}

export async function signInThroughForm(page: Page, username: string, password = PASSWORD) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** A real 64x48 PNG (an orange field), made with sharp, as a user would pick from disk. */
export async function pngFile(
  name = 'avatar.png',
): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 230, g: 120, b: 30 } },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}
