import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MapViewProps } from '@web/components/map/map-view';
import { aField, fieldId } from '@web/features/fields/test-data';
import { json, mockFetch, renderApp, signedOut } from '@web/test/utils';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { FieldsPage } from './fields';

// Only the Leaflet canvas is stubbed: the lazy chunk it sits in still loads through PlacesMap, and
// the stub lists the markers the page hands it.
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

const FIELDS = [
  aField(1, {
    name: 'Ambush Acres',
    type: 'Outdoor woodland',
    verified: true,
    ratingAverage: 4.333,
    ratingCount: 3,
    phone: '(905) 555-0142',
    address: '12 Forest Rd, Uxbridge, ON',
  }),
  aField(2, { name: 'Bunker 9', type: 'Indoor CQB', address: null, lat: null, lng: null }),
  aField(3, { name: 'Ridge Line', type: 'Outdoor milsim', ratingAverage: 5, ratingCount: 1 }),
];

const params = (url: string) => new URL(url, 'http://localhost').searchParams;

/** GET /api/fields as the server answers it: of one type when asked. */
const fieldsApi = (list = FIELDS) => ({
  'GET /api/fields': ({ url }: { url: string }) => {
    const type = params(url).get('type');
    return json(type ? list.filter((f) => f.type === type) : list);
  },
});

function renderFields() {
  return renderApp(
    <Routes>
      <Route path="/fields" element={<FieldsPage />} />
      <Route path="/fields/:fieldId" element={<p>field page</p>} />
    </Routes>,
    { route: '/fields' },
  );
}

const list = () => screen.getByRole('list', { name: 'Fields' });
const names = () =>
  within(list())
    .getAllByRole('heading')
    .map((h) => h.textContent);
const requests = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/fields'));

