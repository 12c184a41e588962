import { RULE_PRESETS } from '@contract/events';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { FIELDS_PAGE } from '../api/get-fields';
import { aField, fieldId } from '../test-data';
import { ManageFields } from './manage-fields';

const admin = signedIn(aUser({ role: 'admin' }));
const mine = (n: number, o = {}) => aField(n, { canEdit: true, canDelete: true, canVerify: true, ...o });
const UK = RULE_PRESETS.find((p) => p.id === 'uk-standard')!;
const CQB = RULE_PRESETS.find((p) => p.id === 'cqb-1j')!;
const sent = (fetchMock: ReturnType<typeof mockFetch>, method: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url).startsWith('/api/admin/fields') && init?.method === method)
    .map(([url, init]) => ({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : null }));

describe('Manage Fields', () => {
  it('pages past the first 100 fields with Load more, asking for the ones after the last shown', async () => {
    const first = Array.from({ length: FIELDS_PAGE }, (_, i) => mine(i + 1));
    const fetchMock = mockFetch({
      ...admin,
      'GET /api/fields': (init) =>
        json(new URL(String(init.url), 'http://x').searchParams.get('before') ? [mine(500)] : first),
    });
    renderApp(<ManageFields />);
    expect(await screen.findByText('Field 100')).toBeInTheDocument();
    expect(screen.queryByText('Field 500')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Field 500')).toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/api/fields'));
    expect(asked.at(-1)).toContain(`before=${fieldId(FIELDS_PAGE)}`);
    // The last page was short: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('creates a field with a rules preset, sending empty optional fields as none, and says so', async () => {
    const fetchMock = mockFetch({
      ...admin,
      'GET /api/fields': () => json([]),
      'POST /api/admin/fields': (init) => json(mine(9, JSON.parse(String(init.body))), 201),
    });
    renderApp(<ManageFields />);
    expect(await screen.findByRole('heading', { name: 'Add Field' })).toBeInTheDocument();
    expect(await screen.findByText('No fields yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), '  Timberline ');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Outdoor milsim');
    await userEvent.type(screen.getByLabelText('Address'), '400 Timber Rd, Bracebridge, ON');
    await userEvent.type(screen.getByLabelText('Website'), 'timberline.example.com');
    await userEvent.type(screen.getByLabelText('Latitude'), '45.04');
    await userEvent.type(screen.getByLabelText('Longitude'), '-79.31');
    const rules = screen.getByLabelText('Rules of engagement');
    expect(
      within(rules)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No rules of engagement listed yet.', ...RULE_PRESETS.map((p) => p.name)]);
    await userEvent.selectOptions(rules, UK.name);
    await userEvent.click(screen.getByRole('button', { name: 'Add Field' }));
    expect(await screen.findByText('Field created successfully')).toBeInTheDocument();
    expect(sent(fetchMock, 'POST')).toEqual([
      {
        url: '/api/admin/fields',
        body: {
          name: 'Timberline',
          type: 'Outdoor milsim',
          address: '400 Timber Rd, Bracebridge, ON',
          phone: null,
          website: 'timberline.example.com',
          image: null,
          lat: 45.04,
          lng: -79.31,
          rules: UK.rules,
        },
      },
    ]);
    // Back to an empty form for the next one.
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Rules of engagement')).toHaveValue('');
  });

  it('requires a name, refuses a javascript: website and one coordinate alone, sending nothing', async () => {
    const fetchMock = mockFetch({ ...admin, 'GET /api/fields': () => json([]) });
    renderApp(<ManageFields />);
    await userEvent.type(await screen.findByLabelText('Website'), 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Add Field' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.getByText('Must be a web address (http or https)')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(screen.getByLabelText('Name'), 'Half Placed');
    await userEvent.clear(screen.getByLabelText('Website'));
    await userEvent.type(screen.getByLabelText('Latitude'), '45');
    await userEvent.click(screen.getByRole('button', { name: 'Add Field' }));
    expect(await screen.findByText('Give both latitude and longitude, or neither')).toBeInTheDocument();
    expect(sent(fetchMock, 'POST')).toHaveLength(0);
  });

  it('says Failed to create field when the server refuses, with its field errors', async () => {
    mockFetch({
      ...admin,
      'GET /api/fields': () => json([]),
      'POST /api/admin/fields': () =>
        json({ message: 'name: Too long', errors: { name: ['Name is taken here'] } }, 400),
    });
    renderApp(<ManageFields />);
    await userEvent.type(await screen.findByLabelText('Name'), 'Timberline');
    await userEvent.click(screen.getByRole('button', { name: 'Add Field' }));
    expect(await screen.findByText('Failed to create field')).toBeInTheDocument();
    expect(await screen.findByText('Name is taken here')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Timberline');
  });

  it('lists the fields with their type and state; admins only see the buttons their abilities allow', async () => {
    mockFetch({
      ...admin,
      'GET /api/fields': () =>
        json([
          mine(1, { name: 'Ambush Acres', verified: true }),
          aField(2, { name: 'Bunker 9', type: 'Indoor CQB' }),
        ]),
    });
    renderApp(<ManageFields />);
    const list = await screen.findByRole('list', { name: 'Fields' });
    const [ambush, bunker] = within(list).getAllByRole('listitem');
    expect(ambush).toHaveTextContent('Ambush Acres');
    expect(ambush).toHaveTextContent('Outdoor woodland · Verified');
    expect(
      within(ambush)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Unverify', 'Edit', 'Delete']);
    expect(bunker).toHaveTextContent('Indoor CQB · Unverified');
    expect(within(bunker).queryAllByRole('button')).toHaveLength(0);
  });

  it('edits a field with PATCH: edit mode until save, keeping its rules, then back to create mode', async () => {
    const fetchMock = mockFetch({
      ...admin,
      'GET /api/fields': () =>
        json([mine(1, { phone: '(705) 555-0100', website: 'a.example.com', rules: CQB.rules }), mine(2)]),
      [`PATCH /api/admin/fields/${fieldId(1)}`]: (init) => json(mine(1, JSON.parse(String(init.body)))),
    });
    renderApp(<ManageFields />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Field 1' }));
    expect(screen.getByRole('heading', { name: 'Edit Field' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Field 1');
    expect(screen.getByLabelText('Phone')).toHaveValue('(705) 555-0100');
    expect(screen.getByLabelText('Latitude')).toHaveValue('44.1');
    expect(screen.getByLabelText('Rules of engagement')).toHaveValue('keep');
    expect(screen.getByRole('option', { name: 'Keep current rules' })).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'Field one');
    await userEvent.clear(screen.getByLabelText('Phone'));
    await userEvent.click(screen.getByRole('button', { name: 'Update Field' }));
    expect(await screen.findByText('Field updated successfully')).toBeInTheDocument();
    expect(sent(fetchMock, 'PATCH')).toEqual([
      {
        url: `/api/admin/fields/${fieldId(1)}`,
        body: expect.objectContaining({
          name: 'Field one',
          phone: null,
          website: 'a.example.com',
          lat: 44.1,
          lng: -79.1,
          rules: CQB.rules,
        }),
      },
    ]);
    expect(screen.getByRole('heading', { name: 'Add Field' })).toBeInTheDocument();
  });

  it('cancels an edit without sending anything, and says Failed to update field when refused', async () => {
    const fetchMock = mockFetch({
      ...admin,
      'GET /api/fields': () => json([mine(1)]),
      [`PATCH /api/admin/fields/${fieldId(1)}`]: () => json({ message: 'Field not found' }, 404),
    });
    renderApp(<ManageFields />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Field 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Add Field' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(sent(fetchMock, 'PATCH')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Edit Field 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update Field' }));
    expect(await screen.findByText('Failed to update field')).toBeInTheDocument();
    expect(screen.getByText('Field not found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Edit Field' })).toBeInTheDocument();
  });

  it('verifies and unverifies a field, and says so', async () => {
    let verified = false;
    const fetchMock = mockFetch({
      ...admin,
      'GET /api/fields': () => json([mine(1, { verified })]),
      [`POST /api/admin/fields/${fieldId(1)}/verify`]: (init) => {
        verified = JSON.parse(String(init.body)).verified;
        return json(mine(1, { verified }));
      },
    });
    renderApp(<ManageFields />);
    await userEvent.click(await screen.findByRole('button', { name: 'Verify Field 1' }));
    expect(await screen.findByText('Field verified')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Unverify Field 1' }));
    expect(await screen.findByText('Field marked unverified')).toBeInTheDocument();
    expect(sent(fetchMock, 'POST')).toEqual([
      { url: `/api/admin/fields/${fieldId(1)}/verify`, body: { verified: true } },
      { url: `/api/admin/fields/${fieldId(1)}/verify`, body: { verified: false } },
    ]);
    await screen.findByRole('button', { name: 'Verify Field 1' });
  });

  it('says Failed to verify field when the server refuses', async () => {
    mockFetch({
      ...admin,
      'GET /api/fields': () => json([mine(1)]),
      [`POST /api/admin/fields/${fieldId(1)}/verify`]: () => json({ message: 'Forbidden' }, 403),
    });
    renderApp(<ManageFields />);
    await userEvent.click(await screen.findByRole('button', { name: 'Verify Field 1' }));
    expect(await screen.findByText('Failed to verify field')).toBeInTheDocument();
    expect(screen.queryByText('Field verified')).toBeNull();
  });

  it('deletes a field after confirming, and says so; cancelling sends nothing', async () => {
    let list = [mine(1), mine(2)];
    const fetchMock = mockFetch({
      ...admin,
      'GET /api/fields': () => json(list),
      [`DELETE /api/admin/fields/${fieldId(2)}`]: () => {
        list = [mine(1)];
        return new Response(null, { status: 204 });
      },
    });
    renderApp(<ManageFields />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Field 2' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Delete this field?');
    expect(dialog).toHaveTextContent('“Field 2”');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent(fetchMock, 'DELETE')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Field 2' }));
    dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Field deleted successfully')).toBeInTheDocument();
    expect(sent(fetchMock, 'DELETE').map((c) => c.url)).toEqual([`/api/admin/fields/${fieldId(2)}`]);
    await waitFor(() => expect(screen.queryByText('Field 2')).toBeNull());
  });

  it('says Failed to delete field when the server refuses, and keeps it listed', async () => {
    mockFetch({
      ...admin,
      'GET /api/fields': () => json([mine(1)]),
      [`DELETE /api/admin/fields/${fieldId(1)}`]: () => json({ message: 'Field not found' }, 404),
    });
    renderApp(<ManageFields />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Field 1' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Failed to delete field')).toBeInTheDocument();
    expect(screen.queryByText('Field deleted successfully')).toBeNull();
    expect(screen.getByText('Field 1')).toBeInTheDocument();
  });

  it('says Failed to fetch fields when the list cannot load', async () => {
    mockFetch({ ...admin, 'GET /api/fields': () => json({ message: 'boom' }, 500) });
    renderApp(<ManageFields />);
    expect(await screen.findByText('Failed to fetch fields')).toBeInTheDocument();
  });
});
