import { RULE_PRESETS } from '@contract/events';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MapViewProps } from '@web/components/map/map-view';
import { aFieldDetail, fieldId } from '@web/features/fields/test-data';
import { aUser, json, mockFetch, renderApp, signedIn, signedOut } from '@web/test/utils';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { FieldPage } from './field';

// Only the Leaflet canvas is stubbed; the stub lists the markers the page hands it.
vi.mock('@web/components/map/leaflet-global', () => ({}));
vi.mock('@web/components/map/map-view', () => ({
  default: ({ markers, label }: MapViewProps) => (
    <section data-testid="map" aria-label={label}>
      {markers.map((m) => `${m.title} @ ${m.lat},${m.lng}`).join('; ')}
    </section>
  ),
}));

const ID = fieldId(7);
const UK = RULE_PRESETS.find((p) => p.id === 'uk-standard')!.rules;

function renderField(route = `/fields/${ID}`) {
  return renderApp(
    <Routes>
      <Route path="/fields" element={<p>fields list</p>} />
      <Route path="/fields/:fieldId" element={<FieldPage />} />
      <Route path="/events/:eventId" element={<p>event page</p>} />
      <Route path="/auth" element={<p>sign in page</p>} />
    </Routes>,
    { route },
  );
}

const TIMBERLINE = aFieldDetail(7, {
  name: 'Timberline',
  type: 'Outdoor milsim',
  verified: true,
  address: '400 Timber Rd, Bracebridge, ON',
  phone: '+1 (705) 555-0177',
  website: 'timberline.example.com/',
  lat: 45.04,
  lng: -79.31,
  ratingAverage: 4.25,
  ratingCount: 4,
  rules: UK,
  upcomingEvents: [
    {
      id: '00000000-0000-4000-b000-000000000001',
      title: 'Op Cold Front',
      date: '2026-12-05T12:00:00.000Z',
      type: 'Milsim',
      location: 'Timberline',
      capacity: 80,
      registeredCount: 30,
    },
    {
      id: '00000000-0000-4000-b000-000000000002',
      title: 'Sunday Skirmish',
      date: '2026-12-13T12:00:00.000Z',
      type: 'Local',
      location: 'Timberline',
      capacity: 40,
      registeredCount: 2,
    },
  ],
});

