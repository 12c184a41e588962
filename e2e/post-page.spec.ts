import { expect, pngFile, registerByApi, test, uniqueName } from './fixtures';

// Uploads, image checks and several pages each: more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

test('a post has its own page, rendered by the server with the post and its comments; Share gives it', async ({
  page,
  baseURL,
}) => {
  const me = await registerByApi(page.request);
  const caption = `Night op </script><script>window.__pwned = 1</script> ${uniqueName('op')}`;
  const created = await page.request.post('/api/posts', { data: { caption, images: [] } });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  await page.request.post(`/api/posts/${id}/comments`, { data: { content: 'Count me in' } });

  // The HTML carries the post (escaped) and its markup before any script runs. (The first render
  // of a page after the server starts loads its code; past the index sender's 1 s it sends the
  // plain file, so ask until it comes rendered.)
  let html = '';
  await expect
    .poll(async () => {
      html = await (await page.request.get(`/posts/${id}`)).text();
      return html.includes('id="post-page-data"');
    })
    .toBe(true);
  expect(html).toContain('id="prerendered-page"');
  expect(html).not.toContain('<script>window.__pwned');
  // Its comments too: in a block of their own and in the markup, on the first paint.
  expect(html).toContain('id="post-comments-data"');
  expect(html.split('id="prerendered-page"')[1]).toContain('Count me in');

  await page.goto(`/posts/${id}`);
  const card = page.getByRole('article', { name: `Post by ${me.username}` });
  await expect(card.getByText(caption)).toBeVisible();
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(card.getByRole('button', { name: 'Comments' })).toHaveAttribute('aria-expanded', 'true');
  await expect(card.getByText('Count me in')).toBeVisible();

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await card.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/posts/${id}`);

  // An unknown post: the plain page, then 'Post not found'.
  await page.goto('/posts/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Post not found' })).toBeVisible();
});

test('bookmarks are kept on the server and listed on /bookmarks, reached from the profile menu', async ({
  page,
}) => {
  await registerByApi(page.request);
  const caption = `Saved for later ${uniqueName('bm')}`;
  const { id } = await (await page.request.post('/api/posts', { data: { caption, images: [] } })).json();

  await page.goto(`/posts/${id}`);
  const bookmark = page.getByRole('article').getByRole('button', { name: 'Bookmark' });
  await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
  await bookmark.click();
  await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
  // Kept by the server: another browser of the same player sees it.
  await expect
    .poll(async () =>
      (await (await page.request.get('/api/user/bookmarks')).json()).map((p: { id: string }) => p.id),
    )
    .toContain(id);
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('bookmarks:'))),
  ).toEqual([]);

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Bookmarks' }).click();
  await expect(page).toHaveURL(/\/bookmarks$/);
  const list = page.getByRole('list', { name: 'Bookmarks' });
  await expect(list.getByText(caption)).toBeVisible();
  await list.getByRole('button', { name: 'Bookmark' }).first().click();
  await expect(page.getByText('No bookmarks yet.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No bookmarks yet.')).toBeVisible();

  // Signed out: /bookmarks asks to sign in.
  await page.context().clearCookies();
  await page.goto('/bookmarks');
  await expect(page).toHaveURL(/\/auth/);
});

test('Create Post: a blank caption says so, and the uploader opens inside the dialog and leaves the page as it was', async ({
  page,
}) => {
  await registerByApi(page.request);
  await page.goto('/');
  const pageState = () =>
    page.evaluate(() => ({
      locked: document.body.hasAttribute('data-scroll-locked'),
      overflow: getComputedStyle(document.body).overflow,
      pointer: getComputedStyle(document.body).pointerEvents,
      overlays: document.querySelectorAll('.uppy-Dashboard--modal, .fixed.inset-0[data-state]').length,
    }));
  const before = await pageState();
  expect(before.overlays).toBe(0);
  await page.getByRole('button', { name: 'Create Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Post' });
  const post = dialog.getByRole('button', { name: 'Post', exact: true });
  await expect(post).toBeEnabled();
  await post.click();
  await expect(page.getByText('Caption required')).toBeVisible();
  await expect(page.getByText('Please add a caption to your post')).toBeVisible();

  await dialog.getByRole('button', { name: 'Upload Images' }).click();
  const panel = dialog.getByRole('region', { name: 'Upload Images' });
  await expect(panel.locator('.uppy-Dashboard')).toBeVisible();
  // One dialog: the uploader is in it, not a second modal on top.
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await panel
    .locator('.uppy-Dashboard-input')
    .first()
    .setInputFiles(await pngFile('kit.png'));
  await page.getByRole('button', { name: /Upload 1 file/i }).click();
  await expect(dialog.getByRole('img', { name: 'Attachment 1' })).toBeVisible();
  await expect(panel).toBeHidden();

  // A pasted address that is no image is refused with the server's reason.
  await dialog.getByPlaceholder('Or paste image URL...').fill(`${new URL(page.url()).origin}/api/health`);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText('That address is not a reachable image')).toBeVisible();

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Nothing left behind: no scroll lock, no overlay, the page takes clicks.
  await expect.poll(pageState).toEqual(before);
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(dialog).toBeVisible();
});

test("on a touch screen the upload button reads 'Choose photos'", async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    hasTouch: true,
    isMobile: true,
    viewport: { width: 360, height: 740 },
  });
  const page = await context.newPage();
  await registerByApi(page.request);
  await page.goto('/');
  await page.getByRole('button', { name: 'Create Post' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Post' });
  await expect(dialog.getByRole('button', { name: 'Choose photos' })).toBeVisible();
  await context.close();
});
