import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { anImportRow, aPreview, aProduct, productId } from '../test-data';
import { ManageCatalog } from './manage-catalog';

const admin = signedIn(aUser({ role: 'admin' }));
const summary = (n: number) => ({
  id: productId(n),
  title: `Product ${n}`,
  brand: 'Krytac',
  category: 'Rifle',
  offersCount: n,
  lastUpdated: null,
});
const bodies = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => new URL(String(url), 'http://x').pathname === path && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));

const CSV =
  'vendor,brand,model,price,currency,url,in stock\nNorthbound Airsoft,Krytac,Trident Mk2 CRB,579.99,CAD,https://nb.example.com/trident,yes';

describe('Manage Catalog', () => {
  it('lists products and creates one, sending empty fields as none', async () => {
    const fetchMock = mockFetch({
      ...admin,
      'GET /api/admin/products': () => json([summary(1), summary(2)]),
      'POST /api/admin/products': (init) => json(aProduct(9, JSON.parse(String(init.body))), 201),
    });
    renderApp(<ManageCatalog />);
    const list = await screen.findByRole('list', { name: 'Products' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Krytac · Rifle · 2 offers')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Title'), ' VFC Avalon ');
    await userEvent.type(screen.getByLabelText('FPS'), '360');
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
    expect(bodies(fetchMock, '/api/admin/products')[0]).toEqual({
      title: 'VFC Avalon',
      brand: null,
      category: null,
      description: null,
      image: null,
      fps: 360,
      weight: null,
      material: null,
      magazineCapacity: null,
    });
  });

  it('requires a title and a whole fps, sending nothing', async () => {
    const fetchMock = mockFetch({ ...admin, 'GET /api/admin/products': () => json([]) });
    renderApp(<ManageCatalog />);
    expect(await screen.findByText('No products yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('FPS'), '12.5');
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.getByLabelText('FPS')).toHaveAttribute('aria-invalid', 'true');
    expect(bodies(fetchMock, '/api/admin/products')).toHaveLength(0);
  });

  it('edits a product with PATCH', async () => {
    const fetchMock = mockFetch({
      ...admin,
      'GET /api/admin/products': () => json([summary(1)]),
      [`GET /api/products/${productId(1)}`]: () => json(aProduct(1, { canEdit: true })),
      [`PATCH /api/admin/products/${productId(1)}`]: (init) =>
        json(aProduct(1, JSON.parse(String(init.body)))),
    });
    renderApp(<ManageCatalog />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Product 1' }));
    const title = await screen.findByDisplayValue('Product 1');
    await userEvent.clear(title);
    await userEvent.type(title, 'Renamed');
    await userEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toMatchObject({
      title: 'Renamed',
      fps: 370,
      brand: 'Krytac',
    });
    expect(await screen.findByRole('heading', { name: 'Add Product' })).toBeInTheDocument();
  });

  it('previews a pasted price list (added, updated, unmatched), then imports it with the digest', async () => {
    const preview = aPreview([
      anImportRow(2),
      anImportRow(3, {
        status: 'updated',
        vendor: 'Red River',
        previousPrice: 269.99,
        previousCurrency: 'CAD',
        price: 249.99,
      }),
      anImportRow(4, {
        status: 'unmatched',
        productId: null,
        productTitle: null,
        brand: 'Tokyo Marui',
        model: 'Hi-Capa',
      }),
    ]);
    const fetchMock = mockFetch({
      ...admin,
      'GET /api/admin/products': () => json([]),
      'POST /api/admin/products/import/preview': () => json(preview),
      'POST /api/admin/products/import': () => json({ added: 1, updated: 1, unchanged: 0, unmatched: 1 }),
    });
    renderApp(<ManageCatalog />);
    const importButton = await screen.findByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    await userEvent.click(screen.getByLabelText('CSV'));
    await userEvent.paste(CSV);
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByTestId('import-summary')).toHaveTextContent(
      '1 added, 1 updated, 0 unchanged, 1 unmatched',
    );
    const table = screen.getByRole('region', { name: 'Preview' });
    expect(within(table).getByText('Added')).toBeInTheDocument();
    expect(within(table).getByText('Unmatched')).toBeInTheDocument();
    expect(within(table).getByText('$269.99 CAD')).toBeInTheDocument();
    expect(within(table).getAllByText('→ Krytac Trident MkII CRB')).toHaveLength(2);
    expect(bodies(fetchMock, '/api/admin/products/import/preview')).toEqual([{ csv: CSV }]);
    expect(bodies(fetchMock, '/api/admin/products/import')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Import Complete')).toBeInTheDocument();
    expect(screen.getByText('1 added, 1 updated, 0 unchanged, 1 unmatched')).toBeInTheDocument();
    expect(bodies(fetchMock, '/api/admin/products/import')).toEqual([{ csv: CSV, digest: 'digest-1' }]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull());
  });

  it('shows the server reason for a bad list, and drops a preview when the list changes', async () => {
    let bad = true;
    mockFetch({
      ...admin,
      'GET /api/admin/products': () => json([]),
      'POST /api/admin/products/import/preview': () =>
        bad
          ? json(
              {
                message:
                  'The price list could not be read: line 2: price "abc" is not a price above 0 (like 249.99)',
              },
              400,
            )
          : json(aPreview([anImportRow(2)])),
    });
    renderApp(<ManageCatalog />);
    await userEvent.click(await screen.findByLabelText('CSV'));
    await userEvent.paste(
      'vendor,brand,model,price,currency,url,in stock\nA,B,C,abc,USD,https://a.example.com,yes',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(
      await screen.findByText(
        'The price list could not be read: line 2: price "abc" is not a price above 0 (like 249.99)',
        {
          selector: '[role="alert"]',
        },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    bad = false;
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByTestId('import-summary')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled();
    await userEvent.type(screen.getByLabelText('CSV'), 'x');
    expect(screen.queryByTestId('import-summary')).toBeNull();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('imports from a feed address', async () => {
    const fetchMock = mockFetch({
      ...admin,
      'GET /api/admin/products': () => json([]),
      'POST /api/admin/products/import/preview': () => json(aPreview([anImportRow(2)])),
      'POST /api/admin/products/import': () => json({ added: 1, updated: 0, unchanged: 0, unmatched: 0 }),
    });
    renderApp(<ManageCatalog />);
    await userEvent.click(await screen.findByRole('tab', { name: 'From a feed' }));
    await userEvent.type(screen.getByLabelText('Feed address'), 'https://vendor.example.com/prices.csv');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByTestId('import-summary');
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Import Complete')).toBeInTheDocument();
    expect(bodies(fetchMock, '/api/admin/products/import')).toEqual([
      { url: 'https://vendor.example.com/prices.csv', digest: 'digest-1' },
    ]);
  });
});
