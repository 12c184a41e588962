import type { Attendee, AttendeesAnswer } from '@contract/event-social';
import { EVENT_SOCIAL_TEXTS } from '@contract/event-social';
import type { Event } from '@contract/events';
import { screen, within } from '@testing-library/react';
import { json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { WhosGoingCard } from './whos-going-card';

const T = EVENT_SOCIAL_TEXTS;
const EVENT = {
  id: '30000000-0000-4000-8000-000000000001',
  registeredCount: 0,
  viewerStatus: 'none',
} as Event;
const PATH = `GET /api/events/${EVENT.id}/attendees`;
const RED = '60000000-0000-4000-8000-000000000001';
const BLUE = '60000000-0000-4000-8000-000000000002';

const aPlayer = (n: number, over: Partial<Attendee> = {}): Attendee => ({
  id: `70000000-0000-4000-8000-00000000000${n}`,
  username: `player${n}`,
  avatar: null,
  sideId: null,
  known: null,
  isViewer: false,
  private: false,
  ...over,
});
const answer = (over: Partial<AttendeesAnswer>): AttendeesAnswer => ({
  count: 0,
  sides: [],
  players: [],
  namesHidden: false,
  ...over,
});

describe("Who's going card", () => {
  it('shows a loading state, then the players with "and N others" from the count', async () => {
    mockFetch({
      ...signedIn(),
      [PATH]: () =>
        json(
          answer({
            count: 40,
            players: [
              aPlayer(1, { isViewer: true, private: true }),
              aPlayer(2, { known: 'teammate' }),
              aPlayer(3),
            ],
          }),
        ),
    });
    renderApp(<WhosGoingCard event={EVENT} />);
    expect(screen.getByRole('status', { name: T.loadingAttendees })).toBeInTheDocument();
    expect(await screen.findByText(`player1 (${T.you})`)).toBeInTheDocument();
    expect(screen.getByText('player2')).toBeInTheDocument();
    expect(screen.getByText(T.teammate)).toBeInTheDocument();
    expect(screen.getByText(T.andOthers(37))).toBeInTheDocument();
    expect(screen.getByText(T.privateNote)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /player3/ })).toHaveAttribute('href', '/profile/player3');
  });

  it('the empty state: "Be the first to register"', async () => {
    mockFetch({ ...signedIn(), [PATH]: () => json(answer({ count: 0 })) });
    renderApp(<WhosGoingCard event={EVENT} />);
    expect(await screen.findByText(T.beFirst)).toBeInTheDocument();
  });

  it('per side: each side its players and its own "and N others"', async () => {
    mockFetch({
      ...signedIn(),
      [PATH]: () =>
        json(
          answer({
            count: 5,
            sides: [
              { id: RED, name: 'Red', colour: '#ff0000', count: 3 },
              { id: BLUE, name: 'Blue', colour: '#0000ff', count: 2 },
            ],
            players: [
              aPlayer(1, { sideId: RED }),
              aPlayer(2, { sideId: BLUE }),
              aPlayer(3, { sideId: BLUE }),
            ],
          }),
        ),
    });
    renderApp(<WhosGoingCard event={EVENT} />);
    const red = await screen.findByRole('region', { name: 'Red' });
    expect(within(red).getByText('player1')).toBeInTheDocument();
    expect(within(red).getByText(T.andOthers(2))).toBeInTheDocument();
    const blue = screen.getByRole('region', { name: 'Blue' });
    expect(within(blue).getByText('player3')).toBeInTheDocument();
    expect(within(blue).queryByText(/others?$/)).toBeNull();
  });

  it('signed out: the count and a sign-in link, no names; an error says so', async () => {
    mockFetch({ ...signedIn(), [PATH]: () => json(answer({ count: 7, namesHidden: true })) });
    const view = renderApp(<WhosGoingCard event={EVENT} />);
    expect(await screen.findByText(T.signInToSeeNames)).toBeInTheDocument();
    expect(screen.getByText(`· ${T.going(7)}`)).toBeInTheDocument();
    view.unmount();
    mockFetch({ ...signedIn(), [PATH]: () => json({ message: 'boom' }, 500) });
    renderApp(<WhosGoingCard event={EVENT} />);
    expect(await screen.findByText(T.attendeesFailed, {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
