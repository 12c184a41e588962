import type { APIRequest, APIRequestContext, Page } from '@playwright/test';
import { expect, registerByApi, test, uniqueName } from './fixtures';

// Notifications (issue 23): the bell's live badge, its menu, the page and the settings, as a player
// sees them while another player (a second API session) acts on their post.

/** A post of the page's signed-in player, made through the API. */
async function postByApi(page: Page, caption: string): Promise<string> {
  const res = await page.request.post('/api/posts', { data: { caption, images: [] } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** A new player's first post earns a badge (a notification): read it, to start from none unread. */
async function readAllByApi(page: Page) {
  const res = await page.request.post('/api/notifications/read', { data: { all: true } });
  expect(await res.json()).toEqual({ count: 0 });
}

async function comment(api: APIRequestContext, postId: string, content: string) {
  const res = await api.post(`/api/posts/${postId}/comments`, { data: { content } });
  expect(res.status(), await res.text()).toBe(201);
}

/** Another player, signed in in a session of their own. */
async function anotherPlayer(request: APIRequest, baseURL?: string) {
  const api = await request.newContext({ baseURL });
  const player = await registerByApi(api, uniqueName('medic'));
  return { api, ...player };
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

test('the badge appears live when another player comments; opening the entry reads it', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.slow(); // two players, two pages checked with axe in both themes
  await registerByApi(page.request);
  const postId = await postByApi(page, `Loadout check ${uniqueName('op')}`);
  await readAllByApi(page);
  const other = await anotherPlayer(playwright.request, baseURL);

  await page.goto('/');
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(page).toHaveTitle('Airsoft Community');

  // No reload: the stream brings it.
  await comment(other.api, postId, 'Nice plate carrier, which brand?');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(page.getByTestId('unread-badge')).toHaveText('1');
  await expect(page).toHaveTitle('(1) Airsoft Community');

  await bell(page).click();
  const menu = page.getByRole('menu');
  const entry = menu.getByRole('menuitem', {
    name: new RegExp(`^Unread: ${other.username} commented on your post`),
  });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Nice plate carrier, which brand?');
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/posts/${postId}$`));
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(page).toHaveTitle('Airsoft Community');

  // Read on the server too.
  const count = await page.request.get('/api/notifications/unread-count');
  expect(await count.json()).toEqual({ count: 0 });
  await other.api.dispose();
});

test('the menu and the page list the entries; Mark all as read reads them', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.slow(); // two players, two pages checked with axe in both themes
  await registerByApi(page.request);
  const other = await anotherPlayer(playwright.request, baseURL);

  await page.goto('/');
  await bell(page).click();
  await expect(page.getByRole('menu').getByText('No new notifications')).toBeVisible();
  await page.keyboard.press('Escape');

  // The first post earns a badge; then three comments and a like.
  const postId = await postByApi(page, `Quarry op debrief ${uniqueName('op')}`);
  for (const n of [1, 2, 3]) await comment(other.api, postId, `Comment number ${n}`);
  const like = await other.api.post(`/api/posts/${postId}/like`);
  expect(like.ok(), await like.text()).toBe(true);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 5 unread');

  // The menu, by keyboard: newest first.
  await bell(page).focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: /^Unread: / })).toHaveCount(5);
  await expect(menu.getByRole('menuitem', { name: /You earned the First Post badge/ })).toBeVisible();
  await expect(menu.getByRole('menuitem').first()).toHaveAccessibleName(
    new RegExp(`^Unread: ${other.username} liked your post`),
  );
  await menu.getByRole('menuitem', { name: 'See all notifications' }).click();
  await expect(page).toHaveURL(/\/notifications$/);

  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expect(list.getByRole('link', { name: /^Unread: / })).toHaveCount(5);
  await expect(list.getByRole('link', { name: /Comment number 1/ })).toBeVisible();

  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(list.getByRole('link', { name: /^Unread: / })).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
  await page.reload();
  await expect(list.getByRole('link')).toHaveCount(5);
  await expect(list.getByRole('link', { name: /^Unread: / })).toHaveCount(0);

  // A new one arrives live on the page too.
  await comment(other.api, postId, 'One more thing');
  await expect(list.getByRole('link').first()).toHaveAccessibleName(
    /^Unread: .* commented on your post\. One more thing/,
  );
  await other.api.dispose();
});

test('on a 360 px phone the menu fits the screen, with 44 px tap targets', async ({ page }) => {
  test.slow(); // two pages checked with axe in both themes
  await page.setViewportSize({ width: 360, height: 740 });
  const me = await registerByApi(page.request);
  await postByApi(page, `First post ${uniqueName('op')}`); // earns a badge: one entry
  await page.goto('/');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  const box = await bell(page).boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  await bell(page).click();
  const menu = page.getByRole('menu');
  const entry = menu.getByRole('menuitem', { name: /^Unread: You earned the First Post badge/ });
  await expect(entry).toBeVisible();
  const menuBox = await menu.boundingBox();
  expect(menuBox && menuBox.x >= 0 && menuBox.x + menuBox.width <= 360).toBe(true);
  for (const item of await menu.getByRole('menuitem').all())
    expect((await item.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/profile/${me.username}$`));
  await expect(bell(page)).toHaveAccessibleName('Notifications');
});

test('a signed-out visitor is sent to sign in from /notifications', async ({ page }) => {
  await page.goto('/notifications');
  await expect(page).toHaveURL(/\/auth\?next=%2Fnotifications$/);
});

test('settings: per kind in the app, by email or off, saved; no email without a mail server', async ({
  page,
  playwright,
  baseURL,
}) => {
  await registerByApi(page.request);
  const postId = await postByApi(page, `Gear talk ${uniqueName('op')}`);
  await readAllByApi(page);
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Notifications' });
  await expect(form).toBeVisible();
  // The browser tests' server has no SMTP_URL.
  await expect(
    form.getByText('Email is not configured on this site: notifications are shown in the app only.'),
  ).toBeVisible();
  const likes = form.getByRole('combobox', { name: 'Likes on your posts' });
  await expect(likes).toHaveValue('app');
  await expect(likes.getByRole('option', { name: 'In the app and by email' })).toBeDisabled();
  await expect(form.getByRole('switch', { name: /daily email/ })).toBeDisabled();

  await likes.selectOption('off');
  await form.getByRole('button', { name: 'Save notification settings' }).click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('form', { name: 'Notifications' }).getByRole('combobox', { name: 'Likes on your posts' }),
  ).toHaveValue('off');

  // Likes are off: a like tells nothing; a comment still does.
  const other = await anotherPlayer(playwright.request, baseURL);
  expect((await other.api.post(`/api/posts/${postId}/like`)).ok()).toBe(true);
  await comment(other.api, postId, 'Which optic is that?');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  const answer = await (await page.request.get('/api/notifications')).json();
  expect(answer.items.map((n: { kind: string }) => n.kind)).toEqual(['comment', 'badge-earned']);
  await other.api.dispose();
});
