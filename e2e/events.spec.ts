import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  type APIRequestContext,
  type Browser,
  type Page,
  request as playwrightRequest,
} from '@playwright/test';
import { DEMO_ADMIN } from '../server/demo/data/players';
import { DEMO_PASSWORD } from '../server/demo/seed';
import { expect, registerByApi, signInThroughForm, test, uniqueName } from './fixtures';

/** Screenshots go to docs/screenshots with UPDATE_SCREENSHOTS=1, else beside the test's output. */
const shot = (name: string) =>
  process.env.UPDATE_SCREENSHOTS
    ? fileURLToPath(new URL(`../docs/screenshots/${name}`, import.meta.url))
    : test.info().outputPath(name);

interface EventAnswer {
  id: string;
  title: string;
  date: string;
}

/** An API client signed in as the demo admin. */
async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  const res = await api.post('/api/login', { data: { username: DEMO_ADMIN, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

/** Noon (local time) `days` from now. */
function inDays(days: number, hour = 12): Date {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setHours(hour, 0, 0, 0);
  return d;
}

async function createEvent(api: APIRequestContext, body: Record<string, unknown>): Promise<EventAnswer> {
  const res = await api.post('/api/events', {
    data: { location: 'Austin, TX', date: inDays(1, 9).toISOString(), ...body },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

async function openEvents(page: Page) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Events', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Upcoming Events' })).toBeVisible();
  await expect(page.getByTestId('events-section')).toBeVisible();
}

const section = (page: Page) => page.getByTestId('events-section');

test('events section: calendar and grid, tabs, day selection and the empty texts; screenshots', async ({
  page,
  baseURL,
}) => {
  const api = await adminApi(baseURL ?? '');
  const when = inDays(2, 15);
  // One of a kind in this run's fresh database; shown in the screenshots.
  const title = 'Ridge Patrol Training Day';
  await createEvent(api, { title, type: 'Training', date: when.toISOString(), capacity: 0 });

  await openEvents(page);
  const events = section(page);
  // Calendar first, today selected.
  await expect(events.getByRole('button', { name: 'Calendar' })).toHaveAttribute('aria-pressed', 'true');
  await expect(events.getByRole('grid')).toBeVisible();

  // A month long past has no events.
  for (let i = 0; i < 3; i += 1) await events.getByRole('button', { name: /previous month/i }).click();
  await events.getByRole('gridcell', { name: '15' }).getByRole('button').click();
  await expect(events.getByText('No events scheduled for this date')).toBeVisible();
  await events.getByRole('gridcell', { name: '15' }).getByRole('button').click();
  await expect(events.getByText('Select a date')).toBeVisible();

  // Back to the month of the new event: its day is marked; choosing it lists it.
  for (let i = 0; i < 3; i += 1) await events.getByRole('button', { name: /next month/i }).click();
  if (when.getMonth() !== new Date().getMonth())
    await events.getByRole('button', { name: /next month/i }).click();
  const day = events.getByRole('button', {
    name: new RegExp(
      `${when.toLocaleDateString('en-US', { month: 'long' })} ${when.getDate()}(st|nd|rd|th)?,.*has events`,
    ),
  });
  await day.click();
  const card = events.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('Training', { exact: true })).toBeVisible();
  await expect(card.getByTestId('event-registrations')).toHaveText('0 registered');

  await page.screenshot({ path: shot('events-calendar.png'), fullPage: false });

  // The grid: upcoming events; tabs ask by type.
  await events.getByRole('button', { name: 'Grid' }).click();
  await expect(events.getByRole('grid')).toHaveCount(0);
  await expect(events.getByRole('article').first()).toBeVisible();
  const tabs = events.getByRole('tablist', { name: 'Event type' });
  await expect(tabs.getByRole('tab')).toHaveText(['All Events', 'Milsim', 'Local', 'Training']);
  await tabs.getByRole('tab', { name: 'Milsim' }).click();
  await expect(events.getByRole('article').first()).toBeVisible();
  const badges = await events
    .getByRole('article')
    .evaluateAll((cards) => cards.map((c) => c.querySelector('span.rounded-full')?.textContent));
  expect(new Set(badges)).toEqual(new Set(['Milsim']));
  await tabs.getByRole('tab', { name: 'Training' }).click();
  await expect(events.getByRole('article', { name: title })).toBeVisible();

  await tabs.getByRole('tab', { name: 'All Events' }).click();
  await expect(events.getByRole('article').first()).toBeVisible();
  await page.evaluate(() => {
    document.documentElement.classList.remove('dark');
    document.documentElement.classList.add('light');
  });
  await page.waitForTimeout(300);
  await page.screenshot({ path: shot('events-light.png') });
  await page.evaluate(() => {
    document.documentElement.classList.remove('light');
    document.documentElement.classList.add('dark');
  });
  await api.dispose();
});

test('Near me asks for the location only when pressed; far from every event the grid is empty', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: -75.1, longitude: 123.3 }); // Antarctica
  await openEvents(page);
  const events = section(page);
  await events.getByRole('button', { name: 'Grid' }).click();
  await expect(events.getByRole('article').first()).toBeVisible();
  const nearby = page.waitForRequest((r) => r.url().includes('near=') && r.url().includes('sort=distance'));
  await events.getByRole('button', { name: 'Near me' }).click();
  await nearby;
  await expect(events.getByRole('button', { name: 'Near me' })).toHaveAttribute('aria-pressed', 'true');
  // It widened its search to 500 km and says so (issue 20).
  await expect(events.getByTestId('near-radius')).toHaveText('No events within 500 km');
  await expect(events.getByText('No events found for this category')).toBeVisible();
});

