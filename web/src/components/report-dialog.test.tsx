import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn, signedOut } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { ReportButton } from './report-button';

const POST_ID = '00000000-0000-4000-8000-0000000000aa';
const me = aUser({ id: '00000000-0000-4000-8000-000000000001' });

describe('ReportButton and its dialog', () => {
  it('sends the reason and the trimmed note, then thanks the reporter', async () => {
    const fetchMock = mockFetch({
      ...signedIn(me),
      'POST /api/reports': () => json({ message: 'Thanks, an admin will look at it' }, 201),
    });
    renderApp(<ReportButton subjectType="post" subjectId={POST_ID} canReport />);
    await userEvent.click(await screen.findByRole('button', { name: 'Report this post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this post' });
    const send = within(dialog).getByRole('button', { name: 'Send' });
    // Send waits for a reason.
    expect(send).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Illegal sale' }));
    await userEvent.type(within(dialog).getByRole('textbox'), '  selling real steel  ');
    await userEvent.click(send);
    expect(await screen.findByText('Thanks, an admin will look at it')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/reports');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      subjectType: 'post',
      subjectId: POST_ID,
      reason: 'illegal-sale',
      note: 'selling real steel',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's message on 409 and keeps the dialog open", async () => {
    mockFetch({
      ...signedIn(me),
      'POST /api/reports': () =>
        json({ message: 'You have already reported this; an admin will look at it' }, 409),
    });
    renderApp(<ReportButton subjectType="comment" subjectId={POST_ID} canReport />);
    await userEvent.click(await screen.findByRole('button', { name: 'Report this comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this comment' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('You have already reported this; an admin will look at it'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Report this comment' })).toBeInTheDocument();
  });

  it('follows the answer’s canReport alone: hidden when false, whoever the viewer is', async () => {
    // The server says no (its author, a suspended player, a visitor): no button, even signed in.
    mockFetch(signedIn(me));
    const { unmount } = renderApp(<ReportButton subjectType="post" subjectId={POST_ID} canReport={false} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: /Report/ })).not.toBeInTheDocument();
    unmount();
    // The server says yes: the button shows without asking who the viewer is (no rule re-derived).
    mockFetch(signedOut());
    renderApp(<ReportButton subjectType="gear" subjectId={POST_ID} canReport variant="text" />);
    expect(await screen.findByRole('button', { name: 'Report this gear item' })).toHaveTextContent('Report');
  });
});
