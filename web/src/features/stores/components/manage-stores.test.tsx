import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { aStore, storeId } from '../test-data';
import { ManageStores } from './manage-stores';

const admin = signedIn(aUser({ role: 'admin' }));
const mine = (n: number, o = {}) => aStore(n, { canEdit: true, canDelete: true, ...o });
const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, method: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url).startsWith('/api/admin/stores') && init?.method === method)
    .map(([url, init]) => ({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : null }));

describe('Manage Stores', () => {
  it('creates a store, sending empty optional fields as none, and says so', async () => {
    const fetchMock = mockFetch({
      ...admin,
      'GET /api/stores': () => json([]),
      'POST /api/admin/stores': (init) => json(mine(9, JSON.parse(String(init.body))), 201),
    });
    renderApp(<ManageStores />);
    expect(await screen.findByRole('heading', { name: 'Add Store' })).toBeInTheDocument();
    expect(await screen.findByText('No stores yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), ' Maple Airsoft ');
    await userEvent.type(screen.getByLabelText('Address'), '12 King St W, Toronto');
    await userEvent.type(screen.getByLabelText('Region'), 'Ontario');
    await userEvent.type(screen.getByLabelText('Website'), 'maple.example.com');
    await userEvent.type(screen.getByLabelText('Latitude'), '43.65');
    await userEvent.type(screen.getByLabelText('Longitude'), '-79.38');
    await userEvent.click(screen.getByRole('button', { name: 'Add Store' }));
    expect(await screen.findByText('Store created successfully')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST')[0].body).toEqual({
      name: 'Maple Airsoft',
      address: '12 King St W, Toronto',
      region: 'Ontario',
      phone: null,
      website: 'maple.example.com',
      lat: 43.65,
      lng: -79.38,
    });
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('requires name, address and region and refuses a javascript: website, sending nothing', async () => {
    const fetchMock = mockFetch({ ...admin, 'GET /api/stores': () => json([]) });
    renderApp(<ManageStores />);
    await userEvent.type(await screen.findByLabelText('Website'), 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Add Store' }));
    await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(3));
    expect(screen.getByText('Must be a web address (http or https)')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(bodyOf(fetchMock, 'POST')).toHaveLength(0);
  });

  it('says Failed to create store when the server refuses, with its field errors', async () => {
    mockFetch({
      ...admin,
      'GET /api/stores': () => json([]),
      'POST /api/admin/stores': () =>
        json({ message: 'region: Unknown', errors: { region: ['Unknown'] } }, 400),
    });
    renderApp(<ManageStores />);
    await userEvent.type(await screen.findByLabelText('Name'), 'x');
    await userEvent.type(screen.getByLabelText('Address'), 'y');
    await userEvent.type(screen.getByLabelText('Region'), 'z');
    await userEvent.click(screen.getByRole('button', { name: 'Add Store' }));
    expect(await screen.findByText('Failed to create store')).toBeInTheDocument();
    expect(await screen.findByText('Unknown')).toBeInTheDocument();
  });

  it('edits a store with PATCH: edit mode until save, then back to create mode', async () => {
    const fetchMock = mockFetch({
      ...admin,
      'GET /api/stores': () =>
        json([mine(1, { phone: '(416) 555-0100', website: 'a.example.com' }), mine(2)]),
      [`PATCH /api/admin/stores/${storeId(1)}`]: (init) => json(mine(1, JSON.parse(String(init.body)))),
    });
    renderApp(<ManageStores />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Store 1' }));
    expect(screen.getByRole('heading', { name: 'Edit Store' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Store 1');
    expect(screen.getByLabelText('Phone')).toHaveValue('(416) 555-0100');
    expect(screen.getByLabelText('Latitude')).toHaveValue('43.65');
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'Store one');
    await userEvent.clear(screen.getByLabelText('Phone'));
    await userEvent.click(screen.getByRole('button', { name: 'Update Store' }));
    expect(await screen.findByText('Store updated successfully')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PATCH')[0].body).toMatchObject({
      name: 'Store one',
      phone: null,
      website: 'a.example.com',
      lat: 43.65,
      lng: -79.38,
    });
    expect(screen.getByRole('heading', { name: 'Add Store' })).toBeInTheDocument();
  });

  it('deletes a store after confirming, and says so', async () => {
    const fetchMock = mockFetch({
      ...admin,
      'GET /api/stores': () => json([mine(1), mine(2)]),
      [`DELETE /api/admin/stores/${storeId(2)}`]: () => new Response(null, { status: 204 }),
    });
    renderApp(<ManageStores />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Store 2' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Delete this store?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Store deleted successfully')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'DELETE').map((c) => c.url)).toEqual([`/api/admin/stores/${storeId(2)}`]);
  });
});
