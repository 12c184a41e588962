import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn, signedOut } from '@web/test/utils';
import { describe, expect, it, vi } from 'vitest';
import { aPost, deferred, ME_ID, OTHER_ID, postId } from '../test-data';
import { FeedSection } from './feed-section';
import { PostCard } from './post-card';
import { UserPosts } from './user-posts';

const LIKE_PATH = `/api/posts/${postId(1)}/like`;

const card = () => screen.findByRole('article', { name: 'Post by recon_rita' });
const likeButton = (scope: HTMLElement) => within(scope).getByRole('button', { name: /^(Like|Unlike)$/ });
const likes = (scope: HTMLElement) => within(scope).getByTestId('likes-count');

const images = (n: number) => Array.from({ length: n }, (_, i) => `/objects/images/photo-${i + 1}.webp`);

function renderCard(post = aPost(), user = signedOut()) {
  mockFetch(user);
  return renderApp(<PostCard post={post} />);
}

describe('post card layout', () => {
  it('shows initials, the caption and the relative time', async () => {
    renderCard(aPost({ caption: 'Loadout check' }));
    const article = await card();
    expect(within(article).getByText('RE')).toBeInTheDocument();
    expect(within(article).getByText('Loadout check')).toBeInTheDocument();
    expect(within(article).getByText('about 2 hours ago')).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'recon_rita' })).toHaveAttribute(
      'href',
      '/profile/recon_rita',
    );
  });

  it("says 'just now' when the post has no time", async () => {
    renderCard(aPost({ createdAt: '' }));
    expect(within(await card()).getByText('just now')).toBeInTheDocument();
  });

  it('shows one image full width', async () => {
    renderCard(aPost({ images: images(1) }));
    const grid = within(await card()).getByTestId('post-images');
    expect(grid.querySelectorAll('img')).toHaveLength(1);
    expect(grid).not.toHaveClass('grid-cols-2');
  });

  it('shows two images in two columns', async () => {
    renderCard(aPost({ images: images(2) }));
    const grid = within(await card()).getByTestId('post-images');
    expect(grid.querySelectorAll('img')).toHaveLength(2);
    expect(grid).toHaveClass('grid-cols-2');
    for (const tile of grid.children) expect(tile).not.toHaveClass('col-span-2');
  });

  it('lets the first of three images span both columns', async () => {
    renderCard(aPost({ images: images(3) }));
    const grid = within(await card()).getByTestId('post-images');
    expect(grid).toHaveClass('grid-cols-2');
    const tiles = [...grid.children];
    expect(tiles).toHaveLength(3);
    expect(tiles[0]).toHaveClass('col-span-2');
    expect(tiles[1]).not.toHaveClass('col-span-2');
    expect(tiles[2]).not.toHaveClass('col-span-2');
  });

  it('shows at most four of five images, saying how many more there are', async () => {
    renderCard(aPost({ images: images(5) }));
    const grid = within(await card()).getByTestId('post-images');
    const shown = [...grid.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(shown).toEqual(images(4));
    expect(grid).toHaveClass('grid-cols-2');
    for (const tile of grid.children) expect(tile).not.toHaveClass('col-span-2');
    expect(grid).toHaveTextContent('+1 more images');
  });
});

