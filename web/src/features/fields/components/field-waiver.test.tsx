import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { FieldWaiver } from './field-waiver';

const FIELD = '40000000-0000-4000-8000-000000000001';

describe('a field’s waiver in Manage Fields', () => {
  it('saves a new text (a new version) and removes it', async () => {
    const fetchMock = mockFetch({
      ...signedIn(aUser({ role: 'admin' })),
      [`GET /api/fields/${FIELD}/waiver`]: () =>
        json({ waiver: { version: 1, text: 'Old text', updatedAt: '2026-11-01T10:00:00.000Z' } }),
      [`PUT /api/admin/fields/${FIELD}/waiver`]: () =>
        json({ waiver: { version: 2, text: 'New text', updatedAt: '2026-11-27T10:00:00.000Z' } }),
      [`DELETE /api/admin/fields/${FIELD}/waiver`]: () => json({ waiver: null }),
    });
    renderApp(<FieldWaiver fieldId={FIELD} />);
    const box = await screen.findByLabelText(/Waiver · Version 1/);
    expect(box).toHaveValue('Old text');
    await userEvent.clear(box);
    await userEvent.type(box, 'New text');
    await userEvent.click(screen.getByRole('button', { name: 'Save waiver' }));
    expect(await screen.findByLabelText(/Version 2/)).toHaveValue('New text');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ text: 'New text' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove waiver' }));
    expect(await screen.findByText('Waiver removed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save waiver' })).toBeInTheDocument();
  });
});
