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
    const dialog = await screen.findByRole('alertdialog', { name: 'Make rookie_ray an admin?' });
    // Granting is not the red action.
    expect(within(dialog).getByRole('button', { name: 'Make admin' }).className).not.toMatch(/destructive/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make admin' }));
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
    await userEvent.click(await screen.findByRole('button', { name: 'Remove admin role' }));
    expect(await screen.findByText('At least one admin must remain')).toBeInTheDocument();
  });

  it('asks before revoking; Cancel changes nothing, the red Remove admin role sends the change', async () => {
    const other = { ...rookie, role: 'admin' };
    const fetchMock = mockFetch({
      ...signedIn(me),
      'GET /api/admin/users': () =>
        json([{ id: me.id, username: 'chief', avatar: null, role: 'admin' }, other]),
      [`PATCH /api/admin/users/${rookie.id}/role`]: () => json({ ...rookie, role: 'user' }),
    });
    const patches = () =>
      fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH');
    renderApp(<ManageAdmins />);
    const revoke = await screen.findByRole('button', { name: 'Revoke admin role of rookie_ray' });

    await userEvent.click(revoke);
    let dialog = await screen.findByRole('alertdialog', { name: 'Remove admin role from rookie_ray?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(patches()).toHaveLength(0);

    await userEvent.click(revoke);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(patches()).toHaveLength(0);

    await userEvent.click(revoke);
    dialog = await screen.findByRole('alertdialog', { name: 'Remove admin role from rookie_ray?' });
    const confirm = within(dialog).getByRole('button', { name: 'Remove admin role' });
    expect(confirm.className).toMatch(/destructive/);
    await userEvent.click(confirm);
    expect(await screen.findByText('Admin role revoked')).toBeInTheDocument();
    expect(patches()).toHaveLength(1);
    expect(JSON.parse(String((patches()[0][1] as RequestInit).body))).toEqual({ role: 'user' });
  });

  it('asks before granting; Cancel sends nothing', async () => {
    const fetchMock = mockFetch({
      ...signedIn(me),
      'GET /api/admin/users': (init) =>
        json(
          new URL(init.url, 'http://x').searchParams.get('q')
            ? [{ ...rookie, role: 'user' }]
            : [{ id: me.id, username: 'chief', avatar: null, role: 'admin' }],
        ),
    });
    renderApp(<ManageAdmins />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a player' }), 'ro');
    await userEvent.click(await screen.findByRole('button', { name: 'Grant admin role to rookie_ray' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Make rookie_ray an admin?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(
      fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH'),
    ).toBe(false);
    expect(screen.getByRole('button', { name: 'Grant admin role to rookie_ray' })).toBeInTheDocument();
  });
});
