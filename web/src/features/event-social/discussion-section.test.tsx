import { EVENT_SOCIAL_TEXTS, type EventComment, type EventCommentsAnswer } from '@contract/event-social';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn, signedOut } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { DiscussionSection } from './discussion-section';

const T = EVENT_SOCIAL_TEXTS;
const EVENT = '30000000-0000-4000-8000-000000000001';
const PATH = `/api/events/${EVENT}/comments`;
const C1 = '80000000-0000-4000-8000-000000000001';

const aComment = (over: Partial<EventComment> = {}): EventComment => ({
  id: C1,
  eventId: EVENT,
  content: 'Yes, rentals are available.',
  createdAt: '2031-01-01T10:00:00.000Z',
  updatedAt: '2031-01-01T10:00:00.000Z',
  user: { id: '90000000-0000-4000-8000-000000000001', username: 'host', avatar: null },
  byOrganiser: true,
  pinned: true,
  canEdit: false,
  canDelete: true,
  canPin: true,
  canReport: false,
  ...over,
});

describe('Discussion section', () => {
  it('empty: the invitation to ask, and a signed-in player posts a question', async () => {
    let list: EventCommentsAnswer = { comments: [], canComment: true };
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      [`GET ${PATH}`]: () => json(list),
      [`POST ${PATH}`]: (init) => {
        const body = JSON.parse(String(init.body));
        list = {
          comments: [aComment({ content: body.content, byOrganiser: false, pinned: false, canPin: false })],
          canComment: true,
        };
        return json(list.comments[0], 201);
      },
    });
    renderApp(<DiscussionSection eventId={EVENT} />);
    expect(await screen.findByText(T.noComments)).toBeInTheDocument();
    const send = screen.getByRole('button', { name: T.send });
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: T.placeholder }), '  Rentals?  ');
    await userEvent.click(send);
    expect(await screen.findByText('Rentals?')).toBeInTheDocument();
    const posted = fetchMock.mock.calls.find(([, init]) => (init as RequestInit)?.method === 'POST');
    expect(JSON.parse(String((posted?.[1] as RequestInit | undefined)?.body))).toEqual({
      content: 'Rentals?',
    });
  });

  it("an organiser's answer: the badge, pinned, and Unpin for an organiser", async () => {
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      [`GET ${PATH}`]: () => json({ comments: [aComment()], canComment: true }),
      [`PATCH ${PATH}/${C1}`]: () => json(aComment({ pinned: false })),
    });
    renderApp(<DiscussionSection eventId={EVENT} />);
    const item = (await screen.findByText('Yes, rentals are available.')).closest('li') as HTMLElement;
    expect(within(item).getByText(T.organiser)).toBeInTheDocument();
    expect(within(item).getByText(T.pinned)).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: T.edit })).toBeNull();
    await userEvent.click(within(item).getByRole('button', { name: T.unpin }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) =>
            String(url).endsWith(`${PATH}/${C1}`) &&
            (init as RequestInit)?.method === 'PATCH' &&
            String((init as RequestInit).body) === JSON.stringify({ pinned: false }),
        ),
      ).toBe(true),
    );
  });

  it('signed out: the comments and a sign-in link, no compose box', async () => {
    mockFetch({
      ...signedOut(),
      [`GET ${PATH}`]: () =>
        json({ comments: [aComment({ canDelete: false, canPin: false })], canComment: false }),
    });
    renderApp(<DiscussionSection eventId={EVENT} />);
    expect(await screen.findByText('Yes, rentals are available.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: T.signInToAsk })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
