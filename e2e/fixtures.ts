import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

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

/** A tiny real PNG made in the browser-free way: a 64x48 image with an orange square. */
export function pngFile(): { name: string; mimeType: string; buffer: Buffer } {
  // 1x1 orange PNG, valid and decodable by sharp.
  const b64 =
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==';
  return { name: 'avatar.png', mimeType: 'image/png', buffer: Buffer.from(b64, 'base64') };
}
