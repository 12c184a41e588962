import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it, vi } from 'vitest';
import { CalendarFeedCard } from './calendar-feed-card';

const TOKEN_PATH = '/api/user/calendar-token';
const OLD = '/api/calendar/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.ics';
const NEW = '/api/calendar/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.ics';
const MADE = '2026-11-01T10:00:00.000Z';

describe('calendar feed card', () => {
  it('creates the address when there is none', async () => {
    mockFetch({
      ...signedIn(aUser()),
      [`GET ${TOKEN_PATH}`]: () => json({ url: null, exists: false, createdAt: null }),
      [`POST ${TOKEN_PATH}`]: () => json({ url: NEW, exists: true, createdAt: MADE }),
    });
    renderApp(<CalendarFeedCard />);
    expect(await screen.findByText('No calendar address yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create address' }));
    expect(await screen.findByLabelText('Feed address')).toHaveValue(`${window.location.origin}${NEW}`);
  });

  it('shows an existing address only as existing, and the new one once after a reset, to copy', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      [`GET ${TOKEN_PATH}`]: () => json({ url: null, exists: true, createdAt: MADE }),
      [`POST ${TOKEN_PATH}`]: () => json({ url: NEW, exists: true, createdAt: MADE }),
    });
    renderApp(<CalendarFeedCard />);
    expect(await screen.findByText(/You have a calendar address/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Feed address')).not.toBeInTheDocument();
    expect(screen.queryByText(OLD)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset address' }));
    const field = await screen.findByLabelText('Feed address');
    expect(field).toHaveValue(`${window.location.origin}${NEW}`);
    expect(screen.getByText(/shown only this once/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}${NEW}`);
    expect(fetchMock).toHaveBeenCalledWith(TOKEN_PATH, expect.objectContaining({ method: 'POST' }));
    expect(await screen.findByText('Calendar address reset')).toBeInTheDocument();
  });
});
