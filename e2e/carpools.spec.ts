import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { DEMO_ADMIN } from '../server/demo/data/players';
import { DEMO_PASSWORD } from '../server/demo/seed';
import { expect, registerByApi, test, uniqueName } from './fixtures';

// Issue 26 at 360 px: a driver offers a ride on an event's carpool board, another player asks for a
// seat, the driver accepts, and only then does each see the other's contact note.

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  const res = await api.post('/api/login', { data: { username: DEMO_ADMIN, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

async function register(request: APIRequestContext, eventId: string) {
  const res = await request.post(`/api/events/${eventId}/registration`, { data: {} });
  expect(res.status(), await res.text()).toBe(200);
}

test('offer a ride, take a seat, accepted: contacts shown once accepted (360 px)', async ({
  page,
  browser,
  baseURL,
}) => {
  const api = await adminApi(baseURL ?? '');
  const title = `Carpool Op ${uniqueName('op')}`;
  const made = await api.post('/api/events', {
    data: {
      title,
      type: 'Local',
      location: 'Leeds',
      lat: 53.8,
      lng: -1.55,
      date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const eventId = (await made.json()).id as string;

  await registerByApi(page.request);
  await register(page.request, eventId);
  const riderContext = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const rider = await riderContext.newPage();
  await registerByApi(rider.request);
  await register(rider.request, eventId);

  // The driver offers three seats from York.
  await page.goto(`/events/${eventId}`);
  const board = page.getByTestId('carpools');
  await expect(board.getByText('No rides yet.')).toBeVisible();
  await board.getByRole('button', { name: 'Offer a ride' }).click();
  const form = board.getByRole('form', { name: 'Offer a ride' });
  // The places picker (the offline gazetteer): a town typed, a suggestion picked.
  await form.getByRole('combobox', { name: 'From' }).fill('York');
  await page.getByRole('option', { name: 'York, York, United Kingdom', exact: true }).click();
  await expect(form.getByRole('combobox', { name: 'From' })).toHaveValue('York, York, United Kingdom');
  await form.getByLabel('Departure').fill('2030-01-01T08:00');
  await form.getByLabel('Seats offered').fill('3');
  await form.getByLabel('Contact note (shown once accepted)').fill('Text me on 07700 900123');
  await form.getByRole('button', { name: 'Post' }).click();
  await expect(board.getByText('From: York')).toBeVisible();
  await expect(board.getByText('3 seats left')).toBeVisible();

  // The rider asks for a seat: the driver's contact is not shown yet.
  await rider.goto(`/events/${eventId}`);
  const theirs = rider.getByTestId('carpools');
  await expect(theirs.getByText('From: York')).toBeVisible();
  await expect(theirs.getByText('Text me on 07700 900123')).toHaveCount(0);
  await theirs.getByRole('button', { name: 'Request a seat' }).click();
  await theirs.getByLabel('Contact note (shown once accepted)').fill('Call 07700 900456');
  await theirs.getByRole('button', { name: 'Request a seat' }).click();
  await expect(theirs.getByText('1 seat · Pending')).toBeVisible();
  await expect(theirs.getByRole('button', { name: 'Request a seat' })).toHaveCount(0);

  // The driver accepts: the seat is taken and both contacts show.
  await page.reload();
  await board.getByRole('button', { name: 'Accept' }).click();
  await expect(board.getByText('2 seats left')).toBeVisible();
  await expect(board.getByText('Call 07700 900456')).toBeVisible();
  await rider.reload();
  // The request's own status ('1 seat · Accepted'): a bare 'Accepted' also matches the board's intro.
  await expect(theirs.getByText('1 seat · Accepted')).toBeVisible();
  await expect(theirs.getByText('Text me on 07700 900123')).toBeVisible();
  // Tap targets of the board's actions are 44 px high at 360 px.
  const heights = await theirs
    .getByRole('button')
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
  for (const h of heights) expect(h).toBeGreaterThanOrEqual(44);
  await riderContext.close();
  await api.dispose();
});
