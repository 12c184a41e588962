/** The event page as the app composes it: the privacy toggle (events) and Who's going (event-social), issue 26. */
import { EVENT_SOCIAL_TEXTS } from '@contract/event-social';
import type { Event } from '@contract/events';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WhosGoingCard } from '@web/features/event-social/whos-going-card';
import { EventDetails } from '@web/features/events/components/event-details';
import { anEvent, eventId } from '@web/features/events/test-data';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it } from 'vitest';

const T = EVENT_SOCIAL_TEXTS;
const me = aUser();
const registered = (viewerPrivate: boolean) =>
  anEvent({ viewerStatus: 'registered', canCancel: true, viewerPrivate, sides: [] });
const attendees = (privately: boolean) => ({
  count: 41,
  sides: [],
  players: [
    {
      id: me.id,
      username: me.username,
      avatar: null,
      sideId: null,
      known: null,
      isViewer: true,
      private: privately,
    },
  ],
  namesHidden: false,
});

describe('changing the privacy of a registration (issue 26)', () => {
  it('the toggle sends PATCH {private}, and Who’s going is asked again at once', async () => {
    let stored = false;
    const bodies: unknown[] = [];
    const fetchMock = mockFetch({
      ...signedIn(me),
      [`GET /api/events/${eventId(1)}`]: () => json(registered(stored)),
      [`GET /api/events/${eventId(1)}/attendees`]: () => json(attendees(stored)),
      [`PATCH /api/events/${eventId(1)}/registration`]: (init) => {
        const body = JSON.parse(String(init.body));
        bodies.push(body);
        stored = body.private;
        return json(registered(stored));
      },
    });
    renderApp(<EventDetails id={eventId(1)} social={(event: Event) => <WhosGoingCard event={event} />} />);
    const toggle = await screen.findByRole('checkbox', { name: T.keepPrivate });
    expect(toggle).not.toBeChecked();
    expect(await screen.findByText(`${me.username} (${T.you})`)).toBeInTheDocument();
    expect(screen.queryByText(T.privateNote)).toBeNull();
    const asked = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/attendees')).length;
    const before = asked();

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(bodies).toEqual([{ private: true }]);
    expect(await screen.findByText(T.privateNote)).toBeInTheDocument();
    expect(asked()).toBeGreaterThan(before);

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(bodies).toEqual([{ private: true }, { private: false }]);
    await waitFor(() => expect(screen.queryByText(T.privateNote)).toBeNull());
  });

  it('a failed change puts the toggle back', async () => {
    mockFetch({
      ...signedIn(me),
      [`GET /api/events/${eventId(1)}`]: () => json(registered(false)),
      [`PATCH /api/events/${eventId(1)}/registration`]: () => json({ message: T.notOnEvent }, 404),
    });
    renderApp(<EventDetails id={eventId(1)} />);
    const toggle = await screen.findByRole('checkbox', { name: T.keepPrivate });
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(await screen.findByText(T.privacyFailed)).toBeInTheDocument();
  });

  it('not shown to a player who is not on the event, nor where the answer has no viewerPrivate', async () => {
    mockFetch({
      ...signedIn(me),
      [`GET /api/events/${eventId(1)}`]: () => json(anEvent({ canRegister: true, sides: [] })),
    });
    renderApp(<EventDetails id={eventId(1)} />);
    await screen.findByRole('button', { name: 'Register' });
    expect(screen.queryByRole('checkbox', { name: T.keepPrivate })).toBeNull();
  });
});