describe('like', () => {
  it('flips at once, then takes the refreshed feed', async () => {
    const answer = deferred<Response>();
    let liked = false;
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      'GET /api/posts/feed': () => json([aPost({ likesCount: liked ? 5 : 0, isLiked: liked })]),
      [`POST ${LIKE_PATH}`]: () => answer.promise,
    });
    renderApp(<FeedSection />);
    const article = await card();
    expect(likeButton(article)).toHaveAttribute('aria-pressed', 'false');
    expect(likeButton(article)).toHaveAccessibleName('Like');
    expect(likeButton(article)).toHaveAccessibleDescription('0 likes');

    await userEvent.click(likeButton(article));
    expect(likeButton(article)).toHaveAttribute('aria-pressed', 'true');
    expect(likeButton(article)).toHaveAccessibleName('Unlike');
    expect(likes(article)).toHaveTextContent('1');

    liked = true;
    answer.resolve(json({ isLiked: true, likesCount: 5 }));
    // The feed is loaded again after the like is stored.
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/posts/feed'))).toHaveLength(
        2,
      ),
    );
    await waitFor(() => expect(likes(article)).toHaveTextContent('5'));
    expect(likeButton(article)).toHaveAttribute('aria-pressed', 'true');
  });

  it('rolls back silently when the like fails', async () => {
    const answer = deferred<Response>();
    mockFetch({
      ...signedIn(aUser()),
      'GET /api/posts/feed': () => json([aPost({ likesCount: 3 })]),
      [`POST ${LIKE_PATH}`]: () => answer.promise,
    });
    renderApp(<FeedSection />);
    const article = await card();
    await userEvent.click(likeButton(article));
    expect(likeButton(article)).toHaveAttribute('aria-pressed', 'true');
    expect(likes(article)).toHaveTextContent('4');

    answer.resolve(json({ message: 'Internal error' }, 500));
    await waitFor(() => expect(likeButton(article)).toHaveAttribute('aria-pressed', 'false'));
    expect(likes(article)).toHaveTextContent('3');
    expect(screen.queryByText('Internal error')).not.toBeInTheDocument();
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
  });

  it('unlikes with DELETE, in the feed and the profile list at once', async () => {
    const answer = deferred<Response>();
    const liked = aPost({ likesCount: 2, isLiked: true });
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      'GET /api/posts/feed': () => json([liked]),
      [`GET /api/posts/user/${OTHER_ID}`]: () => json([liked]),
      [`DELETE ${LIKE_PATH}`]: () => answer.promise,
    });
    renderApp(
      <>
        <FeedSection />
        <UserPosts userId={OTHER_ID} />
      </>,
    );
    await waitFor(() =>
      expect(screen.getAllByRole('article', { name: 'Post by recon_rita' })).toHaveLength(2),
    );
    const [inFeed, inProfile] = screen.getAllByRole('article', { name: 'Post by recon_rita' });
    await userEvent.click(likeButton(inFeed));
    for (const article of [inFeed, inProfile]) {
      expect(likeButton(article)).toHaveAttribute('aria-pressed', 'false');
      expect(likes(article)).toHaveTextContent('1');
    }
    expect(fetchMock).toHaveBeenCalledWith(LIKE_PATH, expect.objectContaining({ method: 'DELETE' }));
    answer.resolve(json({ isLiked: false, likesCount: 1 }));
  });

  it('sends a signed-out visitor to /auth', async () => {
    const fetchMock = mockFetch({ ...signedOut(), 'GET /api/posts/feed': () => json([aPost()]) });
    renderApp(<FeedSection />);
    const article = await card();
    // The user is known to be signed out once the post-creation control offers a sign-in.
    await screen.findByRole('link', { name: 'Sign in to post' });
    await userEvent.click(likeButton(article));
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/like'))).toBe(false);
  });
});

