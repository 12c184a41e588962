import { type EventSeriesAnswer, SERIES_TEXTS } from '@contract/series';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EventPage } from '@web/app/routes/event';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { anEvent, eventId } from '../test-data';
import { EventForm } from './event-form';
import { SeriesView } from './series-page';
import { SeriesSection } from './series-section';

const T = SERIES_TEXTS;
const SERIES = '60000000-0000-4000-8000-000000000001';
const manager = { abilities: { canManage: true, canCheckIn: true } };
const game = (n: number, over: Partial<EventSeriesAnswer['games'][number]> = {}) => ({
  id: eventId(n),
  title: 'Sunday skirmish',
  date: `2031-01-${String(4 + 7 * (n - 1)).padStart(2, '0')}T10:00:00.000Z`,
  endsAt: null,
  timeZone: 'UTC',
  status: 'scheduled' as const,
  registeredCount: n,
  capacity: 20,
  ...over,
});
const aSeries = (over: Partial<EventSeriesAnswer> = {}): EventSeriesAnswer => ({
  id: SERIES,
  frequency: 'weekly',
  games: [game(1), game(2, { status: 'cancelled' }), game(3)],
  icsUrl: `/api/event-series/${SERIES}.ics`,
  abilities: { canManage: false },
  ...over,
});