describe('/fields/{fieldId}', () => {
  it('shows the name, type, verified mark, address, phone, website, rating, rules, the map and upcoming events', async () => {
    mockFetch({ ...signedOut(), [`GET /api/fields/${ID}`]: () => json(TIMBERLINE) });
    renderField();
    expect(await screen.findByRole('heading', { name: 'Timberline', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Outdoor milsim')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('4.3')).toBeInTheDocument();
    expect(screen.getByText('(4 ratings)')).toBeInTheDocument();
    expect(screen.getByText('400 Timber Rd, Bracebridge, ON').parentElement).toHaveTextContent(
      'Address: 400 Timber Rd, Bracebridge, ON',
    );
    expect(screen.getByRole('link', { name: /^Phone:\s*\+1 \(705\) 555-0177$/ })).toHaveAttribute(
      'href',
      'tel:+17055550177',
    );
    const site = screen.getByRole('link', { name: 'timberline.example.com' });
    expect(site).toHaveAttribute('href', 'https://timberline.example.com/');
    expect(site).toHaveAttribute('target', '_blank');
    expect(site).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'All fields' })).toHaveAttribute('href', '/fields');

    // The rules: the events area's card (joules with fps at the chrono BB weight).
    expect(screen.getByRole('heading', { name: 'Rules of engagement' })).toBeInTheDocument();
    const rules = screen.getByRole('table');
    expect(within(rules).getByRole('row', { name: /AEG\/GBB/ })).toHaveTextContent(
      '1.14 J (350 fps with 0.20 g)',
    );
    expect(within(rules).getByRole('row', { name: /DMR/ })).toHaveTextContent('20 m');
    expect(screen.getByText('Full-seal eye protection required')).toBeInTheDocument();
    expect(screen.getByText('12+')).toBeInTheDocument();
    expect(screen.queryByText('No rules of engagement listed yet.')).toBeNull();

    const events = within(screen.getByRole('list', { name: 'Upcoming events' })).getAllByRole('listitem');
    expect(events).toHaveLength(2);
    expect(within(events[0]).getByRole('link', { name: 'Op Cold Front' })).toHaveAttribute(
      'href',
      '/events/00000000-0000-4000-b000-000000000001',
    );
    expect(events[0]).toHaveTextContent(/Dec 05, 2026 - \d{1,2}:\d\d [AP]M · Milsim/);
    expect(events[1]).toHaveTextContent('Sunday Skirmish');
    expect(events[1]).toHaveTextContent(/Dec 13, 2026 .*· Local/);

    expect(await screen.findByTestId('map')).toHaveTextContent('Timberline @ 45.04,-79.31');
    expect(screen.getByText('Sign in to rate this field')).toHaveAttribute('href', '/auth');
  });

  it('says what is missing: unverified, not rated, no rules, no upcoming events, no map without coordinates', async () => {
    mockFetch({
      ...signedOut(),
      [`GET /api/fields/${ID}`]: () =>
        json(
          aFieldDetail(7, {
            name: 'Bare Lot',
            phone: null,
            website: 'javascript:alert(1)',
            lat: null,
            lng: null,
          }),
        ),
    });
    renderField();
    expect(await screen.findByRole('heading', { name: 'Bare Lot', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Unverified')).toBeInTheDocument();
    expect(screen.getByText('Not rated yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Rules of engagement' })).toBeInTheDocument();
    expect(screen.getByText('No rules of engagement listed yet.')).toBeInTheDocument();
    expect(screen.getByText('No upcoming events at this field.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /alert/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Phone/ })).toBeNull();
    expect(screen.queryByTestId('map')).toBeNull();
  });

  it('says Field not found for an unknown field, with the way back and no retry', async () => {
    mockFetch({
      ...signedOut(),
      [`GET /api/fields/${ID}`]: () => json({ message: 'Field not found' }, 404),
    });
    renderField();
    expect(await screen.findByRole('alert')).toHaveTextContent('Field not found');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'All fields' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/fields$/);
  });

  it('says Failed to fetch field when it cannot load, and tries again', async () => {
    let fail = true;
    mockFetch({
      ...signedOut(),
      [`GET /api/fields/${ID}`]: () => (fail ? json({ message: 'boom' }, 500) : json(TIMBERLINE)),
    });
    renderField();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch field');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Timberline', level: 1 })).toBeInTheDocument();
  });

  it('lets a signed-in player rate once: the stars send the rating, then it shows as theirs', async () => {
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      [`GET /api/fields/${ID}`]: () => json({ ...TIMBERLINE, canRate: true }),
      [`POST /api/fields/${ID}/rate`]: () =>
        json({ ...TIMBERLINE, viewerRating: 4, ratingAverage: 4.2, ratingCount: 5, canRate: false }),
    });
    renderField();
    const group = await screen.findByRole('group', { name: 'Rate this field' });
    await userEvent.click(within(group).getByRole('button', { name: '4 stars' }));
    expect(await screen.findByText('Thanks for rating this field')).toBeInTheDocument();
    // A rating that counts says nothing more.
    expect(screen.queryByText(/counts once your account/)).toBeNull();
    expect(screen.getByText('Your rating:', { exact: false })).toHaveTextContent('Your rating: 4 / 5');
    expect(screen.getByText('(5 ratings)')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Rate this field' })).toBeNull();
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([u, init]) => [String(u), JSON.parse(String(init?.body))])).toEqual([
      [`/api/fields/${ID}/rate`, { rating: 4 }],
    ]);
  });

  it("shows the answer's message when a fresh account's rating is kept but not counted yet", async () => {
    const kept =
      'Your rating is saved; it counts once your account is a day old and has taken part (a post, a comment, a team, an event or gear of your own)';
    mockFetch({
      ...signedIn(aUser()),
      [`GET /api/fields/${ID}`]: () => json({ ...TIMBERLINE, canRate: true }),
      [`POST /api/fields/${ID}/rate`]: () =>
        json({ ...TIMBERLINE, viewerRating: 5, canRate: false, counted: false, message: kept }),
    });
    renderField();
    const group = await screen.findByRole('group', { name: 'Rate this field' });
    await userEvent.click(within(group).getByRole('button', { name: '5 stars' }));
    expect(await screen.findByText('Thanks for rating this field')).toBeInTheDocument();
    expect(screen.getByText(kept)).toBeInTheDocument();
    expect(screen.getByText('Your rating:', { exact: false })).toHaveTextContent('Your rating: 5 / 5');
  });

  it('says Failed to submit rating when the server refuses (already rated)', async () => {
    mockFetch({
      ...signedIn(aUser()),
      [`GET /api/fields/${ID}`]: () => json({ ...TIMBERLINE, canRate: true }),
      [`POST /api/fields/${ID}/rate`]: () => json({ message: 'You have already rated this field' }, 409),
    });
    renderField();
    await userEvent.click(await screen.findByRole('button', { name: '1 star' }));
    expect(await screen.findByText('Failed to submit rating')).toBeInTheDocument();
    expect(screen.getByText('You have already rated this field')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: '1 star' })).toBeEnabled());
  });
});
