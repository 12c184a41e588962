import { RULE_PRESETS } from '@contract/events';
import { screen, within } from '@testing-library/react';
import { aUser, json, mockFetch, renderApp, signedIn, signedOut } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { anEvent, eventId } from '../test-data';
import { EventDetails } from './event-details';

const ukRules = RULE_PRESETS.find((p) => p.id === 'uk-standard')?.rules ?? null;

describe('event page', () => {
  it("says 'Event not found' for an unknown id", async () => {
    mockFetch({
      ...signedOut(),
      [`GET /api/events/${eventId(9)}`]: () => json({ message: 'Event not found' }, 404),
    });
    renderApp(<EventDetails id={eventId(9)} />);
    expect(await screen.findByText('Event not found')).toBeInTheDocument();
  });

  it('shows what the app composes in its carpools slot (issue 26), for every viewer', async () => {
    mockFetch({ ...signedOut(), [`GET /api/events/${eventId(1)}`]: () => json(anEvent()) });
    renderApp(<EventDetails id={eventId(1)} carpools={(e) => <p>Carpools of {e.title}</p>} />);
    expect(await screen.findByText('Carpools of Operation Nightfall')).toBeInTheDocument();
  });

  it('shows the series slot (issue 26) right above the carpools slot, each its own', async () => {
    mockFetch({ ...signedOut(), [`GET /api/events/${eventId(1)}`]: () => json(anEvent()) });
    renderApp(
      <EventDetails
        id={eventId(1)}
        series={(e) => <p>Series of {e.title}</p>}
        carpools={(e) => <p>Carpools of {e.title}</p>}
      />,
    );
    const series = await screen.findByText('Series of Operation Nightfall');
    const carpools = screen.getByText('Carpools of Operation Nightfall');
    // Siblings in the page's column, the series first (the layout the carpools slot gave them).
    expect(series.parentElement).toBe(carpools.parentElement);
    expect(series.nextElementSibling).toBe(carpools);
  });

  it("draws its type's placeholder when the event has no image (issue 20)", async () => {
    mockFetch({
      ...signedOut(),
      [`GET /api/events/${eventId(1)}`]: () => json(anEvent({ image: null, type: 'Training' })),
    });
    const { container } = renderApp(<EventDetails id={eventId(1)} />);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(container.querySelector('[data-placeholder-kind="Training"]')).not.toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows the fields, places left, the waitlist, the map link, the calendar file and the rules card', async () => {
    mockFetch({
      ...signedIn(aUser()),
      [`GET /api/events/${eventId(1)}`]: () =>
        json(
          anEvent({
            capacity: 50,
            registeredCount: 50,
            waitlistCount: 3,
            viewerStatus: 'waitlisted',
            waitlistPosition: 2,
            canCancel: true,
            rules: ukRules,
          }),
        ),
    });
    renderApp(<EventDetails id={eventId(1)} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Operation Nightfall' })).toBeInTheDocument();
    expect(screen.getByText('A 24-hour milsim at the quarry.')).toBeInTheDocument();
    expect(screen.getByTestId('event-registrations')).toHaveTextContent('50/50 registered');
    expect(screen.getByTestId('places-left')).toHaveTextContent('Full');
    expect(screen.getByTestId('waitlist-count')).toHaveTextContent('3 on the waitlist');
    expect(screen.getByText(/On the waitlist/)).toHaveTextContent('On the waitlist (#2)');
    expect(screen.getByRole('link', { name: 'Open in map' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/search?query=100%20Quarry%20Rd%2C%20Austin%2C%20TX',
    );
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      `/api/events/${eventId(1)}/ics`,
    );
    const rules = screen.getByRole('table');
    const aeg = within(rules).getByRole('row', { name: /AEG\/GBB/ });
    // 1.14 J with a 0.20 g BB is about 350 fps.
    expect(aeg).toHaveTextContent('1.14 J (350 fps with 0.20 g)');
    expect(within(rules).getByRole('row', { name: /Bolt-action sniper/ })).toHaveTextContent('30 m');
    expect(screen.getByText('Full-seal eye protection required')).toBeInTheDocument();
    expect(screen.getByText('12+')).toBeInTheDocument();
    expect(screen.getByText(/HPA allowed/)).toBeInTheDocument();
  });

  it('shows places left when there are some', async () => {
    mockFetch({ ...signedOut(), [`GET /api/events/${eventId(1)}`]: () => json(anEvent()) });
    renderApp(<EventDetails id={eventId(1)} />);
    expect(await screen.findByTestId('places-left')).toHaveTextContent('60 places left');
  });
});

describe('event page: time zone and the phone layout (issue 20)', () => {
  it('shows the start and end in the event zone with its abbreviation', async () => {
    mockFetch({
      ...signedOut(),
      [`GET /api/events/${eventId(1)}`]: () =>
        json(
          anEvent({
            date: '2031-07-10T15:00:00.000Z',
            endsAt: '2031-07-10T21:30:00.000Z',
            timeZone: 'America/Chicago',
          }),
        ),
    });
    renderApp(<EventDetails id={eventId(1)} />);
    expect(await screen.findByTestId('event-when')).toHaveTextContent(
      'Jul 10, 2031 - 10:00 AM – 4:30 PM CDT',
    );
  });

  it('a missing end shows the start time only', async () => {
    mockFetch({
      ...signedOut(),
      [`GET /api/events/${eventId(1)}`]: () =>
        json(anEvent({ date: '2031-01-10T09:00:00.000Z', endsAt: null, timeZone: 'Europe/London' })),
    });
    renderApp(<EventDetails id={eventId(1)} />);
    expect(await screen.findByTestId('event-when')).toHaveTextContent(/^Jan 10, 2031 - 9:00 AM GMT$/);
  });

  it('below md the main action sits in the sticky bar with places left, once', async () => {
    mockFetch({
      ...signedIn(aUser()),
      [`GET /api/events/${eventId(1)}`]: () => json(anEvent({ canRegister: true })),
    });
    renderApp(<EventDetails id={eventId(1)} />);
    const bar = await screen.findByTestId('event-action-bar');
    expect(within(bar).getByRole('button', { name: 'Register' })).toBeInTheDocument();
    expect(bar).toHaveTextContent('60 places left');
    expect(screen.getAllByRole('button', { name: 'Register' })).toHaveLength(1);
  });
});
