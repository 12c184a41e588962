import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { ManageAdmins } from './manage-admins';

const me = aUser({ id: '00000000-0000-4000-8000-000000000001', username: 'chief', role: 'admin' });
const rookie = { id: '00000000-0000-4000-8000-000000000002', username: 'rookie_ray', avatar: null };

describe('Manage Admins', () => {
  it('lists the admins, finds a player from 2 characters and grants the role', async () => {
    let admins = [{ id: me.id, username: 'chief', avatar: null, role: 'admin' }];
    const fetchMock = mockFetch({
      ...signedIn(me),
      'GET /api/admin/users': (init) => {
        const q = new URL(init.url, 'http://x').searchParams.get('q');
        return json(
          q ? [{ ...rookie, role: admins.some((a) => a.id === rookie.id) ? 'admin' : 'user' }] : admins,
        );
      },
      'PATCH /api/admin/users/00000000-0000-4000-8000-000000000002/role': (init) => {
        const { role } = JSON.parse(String(init.body));
        admins = [...admins, { ...rookie, role }];
        return json({ ...rookie, role });
      },
    });
    renderApp(<ManageAdmins />);
    const current = await screen.findByRole('region', { name: 'Current admins' });
    expect(await within(current).findByText('chief')).toBeInTheDocument();
    expect(within(current).getByText('(you)')).toBeInTheDocument();

    const finder = screen.getByRole('searchbox', { name: 'Find a player' });
    await userEvent.type(finder, 'r');
    await new Promise((r) => setTimeout(r, 400));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('?q='))).toBe(false);
    await userEvent.type(finder, 'o');
    await userEvent.click(await screen.findByRole('button', { name: 'Grant admin role to rookie_ray' }));
    expect(await screen.findByText('Admin role granted')).toBeInTheDocument();
    await waitFor(() => expect(within(current).getByText('rookie_ray')).toBeInTheDocument());
  });

  it("shows the server's reason when the last admin tries to revoke themself", async () => {
    mockFetch({
      ...signedIn(me),
      'GET /api/admin/users': () => json([{ id: me.id, username: 'chief', avatar: null, role: 'admin' }]),
      [`PATCH /api/admin/users/${me.id}/role`]: () =>
        json({ message: 'At least one admin must remain' }, 409),
    });
    renderApp(<ManageAdmins />);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke admin role of chief' }));
    expect(await screen.findByText('At least one admin must remain')).toBeInTheDocument();
  });
});
