import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderApp, signedOut } from '@web/test/utils';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { anArticleTutorial, aTutorial } from '../test-data';
import { channelInitials } from './channel-avatar';
import { TutorialsSection } from './tutorials-section';

// As the router has it: the list at /tutorials, a tutorial's dialog over it at /tutorials/{id}.
const Section = () => (
  <Routes>
    <Route path="/" element={<TutorialsSection />} />
    <Route path="/tutorials/:tutorialId?" element={<TutorialsSection />} />
  </Routes>
);

const categoryOf = (url: string) => new URL(url, 'http://localhost').searchParams.get('category');

describe('Tutorials section', () => {
  it('has the filter buttons of SPEC §2 and asks the server for the chosen category, spaces included', async () => {
    const fetchMock = mockFetch({
      ...signedOut(),
      'GET /api/tutorials': (init) =>
        categoryOf(init.url) === 'How to Play'
          ? json([aTutorial(1)])
          : json([aTutorial(1), anArticleTutorial(2)]),
    });
    renderApp(<Section />);
    const filters = screen.getByRole('group', { name: 'Tutorial categories' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'How to Play', 'Equipment', 'Tactics', 'Milsim', 'Maintenance']);
    expect(within(filters).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);

    await userEvent.click(within(filters).getByRole('button', { name: 'How to Play' }));
    expect(within(filters).getByRole('button', { name: 'How to Play' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    const urls = fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/tutorials'));
    expect(urls.map(categoryOf)).toEqual([null, 'How to Play']);
    expect(urls[1]).toContain('category=How+to+Play');
  });

  it('keeps the category in the address, and opens on it (issue 20)', async () => {
    const fetchMock = mockFetch({ ...signedOut(), 'GET /api/tutorials': () => json([aTutorial(1)]) });
    const { unmount } = renderApp(<Section />, { route: '/tutorials?category=Tactics' });
    expect(await screen.findByRole('button', { name: 'Tactics', pressed: true })).toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => categoryOf(String(u)) === 'Tactics')).toBe(true),
    );
    await userEvent.click(screen.getByRole('button', { name: 'How to Play' }));
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?category=How+to+Play');
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '');
    unmount();
    renderApp(<Section />, { route: '/tutorials?category=Nonsense' });
    expect(await screen.findByRole('button', { name: 'All', pressed: true })).toBeInTheDocument();
  });

  it('says No tutorials available in this category yet. for an empty category', async () => {
    mockFetch({
      ...signedOut(),
      'GET /api/tutorials': (init) => (categoryOf(init.url) === 'Milsim' ? json([]) : json([aTutorial(1)])),
    });
    renderApp(<Section />);
    expect(await screen.findByText('Tutorial 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Milsim' }));
    expect(await screen.findByText('No tutorials available in this category yet.')).toBeInTheDocument();
  });

  it('says Failed to fetch tutorials when the list cannot load', async () => {
    mockFetch({ ...signedOut(), 'GET /api/tutorials': () => json({ message: 'boom' }, 500) });
    renderApp(<Section />);
    expect(await screen.findByText('Failed to fetch tutorials')).toBeInTheDocument();
  });

  it('shows a video card: difficulty badge in its colour, title, description, duration, views and channel', async () => {
    mockFetch({
      ...signedOut(),
      'GET /api/tutorials': () =>
        json([
          aTutorial(1, { difficulty: 'Beginner' }),
          aTutorial(2, {
            difficulty: 'Intermediate',
            youtubeData: { viewCount: null, channelTitle: 'Field Notes', channelId: null },
          }),
          anArticleTutorial(3, { difficulty: 'Advanced' }),
        ]),
    });
    renderApp(<Section />);
    const [video, noKey, article] = await screen.findAllByRole('listitem');
    expect(within(video).getByText('Beginner').className).toMatch(/green/);
    expect(within(noKey).getByText('Intermediate').className).toMatch(/yellow/);
    expect(within(article).getByText('Advanced').className).toMatch(/red/);
    expect(video).toHaveTextContent('Tutorial 1');
    expect(video).toHaveTextContent('Description 1');
    expect(video).toHaveTextContent('10 min');
    expect(video).toHaveTextContent('12.3K views');
    expect(video).toHaveTextContent('Airsoft Academy');
    expect(within(video).getByTestId('channel-avatar')).toHaveTextContent('AA');
    expect(within(video).getByRole('button', { name: /Watch Now/ })).toBeInTheDocument();
    // Without a YouTube key there is no view count, and the typed channel name shows.
    expect(noKey).not.toHaveTextContent('views');
    expect(noKey).toHaveTextContent('Field Notes');
    expect(within(article).getByRole('button', { name: /Read Tutorial/ })).toBeInTheDocument();
    expect(article).not.toHaveTextContent('Airsoft Academy');
    // No outside avatar service: the avatar is drawn here, no image is loaded for it.
    expect(document.querySelector('img[src*="avatar"], img[src*="ui-avatars"]')).toBeNull();
  });

  it('Watch Now opens the privacy-enhanced player with a Subscribe link to the channel', async () => {
    mockFetch({ ...signedOut(), 'GET /api/tutorials': () => json([aTutorial(1)]) });
    renderApp(<Section />);
    await userEvent.click(await screen.findByRole('button', { name: /Watch Now/ }));
    const dialog = await screen.findByRole('dialog');
    const player = dialog.querySelector('iframe');
    expect(player?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0');
    expect(player?.getAttribute('title')).toMatch(/YouTube video player/);
    const subscribe = within(dialog).getByRole('link', { name: 'Subscribe' });
    expect(subscribe).toHaveAttribute('href', 'https://www.youtube.com/channel/UCacademy?sub_confirmation=1');
    expect(subscribe).toHaveAttribute('target', '_blank');
    // The dialog holds the focus, not the player's frame (a key pressed in a frame never reaches the page).
    await waitFor(() => expect(document.activeElement).toBe(dialog));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Read Tutorial opens the Markdown text, or the description without one, and no Subscribe without a video id', async () => {
    mockFetch({
      ...signedOut(),
      'GET /api/tutorials': () => json([anArticleTutorial(1), anArticleTutorial(2, { content: null })]),
    });
    renderApp(<Section />);
    const [first, second] = await screen.findAllByRole('button', { name: /Read Tutorial/ });
    await userEvent.click(first);
    let dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('heading', { name: 'Step 1' })).toBeInTheDocument();
    expect(dialog.querySelector('iframe')).toBeNull();
    expect(within(dialog).queryByRole('link', { name: 'Subscribe' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(second);
    dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Description 2', { selector: 'p' })).toBeInTheDocument();
  });

  it('a tutorial has its address: opened from the list, and opened directly (issue 20)', async () => {
    const fetchMock = mockFetch({
      ...signedOut(),
      'GET /api/tutorials': () => json([anArticleTutorial(1)]),
      [`GET /api/tutorials/${anArticleTutorial(2).id}`]: () => json(anArticleTutorial(2)),
    });
    const { unmount } = renderApp(<Section />, { route: '/tutorials?category=Tactics' });
    await userEvent.click(await screen.findByRole('button', { name: /Read Tutorial/ }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/tutorials/${anArticleTutorial(1).id}`);
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?category=Tactics');
    // Opened from the list: no second request for it.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes(anArticleTutorial(1).id))).toBe(false);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/tutorials$/);
    unmount();

    // A shared address of a tutorial not in the first page: asked for by id, shown over the list.
    renderApp(<Section />, { route: `/tutorials/${anArticleTutorial(2).id}` });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('heading', { name: 'Step 2' })).toBeInTheDocument();
  });

  it('says so for a tutorial that is gone', async () => {
    mockFetch({
      ...signedOut(),
      'GET /api/tutorials': () => json([]),
      'GET /api/tutorials/00000000-0000-4000-8000-000000000000': () => json({ message: 'Not found' }, 404),
    });
    renderApp(<Section />, { route: '/tutorials/00000000-0000-4000-8000-000000000000' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Tutorial not found');
  });

  it('draws channel initials from the name', () => {
    expect(channelInitials('Airsoft Academy')).toBe('AA');
    expect(channelInitials('  fieldnotes ')).toBe('FI');
    expect(channelInitials('Élan tactical gear')).toBe('ÉT');
    expect(channelInitials('')).toBe('?');
  });
});
