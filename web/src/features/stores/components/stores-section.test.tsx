import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderApp, signedOut } from '@web/test/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aStore } from '../test-data';
import { StoresSection } from './stores-section';

const STORES = [
  aStore(1, { name: 'Coastline Airsoft', region: 'British Columbia' }),
  aStore(2, { name: 'Harbour Airsoft', region: 'Atlantic Canada' }),
  aStore(3, { name: 'Lone Star Outpost', region: 'Texas' }),
  aStore(4, { name: 'Pacific Gear', region: 'California' }),
];

/** The server's country filter (SPEC §9 rule), as GET /api/stores answers it. */
const stores = (list = STORES) =>
  mockFetch({
    ...signedOut(),
    'GET /api/stores': ({ url }) => {
      const country = new URL(url, 'http://localhost').searchParams.get('country');
      return json(country ? list.filter((s) => s.country === country) : list);
    },
  });

const tabNames = (label: string) =>
  within(screen.getByRole('tablist', { name: label }))
    .getAllByRole('tab')
    .map((t) => t.textContent);
const cardNames = () =>
  within(screen.getByRole('list', { name: 'Stores' }))
    .getAllByRole('heading')
    .map((h) => h.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('Store locator section', () => {
  it('shows country tabs and region tabs derived from the stores of the chosen country', async () => {
    const fetchMock = stores();
    renderApp(<StoresSection />);
    expect(await screen.findByText('Coastline Airsoft')).toBeInTheDocument();
    expect(tabNames('Country')).toEqual(['All Countries', 'Canada', 'US']);
    expect(tabNames('Region')).toEqual(['All', 'Atlantic Canada', 'British Columbia', 'California', 'Texas']);
    expect(cardNames()).toHaveLength(4);

    await userEvent.click(screen.getByRole('tab', { name: 'US' }));
    await waitFor(() => expect(tabNames('Region')).toEqual(['All', 'California', 'Texas']));
    expect(cardNames()).toEqual(['Lone Star Outpost', 'Pacific Gear']);
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('country=US'))).toBe(true);

    await userEvent.click(screen.getByRole('tab', { name: 'Texas' }));
    expect(cardNames()).toEqual(['Lone Star Outpost']);
  });

  it('resets the region to all when the country changes', async () => {
    stores();
    renderApp(<StoresSection />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Texas' }));
    expect(screen.getByRole('tab', { name: 'Texas' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Canada' }));
    await waitFor(() => expect(tabNames('Region')).toEqual(['All', 'Atlantic Canada', 'British Columbia']));
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(cardNames()).toEqual(['Coastline Airsoft', 'Harbour Airsoft']);
  });

  it('keeps the country and region in the address, and opens on them (issue 20)', async () => {
    stores();
    const { unmount } = renderApp(<StoresSection />, { route: '/stores?country=US&region=Texas' });
    await waitFor(() => expect(cardNames()).toEqual(['Lone Star Outpost']));
    expect(screen.getByRole('tab', { name: 'US' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Texas' })).toHaveAttribute('aria-selected', 'true');
    unmount();

    renderApp(<StoresSection />, { route: '/stores' });
    const search = () => screen.getByTestId('location').getAttribute('data-search');
    await userEvent.click(await screen.findByRole('tab', { name: 'Texas' }));
    expect(search()).toBe('?region=Texas');
    await userEvent.click(screen.getByRole('tab', { name: 'Canada' }));
    expect(search()).toBe('?country=Canada');
    await userEvent.click(screen.getByRole('tab', { name: 'All Countries' }));
    expect(search()).toBe('');
  });

  it('says No stores found in this region. when there are none', async () => {
    stores([]);
    renderApp(<StoresSection />);
    expect(await screen.findByText('No stores found in this region.')).toBeInTheDocument();
  });

  it('links the phone with tel: and the website with https:// prefixed, in a new tab', async () => {
    stores([
      aStore(1, {
        name: 'Maple Airsoft',
        phone: '(416) 555-0119',
        website: 'maple.example.com',
      }),
      aStore(2, { name: 'Secure Airsoft', website: 'https://secure.example.com/shop' }),
      aStore(3, { name: 'Sneaky', website: 'javascript:alert(1)' }),
    ]);
    renderApp(<StoresSection />);
    const list = await screen.findByRole('list', { name: 'Stores' });
    const [maple, secure, sneaky] = within(list).getAllByRole('listitem');
    expect(maple).toHaveTextContent('Ontario');
    expect(maple).toHaveTextContent('1 Main St');
    expect(within(maple).getByRole('link', { name: '(416) 555-0119' })).toHaveAttribute(
      'href',
      'tel:4165550119',
    );
    const site = within(maple).getByRole('link', { name: 'maple.example.com' });
    expect(site).toHaveAttribute('href', 'https://maple.example.com');
    expect(site).toHaveAttribute('target', '_blank');
    expect(site).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(secure).getByRole('link', { name: 'secure.example.com/shop' })).toHaveAttribute(
      'href',
      'https://secure.example.com/shop',
    );
    expect(within(sneaky).queryByRole('link')).toBeNull();
  });

  it('asks for the location only when Near me is pressed, then lists nearest first with km', async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: 44.2312, longitude: -76.486 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const fetchMock = mockFetch({
      ...signedOut(),
      'GET /api/stores': ({ url }) =>
        json(
          url.includes('near=')
            ? [
                aStore(2, { name: 'Ottawa', distance: 145.2 }),
                aStore(1, { name: 'Toronto', distance: 240.7 }),
              ]
            : [aStore(1, { name: 'Toronto' }), aStore(2, { name: 'Ottawa' })],
        ),
    });
    renderApp(<StoresSection />);
    expect(await screen.findByText('Toronto')).toBeInTheDocument();
    expect(getCurrentPosition).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Near me' }));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(cardNames()).toEqual(['Ottawa', 'Toronto']));
    expect(screen.getByText('145.2 km away')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('near=44.231%2C-76.486'))).toBe(true);
    expect(screen.getByRole('button', { name: 'Near me' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says Failed to fetch stores when the list cannot load, and tries again', async () => {
    let fail = true;
    mockFetch({
      ...signedOut(),
      'GET /api/stores': () => (fail ? json({ message: 'boom' }, 500) : json([aStore(1)])),
    });
    renderApp(<StoresSection />);
    expect(await screen.findByText('Failed to fetch stores')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Store 1')).toBeInTheDocument();
  });
});
