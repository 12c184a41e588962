import type { Page } from '@playwright/test';
import { DEMO_ADMIN } from '../server/demo/data/players';
import { DEMO_PASSWORD } from '../server/demo/seed';
import { expect, pngFile, registerByApi, signInThroughForm, test, uniqueName } from './fixtures';

const BLOCKED_MESSAGE = 'Your text contains a blocked word. Please rephrase it.';

/** The feed of the home page, with its posts loaded (a demo post at least). */
async function openFeed(page: Page) {
  await page.getByRole('link', { name: 'Feed', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Latest from Community' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
}

async function openAdminTool(page: Page, tool: string) {
  await page.getByRole('link', { name: 'Admin Dashboard' }).click();
  await page.getByRole('link', { name: new RegExp(`^${tool}`) }).click();
  await expect(page.getByRole('heading', { name: tool })).toBeVisible();
}

test('a player posts one uploaded image and one pasted URL through Create New Post', async ({
  page,
  baseURL,
}) => {
  const me = await registerByApi(page.request);
  // An image the app serves itself: a demo player's avatar, pasted as a full URL.
  // (The server fetches it before the tile is added, issue 20: it must be a real image.)
  const feed: { user: { avatar: string | null } }[] = await (
    await page.request.get('/api/posts/feed?limit=100')
  ).json();
  const avatar = feed.find((post) => post.user.avatar?.startsWith('/objects/'))?.user.avatar;
  expect(avatar).toBeTruthy();
  const pasted = new URL(avatar ?? '', baseURL).href;
  const caption = `Dawn raid at the quarry ${uniqueName('op')}`;

  await page.goto('/');
  await page.getByRole('button', { name: 'Create Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Post' });
  await expect(dialog.getByPlaceholder('Share your airsoft adventures, loadout, or tips...')).toHaveAttribute(
    'rows',
    '4',
  );

  // Blank caption: refused before anything is sent.
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Caption required')).toBeVisible();
  await expect(page.getByText('Please add a caption to your post')).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Caption' }).fill(caption);
  await dialog.getByRole('button', { name: 'Upload Images' }).click();
  await page
    .locator('.uppy-Dashboard-input')
    .first()
    .setInputFiles(await pngFile('loadout.png'));
  await page.getByRole('button', { name: /Upload 1 file/i }).click();
  // The uploader closes after the upload and the dialog comes back with the registered image.
  const uploaded = dialog.getByRole('img', { name: 'Attachment 1' });
  await expect(uploaded).toHaveAttribute('src', /^\/objects\/images\/.+\.webp$/);
  const uploadedPath = (await uploaded.getAttribute('src')) ?? '';

  await dialog.getByPlaceholder('Or paste image URL...').fill(`  ${pasted}  `);
  await dialog.getByPlaceholder('Or paste image URL...').press('Enter');
  // An outside address is not loaded before it is posted (only through the image proxy after).
  await expect(dialog.getByRole('img', { name: 'Attachment 2' })).toHaveAttribute('data-address', pasted);
  await dialog.getByPlaceholder('Or paste image URL...').fill(pasted);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByRole('img', { name: /^Attachment \d$/ })).toHaveCount(2);

  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Post created')).toBeVisible();
  await expect(page.getByText('Your post has been shared with the community')).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name: `Post by ${me.username}` });
  await expect(card.getByText(caption)).toBeVisible();
  // The pasted address shows through the signed image proxy (the e2e server may fetch localhost).
  for (const img of [
    card.locator(`img[src="${uploadedPath}"]`),
    card.locator('img[src^="/api/image-proxy?url="]'),
  ]) {
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  }
  const [stored] = await (await page.request.get(`/api/posts/user/${me.id}`)).json();
  expect(stored).toMatchObject({ caption, images: [uploadedPath, pasted] });

  // The dialog opens empty again.
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Caption' })).toHaveValue('');
  await expect(dialog.getByRole('img')).toHaveCount(0);
});

test('an admin deletes a post from the feed and blocks, then unblocks, a word', async ({
  page,
  playwright,
  baseURL,
}) => {
  const otherSession = await playwright.request.newContext({ baseURL });
  const other = await registerByApi(otherSession);
  const spam = `Cheap replicas, DM me ${uniqueName('deal')}`;
  expect((await otherSession.post('/api/posts', { data: { caption: spam, images: [] } })).status()).toBe(201);

  await signInThroughForm(page, DEMO_ADMIN, DEMO_PASSWORD);
  await openFeed(page);
  await expect(page.getByText(spam)).toBeVisible();

  // Moderate Posts: delete the post, after a confirmation.
  await openAdminTool(page, 'Moderate Posts');
  const row = page.getByRole('article', { name: `Post by ${other.username}` });
  await expect(row.getByText(spam)).toBeVisible();
  await row.getByRole('button', { name: `Delete post by ${other.username}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText('Delete this post?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Post deleted successfully')).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page.getByRole('link', { name: /^Manage Blocked Words/ })).toBeVisible();

  await openFeed(page);
  await expect(page.getByText(spam)).toHaveCount(0);
  expect(await (await page.request.get(`/api/posts/user/${other.id}`)).json()).toEqual([]);

  // Manage Blocked Words: add a word; a post using it is refused.
  const word = uniqueName('contraband');
  await openAdminTool(page, 'Manage Blocked Words');
  const field = page.getByLabel('Word or phrase');
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
  await field.fill(`  ${word}  `);
  await field.press('Enter');
  await expect(page.getByText('Blocked word added successfully')).toBeVisible();
  const words = page.getByRole('list', { name: 'Blocked words' });
  await expect(words.getByText(word, { exact: true })).toBeVisible();
  await field.fill(word);
  await field.press('Enter');
  await expect(page.getByText('Failed to add blocked word')).toBeVisible();
  await expect(page.getByText('This word is already blocked')).toBeVisible();

  await openFeed(page);
  await page.getByRole('button', { name: 'Create Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Post' });
  await dialog.getByRole('textbox', { name: 'Caption' }).fill(`Who has ${word.toUpperCase()} for sale?`);
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText(BLOCKED_MESSAGE)).toBeVisible();
  await expect(page.getByText('Error', { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
  // Escape closes the newest layer first (the toast), then the dialog.
  await page.keyboard.press('Escape');
  await expect(page.getByText(BLOCKED_MESSAGE)).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Remove the word: the same text is accepted again.
  await openAdminTool(page, 'Manage Blocked Words');
  await page.getByRole('button', { name: `Remove ${word}` }).click();
  await expect(page.getByText('Blocked word removed successfully')).toBeVisible();
  await expect(words.getByText(word, { exact: true })).toHaveCount(0);
  const res = await page.request.post('/api/posts', {
    data: { caption: `Who has ${word} for sale?`, images: [] },
  });
  expect(res.status()).toBe(201);
});