describe('Series (issue 26)', () => {
  it('shows nothing to a player on an event outside a series', () => {
    mockFetch({ ...signedIn(aUser()) });
    renderApp(<SeriesSection event={anEvent()} />);
    expect(screen.queryByTestId('series')).not.toBeInTheDocument();
  });

  it('Repeat… previews the dates and creates the series', async () => {
    let sent: unknown;
    const event = anEvent({ ...manager, date: '2031-01-04T10:00:00.000Z', timeZone: 'UTC' });
    mockFetch({
      ...signedIn(aUser()),
      [`POST /api/events/${event.id}/series`]: (init) => {
        sent = JSON.parse(String(init.body));
        return json(aSeries(), 201);
      },
    });
    renderApp(<SeriesSection event={event} />);
    await userEvent.click(screen.getByRole('button', { name: T.repeat }));
    const dialog = await screen.findByRole('dialog', { name: T.repeatTitle });
    const preview = within(dialog).getByTestId('series-preview');
    expect(within(preview).getAllByRole('listitem')).toHaveLength(4);
    expect(preview.querySelectorAll('time')[1].getAttribute('datetime')).toBe('2031-01-11T10:00:00.000Z');
    await userEvent.selectOptions(within(dialog).getByLabelText(T.frequency), 'biweekly');
    const count = within(dialog).getByLabelText(T.count);
    await userEvent.clear(count);
    await userEvent.type(count, '3');
    expect(preview.querySelectorAll('time')[2].getAttribute('datetime')).toBe('2031-02-01T10:00:00.000Z');
    // More than a year: the reason shows and nothing is sent.
    await userEvent.clear(count);
    await userEvent.type(count, '30');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(T.tooMany(27));
    expect(within(dialog).getByRole('button', { name: T.create })).toBeDisabled();
    await userEvent.clear(count);
    await userEvent.type(count, '3');
    await userEvent.click(within(dialog).getByRole('button', { name: T.create }));
    await waitFor(() => expect(sent).toEqual({ frequency: 'biweekly', count: 3 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a game of a series: its games with a link to the series, and Confirm this game for its organisers', async () => {
    let confirmed = false;
    const event = anEvent({ ...manager, id: eventId(1), seriesId: SERIES, needsConfirmation: true });
    mockFetch({
      ...signedIn(aUser()),
      [`GET /api/event-series/${SERIES}`]: () => json(aSeries()),
      [`POST /api/events/${event.id}/confirm`]: () => {
        confirmed = true;
        return json({ ...event, needsConfirmation: false });
      },
    });
    renderApp(<SeriesSection event={event} />);
    const list = await screen.findByRole('list', { name: T.seriesGames });
    expect(within(list).getAllByRole('link')).toHaveLength(3);
    expect(within(list).getAllByRole('link')[0]).toHaveAttribute('aria-current', 'page');
    expect(within(list).getByText(T.cancelled)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.viewSeries })).toHaveAttribute(
      'href',
      `/events/series/${SERIES}`,
    );
    expect(screen.queryByRole('button', { name: T.repeat })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: T.confirmGame }));
    await waitFor(() => expect(confirmed).toBe(true));
  });

  it('Cancel this game asks once more, then sends cancelled: true', async () => {
    let sent: unknown;
    const event = anEvent({ ...manager, seriesId: SERIES });
    mockFetch({
      ...signedIn(aUser()),
      [`GET /api/event-series/${SERIES}`]: () => json(aSeries()),
      [`PATCH /api/events/${event.id}`]: (init) => {
        sent = JSON.parse(String(init.body));
        return json({ ...event, cancelled: true });
      },
    });
    renderApp(<SeriesSection event={event} />);
    await userEvent.click(await screen.findByRole('button', { name: T.cancelGame }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: T.cancelGame }));
    await waitFor(() => expect(sent).toEqual({ cancelled: true }));
  });

  it('the series page lists the games and its calendar feed; unknown: not found', async () => {
    mockFetch({ [`GET /api/event-series/${SERIES}`]: () => json(aSeries()) });
    renderApp(<SeriesView id={SERIES} />);
    expect(await screen.findByRole('heading', { name: 'Sunday skirmish' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.subscribe })).toHaveAttribute(
      'href',
      `/api/event-series/${SERIES}.ics`,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(3);

    mockFetch({});
    renderApp(<SeriesView id="60000000-0000-4000-8000-000000000009" />);
    expect(await screen.findByText(T.seriesNotFound)).toBeInTheDocument();
  });

  it('/events/series/{id} shows the series page in the event route', async () => {
    mockFetch({ [`GET /api/event-series/${SERIES}`]: () => json(aSeries()) });
    renderApp(
      <Routes>
        <Route path="/events/series/:seriesId" element={<EventPage />} />
      </Routes>,
      { route: `/events/series/${SERIES}` },
    );
    expect(await screen.findByRole('heading', { name: 'Sunday skirmish' })).toBeInTheDocument();
  });

  it('the edit form of a game of a series asks this game only or this and following', async () => {
    let url = '';
    const event = anEvent({ ...manager, seriesId: SERIES, canEdit: true });
    mockFetch({
      ...signedIn(aUser()),
      [`PATCH /api/events/${event.id}`]: (init) => {
        url = init.url;
        return json(event);
      },
    });
    renderApp(<EventForm editing={event} />);
    const choice = screen.getByRole('group', { name: T.scopeQuestion });
    expect(within(choice).getByLabelText(T.thisOnly)).toBeChecked();
    await userEvent.click(within(choice).getByLabelText(T.following));
    await userEvent.click(screen.getByRole('button', { name: /save changes/i }));
    await waitFor(() => expect(url).toContain('?scope=following'));
  });

  it('this and following sends only the fields changed (a title), this game only the whole form', async () => {
    const bodies: { url: string; body: Record<string, unknown> }[] = [];
    const event = anEvent({ ...manager, seriesId: SERIES, canEdit: true, title: 'Sunday skirmish' });
    mockFetch({
      ...signedIn(aUser()),
      'GET /api/fields': () => json([]),
      [`PATCH /api/events/${event.id}`]: (init) => {
        bodies.push({ url: init.url, body: JSON.parse(String(init.body)) });
        return json(event);
      },
    });
    renderApp(<EventForm editing={event} />);
    const title = screen.getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Sunday night op');
    const choice = screen.getByRole('group', { name: T.scopeQuestion });
    await userEvent.click(within(choice).getByLabelText(T.following));
    await userEvent.click(screen.getByRole('button', { name: /save changes/i }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0].url).toContain('?scope=following');
    expect(bodies[0].body).toEqual({ title: 'Sunday night op' });
    // This game only: the whole form, as before.
    await userEvent.click(within(choice).getByLabelText(T.thisOnly));
    await userEvent.click(screen.getByRole('button', { name: /save changes/i }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1].url).toContain('?scope=this');
    expect(bodies[1].body).toMatchObject({
      title: 'Sunday night op',
      location: event.location,
      type: event.type,
    });
  });

  it('an event outside a series: no such question', () => {
    mockFetch({ ...signedIn(aUser()) });
    renderApp(<EventForm editing={anEvent({ canEdit: true })} />);
    expect(screen.queryByRole('group', { name: T.scopeQuestion })).not.toBeInTheDocument();
  });
});
