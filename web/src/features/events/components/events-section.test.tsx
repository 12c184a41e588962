import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderApp, signedOut } from '@web/test/utils';
import { useLocation, useNavigationType } from 'react-router';
import { describe, expect, it } from 'vitest';
import { anEvent, daysFromNow, deferred, eventId } from '../test-data';
import { calendarWindow, EventsSection, monthWindow, openingDay } from './events-section';

type Call = [string, RequestInit?];
const eventCalls = (fetchMock: { mock: { calls: unknown[][] } }) =>
  (fetchMock.mock.calls as Call[])
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/events');

const today = new Date();
const dayLabel = (date: Date) => new RegExp(`^${date.toLocaleDateString('en-US', { weekday: 'long' })}, `);

describe('events section', () => {
  it('starts on the calendar with today selected, and switches to the grid and back', async () => {
    const fetchMock = mockFetch({ ...signedOut(), 'GET /api/events': () => json([]) });
    renderApp(<EventsSection />);
    expect(await screen.findByText('No events scheduled for this date')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Calendar' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('grid')).toBeInTheDocument();
    // The visible month is fetched with from/to.
    const [month] = eventCalls(fetchMock);
    expect(month.searchParams.get('from')).toBeTruthy();
    expect(month.searchParams.get('to')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Grid' }));
    expect(await screen.findByText('No events found for this category')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Calendar' }));
    expect(await screen.findByRole('grid')).toBeInTheDocument();
  });

  it("says 'Select a date' when the selected day is chosen again", async () => {
    mockFetch({ ...signedOut(), 'GET /api/events': () => json([]) });
    renderApp(<EventsSection />);
    await screen.findByText('No events scheduled for this date');
    const todayButton = screen.getByRole('button', { name: /Today/ });
    await userEvent.click(todayButton);
    expect(await screen.findByText('Select a date')).toBeInTheDocument();
  });

  it('opens on the month and day of the next event when the current month has none (issue 20)', async () => {
    const date = new Date(daysFromNow(40));
    const event = anEvent({ date: date.toISOString(), title: 'Northwind Milsim', type: 'Milsim' });
    mockFetch({
      ...signedOut(),
      'GET /api/events': ({ url }) => {
        const from = new URL(url, 'http://localhost').searchParams.get('from');
        // The month windows (each starts 14 hours before its month): only the event's own has it.
        const month = from ? new Date(Date.parse(from) + 86_400_000).getMonth() : null;
        if (from) return json(month === date.getMonth() ? [event] : []);
        return json([event]);
      },
    });
    renderApp(<EventsSection />);
    expect(await screen.findByRole('heading', { level: 3, name: dayLabel(date) })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Northwind Milsim' })).toBeInTheDocument();
    expect(
      screen.getByRole('grid', {
        name: date.toLocaleDateString('en-US', { month: 'long', year: 'numeric' }),
      }),
    ).toBeInTheDocument();
  });

  it('stays on the current month when it has events', async () => {
    const event = anEvent({ date: new Date().toISOString(), title: 'Today game' });
    mockFetch({ ...signedOut(), 'GET /api/events': () => json([event]) });
    renderApp(<EventsSection />);
    expect(await screen.findByRole('article', { name: 'Today game' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: dayLabel(today) })).toBeInTheDocument();
  });

  it("marks days with events and lists the chosen day's events", async () => {
    // An event later this month (or early next month, shown after paging on).
    const date = new Date(daysFromNow(2));
    const event = anEvent({ date: date.toISOString(), title: 'Quarry Skirmish', type: 'Local' });
    mockFetch({ ...signedOut(), 'GET /api/events': () => json([event]) });
    renderApp(<EventsSection />);
    await screen.findByText('No events scheduled for this date');
    if (date.getMonth() !== today.getMonth()) {
      await userEvent.click(screen.getByRole('button', { name: /next month/i }));
    }
    const day = await screen.findByRole('button', { name: /has events/ });
    await userEvent.click(day);
    expect(await screen.findByRole('article', { name: 'Quarry Skirmish' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: dayLabel(date) })).toBeInTheDocument();
  });

  it('asks for the tab type and shows the empty category text', async () => {
    const fetchMock = mockFetch({
      ...signedOut(),
      'GET /api/events': ({ url }) =>
        json(new URL(url, 'http://localhost').searchParams.get('type') ? [] : [anEvent()]),
    });
    renderApp(<EventsSection initialView="grid" />);
    expect(await screen.findByRole('article', { name: 'Operation Nightfall' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Event type' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['All Events', 'Milsim', 'Local', 'Training']);
    await userEvent.click(within(tabs).getByRole('tab', { name: 'Training' }));
    expect(await screen.findByText('No events found for this category')).toBeInTheDocument();
    expect(eventCalls(fetchMock).some((u) => u.searchParams.get('type') === 'Training')).toBe(true);
  });

  it('shows skeletons while loading and the error text on failure', async () => {
    const answer = deferred<Response>();
    mockFetch({ ...signedOut(), 'GET /api/events': () => answer.promise });
    renderApp(<EventsSection initialView="grid" />);
    expect(await screen.findByTestId('events-loading')).toBeInTheDocument();
    answer.resolve(json({ message: 'Internal error' }, 500));
    expect(await screen.findByText('Failed to fetch events')).toBeInTheDocument();
  });

  it('asks for the location only when Near me is pressed, then sorts by distance', async () => {
    let asked = 0;
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback) => {
          asked += 1;
          ok({ coords: { latitude: 30.2672, longitude: -97.7431 } } as GeolocationPosition);
        },
      },
    });
    const fetchMock = mockFetch({
      ...signedOut(),
      'GET /api/events': () => json([anEvent({ id: eventId(2), distance: 4.2 })]),
    });
    renderApp(<EventsSection initialView="grid" />);
    await screen.findByRole('article', { name: 'Operation Nightfall' });
    expect(asked).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Near me' }));
    expect(asked).toBe(1);
    await waitFor(() =>
      expect(
        eventCalls(fetchMock).some(
          (u) => u.searchParams.get('near') === '30.267,-97.743' && u.searchParams.get('sort') === 'distance',
        ),
      ).toBe(true),
    );
    expect(await screen.findByText(/4\.2 km away/)).toBeInTheDocument();
  });

  it('keeps the tab and the view in the query string, read on load and replaced on change', async () => {
    const fetchMock = mockFetch({ ...signedOut(), 'GET /api/events': () => json([]) });
    renderApp(
      <>
        <EventsSection />
        <FullLocation />
      </>,
      { route: '/events?type=Milsim&view=grid' },
    );
    expect(await screen.findByText('No events found for this category')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Milsim' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');
    expect(eventCalls(fetchMock).every((u) => u.searchParams.get('type') === 'Milsim')).toBe(true);

    await userEvent.click(screen.getByRole('tab', { name: 'Training' }));
    expect(screen.getByTestId('full-location')).toHaveTextContent('/events?type=Training&view=grid');
    await userEvent.click(screen.getByRole('button', { name: 'Calendar' }));
    expect(screen.getByTestId('full-location')).toHaveTextContent('/events?type=Training&view=calendar');
    await userEvent.click(screen.getByRole('tab', { name: 'All Events' }));
    expect(screen.getByTestId('full-location')).toHaveTextContent(/^\/events\?view=calendar$/);
    // Replaced, not pushed: Back is not flooded with filters.
    expect(screen.getByTestId('navigation-type')).toHaveTextContent('REPLACE');
  });

  it('gives the tabs ids without spaces, and the chosen tab controls the panel that holds the list (axe aria-valid-attr-value)', async () => {
    mockFetch({ ...signedOut(), 'GET /api/events': () => json([]) });
    renderApp(<EventsSection initialView="grid" />);
    const empty = await screen.findByText('No events found for this category');
    for (const tab of screen.getAllByRole('tab')) {
      expect(tab.id).not.toMatch(/\s/);
      expect(tab.getAttribute('aria-controls') ?? '').not.toMatch(/\s/);
    }
    const chosen = screen.getByRole('tab', { selected: true });
    const panel = document.getElementById(chosen.getAttribute('aria-controls') ?? '');
    expect(panel).toHaveAttribute('role', 'tabpanel');
    expect(panel).toContainElement(empty);
  });

  it.each([
    [250, 'Nearest events within 250 km'],
    [null, 'No events within 500 km'],
  ])('Near me widens its radius until it finds events (found at %s km)', async (foundAt, text) => {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 30.2672, longitude: -97.7431 } } as GeolocationPosition),
      },
    });
    const fetchMock = mockFetch({
      ...signedOut(),
      'GET /api/events': ({ url }) => {
        const radius = Number(new URL(url, 'http://localhost').searchParams.get('radius') ?? Number.NaN);
        if (Number.isNaN(radius)) return json([]);
        return json(foundAt !== null && radius >= foundAt ? [anEvent({ distance: 180.5 })] : []);
      },
    });
    renderApp(<EventsSection initialView="grid" />);
    await screen.findByText('No events found for this category');
    await userEvent.click(screen.getByRole('button', { name: 'Near me' }));
    expect(await screen.findByTestId('near-radius')).toHaveTextContent(text);
    const radii = eventCalls(fetchMock)
      .map((u) => u.searchParams.get('radius'))
      .filter(Boolean);
    expect(radii.slice(0, foundAt === 250 ? 4 : 5)).toEqual(
      foundAt === 250 ? ['25', '50', '100', '250'] : ['25', '50', '100', '250', '500'],
    );
    if (foundAt !== null) expect(await screen.findByText(/180\.5 km away/)).toBeInTheDocument();
    else expect(screen.getByText('No events found for this category')).toBeInTheDocument();
  });
});

