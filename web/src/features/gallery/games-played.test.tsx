import { GAMES_PLAYED_TEXTS, type PlayerGame } from '@contract/event-photos';
import { screen, within } from '@testing-library/react';
import { json, mockFetch, renderApp, signedOut } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { GamesPlayed } from './games-played';

const USER = '00000000-0000-4000-8000-000000000009';
const GAMES = `GET /api/user/${USER}/games`;
const game: PlayerGame = {
  eventId: '30000000-0000-4000-8000-000000000001',
  title: 'Operation Northwind',
  date: '2031-01-10T09:00:00.000Z',
  timeZone: 'UTC',
  location: 'Leeds',
  field: { id: '60000000-0000-4000-8000-000000000001', name: 'Quarry Field' },
  side: { name: 'Blue', colour: '#2255ff' },
  checkedInAt: '2031-01-10T08:30:00.000Z',
};

describe('Games played', () => {
  it('lists the games with the count, field and side; says so when there are none', async () => {
    mockFetch({ ...signedOut(), [GAMES]: () => json({ count: 1, games: [game] }) });
    const { unmount } = renderApp(<GamesPlayed userId={USER} />);
    const section = await screen.findByTestId('games-played');
    expect(await within(section).findByRole('link', { name: 'Operation Northwind' })).toHaveAttribute(
      'href',
      `/events/${game.eventId}`,
    );
    expect(within(section).getByText(GAMES_PLAYED_TEXTS.count(1))).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Quarry Field' })).toBeInTheDocument();
    expect(within(section).getByText('Blue')).toBeInTheDocument();
    unmount();
    mockFetch({ ...signedOut(), [GAMES]: () => json({ count: 0, games: [] }) });
    renderApp(<GamesPlayed userId={USER} />);
    expect(await screen.findByText(GAMES_PLAYED_TEXTS.empty)).toBeInTheDocument();
  });
});
