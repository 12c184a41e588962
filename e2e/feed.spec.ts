import type { Page } from '@playwright/test';
import { expect, registerByApi, test, uniqueName } from './fixtures';

/** A post of the signed-in player, made through the API with the page's cookies. */
async function postByApi(page: Page, caption: string): Promise<string> {
  const res = await page.request.post('/api/posts', { data: { caption, images: [] } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The feed card holding `caption` (the demo content fills the rest of the feed). */
const cardOf = (page: Page, username: string, caption: string) =>
  page.getByRole('article', { name: `Post by ${username}` }).filter({ hasText: caption });

test('a player likes, unlikes and comments on a post in the feed', async ({ page }) => {
  const me = await registerByApi(page.request);
  const caption = `Quarry op debrief ${uniqueName('op')}`;
  const id = await postByApi(page, caption);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Latest from Community' })).toBeVisible();
  const card = cardOf(page, me.username, caption);
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('data-post-id', id);

  // Like, then unlike: 0 → 1 → 0, kept by the server.
  const likes = card.getByTestId('likes-count');
  await expect(likes).toHaveText('0');
  await card.getByRole('button', { name: 'Like', exact: true }).click();
  const unlike = card.getByRole('button', { name: 'Unlike', exact: true });
  await expect(unlike).toHaveAttribute('aria-pressed', 'true');
  await expect(likes).toHaveText('1');
  await page.reload();
  await expect(cardOf(page, me.username, caption).getByTestId('likes-count')).toHaveText('1');
  await expect(card.getByRole('button', { name: 'Unlike', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await card.getByRole('button', { name: 'Unlike', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(likes).toHaveText('0');
  await page.reload();
  await expect(cardOf(page, me.username, caption).getByTestId('likes-count')).toHaveText('0');

  // Comments: open, add, edit, delete.
  const toggle = card.getByRole('button', { name: 'Comments', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(card.getByText('No comments yet. Be the first!')).toBeVisible();
  const field = card.getByRole('textbox', { name: 'Write a comment' });
  const send = card.getByRole('button', { name: 'Post comment' });
  await expect(send).toBeDisabled();
  await field.fill('  Great op, same time next week?  ');
  await field.press('Enter');
  const list = card.getByRole('list', { name: 'Comments' });
  const comment = list.getByRole('listitem').filter({ hasText: 'Great op, same time next week?' });
  await expect(comment).toBeVisible();
  await expect(field).toHaveValue('');
  await expect(card.getByTestId('comments-count')).toHaveText('1');
  await expect(comment.getByRole('link', { name: me.username })).toBeVisible();
  await expect(comment.getByText(/less than a minute ago|just now/)).toBeVisible();

  await comment.getByRole('button', { name: 'Edit' }).click();
  const edit = card.getByRole('textbox', { name: 'Edit your comment' });
  await expect(edit).toHaveValue('Great op, same time next week?');
  await edit.fill('Great op, same time Sunday?');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Comment updated successfully')).toBeVisible();
  const edited = list.getByRole('listitem').filter({ hasText: 'Great op, same time Sunday?' });
  await expect(edited).toBeVisible();
  await expect(edited.getByText('(edited)')).toBeVisible();
  await expect(edit).toBeHidden();

  await edited.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this comment?' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Comment deleted successfully')).toBeVisible();
  await expect(card.getByText('No comments yet. Be the first!')).toBeVisible();
  await expect(card.getByTestId('comments-count')).toHaveText('0');
  expect(await (await page.request.get(`/api/posts/${id}/comments`)).json()).toEqual([]);
});

test('bookmark and share stay local; the card fits a 360 px screen', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 360, height: 780 });
  const me = await registerByApi(page.request);
  const caption = `Tan or green? ${uniqueName('kit')}`;
  const id = await postByApi(page, caption);

  await page.goto('/');
  const card = cardOf(page, me.username, caption);
  await expect(card).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  // Nothing in the card overflows sideways: every control sits inside the 360 px screen.
  expect(await card.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  for (const name of ['Like', 'Comments', 'Share', 'Bookmark', 'Delete post']) {
    const box = await card.getByRole('button', { name, exact: true }).boundingBox();
    expect(box, name).not.toBeNull();
    expect(box?.x ?? -1, name).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(360);
  }
  await card.getByRole('button', { name: 'Comments', exact: true }).click();
  const send = card.getByRole('button', { name: 'Post comment' });
  await expect(send).toBeVisible();
  const sendBox = await send.boundingBox();
  expect((sendBox?.x ?? 0) + (sendBox?.width ?? 0)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('feed-card-360.png') });

  const bookmark = card.getByRole('button', { name: 'Bookmark' });
  await bookmark.click();
  await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(cardOf(page, me.username, caption).getByRole('button', { name: 'Bookmark' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await card.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/posts/${id}`);

  // The author deletes the post after confirming.
  await card.getByRole('button', { name: 'Delete post' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this post?' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Post deleted successfully')).toBeVisible();
  await expect(card).toHaveCount(0);
});
