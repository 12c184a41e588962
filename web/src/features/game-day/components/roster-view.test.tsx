import type { RosterAnswer, RosterEntry } from '@contract/game-day';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { RosterView, shownEntries } from './roster-view';

const EVENT = '30000000-0000-4000-8000-000000000001';
const entry = (n: number, over: Partial<RosterEntry> = {}): RosterEntry => ({
  userId: `10000000-0000-4000-8000-00000000000${n}`,
  username: `player${n}`,
  status: 'registered',
  position: n,
  registeredAt: `2026-11-0${n}T10:00:00.000Z`,
  side: null,
  checkedInAt: null,
  chrono: null,
  waiver: { state: 'signed', version: 1, signedAt: '2026-11-01T10:00:00.000Z', minor: false },
  ...over,
});
const ROSTER: RosterAnswer = {
  eventId: EVENT,
  title: 'Op Nightfall',
  date: '2026-12-01T09:00:00.000Z',
  timeZone: 'UTC',
  waiver: { version: 2 },
  sides: [],
  entries: [
    entry(1, { username: 'zulu' }),
    entry(2, { username: 'alpha', waiver: { state: 'outdated', version: 1, signedAt: null, minor: false } }),
    entry(3, { username: 'mike', status: 'waitlisted', position: 1 }),
  ],
};
const api = (roster: RosterAnswer | null, more: Parameters<typeof mockFetch>[0] = {}) =>
  mockFetch({
    ...more,
    ...signedIn(aUser()),
    [`GET /api/events/${EVENT}/roster`]: () =>
      roster ? json(roster) : json({ message: 'Not allowed' }, 403),
    [`GET /api/events/${EVENT}/messages`]: () => json({ messages: [], canSend: true }),
    [`GET /api/events/${EVENT}/waiver`]: () => json({ waiver: null, inherited: null }),
    [`POST /api/events/${EVENT}/messages`]: () =>
      json(
        {
          id: '20000000-0000-4000-8000-000000000001',
          text: 'Gates at 8',
          audience: 'registered',
          sideId: null,
          sender: null,
          recipientCount: 2,
          createdAt: '2026-11-27T10:00:00.000Z',
        },
        201,
      ),
  });
const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[1].textContent);

describe('roster page', () => {
  it('filters by status and name, sorts, and shows who signs again', async () => {
    api(ROSTER);
    renderApp(<RosterView eventId={EVENT} />);
    expect(await screen.findByRole('heading', { name: 'Roster: Op Nightfall' })).toBeInTheDocument();
    expect(names()).toEqual(['zulu', 'alpha', 'mike']);
    expect(screen.getByText('Signs again')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'name');
    expect(names()).toEqual(['alpha', 'mike', 'zulu']);
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'waitlisted');
    expect(names()).toEqual(['mike']);
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'all');
    await userEvent.type(screen.getByLabelText('Search by name'), 'ZU');
    expect(names()).toEqual(['zulu']);
    await userEvent.type(screen.getByLabelText('Search by name'), 'nobody');
    expect(screen.getByText('No players match')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Download CSV/ })).toHaveAttribute(
      'href',
      `/api/events/${EVENT}/roster.csv`,
    );
    expect(screen.getByRole('button', { name: /Print/ })).toBeInTheDocument();
  });

  it('sends a message to the chosen audience', async () => {
    const fetchMock = api(ROSTER);
    renderApp(<RosterView eventId={EVENT} />);
    await userEvent.type(await screen.findByLabelText('Message'), 'Gates at 8');
    await userEvent.click(screen.getByLabelText('Registered and waitlist'));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent to 2 players')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ text: 'Gates at 8', audience: 'all' });
  });

  it('shows each player’s side, check-in and chrono, and messages one side of an event with sides', async () => {
    const NATO = '40000000-0000-4000-8000-000000000001';
    const OPFOR = '40000000-0000-4000-8000-000000000002';
    const moves: unknown[] = [];
    const fetchMock = api(
      {
        ...ROSTER,
        sides: [
          { id: NATO, name: 'NATO' },
          { id: OPFOR, name: 'OPFOR' },
        ],
        entries: [
          entry(1, { username: 'zulu', side: 'NATO', checkedInAt: '2026-12-01T08:12:00.000Z' }),
          entry(2, { username: 'alpha', side: 'OPFOR', chrono: 'fail' }),
        ],
      },
      {
        [`POST /api/events/${EVENT}/roster/${entry(1).userId}/side`]: (init) => {
          moves.push(JSON.parse(String(init?.body)));
          return json({});
        },
      },
    );
    renderApp(<RosterView eventId={EVENT} />);
    expect(await screen.findByLabelText('Side of zulu')).toHaveValue(NATO);
    expect(screen.getByLabelText('Side of alpha')).toHaveValue(OPFOR);
    const alpha = screen.getByRole('cell', { name: 'alpha' }).closest('tr') as HTMLElement;
    expect(within(alpha).getByRole('cell', { name: 'Fail' })).toBeInTheDocument();
    // An organiser moves zulu to OPFOR.
    await userEvent.selectOptions(screen.getByLabelText('Side of zulu'), 'OPFOR');
    await waitFor(() => expect(moves).toEqual([{ sideId: OPFOR }]));
    await userEvent.type(screen.getByLabelText('Message'), 'OPFOR spawn moved');
    await userEvent.click(screen.getByLabelText('One side'));
    await userEvent.selectOptions(screen.getByLabelText('Side'), 'OPFOR');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText(/Message sent to/);
    const call = fetchMock.mock.calls.find(
      ([url, init]) => init?.method === 'POST' && String(url).endsWith('/messages'),
    );
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      text: 'OPFOR spawn moved',
      audience: 'side',
      sideId: OPFOR,
    });
  });

  it('says so when the roster is refused, and when it is empty', async () => {
    api(null);
    const { unmount } = renderApp(<RosterView eventId={EVENT} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the roster');
    unmount();
    api({ ...ROSTER, entries: [] });
    renderApp(<RosterView eventId={EVENT} />);
    expect(await screen.findByText('No players yet')).toBeInTheDocument();
  });

  it('waiver sort puts who must sign first', () => {
    expect(shownEntries(ROSTER.entries, { status: 'all', search: '', sort: 'waiver' })[0].username).toBe(
      'alpha',
    );
  });
});
