import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aGear } from '../test-data';
import { RateGear } from './rate-gear';

afterEach(() => vi.unstubAllGlobals());

const heading = () => screen.getByRole('heading', { level: 2 }).textContent;

describe('Rate Gear', () => {
  it('shows one item at a time; Previous, Skip and Next move locally; past the last it fetches again from the first', async () => {
    let calls = 0;
    const fetchMock = mockFetch({
      ...signedIn(),
      'GET /api/gear/to-rate': () => {
        calls += 1;
        return json(
          calls === 1
            ? [aGear(1, { averageRating: 4.25, totalRatings: 4 }), aGear(2), aGear(3)]
            : [aGear(3), aGear(4)],
        );
      },
    });
    renderApp(<RateGear />);
    expect(await screen.findByRole('heading', { name: 'Gear 1' })).toBeInTheDocument();
    expect(screen.getByText('1 of 3')).toBeInTheDocument();
    expect(screen.getByTestId('average')).toHaveTextContent('4.3');
    expect(screen.getByText('(4 ratings)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(heading()).toBe('Gear 2');
    expect(screen.getByText('No ratings yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(heading()).toBe('Gear 1');
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(heading()).toBe('Gear 3');
    expect(calls).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls).toBe(2));
    await waitFor(() => expect(heading()).toBe('Gear 3'));
    expect(screen.getByText('1 of 2')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/api/gear/to-rate'))).toHaveLength(2);
  });

  it('rates with a keyboard-accessible 1 to 5 star radio group, then shows the next item', async () => {
    const fetchMock = mockFetch({
      ...signedIn(),
      'GET /api/gear/to-rate': () => json([aGear(1), aGear(2)]),
      'POST /api/gear/00000000-0000-4000-9000-000000000001/rate': () =>
        json(aGear(1, { averageRating: 4, totalRatings: 1, myRating: 4, canRate: false })),
    });
    renderApp(<RateGear />);
    const group = await screen.findByRole('group', { name: 'Your rating' });
    expect(group).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Submit rating' })).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: '3 stars' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    await waitFor(() => expect(heading()).toBe('Gear 2'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ rating: 4 });
    // Back to the rated one: its new average and the player's rating, no stars to send
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(heading()).toBe('Gear 1');
    expect(screen.getByText('Your rating: 4 stars')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it("after rating, shows the answer's message when a fresh account's rating is kept but not counted yet", async () => {
    const kept =
      'Your rating is saved; it counts once your account is a day old and has taken part (a post, a comment, a team, an event or gear of your own)';
    mockFetch({
      ...signedIn(),
      'GET /api/gear/to-rate': () => json([aGear(1), aGear(2), aGear(3)]),
      'POST /api/gear/00000000-0000-4000-9000-000000000001/rate': () =>
        json({ ...aGear(1, { myRating: 5, canRate: false }), counted: false, message: kept }),
      'POST /api/gear/00000000-0000-4000-9000-000000000002/rate': () =>
        json({ ...aGear(2, { myRating: 3, canRate: false, totalRatings: 1 }), counted: true }),
    });
    renderApp(<RateGear />);
    await userEvent.click(await screen.findByRole('radio', { name: '5 stars' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    expect(await screen.findByText('Thanks for rating')).toBeInTheDocument();
    expect(screen.getByText(kept)).toBeInTheDocument();
    await waitFor(() => expect(heading()).toBe('Gear 2'));
    // The rated item keeps the item's shape (no `counted` nor `message` in the list).
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Your rating: 5 stars')).toBeInTheDocument();
  });

  it('says nothing more after a rating that counts', async () => {
    mockFetch({
      ...signedIn(),
      'GET /api/gear/to-rate': () => json([aGear(1), aGear(2)]),
      'POST /api/gear/00000000-0000-4000-9000-000000000001/rate': () =>
        json({ ...aGear(1, { myRating: 4, canRate: false, totalRatings: 1 }), counted: true }),
    });
    renderApp(<RateGear />);
    await userEvent.click(await screen.findByRole('radio', { name: '4 stars' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    await waitFor(() => expect(heading()).toBe('Gear 2'));
    expect(screen.queryByText('Thanks for rating')).toBeNull();
    expect(screen.queryByText(/counts once your account/)).toBeNull();
  });

  it("says 'Failed to submit rating' and stays on the item when the rating fails", async () => {
    mockFetch({
      ...signedIn(),
      'GET /api/gear/to-rate': () => json([aGear(1), aGear(2)]),
      'POST /api/gear/00000000-0000-4000-9000-000000000001/rate': () =>
        json({ message: 'You have already rated this gear' }, 409),
    });
    renderApp(<RateGear />);
    await userEvent.click(await screen.findByRole('radio', { name: '5 stars' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    expect(await screen.findByText('Failed to submit rating')).toBeInTheDocument();
    expect(screen.getByText('You have already rated this gear')).toBeInTheDocument();
    expect(heading()).toBe('Gear 1');
  });

  it('shows an empty state when nothing is left to rate, and an error state with a retry', async () => {
    mockFetch({ ...signedIn(), 'GET /api/gear/to-rate': () => json([]) });
    renderApp(<RateGear />);
    expect(await screen.findByText('Nothing left to rate')).toBeInTheDocument();
    vi.unstubAllGlobals();
    mockFetch({ ...signedIn(), 'GET /api/gear/to-rate': () => json({ message: 'boom' }, 500) });
    renderApp(<RateGear />);
    expect(await screen.findByText('Failed to fetch gear')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
