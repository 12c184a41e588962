import { REPORT_TEXTS } from '../contract/reports';
import { DEMO_ADMIN } from '../server/demo/data/players';
import { DEMO_PASSWORD } from '../server/demo/seed';
import { checkA11y, expect, registerByApi, signInThroughForm, test, uniqueName } from './fixtures';

// Issue 24's loop, as its three people see it: a player reports a post, the admin acts on it from
// the review queue, the audit log shows the action, and the author is told and can only read.
// Three people and four pages, with axe on the dialog: generous for a loaded machine.
test.setTimeout(180_000);

test('a player reports a post; the admin suspends its author from the queue; the author is told why and cannot post', async ({
  page,
  browser,
}) => {
  const authorContext = await browser.newContext();
  const adminContext = await browser.newContext();
  try {
    const author = await authorContext.newPage();
    await registerByApi(author.request);
    const caption = `Cheap gas rifles, no questions asked, DM me ${uniqueName('sale')}`;
    const made = await author.request.post('/api/posts', { data: { caption, images: [] } });
    expect(made.status(), await made.text()).toBe(201);
    const post = (await made.json()) as { id: string };

    // The reporter: the post's own page, the flag, a reason and a note.
    await registerByApi(page.request);
    await page.goto(`/posts/${post.id}`);
    await page.getByRole('button', { name: 'Report this post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this post' });
    await expect(dialog.getByRole('button', { name: REPORT_TEXTS.send })).toBeDisabled();
    await dialog.getByRole('radio', { name: 'Illegal sale' }).check();
    await dialog.getByLabel(REPORT_TEXTS.noteLabel).fill('Selling replicas to anyone in the feed');
    await checkA11y(page);
    await dialog.getByRole('button', { name: REPORT_TEXTS.send }).click();
    await expect(page.getByText(REPORT_TEXTS.thanks)).toBeVisible();
    await expect(dialog).toBeHidden();
    // A second report of the same post while the first is open: told so, nothing sent twice.
    await page.getByRole('button', { name: 'Report this post' }).click();
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByRole('button', { name: REPORT_TEXTS.send }).click();
    await expect(page.getByText(REPORT_TEXTS.alreadyReported)).toBeVisible();

    // The admin: the Reports tile, the queue with the content and the reason, a 7-day suspension.
    const admin = await adminContext.newPage();
    await signInThroughForm(admin, DEMO_ADMIN, DEMO_PASSWORD);
    await admin.goto('/admin');
    await admin.getByRole('link', { name: /^Reports/ }).click();
    await expect(admin).toHaveURL(/\/admin\/reports$/);
    const item = admin.getByRole('article').filter({ hasText: caption });
    await expect(item).toBeVisible();
    await expect(item.getByRole('region', { name: 'Reasons' })).toContainText('Selling replicas to anyone');
    await item.getByRole('button', { name: 'Suspend for 7 days' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Suspend for 7 days?' });
    await confirm.getByLabel('Reason (the player sees it)').fill('Selling replicas in the feed');
    await confirm.getByRole('button', { name: 'Suspend for 7 days' }).click();
    await expect(admin.getByText('Player suspended')).toBeVisible();
    await expect(admin.getByRole('article').filter({ hasText: caption })).toHaveCount(0);

    // The audit log names the action, its admin and its reason.
    await admin.goto('/admin/audit-log');
    const entry = admin
      .getByRole('list', { name: REPORT_TEXTS.auditLog })
      .getByRole('listitem')
      .filter({ hasText: 'Selling replicas in the feed' });
    await expect(entry).toContainText('report.suspend');
    await expect(entry).toContainText(`by ${DEMO_ADMIN}`);

    // The author: told why and until when on every page; a write is refused with the same words.
    await author.goto('/');
    const banner = author.getByRole('status').filter({ hasText: 'Your account is suspended until' });
    await expect(banner).toContainText('Selling replicas in the feed');
    const refused = await author.request.post('/api/posts', { data: { caption: 'Back again', images: [] } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toContain('Selling replicas in the feed');
  } finally {
    await authorContext.close();
    await adminContext.close();
  }
});
