import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { AuditLog } from './audit-log';

const entry = (id: number, action = 'report.warn') => ({
  id: String(id),
  adminId: '00000000-0000-4000-8000-000000000001',
  adminUsername: 'chief',
  action,
  subjectType: 'post',
  subjectId: `p${id}`,
  note: `note ${id}`,
  data: {},
  createdAt: new Date().toISOString(),
});

describe('the Audit log', () => {
  it('lists entries newest first, loads more by cursor and filters by action', async () => {
    const fetchMock = mockFetch({
      ...signedIn(aUser({ role: 'admin' })),
      'GET /api/admin/users': () =>
        json([
          { id: '00000000-0000-4000-8000-000000000001', username: 'chief', avatar: null, role: 'admin' },
        ]),
      'GET /api/admin/audit-log': (init) => {
        const p = new URL(init.url, 'http://x').searchParams;
        if (p.get('action')) return json({ items: [entry(1, 'blocked-word.add')], nextCursor: null });
        return p.get('before') === '2'
          ? json({ items: [entry(1)], nextCursor: null })
          : json({ items: [entry(3), entry(2)], nextCursor: '2' });
      },
    });
    renderApp(<AuditLog pageSize={2} />);
    expect(await screen.findByText('note 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('note 1')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'blocked-word.add');
    const list = await screen.findByRole('list', { name: 'Audit log' });
    await waitFor(() => expect(list).toHaveTextContent('blocked-word.add'));
    expect(list).not.toHaveTextContent('note 3');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('action=blocked-word.add'))).toBe(true);
  });

  it('says when there is nothing, and when it cannot load', async () => {
    mockFetch({
      ...signedIn(aUser({ role: 'admin' })),
      'GET /api/admin/audit-log': () => json({ items: [], nextCursor: null }),
    });
    const { unmount } = renderApp(<AuditLog />);
    expect(await screen.findByText('No entries')).toBeInTheDocument();
    unmount();
    mockFetch({ ...signedIn(aUser({ role: 'admin' })), 'GET /api/admin/audit-log': () => json({}, 500) });
    renderApp(<AuditLog />);
    expect(await screen.findByText('Could not load the audit log')).toBeInTheDocument();
  });

  it('names an organiser who is not an admin as the actor, and calls no actor an admin', async () => {
    mockFetch({
      ...signedIn(aUser({ role: 'admin' })),
      'GET /api/admin/users': () => json([]),
      'GET /api/admin/audit-log': () =>
        json({
          items: [
            { ...entry(2, 'event.update'), adminUsername: 'team_leader', subjectType: 'event' },
            { ...entry(1, 'event.create'), adminId: null, adminUsername: null, subjectType: 'event' },
          ],
          nextCursor: null,
        }),
    });
    renderApp(<AuditLog />);
    const list = await screen.findByRole('list', { name: 'Audit log' });
    await waitFor(() => expect(list).toHaveTextContent('by team_leader'));
    expect(list).toHaveTextContent('by a deleted account');
    expect(list).not.toHaveTextContent(/admin/i);
    expect(screen.getByRole('combobox', { name: 'By' })).toHaveDisplayValue('Everyone');
  });
});
