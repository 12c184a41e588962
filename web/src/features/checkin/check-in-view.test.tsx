import 'fake-indexeddb/auto';
import type { CheckInData } from '@contract/checkin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { CheckInView } from './check-in-view';
import { resetOfflineStore } from './offline-store';

const eventId = '41111111-1111-4111-8111-111111111111';
const userId = '42222222-2222-4222-8222-222222222222';
const roster = (): CheckInData => ({
  event: { id: eventId, title: 'Op Gate', date: '2030-06-01T09:00:00Z', timeZone: 'UTC' },
  players: [
    {
      userId,
      username: 'ana',
      avatar: null,
      side: null,
      waiver: 'missing',
      checkedInAt: null,
      chrono: [],
      codeDigest: 'x',
    },
  ],
  abilities: { canCheckIn: true, canChrono: true },
  chronoLimits: { classes: { aeg: 1.14, dmr: null, sniper: null }, bbWeightGrams: 0.2 },
  waiver: { version: 4, text: 'I accept the **risks**.' },
  generatedAt: '2030-06-01T08:00:00Z',
});

beforeEach(async () => {
  await resetOfflineStore();
  await new Promise((done) => {
    const req = indexedDB.deleteDatabase('airsoft-check-in');
    req.onsuccess = req.onerror = req.onblocked = done;
  });
});

describe('the check-in page', () => {
  it('lets a player whose waiver is missing sign on the organiser’s phone, then shows it signed and sends it', async () => {
    const signed: unknown[] = [];
    mockFetch({
      ...signedIn(),
      [`GET /api/events/${eventId}/check-in-data`]: () => json(roster()),
      [`POST /api/events/${eventId}/check-ins/batch`]: () => json({ results: [] }),
      [`POST /api/events/${eventId}/roster/${userId}/waiver`]: (init) => {
        signed.push(JSON.parse(init.body as string));
        return json({ player: { ...roster().players[0], waiver: 'signed' } });
      },
    });
    const user = userEvent.setup();
    renderApp(<CheckInView eventId={eventId} />);
    await user.type(await screen.findByRole('textbox', { name: 'Search the roster' }), 'ana');
    const match = (await screen.findByText('ana')).closest('li') as HTMLElement;
    await user.click(within(match).getByRole('button', { name: 'Check in' }));
    const outcome = await screen.findByTestId('gate-outcome');
    expect(within(outcome).getByText('Not signed')).toBeInTheDocument();
    await user.click(within(outcome).getByRole('button', { name: 'Sign the waiver' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByTestId('waiver-text')).toHaveTextContent('I accept the risks.'),
    );
    expect(within(dialog).getByText(/Hand the phone to ana/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Full name/), 'Ana Silva');
    await user.type(within(dialog).getByLabelText('Date of birth'), '1990-01-02');
    await user.click(within(dialog).getByRole('button', { name: 'Sign (witnessed)' }));
    await waitFor(() =>
      expect(signed).toEqual([{ version: 4, fullName: 'Ana Silva', dateOfBirth: '1990-01-02' }]),
    );
    await waitFor(() =>
      expect(within(outcome).queryByRole('button', { name: 'Sign the waiver' })).toBeNull(),
    );
    expect(within(outcome).getByText('Signed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('sync-state')).toHaveTextContent('All synced'));
  });
});
