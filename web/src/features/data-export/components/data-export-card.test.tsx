import { EXPORT_DOWNLOAD_PATH, EXPORT_TEXTS, type UserExportAnswer } from '@contract/data-export';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { DataExportCard } from './data-export-card';

const PATH = '/api/user/export';
const NONE: UserExportAnswer = {
  status: 'none',
  requestedAt: null,
  readyAt: null,
  expiresAt: null,
  size: null,
  downloadUrl: null,
};
const PENDING: UserExportAnswer = { ...NONE, status: 'pending', requestedAt: '2026-11-27T10:00:00.000Z' };
const READY: UserExportAnswer = {
  status: 'ready',
  requestedAt: '2026-11-27T10:00:00.000Z',
  readyAt: '2026-11-27T10:01:00.000Z',
  expiresAt: '2026-12-04T10:01:00.000Z',
  size: 3 * 1024 * 1024,
  downloadUrl: EXPORT_DOWNLOAD_PATH,
};

describe('download my data card', () => {
  it('requests the data, shows it being prepared, polls, then offers the download and its expiry', async () => {
    let answer = NONE;
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      [`GET ${PATH}`]: () => json(answer),
      [`POST ${PATH}`]: () => {
        answer = PENDING;
        return json(PENDING, 202);
      },
    });
    renderApp(<DataExportCard />);
    await userEvent.click(await screen.findByRole('button', { name: EXPORT_TEXTS.request }));
    expect(await screen.findByRole('status', { name: EXPORT_TEXTS.preparing })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(PATH, expect.objectContaining({ method: 'POST' }));
    // The job finishes: the next poll (every few seconds) shows the download.
    answer = READY;
    const link = await screen.findByRole('link', { name: EXPORT_TEXTS.download }, { timeout: 8_000 });
    expect(link).toHaveAttribute('href', EXPORT_DOWNLOAD_PATH);
    expect(screen.getByText(/Your data is ready\. \(3\.0 MB\) Available until/)).toBeInTheDocument();
    expect(screen.getByText(/2026/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: EXPORT_TEXTS.requestAgain })).toBeInTheDocument();
  }, 15_000);

  it('says a failed export failed and asks again on Try again', async () => {
    let answer: UserExportAnswer = { ...NONE, status: 'failed', requestedAt: '2026-11-27T10:00:00.000Z' };
    mockFetch({
      ...signedIn(aUser()),
      [`GET ${PATH}`]: () => json(answer),
      [`POST ${PATH}`]: () => {
        answer = PENDING;
        return json(PENDING, 202);
      },
    });
    renderApp(<DataExportCard />);
    expect(await screen.findByText(EXPORT_TEXTS.failed)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: EXPORT_TEXTS.retry }));
    expect(await screen.findByText(EXPORT_TEXTS.preparing)).toBeInTheDocument();
  });

  it('shows the server’s message when a request is refused (already being prepared)', async () => {
    mockFetch({
      ...signedIn(aUser()),
      [`GET ${PATH}`]: () => json(NONE),
      [`POST ${PATH}`]: () => json({ message: EXPORT_TEXTS.alreadyInProgress }, 409),
    });
    renderApp(<DataExportCard />);
    await userEvent.click(await screen.findByRole('button', { name: EXPORT_TEXTS.request }));
    expect(await screen.findByText(EXPORT_TEXTS.requestFailed)).toBeInTheDocument();
    expect(screen.getByText(EXPORT_TEXTS.alreadyInProgress)).toBeInTheDocument();
  });

  it('says so when the state cannot be loaded', async () => {
    mockFetch({ ...signedIn(aUser()), [`GET ${PATH}`]: () => json({ message: 'boom' }, 500) });
    renderApp(<DataExportCard />);
    expect(await screen.findByText(EXPORT_TEXTS.loadFailed)).toBeInTheDocument();
  });
});
