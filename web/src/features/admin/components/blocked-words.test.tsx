import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { BlockedWords } from './blocked-words';

const id = (n: number) => `00000000-0000-4000-8000-00000000010${n}`;

const calls = (fetchMock: ReturnType<typeof mockFetch>, method: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => String(url).startsWith('/api/admin/blocked-words') && init?.method === method,
  );

const words = () =>
  within(screen.getByRole('list', { name: 'Blocked words' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('manage blocked words', () => {
  it('says No blocked words yet. when the list is empty', async () => {
    mockFetch({ ...signedIn(aUser({ role: 'admin' })), 'GET /api/admin/blocked-words': () => json([]) });
    renderApp(<BlockedWords />);
    expect(await screen.findByText('No blocked words yet.')).toBeInTheDocument();
  });

  it('keeps Add disabled while the trimmed word is empty', async () => {
    const fetchMock = mockFetch({
      ...signedIn(aUser({ role: 'admin' })),
      'GET /api/admin/blocked-words': () => json([]),
    });
    renderApp(<BlockedWords />);
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Word or phrase'), '   {Enter}');
    expect(add).toBeDisabled();
    expect(calls(fetchMock, 'POST')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Word or phrase'), 'x');
    expect(add).toBeEnabled();
  });

  it('submits the trimmed word on Enter, lists it and says so', async () => {
    const fetchMock = mockFetch({
      ...signedIn(aUser({ role: 'admin' })),
      'GET /api/admin/blocked-words': () => json([{ id: id(1), word: 'zulu' }]),
      'POST /api/admin/blocked-words': (init) => json({ id: id(2), ...JSON.parse(String(init.body)) }, 201),
    });
    renderApp(<BlockedWords />);
    expect(await screen.findByText('zulu')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Word or phrase'), '  camping  {Enter}');
    expect(await screen.findByText('Blocked word added successfully')).toBeInTheDocument();
    expect(JSON.parse(String(calls(fetchMock, 'POST')[0][1]?.body))).toEqual({ word: 'camping' });
    expect(words()).toEqual(['camping', 'zulu']);
    expect(screen.getByLabelText('Word or phrase')).toHaveValue('');
  });

  it("shows the server's message when the word is already blocked", async () => {
    mockFetch({
      ...signedIn(aUser({ role: 'admin' })),
      'GET /api/admin/blocked-words': () => json([{ id: id(1), word: 'camping' }]),
      'POST /api/admin/blocked-words': () => json({ message: 'This word is already blocked' }, 409),
    });
    renderApp(<BlockedWords />);
    await screen.findByText('camping');
    await userEvent.type(screen.getByLabelText('Word or phrase'), 'camping');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Failed to add blocked word')).toBeInTheDocument();
    expect(screen.getByText('This word is already blocked')).toBeInTheDocument();
    expect(screen.getByLabelText('Word or phrase')).toHaveValue('camping');
    expect(words()).toEqual(['camping']);
  });

  it('removes a word', async () => {
    const fetchMock = mockFetch({
      ...signedIn(aUser({ role: 'admin' })),
      'GET /api/admin/blocked-words': () =>
        json([
          { id: id(1), word: 'camping' },
          { id: id(2), word: 'zulu' },
        ]),
      [`DELETE /api/admin/blocked-words/${id(1)}`]: () => new Response(null, { status: 204 }),
    });
    renderApp(<BlockedWords />);
    const remove = await screen.findByRole('button', { name: 'Remove camping' });
    expect(remove.className).not.toMatch(/destructive/);
    await userEvent.click(remove);
    expect(await screen.findByText('Blocked word removed successfully')).toBeInTheDocument();
    expect(calls(fetchMock, 'DELETE').map(([url]) => url)).toEqual([`/api/admin/blocked-words/${id(1)}`]);
    await waitFor(() => expect(words()).toEqual(['zulu']));
  });

  it('keeps the word and says so when removal fails', async () => {
    mockFetch({
      ...signedIn(aUser({ role: 'admin' })),
      'GET /api/admin/blocked-words': () => json([{ id: id(1), word: 'camping' }]),
      [`DELETE /api/admin/blocked-words/${id(1)}`]: () => json({ message: 'Blocked word not found' }, 404),
    });
    renderApp(<BlockedWords />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove camping' }));
    expect(await screen.findByText('Failed to remove blocked word')).toBeInTheDocument();
    expect(words()).toEqual(['camping']);
  });
});
