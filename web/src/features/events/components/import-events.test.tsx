import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { ImportEvents } from './import-events';

function renderImport(preset: { name: string | null; url: string | null }) {
  const fetchMock = mockFetch({
    ...signedIn(aUser({ role: 'admin' })),
    'GET /api/events/import/preset': () => json(preset),
    'POST /api/events/import': () => json({ added: 2, skipped: 0, updated: 0 }),
  });
  renderApp(<ImportEvents />);
  return fetchMock;
}

const importCall = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.find(
    ([url, init]) => String(url) === '/api/events/import' && (init as RequestInit)?.method === 'POST',
  );

describe('Import Events: the source selector', () => {
  it('offers the preset site by name and starts on it when the server has EVENTS_IMPORT_URL', async () => {
    renderImport({ name: 'airsoft-calendar.example', url: 'https://airsoft-calendar.example/feed.ics' });
    const source = screen.getByLabelText('Source');
    await waitFor(() =>
      expect(within(source).getByRole('option', { name: 'airsoft-calendar.example' })).toBeInTheDocument(),
    );
    expect(source).toHaveValue('preset');
    expect(screen.queryByLabelText('Feed address')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled();
  });

  it('shows no preset without EVENTS_IMPORT_URL and starts on the feed address', async () => {
    const fetchMock = renderImport({ name: null, url: null });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/events/import/preset')).toBe(true),
    );
    const source = screen.getByLabelText('Source');
    // Still none once the answer is in.
    await new Promise((r) => setTimeout(r, 50));
    expect(within(source).queryByRole('option', { name: /preset/i })).not.toBeInTheDocument();
    expect(
      within(source)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['custom']);
    expect(source).toHaveValue('custom');
    const button = screen.getByRole('button', { name: 'Import' });
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Feed address'), 'https://example.com/events.ics');
    await userEvent.click(button);
    expect(await screen.findByText('Import Complete')).toBeInTheDocument();
    expect(JSON.parse(String((importCall(fetchMock)?.[1] as RequestInit | undefined)?.body))).toEqual({
      source: 'custom',
      url: 'https://example.com/events.ics',
    });
  });
});
