import type { ReportQueueItem } from '@contract/reports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { ReportsQueue } from './reports-queue';

const admin = aUser({ role: 'admin', canAccessAdmin: true });
const REPORT_ID = '00000000-0000-4000-8000-000000000001';

const item = (over: Partial<ReportQueueItem> = {}): ReportQueueItem => ({
  id: REPORT_ID,
  subjectType: 'post',
  subjectId: '00000000-0000-4000-8000-0000000000aa',
  status: 'open',
  reportCount: 3,
  firstReportedAt: new Date(Date.now() - 3_600_000).toISOString(),
  lastReportedAt: new Date().toISOString(),
  snapshot: {
    text: 'Selling live ammo, DM me',
    images: [],
    authorId: '00000000-0000-4000-8000-0000000000bb',
    authorUsername: 'shady_sam',
    url: '/posts/00000000-0000-4000-8000-0000000000aa',
  },
  subjectExists: true,
  reports: [
    {
      id: 'a',
      reporterId: null,
      reporterUsername: 'alice',
      reason: 'illegal-sale',
      note: 'not legal here',
      createdAt: new Date().toISOString(),
    },
  ],
  author: {
    id: '00000000-0000-4000-8000-0000000000bb',
    username: 'shady_sam',
    suspendedUntil: null,
    earlierReports: 2,
    actions: [
      {
        id: '7',
        adminId: null,
        adminUsername: 'chief',
        action: 'report.warn',
        subjectType: 'post',
        subjectId: 'x',
        note: 'first warning',
        data: {},
        createdAt: new Date().toISOString(),
      },
    ],
  },
  ...over,
});

describe('the Reports queue', () => {
  it('shows the subject as reported, the reasons and the author history; warn needs its text', async () => {
    let open = [item()];
    const fetchMock = mockFetch({
      ...signedIn(admin),
      'GET /api/admin/reports': (init) =>
        json(new URL(init.url, 'http://x').searchParams.get('status') === 'open' ? open : []),
      [`POST /api/admin/reports/${REPORT_ID}/actions`]: () => {
        const closed = { ...item(), status: 'closed' as const };
        open = [];
        return json({ item: closed });
      },
    });
    renderApp(<ReportsQueue />);
    const card = await screen.findByRole('article', { name: 'Post reported 3 times' });
    expect(within(card).getByText('Selling live ammo, DM me')).toBeInTheDocument();
    expect(within(card).getByText('Illegal sale')).toBeInTheDocument();
    expect(within(card).getByText('“not legal here”')).toBeInTheDocument();
    expect(within(card).getByText(/2 other reports/)).toBeInTheDocument();
    expect(within(card).getByText(/report.warn by chief/)).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Warn the author' }));
    const dialog = await screen.findByRole('dialog', { name: 'Warn the author?' });
    const confirm = within(dialog).getByRole('button', { name: 'Warn the author' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Warning text' }), 'No ammo sales.');
    await userEvent.click(confirm);
    expect(await screen.findByText('Warning sent')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/actions'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ action: 'warn', note: 'No ammo sales.' });
    expect(await screen.findByText('No open reports')).toBeInTheDocument();
  });

  it('suspends for 7 days with the days sent, and offers Lift for a suspended author', async () => {
    const fetchMock = mockFetch({
      ...signedIn(admin),
      'GET /api/admin/reports': () => json([item()]),
      [`POST /api/admin/reports/${REPORT_ID}/actions`]: () => json({ item: item() }),
    });
    renderApp(<ReportsQueue />);
    const card = await screen.findByRole('article', { name: 'Post reported 3 times' });
    await userEvent.click(within(card).getByRole('button', { name: 'Suspend for 7 days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend for 7 days?' });
    await userEvent.type(within(dialog).getByRole('textbox'), 'Repeated sales');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend for 7 days' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/actions'))).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/actions'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      action: 'suspend',
      days: 7,
      note: 'Repeated sales',
    });
  });

  it('shows Lift for a suspended author, the empty text, and the error text', async () => {
    mockFetch({
      ...signedIn(admin),
      'GET /api/admin/reports': () =>
        json([item({ author: { ...item().author!, suspendedUntil: 'indefinite', actions: [] } })]),
    });
    const { unmount } = renderApp(<ReportsQueue />);
    const card = await screen.findByRole('article', { name: 'Post reported 3 times' });
    expect(within(card).getByRole('button', { name: 'Lift the suspension' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Suspend for 1 day' })).not.toBeInTheDocument();
    expect(within(card).getByText(/Suspended until lifted/)).toBeInTheDocument();
    unmount();
    mockFetch({ ...signedIn(admin), 'GET /api/admin/reports': () => json({ message: 'boom' }, 500) });
    renderApp(<ReportsQueue />);
    expect(await screen.findByText('Could not load the reports')).toBeInTheDocument();
  });
});
