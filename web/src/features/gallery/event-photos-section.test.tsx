import { EVENT_PHOTOS_TEXTS, type EventPhoto, type EventPhotosAnswer } from '@contract/event-photos';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderApp, signedOut } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { PHOTOS_PAGE } from './api';
import { EventPhotosSection } from './event-photos-section';

const EVENT = { id: '30000000-0000-4000-8000-000000000001' };
const PHOTOS = `GET /api/events/${EVENT.id}/photos`;
const postId = (n: number) => `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const aPhoto = (n: number, over: Partial<EventPhoto> = {}): EventPhoto => ({
  id: `${postId(n)}:1`,
  postId: postId(n),
  image: `/objects/images/p${n}.webp`,
  user: { id: '00000000-0000-4000-8000-000000000009', username: `player_${n}`, avatar: null },
  createdAt: '2031-01-10T12:00:00.000Z',
  ...over,
});
const answer = (photos: EventPhoto[], open = true): EventPhotosAnswer => ({
  open,
  opensAt: '2031-01-10T09:00:00.000Z',
  photos,
});

describe('Event photos section', () => {
  it('says photos come once the game has started, before the start', async () => {
    mockFetch({ ...signedOut(), [PHOTOS]: () => json(answer([], false)) });
    renderApp(<EventPhotosSection event={EVENT} />);
    expect(await screen.findByText(EVENT_PHOTOS_TEXTS.notYet)).toBeInTheDocument();
    expect(screen.queryByText(EVENT_PHOTOS_TEXTS.empty)).not.toBeInTheDocument();
  });

  it('shows the empty text once started with no photos, and the error text on failure', async () => {
    mockFetch({ ...signedOut(), [PHOTOS]: () => json(answer([])) });
    const { unmount } = renderApp(<EventPhotosSection event={EVENT} />);
    expect(await screen.findByText(EVENT_PHOTOS_TEXTS.empty)).toBeInTheDocument();
    unmount();
    mockFetch({ ...signedOut(), [PHOTOS]: () => json({ message: 'boom' }, 500) });
    renderApp(<EventPhotosSection event={EVENT} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(EVENT_PHOTOS_TEXTS.loadFailed);
  });

  it('shows the grid, opens a photo in the viewer, steps with next, and loads the next page', async () => {
    const first = Array.from({ length: PHOTOS_PAGE }, (_, i) => aPhoto(i + 1));
    const fetchMock = mockFetch({
      ...signedOut(),
      [PHOTOS]: ({ url }) =>
        json(answer(new URL(url, 'http://x').searchParams.get('before') ? [aPhoto(99)] : first)),
    });
    renderApp(<EventPhotosSection event={EVENT} />);
    const thumbs = await screen.findAllByRole('button', { name: /Photo by player_/ });
    expect(thumbs).toHaveLength(PHOTOS_PAGE);
    await userEvent.click(thumbs[0]);
    const viewer = await screen.findByRole('dialog');
    expect(
      within(viewer).getByRole('heading', { name: EVENT_PHOTOS_TEXTS.photoBy('player_1') }),
    ).toBeVisible();
    expect(within(viewer).getByRole('link', { name: EVENT_PHOTOS_TEXTS.openPost })).toHaveAttribute(
      'href',
      `/posts/${postId(1)}`,
    );
    await userEvent.click(within(viewer).getByRole('button', { name: EVENT_PHOTOS_TEXTS.next }));
    expect(
      within(viewer).getByRole('heading', { name: EVENT_PHOTOS_TEXTS.photoBy('player_2') }),
    ).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: EVENT_PHOTOS_TEXTS.loadMore }));
    expect(await screen.findByRole('button', { name: 'Photo by player_99' })).toBeInTheDocument();
    const next = fetchMock.mock.calls.find(([u]) => String(u).includes('before='));
    expect(String(next?.[0])).toContain(`before=${encodeURIComponent(first[PHOTOS_PAGE - 1].id)}`);
    expect(screen.queryByRole('button', { name: EVENT_PHOTOS_TEXTS.loadMore })).not.toBeInTheDocument();
  });
});
