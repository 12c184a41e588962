import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { checkA11y, expect, registerByApi, test, uniqueName } from './fixtures';

/** A team made through the API by the page's player (its leader). */
async function createTeam(
  request: APIRequestContext,
  body: {
    name?: string;
    playStyle?: string;
    isRecruiting?: boolean;
    tagline?: string;
    location?: string;
  } = {},
) {
  const res = await request.post('/api/teams', {
    data: { name: uniqueName('Squad'), isRecruiting: true, ...body },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; name: string };
}

/** A second player in a browser context of their own. */
async function otherPlayer(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const user = await registerByApi(page.request);
  return { context, page, user };
}

/** Screenshots go to docs/screenshots with UPDATE_SCREENSHOTS=1, else beside the test's output. */
const shot = (name: string) =>
  process.env.UPDATE_SCREENSHOTS
    ? fileURLToPath(new URL(`../docs/screenshots/${name}`, import.meta.url))
    : test.info().outputPath(name);

const tab = (page: Page, name: string | RegExp) => page.getByRole('tab', { name });

test('directory: search, play-style and recruiting filters, No teams found, Create Team only when signed in', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await registerByApi(page.request);
  const prefix = uniqueName('Dir');
  const fast = await createTeam(page.request, {
    name: `${prefix} Fast`,
    playStyle: 'speedsoft',
    isRecruiting: true,
    tagline: 'Quick and loud',
    location: 'Kelowna, BC',
  });
  const slow = await createTeam(page.request, {
    name: `${prefix} Slow`,
    playStyle: 'casual',
    isRecruiting: false,
  });

  await page.goto('/teams');
  await expect(page.getByRole('heading', { name: 'Team Directory', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Team' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Teams' });
  await expect(list.getByRole('listitem').first()).toBeVisible();

  await page.getByLabel('Search teams').fill(prefix);
  // Newest first.
  await expect(list.getByRole('heading')).toHaveText([`${prefix} Slow`, `${prefix} Fast`]);
  const card = list.getByRole('listitem').filter({ hasText: fast.name });
  await expect(card).toContainText('Quick and loud');
  await expect(card).toContainText('Kelowna, BC');
  await expect(card).toContainText('Speedsoft');
  await expect(card).toContainText('1 member');
  await expect(card).toContainText('Recruiting');

  await page.screenshot({ path: shot('teams.png') });

  await page.getByLabel('Play style').selectOption('speedsoft');
  await expect(list.getByRole('heading')).toHaveText([fast.name]);
  await page.getByLabel('Play style').selectOption('');
  await page.getByLabel('Recruiting').selectOption('false');
  await expect(list.getByRole('heading')).toHaveText([slow.name]);
  await page.getByLabel('Recruiting').selectOption('all');

  await page.getByLabel('Search teams').fill(`${prefix} nothing like this`);
  await expect(page.getByText('No teams found')).toBeVisible();
  await checkA11y(page);

  await page.getByLabel('Search teams').fill(prefix);
  await page.getByRole('link', { name: fast.name }).click();
  await expect(page).toHaveURL(`/teams/${fast.id}`);

  // A demo team with its roster: the README's screenshot.
  await page.goto('/teams');
  await page.getByLabel('Search teams').fill('Ghost Wolves');
  // The search term reaches the address 300 ms after typing stops (issue 20); a click before it
  // was overridden by that late replace in CI (noted as a race to fix in the closing note).
  await expect(page).toHaveURL(/[?&]q=Ghost(\+|%20)Wolves/);
  await page.getByRole('link', { name: 'Ghost Wolves' }).click();
  await tab(page, 'Roster').click();
  await expect(page.getByRole('region', { name: /Team Leader/ }).getByRole('link')).toHaveCount(1);
  await expect(
    page
      .getByRole('region', { name: /Co-Leaders/ })
      .getByRole('link')
      .first(),
  ).toBeVisible();
  await page.screenshot({ path: shot('team.png') });

  const visitor = await browser.newContext({ baseURL });
  const anon = await visitor.newPage();
  await anon.goto('/teams');
  await expect(anon.getByRole('heading', { name: 'Team Directory' })).toBeVisible();
  await expect(anon.getByRole('link', { name: 'Create Team' })).toHaveCount(0);
  await visitor.close();
});

test('create: the name rule, the new team page with its leader, and a taken name', async ({ page }) => {
  await registerByApi(page.request);
  await page.goto('/teams/create');
  await expect(page.getByLabel('Recruiting new members')).not.toBeChecked();
  await page.getByLabel('Name').fill('ab');
  await page.getByRole('button', { name: 'Create Team' }).click();
  await expect(page.getByText('Name must be at least 3 characters')).toBeVisible();

  const name = uniqueName('Night Owls');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Tagline').fill('We own the dark');
  await page.getByLabel('Location').fill('Calgary, AB');
  await page.getByLabel('Play style').selectOption('milsim');
  await page.getByRole('button', { name: 'Create Team' }).click();
  await expect(page).toHaveURL(/\/teams\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('We own the dark')).toBeVisible();
  await expect(page.getByTestId('member-count')).toHaveText('1 member');
  await expect(page.getByText(/^Founded [A-Z][a-z]+ \d{4}$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage Team' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Leave Team' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Apply to Join' })).toHaveCount(0);
  await tab(page, 'Achievements').click();
  await expect(page.getByText('Achievements coming soon')).toBeVisible();
  await checkA11y(page);

  await page.goto('/teams/create');
  await page.getByLabel('Name').fill(name.toUpperCase());
  await page.getByRole('button', { name: 'Create Team' }).click();
  await expect(page.getByText('Team name is already taken')).toBeVisible();
  await expect(page).toHaveURL('/teams/create');
});

test('apply and accept; roster sections; promote to co-leader; leave; the permission text on /manage', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const leader = await registerByApi(page.request);
  const team = await createTeam(page.request);
  const recruit = await otherPlayer(browser, baseURL);

  // The recruit applies with the default sentence.
  await recruit.page.goto(`/teams/${team.id}`);
  await recruit.page.getByRole('button', { name: 'Apply to Join' }).click();
  const dialog = recruit.page.getByRole('dialog', { name: 'Apply to Join' });
  await expect(dialog.getByLabel('Message')).toHaveValue('I would like to join your team.');
  await checkA11y(recruit.page);
  await dialog.getByRole('button', { name: 'Send Application' }).click();
  await expect(recruit.page.getByText('Your application is pending')).toBeVisible();
  await expect(recruit.page.getByRole('button', { name: 'Apply to Join' })).toHaveCount(0);

  // A non-manager reads the permission text.
  await recruit.page.goto(`/teams/${team.id}/manage`);
  await expect(recruit.page.getByText("You don't have permission to manage this team")).toBeVisible();

  // The leader accepts from the Applications tab (with its count).
  await page.goto(`/teams/${team.id}/manage`);
  await expect(tab(page, 'Applications 1')).toBeVisible();
  await tab(page, /Applications/).click();
  await expect(page.getByText('I would like to join your team.')).toBeVisible();
  await page.getByRole('button', { name: `Accept ${recruit.user.username}` }).click();
  await expect(page.getByText('No pending applications')).toBeVisible();
  await expect(tab(page, 'Applications 0')).toBeVisible();

  // Roster: the leader under Team Leader, the recruit under Members; then promoted to Co-Leaders.
  await page.goto(`/teams/${team.id}`);
  await expect(page.getByTestId('member-count')).toHaveText('2 members');
  await tab(page, 'Roster').click();
  await expect(page.getByRole('region', { name: /Team Leader/ })).toContainText(leader.username);
  await expect(page.getByRole('region', { name: /^Members/ })).toContainText(recruit.user.username);
  await page.goto(`/teams/${team.id}/manage`);
  await tab(page, 'Members').click();
  await page.getByLabel(`Role of ${recruit.user.username}`).selectOption('co-leader');
  await expect(page.getByText('Role updated')).toBeVisible();
  await page.goto(`/teams/${team.id}`);
  await tab(page, 'Roster').click();
  await expect(page.getByRole('region', { name: /Co-Leaders/ })).toContainText(recruit.user.username);
  await checkA11y(page);

  // The co-leader opens /manage and sees the roles read-only; then leaves the team.
  await recruit.page.goto(`/teams/${team.id}/manage`);
  await tab(recruit.page, 'Members').click();
  await expect(recruit.page.getByTestId('role').first()).toBeVisible();
  await expect(recruit.page.getByRole('list', { name: 'Members' }).getByRole('combobox')).toHaveCount(0);
  await recruit.page.goto(`/teams/${team.id}`);
  await recruit.page.getByRole('button', { name: 'Leave Team' }).click();
  await recruit.page.getByRole('alertdialog').getByRole('button', { name: 'Leave Team' }).click();
  await expect(recruit.page.getByRole('button', { name: 'Apply to Join' })).toBeVisible();
  await expect(recruit.page.getByTestId('member-count')).toHaveText('1 member');
  await recruit.context.close();
});

test('invite and accept: the leader searches and invites; the player accepts on /teams', async ({
  page,
  browser,
  baseURL,
}) => {
  await registerByApi(page.request);
  const team = await createTeam(page.request);
  const guest = await otherPlayer(browser, baseURL);

  await page.goto(`/teams/${team.id}/manage`);
  await tab(page, 'Invites').click();
  await page.getByLabel('Search players').fill(guest.user.username.slice(0, 1));
  await expect(page.getByText('Type at least 2 characters to search')).toBeVisible();
  await page.getByLabel('Search players').fill(guest.user.username);
  await page.getByRole('button', { name: `Invite ${guest.user.username}` }).click();
  const pending = page.getByRole('list', { name: 'Pending invitations' });
  await expect(pending).toContainText(guest.user.username);
  await checkA11y(page);

  await guest.page.goto('/teams');
  const invites = guest.page.getByRole('region', { name: 'Team invites' });
  await expect(invites).toContainText(team.name);
  await invites.getByRole('button', { name: `Accept ${team.name}` }).click();
  await expect(invites).toHaveCount(0);
  await guest.page.goto(`/teams/${team.id}`);
  await expect(guest.page.getByRole('button', { name: 'Leave Team' })).toBeVisible();
  await expect(guest.page.getByTestId('member-count')).toHaveText('2 members');

  await page.reload();
  await tab(page, 'Invites').click();
  await expect(page.getByText('No pending invitations')).toBeVisible();
  await guest.context.close();
});

test('gallery: the leader adds an image by address with a caption and deletes it; 360 px wide', async ({
  page,
}) => {
  await registerByApi(page.request);
  const team = await createTeam(page.request);
  await page.goto(`/teams/${team.id}/manage`);
  await tab(page, 'Gallery').click();
  // The server fetches a pasted address before it accepts it (issue 20): an image this server has
  // (the test server lets the image proxy reach this machine).
  await page.getByLabel('Image URL').fill(new URL('/icon-192.png', page.url()).href);
  await page.getByLabel('Caption').fill('Op Nightfall');
  await page.getByRole('button', { name: 'Add Image' }).click();
  await expect(page.getByText('Image added')).toBeVisible();

  await page.goto(`/teams/${team.id}`);
  await tab(page, 'Gallery').click();
  await expect(page.getByText('Op Nightfall')).toBeVisible();

  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto(`/teams/${team.id}/manage`);
  await tab(page, 'Gallery').click();
  await page.screenshot({ path: shot('team-manage.png') });
  await page.getByRole('button', { name: 'Delete image Op Nightfall' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No images yet')).toBeVisible();
});
