import { screen, within } from '@testing-library/react';
import type { MapViewProps } from '@web/components/map/map-view';
import { json, mockFetch, renderApp, signedOut } from '@web/test/utils';
import { describe, expect, it, vi } from 'vitest';
import { anEvent, daysFromNow, deferred, eventId } from '../test-data';
import { EventsSection } from './events-section';

// Only the Leaflet canvas is stubbed (as on the fields pages): the lazy chunk still loads through
// PlacesMap, and the stub lists the markers the view hands it.
vi.mock('@web/components/map/leaflet-global', () => ({}));
vi.mock('@web/components/map/map-view', () => ({
  default: ({ markers, label }: MapViewProps) => (
    <section data-testid="map" aria-label={label}>
      <ul aria-label="Markers">
        {markers.map((m) => (
          <li key={m.id}>
            {m.title} | {m.subtitle} | {m.href} | {m.linkText}
          </li>
        ))}
      </ul>
    </section>
  ),
}));

describe('the Events map view (issue 26)', () => {
  it('puts the events with a place on the map (popups link to their pages), lists the others under it, and says cancelled', async () => {
    const placed = anEvent({ id: eventId(1), title: 'Fort Rouge Skirmish', date: daysFromNow(3) });
    const cancelled = anEvent({
      id: eventId(2),
      title: 'Rained Out Op',
      date: daysFromNow(4),
      location: 'Winnipeg, MB',
      cancelled: true,
    });
    const unplaced = anEvent({
      id: eventId(3),
      title: 'Secret Location Game',
      date: daysFromNow(5),
      lat: null,
      lng: null,
      cancelled: true,
    });
    mockFetch({ ...signedOut(), 'GET /api/events': () => json([placed, cancelled, unplaced]) });
    renderApp(<EventsSection />, { route: '/events?view=map' });
    expect(screen.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
    const markers = await screen.findByRole('list', { name: 'Markers' });
    const items = within(markers).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(`Fort Rouge Skirmish |`);
    expect(items[0]).toHaveTextContent(`| /events/${eventId(1)} | Event page`);
    expect(items[0]).not.toHaveTextContent('Cancelled');
    expect(items[1]).toHaveTextContent(/^Rained Out Op \| Cancelled · .* · Winnipeg, MB \|/);
    const off = screen.getByRole('region', { name: 'Not on the map (no location given)' });
    expect(within(off).getByRole('link', { name: 'Secret Location Game' })).toHaveAttribute(
      'href',
      `/events/${eventId(3)}`,
    );
    expect(within(off).getByText('Cancelled')).toBeInTheDocument();
  });

  it('shows a placeholder while loading', async () => {
    const answer = deferred<Response>();
    mockFetch({ ...signedOut(), 'GET /api/events': () => answer.promise });
    renderApp(<EventsSection />, { route: '/events?view=map' });
    expect(await screen.findByTestId('events-loading')).toBeInTheDocument();
    expect(screen.queryByTestId('map')).not.toBeInTheDocument();
    answer.resolve(json([]));
    expect(await screen.findByText('No events found for this category')).toBeInTheDocument();
  });

  it('offers to clear the filters when none matches', async () => {
    mockFetch({ ...signedOut(), 'GET /api/events': () => json([]) });
    renderApp(<EventsSection />, { route: '/events?view=map&beginner=true' });
    expect(await screen.findByTestId('find-empty')).toHaveTextContent('No games match these filters');
    expect(screen.queryByTestId('map')).not.toBeInTheDocument();
  });
});

describe('event cards say a game is cancelled (issue 26)', () => {
  it('in the grid', async () => {
    mockFetch({
      ...signedOut(),
      'GET /api/events': () =>
        json([
          anEvent({ id: eventId(1), title: 'Kept Game' }),
          anEvent({ id: eventId(2), title: 'Called Off', cancelled: true }),
        ]),
    });
    renderApp(<EventsSection initialView="grid" />, { route: '/events?view=grid' });
    const off = await screen.findByRole('article', { name: 'Called Off' });
    expect(within(off).getByText('Cancelled')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Kept Game' })).queryByText('Cancelled')).toBeNull();
  });
});
