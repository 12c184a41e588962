import type { EventWithReplicas as Event } from '@contract/garage';
import { screen } from '@testing-library/react';
import { json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { EventGameDay } from './event-game-day';

const id = '30000000-0000-4000-8000-000000000001';
const event = (overrides: Partial<Event>) =>
  ({
    id,
    title: 'Op',
    viewerStatus: 'none',
    abilities: { canManage: false, canCheckIn: false },
    ...overrides,
  }) as Event;

describe('the event page’s game day', () => {
  it('shows a registered player’s ticket in groups with a print button, and their replicas against the limits', async () => {
    mockFetch({ ...signedIn(), [`GET /api/events/${id}/ticket`]: () => json({ code: 'ABCDEFGHJKMNPQRS' }) });
    renderApp(
      <EventGameDay
        event={event({
          viewerStatus: 'registered',
          myReplicas: [
            {
              id: `${id.slice(0, -1)}2`,
              name: 'M4',
              replicaClass: 'aeg',
              joules: 1.1,
              limitJoules: 1.14,
              allowed: true,
            },
            {
              id: `${id.slice(0, -1)}3`,
              name: 'L96',
              replicaClass: 'sniper',
              joules: 2.5,
              limitJoules: 2.32,
              allowed: false,
            },
          ],
        })}
      />,
    );
    expect(await screen.findByTestId('ticket-code')).toHaveTextContent('ABCD-EFGH-JKMN-PQRS');
    expect(screen.getByText(/Ticket code A B C D/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print ticket' })).toBeInTheDocument();
    expect(screen.getByText('Within this event’s limits')).toBeInTheDocument();
    expect(screen.getByText('Over this event’s limit')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Check-in' })).not.toBeInTheDocument();
  });

  it('links organisers to the check-in page; no ticket when not registered', async () => {
    const calls = mockFetch({ ...signedIn() });
    renderApp(<EventGameDay event={event({ abilities: { canManage: true, canCheckIn: true } })} />);
    expect(await screen.findByRole('link', { name: 'Check-in' })).toHaveAttribute(
      'href',
      `/events/${id}/check-in`,
    );
    expect(calls.mock.calls.some(([url]) => String(url).includes('/ticket'))).toBe(false);
  });
});
