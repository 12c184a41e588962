import { format } from 'date-fns';
import { checkA11y, expect, registerByApi, test, uniqueName } from './fixtures';

const badgesCard = (page: import('@playwright/test').Page) => page.getByTestId('profile-badges');

test('a demo profile shows its badges with date and rarity, and the progress toward the next ones', async ({
  page,
}) => {
  const profile = await (await page.request.get('/api/profile/ghost_recon_mike')).json();
  const answer = await (await page.request.get(`/api/user/${profile.id}/badges`)).json();
  // The demo seed's backfill gave the player badges from their history.
  expect(answer.earned.length).toBeGreaterThan(0);
  expect(answer.earned.map((b: { id: string }) => b.id)).toContain('first-post');

  await page.goto('/profile/ghost_recon_mike');
  const card = badgesCard(page);
  await expect(card.getByRole('heading', { name: 'Badges', exact: true })).toBeVisible();
  const earned = card.getByRole('list', { name: 'Earned badges' });
  await expect(earned.getByRole('listitem')).toHaveCount(answer.earned.length);
  const first = earned.getByRole('listitem').filter({ hasText: 'First Post' });
  await expect(first).toContainText(/Held by \d+% of players/);
  await expect(first.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  for (const next of answer.progress)
    await expect(card.getByRole('progressbar', { name: next.name })).toHaveAttribute(
      'aria-valuenow',
      String(next.current),
    );
  await checkA11y(page);
});

test("a new player has no badges yet, posts, and their profile shows 'First Post'", async ({ page }) => {
  test.slow(); // two accessibility checks in both themes, a post and two profile loads
  const me = await registerByApi(page.request);
  await page.goto(`/profile/${me.username}`);
  const card = badgesCard(page);
  await expect(card.getByText('No badges yet')).toBeVisible();
  await expect(card.getByRole('progressbar', { name: 'First Post' })).toHaveAttribute('aria-valuenow', '0');
  await checkA11y(page);

  await page.goto('/');
  await page.getByRole('button', { name: 'Create Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Post' });
  await dialog.getByRole('textbox', { name: 'Caption' }).fill(`First skirmish ${uniqueName('op')}`);
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Post created')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto(`/profile/${me.username}`);
  const earned = card.getByRole('list', { name: 'Earned badges' });
  const badge = earned.getByRole('listitem').filter({ hasText: 'First Post' });
  await expect(badge).toBeVisible();
  await expect(badge).toContainText('Shared a first post');
  await expect(badge).toContainText(format(new Date(), 'MMM d, yyyy'));
  await expect(badge).toContainText(/Held by \d+% of players/);
  await expect(card.getByText('No badges yet')).toBeHidden();
  await expect(card.getByRole('progressbar', { name: '10 Posts' })).toHaveAttribute('aria-valuenow', '1');
  await expect(card.getByText('1 / 10')).toBeVisible();
});