describe('the calendar with a When range (issue 26)', () => {
  // A weekend in the month after next: always in the future, inside one month.
  const base = new Date(today.getFullYear(), today.getMonth() + 2, 10);
  const day = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const from = day(base);
  const to = day(new Date(base.getFullYear(), base.getMonth(), 11));

  it('opens on the month and first day of the range and asks only for the days inside it', async () => {
    const inRange = anEvent({
      id: eventId(7),
      title: 'Range Skirmish',
      date: new Date(base.getFullYear(), base.getMonth(), 10, 12).toISOString(),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    const fetchMock = mockFetch({ ...signedOut(), 'GET /api/events': () => json([inRange]) });
    renderApp(<EventsSection />, { route: `/events?view=calendar&when=dates&from=${from}&to=${to}` });
    expect(
      await screen.findByRole('grid', {
        name: base.toLocaleDateString('en-US', { month: 'long', year: 'numeric' }),
      }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: dayLabel(base) })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Range Skirmish' })).toBeInTheDocument();
    // Every list the calendar asked for stays inside the range (no month window, no upcoming-from-now).
    const calls = eventCalls(fetchMock);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.searchParams.get('from')).toBe(from);
      expect(call.searchParams.get('to')).toBe(to);
    }
  });

  it('without a range keeps its month window', async () => {
    const fetchMock = mockFetch({ ...signedOut(), 'GET /api/events': () => json([]) });
    renderApp(<EventsSection />, { route: '/events?view=calendar' });
    await screen.findByText('No events scheduled for this date');
    const window = monthWindow(new Date(today.getFullYear(), today.getMonth(), 1));
    const month = eventCalls(fetchMock).find((u) => u.searchParams.get('limit') === '100');
    expect(month?.searchParams.get('from')).toBe(window.from);
    expect(month?.searchParams.get('to')).toBe(window.to);
  });

  it('cuts each month by the range, and skips a month outside it', () => {
    const jan = new Date(2030, 0, 1);
    const feb = new Date(2030, 1, 1);
    const mar = new Date(2030, 2, 1);
    const range = { from: '2030-01-30', to: '2030-02-02' };
    expect(calendarWindow(jan, range)).toEqual({ from: '2030-01-30', to: monthWindow(jan).to });
    expect(calendarWindow(feb, range)).toEqual({ from: monthWindow(feb).from, to: '2030-02-02' });
    expect(calendarWindow(mar, range)).toBeNull();
    expect(calendarWindow(jan, {})).toEqual(monthWindow(jan));
    expect(openingDay(new Date(2030, 0, 20), range)).toEqual(new Date(2030, 0, 30));
    expect(openingDay(new Date(2030, 0, 31), range)).toEqual(new Date(2030, 0, 31));
    expect(openingDay(new Date(2030, 2, 5), range)).toEqual(new Date(2030, 0, 30));
  });
});

function FullLocation() {
  const location = useLocation();
  return (
    <>
      <div data-testid="full-location">{location.pathname + location.search}</div>
      <div data-testid="navigation-type">{useNavigationType()}</div>
    </>
  );
}
