import { POST_EVENT_TEXTS, type PostEventChoice } from '@contract/event-photos';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn, signedOut } from '@web/test/utils';
import { describe, expect, it, vi } from 'vitest';
import { aPost } from '../test-data';
import { CreatePostControl } from './create-post-dialog';
import { PostCard } from './post-card';

vi.mock('@web/components/image-uploader', () => ({
  useCoarsePointer: () => false,
  ImageUploader: () => null,
}));

const EVENT_ID = '30000000-0000-4000-8000-000000000001';
const choices: PostEventChoice[] = [
  { id: EVENT_ID, title: 'Operation Northwind', date: '2031-01-10T09:00:00.000Z', registered: true },
  {
    id: '30000000-0000-4000-8000-000000000002',
    title: 'Sunday skirmish',
    date: '2031-01-08T09:00:00.000Z',
    registered: false,
  },
];

describe('posts tagged with an event (issue 26)', () => {
  it('shows "at <event>" linking to the event on the card, and nothing when untagged', async () => {
    mockFetch(signedOut());
    const { unmount } = renderApp(
      <PostCard post={aPost({ event: { id: EVENT_ID, title: 'Operation Northwind' } })} />,
    );
    const article = await screen.findByRole('article');
    expect(within(article).getByText(/^at/)).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'Operation Northwind' })).toHaveAttribute(
      'href',
      `/events/${EVENT_ID}`,
    );
    unmount();
    renderApp(<PostCard post={aPost()} />);
    expect(within(await screen.findByRole('article')).queryByText(/^at /)).not.toBeInTheDocument();
  });

  it('the composer offers "At an event" and sends the chosen eventId', async () => {
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      'GET /api/user/post-events': () => json(choices),
      'POST /api/posts': () => json({ id: 'p1' }, 201),
    });
    renderApp(<CreatePostControl />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create Post' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Caption' }), 'Great game');
    const picker = await screen.findByRole('combobox', { name: POST_EVENT_TEXTS.label });
    expect(within(picker).getByRole('option', { name: POST_EVENT_TEXTS.none })).toBeInTheDocument();
    expect(within(picker).getByRole('group', { name: POST_EVENT_TEXTS.registered })).toBeInTheDocument();
    await userEvent.selectOptions(picker, EVENT_ID);
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Post created')).toBeInTheDocument();
    const sent = fetchMock.mock.calls.find(([u, init]) => u === '/api/posts' && init?.method === 'POST');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      caption: 'Great game',
      images: [],
      eventId: EVENT_ID,
    });
  });
});
