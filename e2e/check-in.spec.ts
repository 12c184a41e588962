import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { RULE_PRESETS } from '../contract/events';
import { DEMO_ADMIN } from '../server/demo/data/players';
import { DEMO_PASSWORD } from '../server/demo/seed';
import { expect, registerByApi, test, uniqueName } from './fixtures';

/** A new player (an API client of their own), registered for the event, with their ticket code. */
async function playerWithTicket(
  baseURL: string,
  eventId: string,
): Promise<{ api: APIRequestContext; code: string }> {
  const api = await playwrightRequest.newContext({ baseURL });
  await registerByApi(api, uniqueName('gate'));
  expect((await api.post(`/api/events/${eventId}/registration`)).status()).toBe(200);
  const ticket = await api.get(`/api/events/${eventId}/ticket`);
  expect(ticket.status()).toBe(200);
  return { api, code: (await ticket.json()).code };
}

test('check-in keeps working offline: two players checked in by typed code and a chrono reading judged, synced when back online', async ({
  page,
  context,
  baseURL,
}) => {
  const base = baseURL as string;
  const login = await page.request.post('/api/login', {
    data: { username: DEMO_ADMIN, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const created = await page.request.post('/api/events', {
    data: {
      title: `Gate test ${uniqueName('op')}`,
      location: 'Austin, TX',
      date: new Date(Date.now() + 86_400_000).toISOString(),
      // AEG/GBB limit 1.14 J.
      rules: RULE_PRESETS[0].rules,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = (await created.json()).id as string;
  const one = await playerWithTicket(base, eventId);
  const two = await playerWithTicket(base, eventId);

  await page.goto(`/events/${eventId}/check-in`);
  await expect(page.getByText('0 of 2 checked in')).toBeVisible();
  await expect(page.getByTestId('sync-state')).toHaveText('All synced');
  // Let the service worker take the page's files before the network goes.
  await page.evaluate(() => navigator.serviceWorker?.ready);

  await context.setOffline(true);
  const code = page.getByLabel('Ticket code');
  await code.fill(one.code.toLowerCase());
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(page.getByTestId('gate-outcome')).toContainText('Checked in at');
  await code.fill(two.code.replace(/(.{4})(?!$)/g, '$1-'));
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(page.getByTestId('sync-state')).toContainText('2 scans waiting to sync');
  // The same ticket again: already checked in, nothing more queued.
  await code.fill(one.code);
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(page.getByTestId('gate-outcome')).toContainText('Already checked in at');
  await expect(page.getByTestId('sync-state')).toContainText('2 scans waiting to sync');
  // Chrono with no network: judged at once on the phone (400 fps with 0.20 g is 1.49 J, over 1.14 J).
  const outcome = page.getByTestId('gate-outcome');
  await outcome.getByLabel('fps', { exact: true }).fill('400');
  await outcome.getByLabel('BB (g)').fill('0.20');
  await outcome.getByRole('button', { name: 'Record chrono' }).click();
  await expect(page.getByTestId('chrono-verdict')).toContainText('FAIL · 1.49 J');
  await expect(page.getByTestId('chrono-verdict')).toContainText('Limit 1.14 J');
  await expect(page.getByTestId('sync-state')).toContainText('2 scans, 1 chrono reading waiting to sync');

  // A reload with no network opens the kept page and the roster and queue kept on the device.
  await page.reload();
  await expect(page.getByText('2 of 2 checked in')).toBeVisible();
  await expect(page.getByTestId('sync-state')).toContainText('2 scans, 1 chrono reading waiting to sync');

  await context.setOffline(false);
  await expect(page.getByTestId('sync-state')).toHaveText('All synced');
  const data = await page.request.get(`/api/events/${eventId}/check-in-data`);
  const players = (await data.json()).players as {
    checkedInAt: string | null;
    chrono: { replicaClass: string; fps: number; joules: number; pass: boolean; measuredBy: string }[];
  }[];
  expect(players).toHaveLength(2);
  expect(players.every((p) => p.checkedInAt)).toBe(true);
  // The reading made offline, judged again by the server, measured by the organiser who synced.
  const readings = players.flatMap((p) => p.chrono);
  expect(readings).toHaveLength(1);
  expect(readings[0]).toMatchObject({ replicaClass: 'aeg', fps: 400, pass: false, measuredBy: DEMO_ADMIN });
  expect(readings[0].joules).toBeCloseTo(1.486, 2);
  await one.api.dispose();
  await two.api.dispose();
});