describe('bookmark (stored on the server)', () => {
  const BOOKMARK_PATH = `/api/posts/${postId(1)}/bookmark`;

  it('flips at once, sends PUT then DELETE, and keeps the state the server answered', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockFetch({
      ...signedIn(aUser({ id: ME_ID })),
      'GET /api/posts/feed': () => json([aPost()]),
      [`PUT ${BOOKMARK_PATH}`]: () => answer.promise,
      [`DELETE ${BOOKMARK_PATH}`]: () => json({ isBookmarked: false }),
    });
    renderApp(<FeedSection />);
    const bookmark = within(await card()).getByRole('button', { name: 'Bookmark' });
    expect(bookmark).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(bookmark);
    expect(bookmark).toHaveAttribute('aria-pressed', 'true');
    answer.resolve(json({ isBookmarked: true }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(BOOKMARK_PATH, expect.objectContaining({ method: 'PUT' })),
    );
    await userEvent.click(bookmark);
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(BOOKMARK_PATH, expect.objectContaining({ method: 'DELETE' })),
    );
    expect(bookmark).toHaveAttribute('aria-pressed', 'false');
    // Nothing is kept in the browser any more.
    expect(Object.keys(localStorage).some((key) => key.startsWith('bookmarks:'))).toBe(false);
  });

  it('shows the state the server sends, and rolls back with a toast when it refuses', async () => {
    const answer = deferred<Response>();
    mockFetch({
      ...signedIn(aUser({ id: ME_ID })),
      'GET /api/posts/feed': () => json([aPost({ isBookmarked: true })]),
      [`DELETE ${BOOKMARK_PATH}`]: () => answer.promise,
    });
    renderApp(<FeedSection />);
    const bookmark = within(await card()).getByRole('button', { name: 'Bookmark' });
    await waitFor(() => expect(bookmark).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(bookmark);
    expect(bookmark).toHaveAttribute('aria-pressed', 'false');
    answer.resolve(json({ message: 'Internal error' }, 500));
    expect(await screen.findByText('Failed to update bookmark')).toBeInTheDocument();
    await waitFor(() => expect(bookmark).toHaveAttribute('aria-pressed', 'true'));
  });

  it('sends a signed-out visitor to sign in, with no call', async () => {
    const fetchMock = mockFetch({ ...signedOut(), 'GET /api/posts/feed': () => json([aPost()]) });
    renderApp(<FeedSection />);
    const article = await card();
    await screen.findByRole('link', { name: 'Sign in to post' });
    await userEvent.click(within(article).getByRole('button', { name: 'Bookmark' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/bookmark'))).toBe(false);
  });
});

describe('share', () => {
  it("copies the post's link and says 'Link copied'", async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(within(await card()).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/posts/${postId(1)}`);
  });

  it('uses the system share sheet when there is one', async () => {
    const share = vi.fn(async () => {});
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { share }));
    renderCard();
    await userEvent.click(within(await card()).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({ url: `${window.location.origin}/posts/${postId(1)}` }),
    );
    expect(screen.queryByText('Link copied')).not.toBeInTheDocument();
  });
});

describe('delete post (offered as the server says: canDelete)', () => {
  it('is offered to the author, confirmed, and removes the card', async () => {
    let deleted = false;
    const fetchMock = mockFetch({
      ...signedIn(aUser({ id: OTHER_ID, username: 'recon_rita' })),
      'GET /api/posts/feed': () => json(deleted ? [] : [aPost({ canDelete: true })]),
      [`DELETE /api/posts/${postId(1)}`]: () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    renderApp(<FeedSection />);
    const article = await card();
    await userEvent.click(await within(article).findByRole('button', { name: 'Delete post' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this post?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Post deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article')).not.toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/posts/${postId(1)}`,
      expect.objectContaining({ method: 'DELETE' }),
    );
  });

  it('is offered to an admin, and reports a failure', async () => {
    mockFetch({
      ...signedIn(aUser({ role: 'admin' })),
      'GET /api/posts/feed': () => json([aPost({ canDelete: true })]),
      [`DELETE /api/posts/${postId(1)}`]: () => json({ message: 'Post not found' }, 404),
    });
    renderApp(<FeedSection />);
    const article = await card();
    await userEvent.click(await within(article).findByRole('button', { name: 'Delete post' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Failed to delete post')).toBeInTheDocument();
    expect(screen.getByText('Post not found')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Post by recon_rita' })).toBeInTheDocument();
  });

  it('is not offered to other players', async () => {
    const fetchMock = mockFetch(signedIn(aUser({ id: ME_ID })));
    renderApp(<PostCard post={aPost()} />);
    await card();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('button', { name: 'Delete post' })).not.toBeInTheDocument();
  });
});