describe('/fields', () => {
  it('lists the fields by name with type, verified mark, rating, address and phone, the map beside them', async () => {
    const fetchMock = mockFetch({ ...signedOut(), ...fieldsApi() });
    renderFields();
    expect(screen.getByRole('heading', { name: 'Fields', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Find airsoft fields near you.')).toBeInTheDocument();
    expect(await screen.findByText('Ambush Acres')).toBeInTheDocument();
    expect(names()).toEqual(['Ambush Acres', 'Bunker 9', 'Ridge Line']);
    const [ambush, bunker, ridge] = within(list()).getAllByRole('listitem');
    expect(ambush).toHaveTextContent('Outdoor woodland');
    expect(ambush).toHaveTextContent('Verified');
    expect(ambush).toHaveTextContent('4.3(3 ratings)');
    expect(ambush).toHaveTextContent('12 Forest Rd, Uxbridge, ON');
    expect(within(ambush).getByRole('link', { name: '(905) 555-0142' })).toHaveAttribute(
      'href',
      'tel:9055550142',
    );
    expect(within(ambush).getByRole('link', { name: 'Ambush Acres' })).toHaveAttribute(
      'href',
      `/fields/${fieldId(1)}`,
    );
    expect(bunker).toHaveTextContent('Indoor CQB');
    expect(bunker).toHaveTextContent('Not rated yet');
    expect(bunker).not.toHaveTextContent('Verified');
    expect(ridge).toHaveTextContent('5.0(1 rating)');
    expect(screen.queryByText(/km away/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(requests(fetchMock)).toEqual(['/api/fields?limit=100']);

    // The map gets the fields with coordinates only, each linking to its page.
    const markers = within(await screen.findByRole('list', { name: 'Markers' })).getAllByRole('listitem');
    expect(markers.map((m) => m.textContent)).toEqual([
      `Ambush Acres | Outdoor woodland · 12 Forest Rd, Uxbridge, ON | /fields/${fieldId(1)} | View field`,
      `Ridge Line | Outdoor milsim · 3 Range Rd, Uxbridge, ON | /fields/${fieldId(3)} | View field`,
    ]);
    expect(screen.getByTestId('map')).toHaveAccessibleName('Map');

    await userEvent.click(within(ambush).getByRole('link', { name: 'Ambush Acres' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/fields/${fieldId(1)}`);
  });

  it('filters by type through the server, and back to all types', async () => {
    const fetchMock = mockFetch({ ...signedOut(), ...fieldsApi() });
    renderFields();
    await screen.findByText('Ambush Acres');
    const select = screen.getByLabelText('Type');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All types', 'Outdoor woodland', 'Outdoor scenario', 'Outdoor milsim', 'Indoor CQB', 'Urban']);
    await userEvent.selectOptions(select, 'Indoor CQB');
    await waitFor(() => expect(names()).toEqual(['Bunker 9']));
    expect(requests(fetchMock)).toContain('/api/fields?limit=100&type=Indoor+CQB');
    expect(within(await screen.findByTestId('map')).queryAllByRole('listitem')).toHaveLength(0);

    await userEvent.selectOptions(select, 'All types');
    await waitFor(() => expect(names()).toHaveLength(3));
  });

  it('says No fields found. when there are none (of that type)', async () => {
    mockFetch({ ...signedOut(), ...fieldsApi() });
    renderFields();
    await screen.findByText('Ambush Acres');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Urban');
    expect(await screen.findByText('No fields found.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Fields' })).toBeNull();
  });

  it('loads 100 at a time: Load more asks for the page after the last field shown', async () => {
    const first = Array.from({ length: 100 }, (_, i) => aField(i + 1, { name: `Field ${1000 + i}` }));
    const fetchMock = mockFetch({
      ...signedOut(),
      'GET /api/fields': ({ url }) =>
        json(params(url).get('before') === fieldId(100) ? [aField(101, { name: 'Zulu Range' })] : first),
    });
    renderFields();
    expect(await screen.findByText('Field 1000')).toBeInTheDocument();
    expect(names()).toHaveLength(100);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Zulu Range')).toBeInTheDocument();
    expect(names()).toHaveLength(101);
    expect(requests(fetchMock)).toContain(`/api/fields?limit=100&before=${fieldId(100)}`);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('asks for the location only when Near me is pressed, then lists nearest first with km', async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: 43.65321, longitude: -79.38318 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const fetchMock = mockFetch({
      ...signedOut(),
      'GET /api/fields': ({ url }) =>
        json(
          params(url).get('near')
            ? [
                { ...FIELDS[2], distance: 12.3 },
                { ...FIELDS[0], distance: 48 },
              ]
            : FIELDS,
        ),
    });
    renderFields();
    await screen.findByText('Ambush Acres');
    expect(getCurrentPosition).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Near me' }));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(names()).toEqual(['Ridge Line', 'Ambush Acres']));
    expect(screen.getByText('12.3 km away')).toBeInTheDocument();
    expect(screen.getByText('48.0 km away')).toBeInTheDocument();
    expect(requests(fetchMock)).toContain('/api/fields?limit=100&near=43.653%2C-79.383');
    expect(screen.getByRole('button', { name: 'Near me' })).toHaveAttribute('aria-pressed', 'true');

    // Pressed again: the location is forgotten, the list is by name again.
    await userEvent.click(screen.getByRole('button', { name: 'Near me' }));
    await waitFor(() => expect(names()).toEqual(['Ambush Acres', 'Bunker 9', 'Ridge Line']));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
  });

  it('says Could not get your location when the browser refuses', async () => {
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail?: PositionErrorCallback | null) =>
      fail?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    mockFetch({ ...signedOut(), ...fieldsApi() });
    renderFields();
    await screen.findByText('Ambush Acres');
    await userEvent.click(screen.getByRole('button', { name: 'Near me' }));
    expect(await screen.findByText('Could not get your location')).toBeInTheDocument();
    expect(screen.getByText('User denied Geolocation')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Near me' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('says Failed to fetch fields when the list cannot load, and tries again', async () => {
    let fail = true;
    mockFetch({
      ...signedOut(),
      'GET /api/fields': () => (fail ? json({ message: 'boom' }, 500) : json(FIELDS)),
    });
    renderFields();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch fields');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ambush Acres')).toBeInTheDocument();
  });
});
