import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { anArticleTutorial, aTutorial, tutorialId } from '../test-data';
import { ManageTutorials } from './manage-tutorials';

const admin = signedIn(aUser({ role: 'admin' }));
const mine = (n: number, o = {}) => aTutorial(n, { canEdit: true, canDelete: true, ...o });
const sent = (fetchMock: ReturnType<typeof mockFetch>, method: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url).startsWith('/api/admin/tutorials') && init?.method === method)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : null));

async function fillRequired() {
  await userEvent.type(screen.getByLabelText('Title'), 'Your first skirmish');
  await userEvent.type(screen.getByLabelText('Description'), 'What to bring');
  await userEvent.type(screen.getByLabelText('Duration'), '12 min');
}

describe('Add Tutorial', () => {
  it('creates a video tutorial with the SPEC §7 fields and says Tutorial created successfully', async () => {
    const fetchMock = mockFetch({
      ...admin,
      'GET /api/tutorials': () => json([]),
      'POST /api/admin/tutorials': () => json(mine(5), 201),
    });
    renderApp(<ManageTutorials />);
    expect(await screen.findByRole('heading', { name: 'New Tutorial' })).toBeInTheDocument();
    expect(await screen.findByText('No tutorials yet.')).toBeInTheDocument();
    expect(screen.getByLabelText('Type')).toHaveValue('video');
    await fillRequired();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Tactics');
    await userEvent.selectOptions(screen.getByLabelText('Difficulty'), 'Advanced');
    await userEvent.type(screen.getByLabelText('Video URL'), 'https://youtu.be/dQw4w9WgXcQ');
    expect(screen.getByText('Video id: dQw4w9WgXcQ')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Channel name'), 'Field Notes');
    await userEvent.click(screen.getByRole('button', { name: 'Create Tutorial' }));
    expect(await screen.findByText('Tutorial created successfully')).toBeInTheDocument();
    expect(sent(fetchMock, 'POST')[0]).toEqual({
      title: 'Your first skirmish',
      description: 'What to bring',
      content: null,
      image: null,
      category: 'Tactics',
      difficulty: 'Advanced',
      duration: '12 min',
      type: 'video',
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      channelTitle: 'Field Notes',
    });
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it('refuses a video without a parsable URL before sending, and takes an article without one', async () => {
    const fetchMock = mockFetch({
      ...admin,
      'GET /api/tutorials': () => json([]),
      'POST /api/admin/tutorials': () => json(mine(6), 201),
    });
    renderApp(<ManageTutorials />);
    await fillRequired();
    await userEvent.type(screen.getByLabelText('Video URL'), 'https://vimeo.com/123');
    await userEvent.click(screen.getByRole('button', { name: 'Create Tutorial' }));
    expect(await screen.findByText(/Enter a YouTube watch, short or embed URL/)).toBeInTheDocument();
    expect(sent(fetchMock, 'POST')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Video URL'));
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'article');
    await userEvent.type(screen.getByLabelText('Content (Markdown)'), '## Steps');
    await userEvent.click(screen.getByRole('button', { name: 'Create Tutorial' }));
    expect(await screen.findByText('Tutorial created successfully')).toBeInTheDocument();
    expect(sent(fetchMock, 'POST')[0]).toMatchObject({
      type: 'article',
      videoUrl: null,
      content: '## Steps',
    });
  });

  it('says Failed to create tutorial when the server refuses', async () => {
    mockFetch({
      ...admin,
      'GET /api/tutorials': () => json([]),
      'POST /api/admin/tutorials': () => json({ message: 'Server error' }, 500),
    });
    renderApp(<ManageTutorials />);
    await fillRequired();
    await userEvent.type(screen.getByLabelText('Video URL'), 'dQw4w9WgXcQ');
    await userEvent.click(screen.getByRole('button', { name: 'Create Tutorial' }));
    expect(await screen.findByText('Failed to create tutorial')).toBeInTheDocument();
  });

  it('edits a tutorial from the list until save, and deletes one after confirmation', async () => {
    const fetchMock = mockFetch({
      ...admin,
      'GET /api/tutorials': () => json([mine(1), anArticleTutorial(2, { canEdit: true, canDelete: true })]),
      [`PUT /api/admin/tutorials/${tutorialId(1)}`]: (init) => json(mine(1, JSON.parse(String(init.body)))),
      [`DELETE /api/admin/tutorials/${tutorialId(2)}`]: () => new Response(null, { status: 204 }),
    });
    renderApp(<ManageTutorials />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Tutorial 1' }));
    expect(screen.getByRole('heading', { name: 'Edit Tutorial' })).toBeInTheDocument();
    expect(screen.getByLabelText('Channel name')).toHaveValue('Airsoft Academy');
    await userEvent.clear(screen.getByLabelText('Duration'));
    await userEvent.type(screen.getByLabelText('Duration'), '15 min');
    await userEvent.click(screen.getByRole('button', { name: 'Update Tutorial' }));
    expect(await screen.findByText('Tutorial updated successfully')).toBeInTheDocument();
    expect(sent(fetchMock, 'PUT')[0]).toMatchObject({ duration: '15 min', title: 'Tutorial 1' });
    expect(await screen.findByRole('heading', { name: 'New Tutorial' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Tutorial 2' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Tutorial deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(sent(fetchMock, 'DELETE')).toHaveLength(1));
  });
});
