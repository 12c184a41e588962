import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderApp, signedOut } from '@web/test/utils';
import { describe, expect, it, vi } from 'vitest';

// A test DOM has no canvas: uPlot is a stub here (the browser test draws the real chart).
vi.mock('uplot', () => ({
  default: Object.assign(
    class {
      setSize() {}
      destroy() {}
    },
    { paths: { stepped: () => null } },
  ),
}));

import { anOffer, aProduct, productId } from '../test-data';
import { ProductDetails } from './product-details';

const url = `GET /api/products/${productId(1)}`;

describe('ProductDetails', () => {
  it('shows the specifications with the joules, offers per currency with the lowest price and stock marks, and the histories', async () => {
    const product = aProduct(1, {
      title: 'Krytac Trident MkII CRB',
      offers: [
        anOffer(1, {
          vendor: 'Lone Star',
          price: 499,
          currency: 'USD',
          lowestInCurrency: true,
          lowest30d: true,
          history: [
            {
              price: 549,
              currency: 'USD',
              inStock: true,
              recordedAt: '2026-05-20T00:00:00.000Z',
              lowest30d: false,
            },
            {
              price: 499,
              currency: 'USD',
              inStock: true,
              recordedAt: '2026-06-10T00:00:00.000Z',
              lowest30d: true,
            },
          ],
        }),
        anOffer(2, { vendor: 'Northbound', price: 579.99, currency: 'CAD', lowestInCurrency: true }),
        anOffer(3, { vendor: 'Pacific Gear', price: 449.95, currency: 'USD', inStock: false }),
      ],
      lowestPrices: [
        { currency: 'CAD', price: 579.99, vendor: 'Northbound', inStock: true },
        { currency: 'USD', price: 499, vendor: 'Lone Star', inStock: true },
      ],
    });
    mockFetch({ ...signedOut(), [url]: () => json(product) });
    renderApp(<ProductDetails id={productId(1)} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Krytac Trident MkII CRB' }),
    ).toBeInTheDocument();
    expect(screen.getByText('1.27 J with 0.20 g BBs')).toBeInTheDocument();
    expect(screen.getByText('370')).toBeInTheDocument();
    expect(screen.getByText('Lowest in CAD')).toBeInTheDocument();
    expect(screen.getByText('$579.99 CAD', { selector: '.text-xl' })).toBeInTheDocument();

    const usd = screen.getByRole('table', { name: 'USD' });
    const rows = within(usd).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual([
      expect.stringContaining('Lone Star'),
      expect.stringContaining('Pacific Gear'),
    ]);
    expect(within(rows[0]).getByText('Lowest price')).toBeInTheDocument();
    expect(within(rows[0]).getByText('30-day low')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Out of stock')).toBeInTheDocument();
    expect(within(rows[1]).queryByText('Lowest price')).toBeNull();
    const link = within(rows[0]).getByRole('link', { name: /Lone Star/ });
    expect(link).toHaveAttribute('href', 'https://vendor1.example.com/p');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByRole('table', { name: 'CAD' })).toBeInTheDocument();

    // The chart (uPlot, loaded on demand) is labelled with its figures, the 30-day low included.
    expect(
      await screen.findByRole('img', {
        name: /Price history at Lone Star: \$549\.00 USD on 2026-05-20, \$499\.00 USD on 2026-06-10 \(30-day low\)/,
      }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('No price changes recorded yet.')).toHaveLength(2);
  });

  it('says so when no vendor lists the product', async () => {
    mockFetch({ ...signedOut(), [url]: () => json(aProduct(1)) });
    renderApp(<ProductDetails id={productId(1)} />);
    expect(await screen.findByText('No vendor lists this product yet.')).toBeInTheDocument();
  });

  it('says Product not found for an unknown product, with a way home', async () => {
    mockFetch({ ...signedOut(), [url]: () => json({ message: 'Product not found' }, 404) });
    renderApp(<ProductDetails id={productId(1)} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('says Failed to fetch product on a server error, and tries again', async () => {
    let calls = 0;
    mockFetch({
      ...signedOut(),
      [url]: () =>
        ++calls === 1 ? json({ message: 'boom' }, 500) : json(aProduct(1, { title: 'Back again' })),
    });
    renderApp(<ProductDetails id={productId(1)} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch product');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Back again' })).toBeInTheDocument();
  });
});
