import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it, vi } from 'vitest';
import { CalendarFeedCard } from './calendar-feed-card';

const TOKEN_PATH = '/api/user/calendar-token';
const OLD = '/api/calendar/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.ics';
const NEW = '/api/calendar/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.ics';

describe('calendar feed card', () => {
  it('creates the address when there is none', async () => {
    mockFetch({
      ...signedIn(aUser()),
      [`GET ${TOKEN_PATH}`]: () => json({ url: null }),
      [`POST ${TOKEN_PATH}`]: () => json({ url: NEW }),
    });
    renderApp(<CalendarFeedCard />);
    expect(await screen.findByText('No calendar address yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create address' }));
    expect(await screen.findByLabelText('Feed address')).toHaveValue(`${window.location.origin}${NEW}`);
  });

  it('copies the full address and resets it', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      [`GET ${TOKEN_PATH}`]: () => json({ url: OLD }),
      [`POST ${TOKEN_PATH}`]: () => json({ url: NEW }),
    });
    renderApp(<CalendarFeedCard />);
    const field = await screen.findByLabelText('Feed address');
    expect(field).toHaveValue(`${window.location.origin}${OLD}`);
    await userEvent.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}${OLD}`);
    await userEvent.click(screen.getByRole('button', { name: 'Reset address' }));
    await waitFor(() => expect(field).toHaveValue(`${window.location.origin}${NEW}`));
    expect(fetchMock).toHaveBeenCalledWith(TOKEN_PATH, expect.objectContaining({ method: 'POST' }));
    expect(await screen.findByText('Calendar address reset')).toBeInTheDocument();
  });
});
