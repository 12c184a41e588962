import type { FeedPost } from '@contract/posts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { ModeratePosts } from './moderate-posts';

const aPost = (n: number, overrides: Partial<FeedPost> = {}): FeedPost => ({
  id: `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`,
  userId: '00000000-0000-4000-8000-000000000009',
  user: { username: `player_${n}`, avatar: null },
  caption: `Caption number ${n}`,
  images: [],
  createdAt: new Date(Date.now() - n * 60_000).toISOString(),
  likesCount: 0,
  commentsCount: 0,
  event: null,
  isLiked: false,
  isBookmarked: false,
  canDelete: true,
  canReport: false,
  ...overrides,
});

const admin = () => signedIn(aUser({ role: 'admin' }));

const deletes = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => url);

describe('moderate posts', () => {
  it('lists author, caption, thumbnails and time', async () => {
    mockFetch({
      ...admin(),
      'GET /api/posts/feed': () =>
        json([
          aPost(1, {
            images: ['/objects/images/a.webp', 'https://example.test/b.jpg', 'https://example.test/c.jpg'],
            // The server signs outside addresses for its image proxy; c.jpg has no entry.
            media: { 'https://example.test/b.jpg': { src: '/api/image-proxy?url=b&sig=s' } },
          }),
        ]),
    });
    renderApp(<ModeratePosts />);
    const row = await screen.findByRole('article', { name: 'Post by player_1' });
    expect(within(row).getByRole('link', { name: 'player_1' })).toHaveAttribute('href', '/profile/player_1');
    expect(within(row).getByText('Caption number 1')).toBeInTheDocument();
    expect(within(row).getByText('1 minute ago')).toBeInTheDocument();
    expect(
      within(row)
        .getAllByRole('img', { name: /^Attachment \d of the post/ })
        .map((img) => img.getAttribute('src')),
    ).toEqual(['/objects/images/a.webp', '/api/image-proxy?url=b&sig=s', null]);
  });

  it('pages with Load more, using the last post as the cursor', async () => {
    const fetchMock = mockFetch({
      ...admin(),
      'GET /api/posts/feed': ({ url }) =>
        json(new URL(url, 'http://x').searchParams.get('before') ? [aPost(3)] : [aPost(1), aPost(2)]),
    });
    renderApp(<ModeratePosts pageSize={2} />);
    await screen.findByText('Caption number 2');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Caption number 3')).toBeInTheDocument();
    const urls = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((u) => u.startsWith('/api/posts/feed'));
    expect(urls).toEqual(['/api/posts/feed?limit=2', `/api/posts/feed?limit=2&before=${aPost(2).id}`]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('deletes a post only after confirmation', async () => {
    const fetchMock = mockFetch({
      ...admin(),
      'GET /api/posts/feed': () => json([aPost(1), aPost(2)]),
      [`DELETE /api/posts/${aPost(1).id}`]: () => new Response(null, { status: 204 }),
    });
    const { client } = renderApp(<ModeratePosts />);
    client.setQueryData(['/api/posts/feed'], []);
    const quiet = await screen.findByRole('button', { name: 'Delete post by player_1' });
    // Quiet in the list; the confirmation's Delete is the red one.
    expect(quiet.className).not.toMatch(/destructive/);
    await userEvent.click(quiet);
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Delete this post?');
    expect(within(confirm).getByRole('button', { name: 'Delete' }).className).toMatch(/bg-destructive/);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deletes(fetchMock)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete post by player_1' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Post deleted successfully')).toBeInTheDocument();
    expect(deletes(fetchMock)).toEqual([`/api/posts/${aPost(1).id}`]);
    await waitFor(() => expect(screen.queryByText('Caption number 1')).not.toBeInTheDocument());
    expect(screen.getByText('Caption number 2')).toBeInTheDocument();
    expect(client.getQueryState(['/api/posts/feed'])?.isInvalidated).toBe(true);
  });

  it('keeps the post and says Failed to delete post when deletion fails', async () => {
    mockFetch({
      ...admin(),
      'GET /api/posts/feed': () => json([aPost(1)]),
      [`DELETE /api/posts/${aPost(1).id}`]: () => json({ message: 'Not allowed' }, 403),
    });
    renderApp(<ModeratePosts />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete post by player_1' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Failed to delete post')).toBeInTheDocument();
    expect(screen.getByText('Caption number 1')).toBeInTheDocument();
  });

  it('lists comments in their tab, searches by text and author, and deletes one after a confirmation', async () => {
    const comment = {
      id: '00000000-0000-4000-8000-000000000301',
      postId: '00000000-0000-4000-8000-000000000201',
      content: 'You all play like bots',
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      user: { id: '00000000-0000-4000-8000-000000000009', username: 'troll_king', avatar: null },
      canEdit: false,
      canDelete: true,
      postExcerpt: 'Sunday game at the quarry',
    };
    let gone = false;
    const fetchMock = mockFetch({
      ...admin(),
      'GET /api/posts/feed': () => json([aPost(1)]),
      'GET /api/admin/posts': () => json([aPost(2, { caption: 'Selling springs' })]),
      'GET /api/admin/comments': () => json(gone ? [] : [comment]),
      [`DELETE /api/comments/${comment.id}`]: () => {
        gone = true;
        return new Response(null, { status: 204 });
      },
    });
    renderApp(<ModeratePosts />);
    expect(await screen.findByText('Caption number 1')).toBeInTheDocument();
    // A search of posts goes to the admin's route with q and author.
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search text' }), 'springs');
    expect(await screen.findByText('Selling springs')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([url]) => String(url).startsWith('/api/admin/posts?') && String(url).includes('q=springs'),
      ),
    ).toBe(true);

    await userEvent.click(screen.getByRole('tab', { name: 'Comments' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Author' }), 'troll');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url]) =>
            String(url).includes('/api/admin/comments?') &&
            String(url).includes('author=troll') &&
            String(url).includes('q=springs'),
        ),
      ).toBe(true),
    );
    const row = await screen.findByRole('article', { name: 'Comment by troll_king' });
    expect(within(row).getByText('Sunday game at the quarry')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Delete comment by troll_king' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this comment?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No comments found')).toBeInTheDocument();
    expect(deletes(fetchMock)).toEqual([`/api/comments/${comment.id}`]);
  });
});