async function playerPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await registerByApi(page.request);
  return { context, page };
}

test('register, waitlist and cancel from a card; the waitlisted player is promoted', async ({
  page,
  browser,
  baseURL,
}) => {
  const api = await adminApi(baseURL ?? '');
  const title = `Last Slot ${uniqueName('op')}`;
  // The soonest upcoming event, so it heads the grid.
  await createEvent(api, {
    title,
    type: 'Local',
    capacity: 1,
    date: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
  });

  await registerByApi(page.request);
  await openEvents(page);
  await section(page).getByRole('button', { name: 'Grid' }).click();
  const mine = section(page).getByRole('article', { name: title });
  await expect(mine.getByTestId('event-registrations')).toHaveText('0/1 registered');
  await mine.getByRole('button', { name: 'Register' }).click();
  await expect(mine.getByText("You're registered")).toBeVisible();
  await expect(mine.getByTestId('event-registrations')).toHaveText('1/1 registered');

  // A second player finds it full and joins the waitlist.
  const other = await playerPage(browser, baseURL ?? '');
  await openEvents(other.page);
  await section(other.page).getByRole('button', { name: 'Grid' }).click();
  const theirs = section(other.page).getByRole('article', { name: title });
  await theirs.getByRole('button', { name: 'Join waitlist' }).click();
  await expect(theirs.getByText('On the waitlist (#1)')).toBeVisible();

  // The first cancels: the place goes to the waitlisted player.
  await page.reload();
  await page.getByRole('link', { name: 'Events', exact: true }).click();
  await section(page).getByRole('button', { name: 'Grid' }).click();
  await mine.getByRole('button', { name: 'Cancel registration' }).click();
  await expect(mine.getByRole('button', { name: 'Join waitlist' })).toBeVisible();
  await expect(mine.getByTestId('event-registrations')).toHaveText('1/1 registered');

  await other.page.reload();
  await other.page.getByRole('link', { name: 'Events', exact: true }).click();
  await section(other.page).getByRole('button', { name: 'Grid' }).click();
  await expect(theirs.getByText("You're registered")).toBeVisible();
  await theirs.getByRole('button', { name: 'Cancel registration' }).click();
  await expect(theirs.getByRole('button', { name: 'Register' })).toBeVisible();
  await other.context.close();
  await api.dispose();
});

