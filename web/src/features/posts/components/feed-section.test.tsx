import { FEED_FIRST_PAGE_ID } from '@contract/posts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderApp, signedOut } from '@web/test/utils';
import { describe, expect, it, vi } from 'vitest';
import { aPost, postId, postsPage } from '../test-data';
import { FeedSection, preloadFeedCards } from './feed-section';

const feedCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/posts/feed');

/** 20 posts, then 5 older ones after the 20th. */
const twoPages = ({ url }: { url: string }) => {
  const before = new URL(url, 'http://localhost').searchParams.get('before');
  if (!before) return json(postsPage(1, 20));
  if (before === postId(20)) return json(postsPage(21, 5));
  return json([]);
};

describe('community feed', () => {
  it('keeps its heading and shows the empty text when there are no posts', async () => {
    mockFetch({ ...signedOut(), 'GET /api/posts/feed': () => json([]) });
    renderApp(<FeedSection id="community-feed" />);
    expect(screen.getByRole('heading', { name: 'Latest from Community' })).toBeInTheDocument();
    expect(await screen.findByText('No posts yet. Be the first to share!')).toBeInTheDocument();
    expect(document.getElementById('community-feed')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    // The post-creation control sits beside the heading.
    expect(await screen.findByRole('link', { name: 'Sign in to post' })).toBeInTheDocument();
  });

  it('lists the posts, asking for pages of 20', async () => {
    const fetchMock = mockFetch({
      ...signedOut(),
      'GET /api/posts/feed': () => json([aPost({ caption: 'Loadout check' })]),
    });
    renderApp(<FeedSection />);
    const card = await screen.findByRole('article', { name: 'Post by recon_rita' });
    expect(within(card).getByText('Loadout check')).toBeInTheDocument();
    expect(card).toHaveAttribute('data-post-id', postId(1));
    expect(feedCalls(fetchMock)[0].searchParams.get('limit')).toBe('20');
    // The foot of the list comes with the second commit, after the first paint.
    expect(await screen.findByText("You're all caught up")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads the next page with Load more, after the last post seen, until the end', async () => {
    const fetchMock = mockFetch({ ...signedOut(), 'GET /api/posts/feed': twoPages });
    renderApp(<FeedSection />);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(20));
    expect(screen.queryByText("You're all caught up")).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(25));
    expect(screen.getByText('Post number 25')).toBeInTheDocument();
    const calls = feedCalls(fetchMock);
    expect(calls).toHaveLength(2);
    expect(calls[1].searchParams.get('before')).toBe(postId(20));
    expect(screen.getByText("You're all caught up")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads the next page by itself when the end of the list comes into view', async () => {
    const observers: Array<{ callback: IntersectionObserverCallback; targets: Element[] }> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        targets: Element[] = [];
        constructor(public callback: IntersectionObserverCallback) {
          observers.push(this);
        }
        observe(el: Element) {
          this.targets.push(el);
        }
        unobserve() {}
        disconnect() {
          this.targets = [];
        }
      },
    );
    const fetchMock = mockFetch({ ...signedOut(), 'GET /api/posts/feed': twoPages });
    renderApp(<FeedSection />);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(20));
    // The foot of the list mounts with the rest of the page, after the first paint; its observer
    // starts in an effect after that commit.
    await waitFor(() => expect(observers.filter((o) => o.targets.length > 0)).toHaveLength(1));
    const watching = observers.filter((o) => o.targets.length > 0);
    const [observer] = watching;
    observer.callback(
      [{ isIntersecting: true, target: observer.targets[0] } as unknown as IntersectionObserverEntry],
      observer as unknown as IntersectionObserver,
    );
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(25));
    expect(feedCalls(fetchMock)[1].searchParams.get('before')).toBe(postId(20));
    expect(await screen.findByText("You're all caught up")).toBeInTheDocument();
  });

  it("shows 'Failed to fetch posts' with Try again when the feed cannot load", async () => {
    let fail = true;
    mockFetch({
      ...signedOut(),
      'GET /api/posts/feed': () => (fail ? json({ message: 'Internal error' }, 500) : json([aPost()])),
    });
    renderApp(<FeedSection />);
    expect(await screen.findByText('Failed to fetch posts')).toBeInTheDocument();
    expect(screen.queryByText('No posts yet. Be the first to share!')).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Post by recon_rita' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch posts')).not.toBeInTheDocument();
  });

  it('keeps the posts shown when a later page fails, and retries it', async () => {
    let failNext = true;
    mockFetch({
      ...signedOut(),
      'GET /api/posts/feed': (init) => {
        const before = new URL(init.url, 'http://localhost').searchParams.get('before');
        if (before && failNext) return json({ message: 'Internal error' }, 500);
        return twoPages(init);
      },
    });
    renderApp(<FeedSection />);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(20));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Failed to fetch posts')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(20);
    failNext = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(25));
    expect(screen.queryByText('Failed to fetch posts')).not.toBeInTheDocument();
  });
});

describe('the first page carried by the HTML of / (decision 018)', () => {
  it('renders in the first commit without asking for it, and later pages come from the API', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = FEED_FIRST_PAGE_ID;
    const page = postsPage(1, 20);
    page[0].caption = '</script> first';
    // As the server writes it: `<` escaped, the caption as the author wrote it.
    block.textContent = JSON.stringify(page).replace(/</g, '\\u003c');
    document.body.append(block);
    const fetchMock = mockFetch({ ...signedOut(), 'GET /api/posts/feed': twoPages });
    await preloadFeedCards();
    renderApp(<FeedSection />);
    // No waiting: the first cards are there in the first commit, no skeleton, no Load more yet.
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByText('</script> first')).toBeInTheDocument();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(document.getElementById(FEED_FIRST_PAGE_ID)).toBeNull();
    // The rest of the page after the first paint.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(20));
    expect(feedCalls(fetchMock)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(25));
    const calls = feedCalls(fetchMock);
    expect(calls).toHaveLength(1);
    expect(calls[0].searchParams.get('before')).toBe(postId(20));
  });

  it('asks the API as before when the block is not there', async () => {
    const fetchMock = mockFetch({ ...signedOut(), 'GET /api/posts/feed': twoPages });
    renderApp(<FeedSection />);
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(20));
    expect(feedCalls(fetchMock)).toHaveLength(1);
  });
});
