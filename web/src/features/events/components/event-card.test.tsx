import type { Event } from '@contract/events';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn, signedOut } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { anEvent, deferred, eventId } from '../test-data';
import { EventCard } from './event-card';
import { EventsSection } from './events-section';

const REGISTRATION = `/api/events/${eventId(1)}/registration`;
const card = () => screen.findByRole('article', { name: 'Operation Nightfall' });

function renderGrid(event: Event, extra: Record<string, () => Response | Promise<Response>> = {}) {
  const fetchMock = mockFetch({ ...signedIn(aUser()), 'GET /api/events': () => json([event]), ...extra });
  renderApp(<EventsSection initialView="grid" />);
  return fetchMock;
}

describe('event card', () => {
  it('shows the badge, title, date, place with distance, registrations and the details link', async () => {
    mockFetch(signedOut());
    const event = anEvent({ distance: 12.3, date: '2031-01-10T16:00:00.000Z', timeZone: 'America/Chicago' });
    renderApp(<EventCard event={event} />);
    const article = await card();
    expect(within(article).getByText('Milsim')).toBeInTheDocument();
    // In the event's time zone, with its abbreviation (issue 20).
    expect(within(article).getByText('Jan 10, 2031 - 10:00 AM CST')).toBeInTheDocument();
    expect(within(article).getByText(/Austin, TX/)).toHaveTextContent('Austin, TX · 12.3 km away');
    expect(within(article).getByTestId('event-registrations')).toHaveTextContent('40/100 registered');
    const details = within(article).getByRole('link', { name: /View Event Details/ });
    expect(details).toHaveAttribute('href', 'https://example.com/nightfall');
    expect(details).toHaveAttribute('target', '_blank');
    expect(details).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(article).getByRole('link', { name: 'Operation Nightfall' })).toHaveAttribute(
      'href',
      `/events/${eventId(1)}`,
    );
    // No image: the drawing of a Milsim event (decorative: the badge says the type), no <img>.
    expect(article.querySelector('img')).toBeNull();
    expect(article.querySelector('[data-placeholder-kind="Milsim"]')).toHaveAttribute('aria-hidden', 'true');
  });

  it("reads 'N registered' when the capacity is 0 (no limit)", async () => {
    mockFetch(signedOut());
    renderApp(<EventCard event={anEvent({ capacity: 0, registeredCount: 7 })} />);
    expect(within(await card()).getByTestId('event-registrations')).toHaveTextContent(/^7 registered$/);
  });

  it('shows no registration buttons when the answer allows none', async () => {
    mockFetch(signedIn(aUser()));
    renderApp(<EventCard event={anEvent({ isPast: true })} />);
    const article = await card();
    expect(within(article).getByText('This event has already taken place')).toBeInTheDocument();
    expect(within(article).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the registered state with Cancel', async () => {
    mockFetch(signedIn(aUser()));
    renderApp(<EventCard event={anEvent({ viewerStatus: 'registered', canCancel: true })} />);
    const article = await card();
    expect(within(article).getByText("You're registered")).toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Cancel registration' })).toBeInTheDocument();
    expect(within(article).queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('shows the waitlisted state with the position and Leave waitlist', async () => {
    mockFetch(signedIn(aUser()));
    renderApp(
      <EventCard
        event={anEvent({
          registeredCount: 100,
          waitlistCount: 3,
          viewerStatus: 'waitlisted',
          waitlistPosition: 2,
          canCancel: true,
        })}
      />,
    );
    const article = await card();
    expect(within(article).getByText(/On the waitlist/)).toHaveTextContent('On the waitlist (#2)');
    expect(within(article).getByRole('button', { name: 'Leave waitlist' })).toBeInTheDocument();
  });

  it('offers Join waitlist when the event is full', async () => {
    mockFetch(signedIn(aUser()));
    renderApp(<EventCard event={anEvent({ registeredCount: 100, canRegister: true })} />);
    expect(within(await card()).getByRole('button', { name: 'Join waitlist' })).toBeInTheDocument();
  });
});

describe('registration', () => {
  it('registers at once, then takes the answer', async () => {
    const answer = deferred<Response>();
    const registered = anEvent({ registeredCount: 41, viewerStatus: 'registered', canCancel: true });
    let stored = anEvent({ canRegister: true });
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      'GET /api/events': () => json([stored]),
      [`POST ${REGISTRATION}`]: () => answer.promise,
    });
    renderApp(<EventsSection initialView="grid" />);
    const article = await card();
    await userEvent.click(within(article).getByRole('button', { name: 'Register' }));
    expect(within(article).getByText("You're registered")).toBeInTheDocument();
    expect(within(article).getByTestId('event-registrations')).toHaveTextContent('41/100 registered');
    expect(within(article).getByRole('button', { name: 'Cancel registration' })).toBeInTheDocument();
    stored = registered;
    answer.resolve(json(registered));
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/events?'))).toHaveLength(2),
    );
    expect(within(article).getByText("You're registered")).toBeInTheDocument();
  });

  it('joins the waitlist when full, and rolls back when the call fails', async () => {
    const answer = deferred<Response>();
    renderGrid(anEvent({ registeredCount: 100, waitlistCount: 4, canRegister: true }), {
      [`POST ${REGISTRATION}`]: () => answer.promise,
    });
    const article = await card();
    await userEvent.click(within(article).getByRole('button', { name: 'Join waitlist' }));
    expect(within(article).getByText(/On the waitlist/)).toHaveTextContent('On the waitlist (#5)');
    expect(within(article).getByTestId('event-registrations')).toHaveTextContent('100/100 registered');

    answer.resolve(json({ message: 'This event has already taken place' }, 409));
    await waitFor(() =>
      expect(within(article).getByRole('button', { name: 'Join waitlist' })).toBeInTheDocument(),
    );
    expect(within(article).queryByText(/On the waitlist/)).not.toBeInTheDocument();
    expect(await screen.findByText('This event has already taken place')).toBeInTheDocument();
  });

  it('cancels with DELETE, rolling back on failure', async () => {
    const answer = deferred<Response>();
    const fetchMock = renderGrid(
      anEvent({ viewerStatus: 'registered', canCancel: true, registeredCount: 41 }),
      {
        [`DELETE ${REGISTRATION}`]: () => answer.promise,
      },
    );
    const article = await card();
    await userEvent.click(within(article).getByRole('button', { name: 'Cancel registration' }));
    expect(within(article).getByTestId('event-registrations')).toHaveTextContent('40/100 registered');
    expect(within(article).getByRole('button', { name: 'Register' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(REGISTRATION, expect.objectContaining({ method: 'DELETE' }));
    answer.resolve(json({ message: 'Internal error' }, 500));
    await waitFor(() => expect(within(article).getByText("You're registered")).toBeInTheDocument());
    expect(within(article).getByTestId('event-registrations')).toHaveTextContent('41/100 registered');
  });

  it('on an event that requires a waiver, Register is a link to the event page’s dialog (no 400 toast)', async () => {
    const fetchMock = renderGrid(anEvent({ canRegister: true, waiverRequired: true }));
    const link = within(await card()).getByRole('link', { name: 'Register' });
    expect(link).toHaveAttribute('href', `/events/${eventId(1)}#register`);
    await userEvent.click(link);
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/registration'))).toBe(false);
  });

  it('a full event that requires a waiver: Join waitlist leads there too', async () => {
    mockFetch(signedIn(aUser()));
    renderApp(
      <EventCard
        event={anEvent({ canRegister: true, waiverRequired: true, capacity: 40, registeredCount: 40 })}
      />,
    );
    expect(within(await card()).getByRole('link', { name: 'Join waitlist' })).toHaveAttribute(
      'href',
      `/events/${eventId(1)}#register`,
    );
  });
});