test("the event page: fields, rules card, map link, calendar file; 'Event not found'", async ({
  page,
  baseURL,
}) => {
  const api = await adminApi(baseURL ?? '');
  const presetRes = await api.get('/api/events?limit=1');
  expect(presetRes.ok()).toBe(true);
  const title = `Quarry Rules ${uniqueName('op')}`;
  const event = await createEvent(api, {
    title,
    type: 'Milsim',
    capacity: 40,
    address: '100 Quarry Rd, Austin, TX',
    description: 'Bring two canteens.',
    url: 'https://example.com/quarry',
    rules: {
      chronoBbWeightG: 0.2,
      classes: { aeg: { joules: 1.14, minEngagementM: null }, sniper: { joules: 2.32, minEngagementM: 30 } },
      eyeProtection: 'full-seal',
      minimumAge: 16,
      hpaAllowed: true,
    },
  });

  await page.goto(`/events/${event.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Bring two canteens.')).toBeVisible();
  await expect(page.getByTestId('places-left')).toHaveText('40 places left');
  const rules = page.getByRole('table');
  await expect(rules.getByRole('row', { name: /AEG\/GBB/ })).toContainText('1.14 J (350 fps with 0.20 g)');
  await expect(rules.getByRole('row', { name: /Bolt-action sniper/ })).toContainText('30 m');
  await expect(page.getByText('Full-seal eye protection required')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open in map' })).toHaveAttribute(
    'href',
    'https://www.openstreetmap.org/search?query=100%20Quarry%20Rd%2C%20Austin%2C%20TX',
  );
  await expect(page.getByRole('link', { name: 'View Event Details' })).toHaveAttribute(
    'rel',
    'noopener noreferrer',
  );
  const ics = page.getByRole('link', { name: 'Add to calendar' });
  const icsRes = await page.request.get((await ics.getAttribute('href')) ?? '');
  expect(icsRes.headers()['content-type']).toContain('text/calendar');
  expect(await icsRes.text()).toContain(`SUMMARY:${title}`);

  await page.goto('/events/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Event not found')).toBeVisible();
  await api.dispose();
});

async function openManageEvents(page: Page) {
  await signInThroughForm(page, DEMO_ADMIN, DEMO_PASSWORD);
  await page.getByRole('link', { name: 'Admin Dashboard' }).click();
  await page.getByRole('link', { name: /^Manage Events/ }).click();
  await expect(page.getByRole('heading', { name: 'Create Event' })).toBeVisible();
}

test('admin: create, edit and delete an event in Manage Events', async ({ page }) => {
  await openManageEvents(page);
  const title = `Dawn Raid ${uniqueName('op')}`;
  const form = page.getByRole('form', { name: 'Create Event' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Location').fill('Round Rock, TX');
  const date = inDays(1, 7);
  const local = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}T07:00`;
  await form.getByLabel('Date and time').fill(local);
  await form.getByLabel('Capacity').fill('not a number');
  await form.getByLabel('Preset').selectOption({ label: 'EU 1.5 J' });
  await expect(form.getByLabel(/AEG\/GBB power limit/)).toHaveValue('1.5');
  await form.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Event created successfully')).toBeVisible();

  const list = page.getByTestId('admin-event-list');
  await expect(list).toHaveCSS('height', '600px');
  const row = list.getByRole('listitem', { name: title });
  await expect(row).toContainText('0 registered'); // capacity fell back to 0: no limit

  await row.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Event' })).toBeVisible();
  const edit = page.getByRole('form', { name: 'Edit Event' });
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  await edit.getByLabel('Title').fill(`${title} II`);
  await edit.getByLabel('Capacity').fill('30');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Event updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create Event' })).toBeVisible();
  const edited = list.getByRole('listitem', { name: `${title} II` });
  await expect(edited).toContainText('0/30 registered');

  await edited.getByRole('button', { name: `Delete ${title} II` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Event deleted successfully')).toBeVisible();
  await expect(list.getByRole('listitem', { name: `${title} II` })).toHaveCount(0);
});

/** A tiny calendar site on this machine: one feed with two upcoming events. */
function icsFeed(tag: string): string {
  const stamp = (d: Date) =>
    d
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  const vevent = (uid: string, summary: string, days: number) =>
    [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      `DTSTAMP:${stamp(new Date())}`,
      `DTSTART:${stamp(inDays(days, 10))}`,
      `DTEND:${stamp(inDays(days, 16))}`,
      `SUMMARY:${summary}`,
      'LOCATION:Waco\\, TX',
      'CATEGORIES:Milsim',
      'END:VEVENT',
    ].join('\r\n');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//e2e//fixture//EN',
    vevent(`a-${tag}@e2e.test`, `Imported Op ${tag}`, 20),
    vevent(`b-${tag}@e2e.test`, `Imported Drill ${tag}`, 21),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

test('admin: import from a feed address (a local server) and from an .ics file', async ({ page }) => {
  const tag = uniqueName('feed');
  const server: Server = createServer((req, res) => {
    if (req.url === '/feed.ics') {
      res.writeHead(200, { 'Content-Type': 'text/calendar' });
      res.end(icsFeed(tag));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    await openManageEvents(page);
    // This server has no EVENTS_IMPORT_URL: no preset is offered, the feed address is the source.
    const source = page.getByLabel('Source');
    await expect(source).toHaveValue('custom');
    await expect(source.locator('option')).toHaveCount(1);
    const importButton = page.getByRole('button', { name: 'Import', exact: true });
    await expect(importButton).toBeDisabled();

    await page.getByLabel('Feed address').fill(`http://127.0.0.1:${port}/feed.ics`);
    await importButton.click();
    await expect(page.getByText('Import Complete')).toBeVisible();
    await expect(page.getByText('imported 2 events, skipped 0 duplicates')).toBeVisible();

    // Again: nothing new.
    await page.getByLabel('Feed address').fill(`http://127.0.0.1:${port}/feed.ics`);
    await importButton.click();
    await expect(page.getByText('imported 0 events, skipped 2 duplicates')).toBeVisible();

    // A missing feed: 'Import Failed' with the reason.
    await page.getByLabel('Feed address').fill(`http://127.0.0.1:${port}/missing.ics`);
    await importButton.click();
    await expect(page.getByText('Import Failed')).toBeVisible();

    // An uploaded file with one new event.
    const other = uniqueName('file');
    await page.getByLabel('Feed address').fill('');
    await page.getByLabel('Or an .ics file').setInputFiles({
      name: 'games.ics',
      mimeType: 'text/calendar',
      buffer: Buffer.from(icsFeed(other)),
    });
    await importButton.click();
    await expect(page.getByText('imported 2 events, skipped 0 duplicates')).toBeVisible();
    await expect(page.getByTestId('admin-event-list').getByText(`Imported Op ${tag}`)).toBeVisible();
  } finally {
    server.close();
  }
});

test('settings: the personal calendar feed lists my registrations; a reset retires the old address', async ({
  page,
  baseURL,
}) => {
  const api = await adminApi(baseURL ?? '');
  const title = `Feed Check ${uniqueName('op')}`;
  const event = await createEvent(api, { title, capacity: 10 });
  await registerByApi(page.request);
  expect((await page.request.post(`/api/events/${event.id}/registration`)).status()).toBe(200);

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Create address' }).click();
  const field = page.getByLabel('Feed address');
  await expect(field).toHaveValue(/\/api\/calendar\/.+\.ics$/);
  const first = await field.inputValue();
  const feed = await page.request.get(first);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  expect(await feed.text()).toContain(`SUMMARY:${title}`);

  await page.getByRole('button', { name: 'Reset address' }).click();
  await expect(field).not.toHaveValue(first);
  expect((await page.request.get(first)).status()).toBe(404);
  expect((await page.request.get(await field.inputValue())).status()).toBe(200);
  // Only its hash is kept: after a reload the address is no longer shown (issue 24).
  await page.reload();
  await expect(page.getByText(/You have a calendar address/)).toBeVisible();
  await expect(page.getByLabel('Feed address')).toHaveCount(0);
  await api.dispose();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('the events section at 360 px', async ({ page }) => {
    await page.goto('/');
    // Explore Events is a link to /events (issue 20).
    await page.getByRole('link', { name: 'Explore Events' }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(section(page).getByRole('grid')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: shot('events-mobile.png') });
  });
});

test('issue 20: the event page at 360 px shows date, place, places left and Register in the first screen; the .ics carries TZID and DTEND', async ({
  page,
  baseURL,
}) => {
  const api = await adminApi(baseURL ?? '');
  const title = `Phone Op ${uniqueName('op')}`;
  const start = inDays(3, 9);
  const event = await createEvent(api, {
    title,
    type: 'Milsim',
    capacity: 30,
    date: start.toISOString(),
    endsAt: new Date(start.getTime() + 6 * 3_600_000).toISOString(),
    timeZone: 'America/Chicago',
    address: '100 Quarry Rd, Austin, TX',
    description: 'A long description.\n'.repeat(30),
    rules: { eyeProtection: 'full-seal', minimumAge: 16 },
  });
  await api.dispose();

  await registerByApi(page.request);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/events/${event.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // Times in the event's zone with its abbreviation.
  await expect(page.getByTestId('event-when')).toHaveText(/ (CST|CDT)$/);
  for (const shown of [
    page.getByTestId('event-when'),
    page.getByText('Austin, TX', { exact: true }),
    page.getByTestId('places-left'),
    page.getByRole('button', { name: 'Register' }),
  ])
    await expect(shown).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // The bar sits above the bottom navigation, not over it.
  const bar = await page.getByTestId('event-action-bar').boundingBox();
  const nav = await page.getByRole('navigation', { name: 'Mobile navigation' }).boundingBox();
  expect(bar && nav).toBeTruthy();
  expect(bar!.y + bar!.height).toBeLessThanOrEqual(nav!.y + 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The rules card follows; the end of the page is not hidden under the bar.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toBeInViewport();

  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByTestId('event-action-bar').getByText("You're registered")).toBeVisible();

  const ics = await (await page.request.get(`/api/events/${event.id}/ics`)).text();
  expect(ics).toMatch(/DTSTART;TZID=America\/Chicago:\d{8}T\d{6}/);
  expect(ics).toMatch(/DTEND;TZID=America\/Chicago:\d{8}T\d{6}/);
  await page.screenshot({ path: shot('event-mobile.png') });
});
