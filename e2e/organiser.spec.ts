import type { APIRequestContext, Page } from '@playwright/test';
import { checkA11y, expect, registerByApi, test, uniqueName } from './fixtures';

// Game day for organisers (issue 25), end to end through the UI: a team leader creates an event
// for the team on its Manage page, gives it two sides, sets a waiver on the roster page; a player
// registers on a side and signs the waiver; the leader sees them on the roster and messages the
// registered players, who read it in their notifications. The team, players and event are this
// test's own (random names): nothing another spec made is relied on or changed.

/** A team made through the API by the page's player, who leads it (as teams.spec.ts does). */
async function createTeam(request: APIRequestContext): Promise<{ id: string; name: string }> {
  const res = await request.post('/api/teams', { data: { name: uniqueName('Hosts'), isRecruiting: false } });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** `days` from now at 10:00, as a datetime-local field takes it (local time). */
function localDateTime(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T10:00`;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

test("the organiser's loop: hosted event with sides, waiver, a player signs on a side, roster, message", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow(); // two players, several pages checked with axe in both themes
  await registerByApi(page.request, uniqueName('leader'));
  const team = await createTeam(page.request);
  const title = `Op Iron Gate ${uniqueName('op')}`;

  // 1. The leader creates the event on the team's Manage page.
  await page.goto(`/teams/${team.id}/manage`);
  await page.getByRole('tab', { name: 'Create event' }).click();
  await expect(page.getByText('Events you create are hosted by the team and public at once.')).toBeVisible();
  const form = page.getByRole('form', { name: 'Create Event' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Date and time').fill(localDateTime(30));
  await form.getByLabel('Location').fill('Kelowna, BC');
  await form.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Event created successfully')).toBeVisible();

  // The new event opens: hosted by the team.
  await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
  const eventId = new URL(page.url()).pathname.split('/')[2];
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: team.name })).toHaveAttribute('href', `/teams/${team.id}`);

  // Its two sides, from Edit on the event page (where the organisers set sides up).
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByRole('button', { name: 'Add a side' }).click();
  await page.getByRole('button', { name: 'Add a side' }).click();
  await page.getByRole('group', { name: 'Side 1' }).getByLabel('Side name').fill('NATO');
  await page.getByRole('group', { name: 'Side 2' }).getByLabel('Side name').fill('OPFOR');
  await page.getByRole('button', { name: 'Save sides' }).click();
  await expect(page.getByText('Sides saved')).toBeVisible();
  const sides = page.getByRole('list', { name: 'Sides' });
  await expect(sides.getByRole('listitem')).toHaveCount(2);
  await expect(sides.getByRole('listitem').nth(0)).toContainText('NATO');
  await expect(sides.getByRole('listitem').nth(1)).toContainText('OPFOR');
  await page.getByRole('button', { name: 'Edit', exact: true }).click(); // closes the editor

  // 2. The roster page: no players yet; the leader sets the waiver.
  await page.getByRole('link', { name: 'Roster' }).click();
  await expect(page).toHaveURL(`/events/${eventId}/roster`);
  await expect(page.getByRole('heading', { level: 1, name: `Roster: ${title}` })).toBeVisible();
  await expect(page.getByText('No players yet')).toBeVisible();
  const waiverText = `I play at my own risk and keep my eye protection on at all times (${uniqueName('w')}).`;
  await page.getByRole('textbox', { name: 'Waiver' }).fill(waiverText);
  await page.getByRole('button', { name: 'Save waiver' }).click();
  await expect(page.getByText('Waiver saved')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Waiver · Version 1' })).toHaveValue(waiverText);
  await checkA11y(page);

  // 3. Another player opens the event, picks OPFOR and signs the waiver to register.
  const playerContext = await browser.newContext({ baseURL });
  const player = await playerContext.newPage();
  const playerUser = await registerByApi(player.request, uniqueName('rifleman'));
  await player.goto(`/events/${eventId}`);
  await expect(player.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await player.getByLabel('Choose a side').selectOption({ label: 'OPFOR' });
  await player.getByRole('button', { name: 'Register', exact: true }).click();
  const dialog = player.getByRole('dialog', { name: `Waiver: ${title}` });
  await expect(dialog.getByRole('region', { name: 'Waiver' })).toContainText(waiverText);
  const sign = dialog.getByRole('button', { name: 'Sign and register' });
  await expect(sign).toBeDisabled();
  await dialog.getByLabel('Full name (as your signature)').fill('Alex Rifleman');
  await dialog.getByLabel('Date of birth').fill('1990-05-04');
  await checkA11y(player);
  await sign.click();
  await expect(dialog).toHaveCount(0);
  const playerSides = player.getByRole('list', { name: 'Sides' });
  await expect(playerSides.getByRole('listitem').filter({ hasText: 'OPFOR' })).toContainText('Your side');
  await expect(playerSides.getByRole('listitem').filter({ hasText: 'OPFOR' })).toContainText('1 registered');
  await expect(playerSides.getByRole('listitem').filter({ hasText: 'NATO' })).toContainText('0 registered');

  // 4. The leader's roster: the player, registered on OPFOR, waiver signed.
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: playerUser.username });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(2)).toHaveText('Registered');
  const side = row.getByRole('combobox', { name: `Side of ${playerUser.username}` });
  await expect(side.locator('option:checked')).toHaveText('OPFOR');
  await expect(row.getByRole('cell').last()).toHaveText('Signed');

  // 5. "Message players": to the registered players; the player reads it in their notifications.
  const message = `Gate opens 08:00, chrono at the car park. ${uniqueName('msg')}`;
  await expect(page.getByRole('heading', { name: 'Messages to players' })).toBeVisible();
  await expect(page.getByText('No messages sent yet')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Registered players' })).toBeChecked();
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill(message);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Message sent to 1 player')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: message })).toContainText('Registered players');

  // The bell (live, no reload) and its menu, then the notifications page.
  await expect(bell(player)).toHaveAccessibleName(/^Notifications, \d+ unread$/);
  await bell(player).click();
  const entry = player
    .getByRole('menu')
    .getByRole('menuitem', { name: new RegExp(`^Unread: Message from the organisers of ${title}`) });
  await expect(entry).toContainText(message);
  await player.getByRole('menu').getByRole('menuitem', { name: 'See all notifications' }).click();
  await expect(player).toHaveURL(/\/notifications$/);
  const link = player
    .getByRole('list', { name: 'Notifications' })
    .getByRole('link', { name: new RegExp(`Message from the organisers of ${title}`) });
  await expect(link).toContainText(message);
  // Opening it reads it and shows the message on the event page (where a list cached on the
  // earlier visit used to hide it).
  await link.click();
  await expect(player).toHaveURL(`/events/${eventId}`);
  await expect(player.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(player.getByTestId('event-messages')).toContainText(message);
  await playerContext.close();
});
