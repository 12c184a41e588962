import type { EventMessage } from '@contract/game-day';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { eventId } from '../test-data';
import { EventMessages } from './event-messages';

const MESSAGE: EventMessage = {
  id: '00000000-0000-4000-8000-00000000a001',
  text: 'Gate opens 08:00, chrono at the car park.',
  audience: 'registered',
  sideId: null,
  sender: null,
  recipientCount: 12,
  createdAt: '2026-11-27T16:00:00.000Z',
};

/** The event page's messages, left (another page) and opened again, as a player does. */
function LeaveAndComeBack() {
  const [shown, setShown] = useState(true);
  return (
    <>
      {shown ? <EventMessages eventId={eventId(1)} /> : null}
      <button type="button" onClick={() => setShown((s) => !s)}>
        toggle
      </button>
    </>
  );
}

describe('EventMessages', () => {
  it('reads the messages again when the page opens again: one sent meanwhile is shown', async () => {
    let sent: EventMessage[] = [];
    const fetchMock = mockFetch({
      ...signedIn(),
      [`GET /api/events/${eventId(1)}/messages`]: () => json({ messages: sent, canSend: false }),
    });
    const reads = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).endsWith(`/api/events/${eventId(1)}/messages`))
        .length;
    renderApp(<LeaveAndComeBack />);
    await vi.waitFor(() => expect(reads()).toBe(1));
    expect(screen.queryByTestId('event-messages')).toBeNull();

    // The organisers write; the player opens the event page again (from the notification).
    sent = [MESSAGE];
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'toggle' }));
    await user.click(screen.getByRole('button', { name: 'toggle' }));
    expect(await screen.findByText(MESSAGE.text)).toBeInTheDocument();
    expect(reads()).toBe(2);
  });
});
